import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { withCacheLock } from './cache-lock.js';

describe('withCacheLock', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const cacheFolder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cache-lock-'));
    dirs.push(dir);
    return dir;
  };

  it('keeps refreshing an outer lock after an inner lock in the same folder is released', async () => {
    const dir = cacheFolder();
    const refreshed = await withCacheLock(
      dir,
      'setup.lock',
      async () => {
        await withCacheLock(dir, 'build.lock', async () => sleep(50), { refreshMs: 1_000 });
        expect(existsSync(path.join(dir, 'build.lock'))).toBe(false);
        // Long enough for two refreshes of the outer lock: a refresh that lost its record throws.
        await sleep(2_500);
        return existsSync(path.join(dir, 'setup.lock'));
      },
      { refreshMs: 1_000 },
    );
    expect(refreshed).toBe(true);
    expect(existsSync(path.join(dir, 'setup.lock'))).toBe(false);
  });

  it('lets a second holder in once the first lets go', async () => {
    const dir = cacheFolder();
    const order: string[] = [];
    const first = withCacheLock(dir, 'build.lock', async () => {
      order.push('first in');
      await sleep(300);
      order.push('first out');
    });
    await sleep(50);
    const second = withCacheLock(dir, 'build.lock', async () => {
      order.push('second in');
    });
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'first out', 'second in']);
  });
});
