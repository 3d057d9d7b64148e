import { runLogged } from '../shared/run-logged.js';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { RUNTIME_REQUIREMENTS } from '../../runtime/pins.js';
import type { ProgressListener } from '../shared/progress.js';
import { findExecutable } from './which.js';

export interface LocalRuntime {
  venvDir: string;
  binDir: string;
  python: string;
}

export interface EnsureRuntimeOptions {
  /** The runtime directory; the venv is its `venv/` folder. */
  dir: string;
  requirements?: readonly string[];
  /** The interpreter to base the venv on (default: `python3` on PATH, or $PYTHON). */
  python?: string;
  onProgress?: ProgressListener;
  /** Every line the build's commands print, and each command line before it runs: the build's log. */
  onLog?: (line: string) => void;
  /**
   * A folder of wheels (built by `scripts/build-wheelhouse.mjs`) to install from instead of the
   * package index: nothing is fetched from the network.
   */
  wheelhouse?: string;
  /** Builds the venv again even when its stamp says it is current (a repair of a broken runtime). */
  rebuild?: boolean;
}

const STAMP = '.notebook-hub-runtime';
const pending = new Map<string, Promise<LocalRuntime>>();

/**
 * The pinned marimo + uv venv the local driver runs sandboxes with, created on first use. A stamp
 * written last records what was installed, so an interrupted install is redone and a changed pin
 * triggers a rebuild. A lock file keeps two hub processes from building it at once.
 */
export function ensureLocalRuntime(options: EnsureRuntimeOptions): Promise<LocalRuntime> {
  const key = path.resolve(options.dir);
  let promise = pending.get(key);
  if (promise === undefined) {
    promise = build({ ...options, dir: key }).finally(() => pending.delete(key));
    pending.set(key, promise);
  }
  return promise;
}

async function build(options: EnsureRuntimeOptions): Promise<LocalRuntime> {
  const requirements = options.requirements ?? RUNTIME_REQUIREMENTS;
  const runtime = runtimePaths(options.dir);
  const { venvDir } = runtime;
  const stamp = stampOf(requirements);
  if (!options.rebuild && (await isCurrent(runtime, stamp))) return runtime;

  await mkdir(options.dir, { recursive: true });
  const release = await lockfile.lock(options.dir, {
    lockfilePath: path.join(options.dir, '.lock'),
    stale: 30_000,
    retries: { retries: 1_000, minTimeout: 200, maxTimeout: 1_000 },
    // A lock that could not be refreshed must not end the process (proper-lockfile's default
    // throws from a timer): the install goes on, and a second installer at worst repeats it.
    onCompromised: () => {},
  });
  try {
    if (!options.rebuild && (await isCurrent(runtime, stamp))) return runtime;
    await install(runtime, requirements, options);
    await writeFile(path.join(venvDir, STAMP), stamp);
    return runtime;
  } finally {
    await release();
  }
}

/** What a venv built for `requirements` records as installed. */
export function stampOf(requirements: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(requirements)).digest('hex');
}

/** The venv's paths inside a runtime directory. */
export function runtimePaths(dir: string): LocalRuntime {
  const venvDir = path.join(path.resolve(dir), 'venv');
  return { venvDir, binDir: path.join(venvDir, 'bin'), python: path.join(venvDir, 'bin', 'python') };
}

/** The stamp the venv's last complete install wrote, or null (never built, or interrupted). */
export function readStamp(runtime: LocalRuntime): Promise<string | null> {
  return readFile(path.join(runtime.venvDir, STAMP), 'utf8').catch(() => null);
}

async function isCurrent(runtime: LocalRuntime, stamp: string): Promise<boolean> {
  const written = await readStamp(runtime);
  return written === stamp && existsSync(path.join(runtime.binDir, 'marimo')) && existsSync(path.join(runtime.binDir, 'uv'));
}

async function install(runtime: LocalRuntime, requirements: readonly string[], options: EnsureRuntimeOptions): Promise<void> {
  const report = options.onProgress ?? (() => {});
  const log = options.onLog ?? (() => {});
  const run = (command: string, args: string[], onLine?: (line: string) => void): Promise<void> =>
    runLogged(command, args, {
      env: { ...process.env, VIRTUAL_ENV: undefined },
      onLine: (line) => {
        log(line);
        if (!line.startsWith('$ ')) onLine?.(line);
      },
    });
  const python = options.python ?? process.env.PYTHON ?? 'python3';
  const uv = await findExecutable('uv');
  const what = requirements.join(', ');
  await rm(runtime.venvDir, { recursive: true, force: true });

  report({ step: `creating the runtime venv with ${uv === null ? `${python} -m venv` : 'uv'}`, percent: 2 });
  if (uv === null) await run(python, ['-m', 'venv', runtime.venvDir]);
  else await run(uv, ['venv', '--quiet', '--python', python, runtime.venvDir]);

  // From the wheelhouse only, when there is one: a demo laptop never needs the network.
  const source = options.wheelhouse ? ['--no-index', '--find-links', options.wheelhouse] : [];
  report({ step: `installing ${what}${options.wheelhouse ? ' from the wheelhouse' : ''}`, percent: 10 });
  // Only for the percentage: marimo brings about 30 packages, and pip prints two lines for each.
  const expected = uv === null ? 60 : 32;
  let seen = 0;
  const onLine = (line: string): void => {
    if (!/^\s*(Collecting|Downloading|Downloaded|\+ )/.test(line)) return;
    seen++;
    report({ step: `installing ${what}`, percent: 10 + Math.min(80, (seen / expected) * 80), detail: line.trim().slice(0, 80) });
  };
  if (uv === null) {
    await run(runtime.python, ['-m', 'pip', 'install', '--disable-pip-version-check', ...source, ...requirements], onLine);
  } else {
    await run(uv, ['pip', 'install', '--python', runtime.python, ...source, ...requirements], onLine);
  }

  report({ step: 'checking the runtime', percent: 95 });
  await run(path.join(runtime.binDir, 'marimo'), ['--version']);
  await run(path.join(runtime.binDir, 'uv'), ['--version']);
  report({ step: `runtime ready (${what})`, percent: 100, done: true });
}
