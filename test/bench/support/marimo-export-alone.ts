import { spawn } from 'node:child_process';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LocalRuntime } from '../../../sandbox-drivers/src/local/runtime-venv.js';
import { jobNotebook } from '../../support/job-notebook.js';

/** The notebook the jobs benchmark runs: one cell that prints a line and renders Markdown, as a small report does. */
export const JOB_BENCH_NOTEBOOK = jobNotebook();

/**
 * The baseline of the jobs benchmark: `marimo export html` on `code`, with the arguments and
 * environment a job run gives it, straight from the runtime venv in `dir`, no hub and no sandbox.
 * Resolves to the time from spawn to marimo's exit, once its HTML file is there.
 */
export async function marimoExportAlone(runtime: LocalRuntime, dir: string, code: string): Promise<number> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'notebook.py'), code);
  const output = path.join(dir, 'notebook.html');
  await rm(output, { force: true });
  const began = performance.now();
  const child = spawn(path.join(runtime.binDir, 'marimo'), ['export', 'html', 'notebook.py', '--output', output, '--force', '--no-sandbox', '--include-code'], {
    cwd: dir,
    env: { ...process.env, MARIMO_SKIP_UPDATE_CHECK: '1', PYTHONUNBUFFERED: '1' },
    stdio: 'ignore',
  });
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  const elapsed = performance.now() - began;
  const written = await stat(output).catch(() => null);
  if (exitCode !== 0 || !written || written.size === 0) throw new Error(`marimo export html alone exited with ${exitCode} and no HTML output`);
  return elapsed;
}
