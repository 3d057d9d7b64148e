import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freeLoopbackPort } from '../../../sandbox-drivers/src/local/free-port.js';
import type { LocalRuntime } from '../../../sandbox-drivers/src/local/runtime-venv.js';
import { newSessionSecret } from '../../../sandbox-drivers/src/marimo/marimo-server.js';

export const BENCH_NOTEBOOK = 'import marimo\n\napp = marimo.App()\n\n\n@app.cell\ndef _():\n    return\n\n\nif __name__ == "__main__":\n    app.run()\n';
export const BENCH_BASE_URL = '/s/bench';

/**
 * The baseline of the sandbox benchmark: the same marimo, flags and health polling interval as a
 * sandboxed start (see shared/readiness.ts), straight from the runtime venv, no sandbox.
 */
export async function marimoAlone(runtime: LocalRuntime, dir: string): Promise<number> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'notebook.py'), BENCH_NOTEBOOK);
  const port = await freeLoopbackPort();
  const began = performance.now();
  const child = spawn(
    path.join(runtime.binDir, 'marimo'),
    [
      'edit',
      'notebook.py',
      '--headless',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--base-url',
      BENCH_BASE_URL,
      '--token-password-file',
      '-',
      '--no-sandbox',
      // As the hub starts edit sessions.
      '--watch',
    ],
    { cwd: dir, env: { ...process.env, MARIMO_SKIP_UPDATE_CHECK: '1' }, stdio: ['pipe', 'ignore', 'ignore'], detached: true },
  );
  child.stdin.end(`${newSessionSecret()}\n`);
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}${BENCH_BASE_URL}/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return performance.now() - began;
      if (performance.now() - began > 120_000) throw new Error('marimo alone did not become healthy');
      await sleep(25);
    }
  } finally {
    process.kill(-child.pid!, 'SIGKILL');
  }
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
