import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundledWheelhouse } from '../../electron/src/host/runtime-check.js';
import { makeTempDir } from '../support/temp-dir.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('the bundled wheelhouse', () => {
  it('is found by its manifest', async () => {
    const temp = await makeTempDir('desktop-runtime');
    cleanups.push(temp.cleanup);
    expect(bundledWheelhouse(temp.dir)).toBeNull();
    await mkdir(path.join(temp.dir, 'wheelhouse'));
    expect(bundledWheelhouse(temp.dir)).toBeNull();
    await writeFile(path.join(temp.dir, 'wheelhouse', 'wheelhouse.json'), '{}');
    expect(bundledWheelhouse(temp.dir)).toBe(path.join(temp.dir, 'wheelhouse'));
  });
});
