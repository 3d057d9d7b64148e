/**
 * Sandbox benchmark. Prints, per driver, the median time from `create` to marimo answering its
 * health endpoint, next to what `marimo edit --headless` alone (same runtime, same flags, no
 * sandbox) takes on this machine in this run, and the ratio:
 *  - local: goal ratio <= 1.2;
 *  - docker: goal <= 1.2 x (container start alone + marimo alone).
 * BENCH_RUNS sets the number of runs (default 5). The docker part needs a Docker engine; it uses
 * the test setup's private engine and sandbox image (and skips with a note when it cannot).
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SandboxDriver } from '../../service/src/core/ports/sandbox-driver.js';
import { DockerSandboxDriver } from '../../sandbox-drivers/src/docker/docker-driver.js';
import { LocalSandboxDriver } from '../../sandbox-drivers/src/local/local-driver.js';
import { freeLoopbackPort } from '../../sandbox-drivers/src/local/free-port.js';
import { ensureLocalRuntime, type LocalRuntime } from '../../sandbox-drivers/src/local/runtime-venv.js';
import { newSessionSecret, startMarimo } from '../../sandbox-drivers/src/marimo/marimo-server.js';
import { stderrProgress } from '../../sandbox-drivers/src/shared/progress.js';
import { MARIMO_VERSION } from '../../sandbox-drivers/runtime/pins.js';
import { testCacheDir } from '../setup/cache-dir.js';
import { provisionDocker } from '../setup/docker.js';
import { makeTempDir } from '../support/temp-dir.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const NOTEBOOK = 'import marimo\n\napp = marimo.App()\n\n\n@app.cell\ndef _():\n    return\n\n\nif __name__ == "__main__":\n    app.run()\n';
const BASE_URL = '/s/bench';

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number): string => `${value.toFixed(0).padStart(6)} ms`;
const verdict = (ratio: number): string => `${ratio.toFixed(2)} (goal <= 1.20: ${ratio <= 1.2 ? 'met' : 'NOT met'})`;

const runtime = await ensureLocalRuntime({ dir: testCacheDir('sandbox-runtime'), onProgress: stderrProgress('sandbox runtime') });
const temp = await makeTempDir('sandbox-bench');
console.log(`# sandbox benchmark (${os.cpus().length} cores, marimo ${MARIMO_VERSION}), median of ${RUNS} runs`);
try {
  const local = new LocalSandboxDriver({ ownerId: 'bench', dataDir: temp.dir, runtimeDir: testCacheDir('sandbox-runtime') });
  const alone: number[] = [];
  const localRuns: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    alone.push(await marimoAlone(runtime, path.join(temp.dir, 'alone')));
    localRuns.push(await createToReady(local));
  }
  const baseline = median(alone);
  console.log(`marimo edit --headless alone, start to health: ${ms(baseline)}`);
  console.log(`local:  create to marimo ready:               ${ms(median(localRuns))}  ratio ${verdict(median(localRuns) / baseline)}`);

  const docker = await provisionDocker().catch((error: unknown) => {
    console.log(`docker: skipped (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
    return null;
  });
  if (docker !== null) {
    try {
      const driver = new DockerSandboxDriver({ ownerId: 'bench', image: docker.image, docker: { socketPath: docker.socketPath } });
      const starts: number[] = [];
      const dockerRuns: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        starts.push(await containerStart(driver));
        dockerRuns.push(await createToReady(driver));
      }
      const start = median(starts);
      const total = median(dockerRuns);
      console.log(`docker: container start alone (create + exec): ${ms(start)}`);
      console.log(`docker: create to marimo ready:               ${ms(total)}  ratio to start + marimo alone ${verdict(total / (start + baseline))}`);
    } finally {
      await docker.stop();
    }
  }
} finally {
  await temp.cleanup();
}

async function createToReady(driver: SandboxDriver): Promise<number> {
  const began = performance.now();
  const sandbox = await driver.create({ compute: { cpu: 2, memory_bytes: 2 * 1024 ** 3 }, ports: ['marimo'] });
  try {
    await driver.writeFile(sandbox.id, 'notebook.py', NOTEBOOK);
    await startMarimo(driver, sandbox, { mode: 'edit', notebook: 'notebook.py', baseUrl: BASE_URL, token: newSessionSecret(), readyTimeoutMs: 120_000 });
    return performance.now() - began;
  } finally {
    await driver.destroy(sandbox.id);
  }
}

async function containerStart(driver: SandboxDriver): Promise<number> {
  const began = performance.now();
  const sandbox = await driver.create({ compute: {} });
  try {
    await driver.waitReady(sandbox.id, { timeoutMs: 60_000 });
    return performance.now() - began;
  } finally {
    await driver.destroy(sandbox.id);
  }
}

/** The same marimo, flags and health polling as a sandboxed start, straight from the runtime venv. */
async function marimoAlone(runtime: LocalRuntime, dir: string): Promise<number> {
  const { mkdir, writeFile } = await import('node:fs/promises');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'notebook.py'), NOTEBOOK);
  const port = await freeLoopbackPort();
  const began = performance.now();
  const child = spawn(
    path.join(runtime.binDir, 'marimo'),
    ['edit', 'notebook.py', '--headless', '--host', '127.0.0.1', '--port', String(port), '--base-url', BASE_URL, '--token-password-file', '-', '--no-sandbox'],
    { cwd: dir, env: { ...process.env, MARIMO_SKIP_UPDATE_CHECK: '1' }, stdio: ['pipe', 'ignore', 'ignore'], detached: true },
  );
  child.stdin.end(`${newSessionSecret()}\n`);
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}${BASE_URL}/health`).then((response) => response.ok, () => false);
      if (ok) return performance.now() - began;
      if (performance.now() - began > 120_000) throw new Error('marimo alone did not become healthy');
      await sleep(25);
    }
  } finally {
    process.kill(-child.pid!, 'SIGKILL');
  }
}
