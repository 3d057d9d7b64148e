import { execFile } from 'node:child_process';
import { mkdir, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCacheDir } from '../../../test/setup/cache-dir.js';
import { makeTempDir } from '../../../test/support/temp-dir.js';
import { MARIMO_VERSION, UV_VERSION } from '../../runtime/pins.js';
import type { ProgressEvent } from '../shared/progress.js';
import { ensureLocalRuntime } from './runtime-venv.js';
import { prerequisite } from '../../../test/setup/prerequisites.js';

const run = promisify(execFile);
const runtime = prerequisite('sandboxRuntime');

// The shared test runtime may have been built either way; this builds a fresh one with uv found on
// PATH (the test runtime's own uv), the path a desktop user with uv installed takes.
describe.skipIf(runtime === null)('the local runtime venv, built with uv when it is on PATH', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  const saved = { PATH: process.env.PATH, UV_CACHE_DIR: process.env.UV_CACHE_DIR };
  beforeAll(async () => {
    temp = await makeTempDir('runtime-uv');
    const bin = path.join(temp.dir, 'bin');
    await mkdir(bin);
    await symlink(path.join(runtime!.runtimeDir, 'venv', 'bin', 'uv'), path.join(bin, 'uv'));
    process.env.PATH = `${bin}${path.delimiter}${saved.PATH ?? ''}`;
    // Kept between runs, so only the first run downloads marimo's wheels.
    process.env.UV_CACHE_DIR = testCacheDir('uv-cache', 'runtime-venv-test');
  });
  afterAll(async () => {
    process.env.PATH = saved.PATH;
    if (saved.UV_CACHE_DIR === undefined) delete process.env.UV_CACHE_DIR;
    else process.env.UV_CACHE_DIR = saved.UV_CACHE_DIR;
    await temp?.cleanup();
  });

  it('creates the venv with uv, installs the pins, reports progress, and reuses it afterwards', async () => {
    const dir = path.join(temp.dir, 'runtime');
    const events: ProgressEvent[] = [];
    const built = await ensureLocalRuntime({ dir, python: 'python3', onProgress: (event) => events.push(event) });
    expect(built.venvDir).toBe(path.join(dir, 'venv'));
    expect(events[0]?.step).toBe('creating the runtime venv with uv');
    expect(events.at(-1)).toMatchObject({ percent: 100, done: true });
    expect(events.some((event) => event.detail !== undefined)).toBe(true);
    // uv, not `python -m venv`, made it: uv records itself in pyvenv.cfg.
    expect(await readFile(path.join(built.venvDir, 'pyvenv.cfg'), 'utf8')).toMatch(/^uv = /m);
    expect((await run(path.join(built.binDir, 'marimo'), ['--version'])).stdout.trim()).toBe(MARIMO_VERSION);
    expect((await run(path.join(built.binDir, 'uv'), ['--version'])).stdout).toContain(UV_VERSION);

    const again: ProgressEvent[] = [];
    expect(await ensureLocalRuntime({ dir, onProgress: (event) => again.push(event) })).toEqual(built);
    expect(again).toEqual([]);
  }, 300_000);
});
