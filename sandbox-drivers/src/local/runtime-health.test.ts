import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCacheDir } from '../../../test/setup/cache-dir.js';
import { makeTempDir } from '../../../test/support/temp-dir.js';
import { MARIMO_VERSION, RUNTIME_REQUIREMENTS } from '../../runtime/pins.js';
import { inspectLocalRuntime } from './runtime-health.js';
import { ensureLocalRuntime, runtimePaths } from './runtime-venv.js';
import { prerequisite } from '../../../test/setup/prerequisites.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
// The suite's Python prerequisites are present exactly when the shared sandbox runtime was built.
const pythonReady = prerequisite('sandboxRuntime') !== null;

/** The wheelhouse for these pins, built once by the project's own script and kept between runs. */
async function wheelhouse(): Promise<string> {
  const dir = testCacheDir('wheelhouse');
  const manifest = await readFile(path.join(dir, 'wheelhouse.json'), 'utf8').catch(() => null);
  if (manifest === null || JSON.stringify(JSON.parse(manifest).requirements) !== JSON.stringify(RUNTIME_REQUIREMENTS)) {
    await run(process.execPath, [path.join(ROOT, 'scripts/build-wheelhouse.mjs'), '--out', dir], { maxBuffer: 16 * 1024 * 1024 });
  }
  return dir;
}

describe.skipIf(!pythonReady)('the local runtime: offline builds and repair', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let wheels: string;
  const saved = { PIP_INDEX_URL: process.env.PIP_INDEX_URL, UV_INDEX_URL: process.env.UV_INDEX_URL };
  beforeAll(async () => {
    temp = await makeTempDir('runtime-health');
    wheels = await wheelhouse();
    // No package index answers: whatever installs here comes from the wheelhouse.
    process.env.PIP_INDEX_URL = 'http://127.0.0.1:9/simple';
    process.env.UV_INDEX_URL = 'http://127.0.0.1:9/simple';
  }, 300_000);
  afterAll(async () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await temp?.cleanup();
  });

  it('builds the runtime from a wheelhouse with no index, and tells each state it can be in', async () => {
    const dir = path.join(temp.dir, 'runtime');
    expect(await inspectLocalRuntime({ dir })).toMatchObject({ state: 'missing' });
    expect(await inspectLocalRuntime({ dir, python: path.join(temp.dir, 'no-such-python') })).toMatchObject({ state: 'no_python' });

    const built = await ensureLocalRuntime({ dir, wheelhouse: wheels, python: 'python3' });
    expect((await run(path.join(built.binDir, 'marimo'), ['--version'])).stdout.trim()).toBe(MARIMO_VERSION);
    expect(await inspectLocalRuntime({ dir })).toMatchObject({ state: 'ready' });
    expect(await inspectLocalRuntime({ dir, requirements: ['marimo==0.0.1'] })).toMatchObject({ state: 'outdated' });

    // A marimo that no longer runs (its Python gone, its files damaged) is broken, with the reason.
    const marimo = path.join(built.binDir, 'marimo');
    await writeFile(marimo, '#!/bin/sh\necho "bad interpreter: /gone/python3" >&2\nexit 127\n');
    await chmod(marimo, 0o755);
    const broken = await inspectLocalRuntime({ dir });
    expect(broken.state).toBe('broken');
    expect(broken.detail).toContain('bad interpreter');
    // Still current by its stamp: only a rebuild repairs it.
    await ensureLocalRuntime({ dir, wheelhouse: wheels });
    expect((await inspectLocalRuntime({ dir })).state).toBe('broken');
    await ensureLocalRuntime({ dir, wheelhouse: wheels, rebuild: true });
    expect(await inspectLocalRuntime({ dir })).toMatchObject({ state: 'ready' });
    expect((await run(marimo, ['--version'])).stdout.trim()).toBe(MARIMO_VERSION);

    // An install that stopped half-way left no stamp.
    await rm(path.join(runtimePaths(dir).venvDir, '.notebook-hub-runtime'));
    expect(await inspectLocalRuntime({ dir })).toMatchObject({ state: 'incomplete' });
  }, 600_000);

  it('cannot build without the wheelhouse when no index answers, and says why', async () => {
    const dir = path.join(temp.dir, 'runtime-online');
    await expect(ensureLocalRuntime({ dir, python: 'python3' })).rejects.toThrow(/failed/);
    expect(existsSync(path.join(runtimePaths(dir).venvDir, '.notebook-hub-runtime'))).toBe(false);
    expect((await inspectLocalRuntime({ dir })).state).toBe('incomplete');
  }, 300_000);
});
