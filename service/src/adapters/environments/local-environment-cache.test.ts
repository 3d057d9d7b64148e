import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../test/support/temp-dir.js';
import { LocalEnvironmentCache } from './local-environment-cache.js';

const id = (n: number) => `env-${String(n).padStart(40, '0')}`;

/** A build that writes `bytes` bytes of one module into the directory it is given. */
const writes = (bytes: number, built: string[]) => async (directory: string) => {
  built.push(directory);
  await mkdir(path.join(directory, 'probe'), { recursive: true });
  await writeFile(path.join(directory, 'probe', '__init__.py'), 'x'.repeat(bytes));
};

describe('the local environment cache', () => {
  let root: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    const temp = await makeTempDir('environment-cache');
    root = temp.dir;
    cleanup = temp.cleanup;
  });
  afterEach(() => cleanup());

  it('builds an identity once, moves it into place whole, and hands it to every later user', async () => {
    const cache = new LocalEnvironmentCache(root);
    const built: string[] = [];
    expect(await cache.use(id(1), 'sbx-a')).toBeNull();
    const first = await cache.build(id(1), 'sbx-a', writes(100, built));
    expect(first.built).toBe(true);
    expect(first.environment).toMatchObject({ id: id(1), bytes: expect.any(Number), users: ['sbx-a'] });
    expect(first.environment.env.PYTHONPATH).toBe(path.join(root, 'envs', id(1), 'packages'));
    expect(await readFile(path.join(first.environment.env.PYTHONPATH!, 'probe', '__init__.py'), 'utf8')).toHaveLength(100);
    // Built elsewhere first, then moved: nothing is left of the build's own directory.
    expect(built[0]).not.toContain(path.join('envs', id(1)));
    expect(await readdir(path.join(root, 'building'))).toEqual([]);

    const again = await cache.build(id(1), 'sbx-b', writes(100, built));
    expect(again.built).toBe(false);
    expect(built).toHaveLength(1);
    expect((await cache.use(id(1), 'sbx-c'))!.users.sort()).toEqual(['sbx-a', 'sbx-b', 'sbx-c']);
  });

  it('runs one build when two processes ask for the same identity at once; the other waits and takes it', async () => {
    // Two caches on one directory stand for two hub processes on one machine.
    const [one, two] = [new LocalEnvironmentCache(root), new LocalEnvironmentCache(root)];
    const built: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const building = new Promise<void>((resolve) => (entered = resolve));
    const first = one.build(id(2), 'sbx-a', async (directory) => {
      entered();
      await held;
      await writes(10, built)(directory);
    });
    // The first holds the identity's lock once its build runs.
    await building;
    let waits!: () => void;
    const waiting = new Promise<void>((resolve) => (waits = resolve));
    const second = two.build(id(2), 'sbx-b', writes(10, built), () => waits());
    await waiting;
    release();
    const [a, b] = await Promise.all([first, second]);
    expect([a.built, b.built]).toEqual([true, false]);
    expect(built).toHaveLength(1);
    expect(b.environment.env).toEqual(a.environment.env);
  });

  it('leaves nothing of a build that failed, and builds again on the next request', async () => {
    const cache = new LocalEnvironmentCache(root);
    await expect(
      cache.build(id(3), 'sbx-a', async (directory) => {
        await writes(10, [])(directory);
        throw new Error('uv failed');
      }),
    ).rejects.toThrow('uv failed');
    expect(await cache.list()).toEqual([]);
    expect(await readdir(path.join(root, 'building'))).toEqual([]);
    expect((await cache.build(id(3), 'sbx-a', writes(10, []))).built).toBe(true);
  });

  it('evicts the least recently used first, down to the budget, never one a running sandbox uses', async () => {
    const cache = new LocalEnvironmentCache(root);
    for (const n of [4, 5, 6]) {
      await cache.build(id(n), `sbx-${n}`, writes(1000, []));
      // Distinct use times: the order of the builds.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await cache.use(id(4), 'sbx-4b');
    const sizes = Object.fromEntries((await cache.list()).map((environment) => [environment.id, environment.bytes]));
    expect((await cache.list()).map((environment) => environment.id)).toEqual([id(5), id(6), id(4)]);

    // Room for two: the least recently used (5) goes, although 6 is older than 4's latest use.
    const budget = sizes[id(6)]! + sizes[id(4)]!;
    expect(await cache.evict(budget, new Set(['sbx-6']))).toEqual({ removed: [id(5)], freedBytes: sizes[id(5)] });
    expect(existsSync(path.join(root, 'envs', id(5)))).toBe(false);

    // Room for none, but 6's sandbox still runs: only 4 goes (its sandboxes ended).
    expect(await cache.evict(0, new Set(['sbx-6', 'sbx-other']))).toEqual({ removed: [id(4)], freedBytes: sizes[id(4)] });
    expect((await cache.list()).map((environment) => [environment.id, environment.users])).toEqual([[id(6), ['sbx-6']]]);
    // Once 6's sandbox ended too, nothing holds it.
    expect(await cache.evict(0, new Set())).toEqual({ removed: [id(6)], freedBytes: sizes[id(6)] });
    expect(await cache.use(id(4), 'sbx-x')).toBeNull();
  });

  it('goes on building when its lock could not be refreshed (the lock file gone), rather than ending the process', async () => {
    const cache = new LocalEnvironmentCache(root, { lockStaleMs: 2_000 });
    const outcome = await cache.build(id(4), 'sbx-a', async (directory) => {
      await rm(path.join(root, 'locks', `${id(4)}.lock`), { recursive: true, force: true });
      // Longer than the lock's refresh interval (a third of the stale time, at least a second): the refresh finds it gone.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await writes(10, [])(directory);
    });
    expect(outcome).toMatchObject({ built: true, environment: { id: id(4) } });
    expect(await cache.use(id(4), 'sbx-b')).toMatchObject({ id: id(4) });
  });

  it('refuses a name that is not an environment identity', async () => {
    const cache = new LocalEnvironmentCache(root);
    await expect(cache.use('../../etc', 'sbx-a')).rejects.toThrow(/not an environment id/);
  });
});
