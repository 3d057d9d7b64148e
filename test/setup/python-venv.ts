import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { testCacheDir } from './cache-dir.js';
import { withCacheLock } from './cache-lock.js';

const run = promisify(execFile);

export interface PythonVenv {
  dir: string;
  /** Path of an executable installed in the venv (`python`, `weed`, `marimo`, ...). */
  bin(name: string): string;
}

/**
 * A cached virtual environment with exactly `packages` installed (pip requirement strings).
 * It is rebuilt only when the package list changes; a stamp file records what was installed.
 */
export async function ensurePythonVenv(name: string, packages: string[]): Promise<PythonVenv> {
  const dir = testCacheDir('venvs', name);
  const stampFile = path.join(dir, '.notebook-hub-stamp');
  const stamp = createHash('sha256').update(JSON.stringify(packages)).digest('hex');
  const venv: PythonVenv = { dir, bin: (executable) => path.join(dir, 'bin', executable) };
  const ready = () => existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && existsSync(venv.bin('python'));
  if (ready()) return venv;
  // Another run may be building the same venv: build under its lock, and only if it is still not there.
  return withCacheLock(testCacheDir('venvs'), `${name}.lock`, async () => {
    if (!ready()) await createVenv(dir, venv, name, packages, stampFile, stamp);
    return venv;
  });
}

async function createVenv(dir: string, venv: PythonVenv, name: string, packages: string[], stampFile: string, stamp: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  const python = process.env.PYTHON ?? 'python3';
  process.stderr.write(`[setup] creating Python venv ${name} (${packages.join(' ')})...\n`);
  await run(python, ['-m', 'venv', dir], { maxBuffer: 16 * 1024 * 1024 });
  await run(venv.bin('python'), ['-m', 'pip', 'install', '--disable-pip-version-check', '--quiet', ...packages], {
    maxBuffer: 64 * 1024 * 1024,
    timeout: 15 * 60_000,
  });
  writeFileSync(stampFile, stamp);
}
