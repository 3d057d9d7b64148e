/**
 * Sandbox benchmark. Prints, per driver, the median time from `create` to marimo answering its
 * health endpoint, next to what `marimo edit --headless` alone (same runtime, same flags, no
 * sandbox) takes on this machine in this run, and the ratio:
 *  - local: goal ratio <= 1.2;
 *  - docker: goal <= 1.2 x (container start alone + marimo alone).
 * BENCH_RUNS sets the number of runs (default 5; BENCH_QUICK=1 makes it 1, for the smoke test).
 * The docker part needs a Docker engine; it uses the test setup's private engine and sandbox image
 * (and skips with a note when it cannot, or when BENCH_DOCKER=0).
 */
import './support/machine-load.js';
import os from 'node:os';
import path from 'node:path';
import type { SandboxDriver } from '../../service/src/core/ports/sandbox-driver.js';
import { DockerSandboxDriver } from '../../sandbox-drivers/src/docker/docker-driver.js';
import { LocalSandboxDriver } from '../../sandbox-drivers/src/local/local-driver.js';
import { ensureLocalRuntime } from '../../sandbox-drivers/src/local/runtime-venv.js';
import { newSessionSecret, startMarimo } from '../../sandbox-drivers/src/marimo/marimo-server.js';
import { stderrProgress } from '../../sandbox-drivers/src/shared/progress.js';
import { MARIMO_VERSION } from '../../sandbox-drivers/runtime/pins.js';
import { testCacheDir } from '../setup/cache-dir.js';
import { provisionDocker } from '../setup/docker.js';
import { makeTempDir } from '../support/temp-dir.js';
import { BENCH_BASE_URL, BENCH_NOTEBOOK, marimoAlone, median } from './support/marimo-alone.js';

const quick = process.env.BENCH_QUICK === '1';
const RUNS = Number(process.env.BENCH_RUNS ?? (quick ? 1 : 5));
const withDocker = process.env.BENCH_DOCKER !== '0';

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

  const docker = await dockerOrNull();
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

async function dockerOrNull(): Promise<Awaited<ReturnType<typeof provisionDocker>> | null> {
  if (!withDocker) {
    console.log('docker: skipped (BENCH_DOCKER=0)');
    return null;
  }
  return provisionDocker().catch((error: unknown) => {
    console.log(`docker: skipped (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
    return null;
  });
}

async function createToReady(driver: SandboxDriver): Promise<number> {
  const began = performance.now();
  const sandbox = await driver.create({ compute: { cpu: 2, memory_bytes: 2 * 1024 ** 3 }, ports: ['marimo'] });
  try {
    await driver.writeFile(sandbox.id, 'notebook.py', BENCH_NOTEBOOK);
    await startMarimo(driver, sandbox, { mode: 'edit', notebook: 'notebook.py', baseUrl: BENCH_BASE_URL, token: newSessionSecret(), readyTimeoutMs: 120_000 });
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
