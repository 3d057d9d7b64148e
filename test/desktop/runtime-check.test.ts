import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundledWheelhouse, checkRuntime, runtimeAdvice } from '../../electron/src/host/runtime-check.js';
import { makeTempDir } from '../support/temp-dir.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('the desktop runtime check', () => {
  it('offers a repair only for a runtime that was built and went wrong', () => {
    expect(runtimeAdvice({ state: 'ready', detail: 'The runtime is ready.' }).offerRepair).toBe(false);
    expect(runtimeAdvice({ state: 'missing', detail: '' })).toMatchObject({ offerRepair: false, message: expect.stringMatching(/first notebook/) });
    expect(runtimeAdvice({ state: 'no_python', detail: 'python3 was not found.' })).toMatchObject({
      offerRepair: false,
      message: expect.stringContaining('python3 was not found'),
    });
    for (const state of ['incomplete', 'outdated', 'broken'] as const) {
      expect(runtimeAdvice({ state, detail: `why ${state}` })).toEqual({ offerRepair: true, message: `The notebook runtime needs a repair. why ${state}` });
    }
  });

  it('finds a bundled wheelhouse by its manifest, and a data folder with no runtime yet', async () => {
    const temp = await makeTempDir('desktop-runtime');
    cleanups.push(temp.cleanup);
    expect(bundledWheelhouse(temp.dir)).toBeNull();
    await mkdir(path.join(temp.dir, 'wheelhouse'));
    expect(bundledWheelhouse(temp.dir)).toBeNull();
    await writeFile(path.join(temp.dir, 'wheelhouse', 'wheelhouse.json'), '{}');
    expect(bundledWheelhouse(temp.dir)).toBe(path.join(temp.dir, 'wheelhouse'));
    expect((await checkRuntime(path.join(temp.dir, 'hub'))).state).toBe('missing');
  });
});
