import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../test/support/temp-dir.js';
import { FsObjectStore } from './fs-store.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function tempRoot(): Promise<string> {
  const temp = await makeTempDir('fs-modes');
  cleanups.push(temp.cleanup);
  return path.join(temp.dir, 'data', 'store');
}

/** Every folder and file at and under `root`, with its permission bits. */
async function modesUnder(root: string): Promise<{ path: string; kind: 'dir' | 'file'; mode: number }[]> {
  const found: { path: string; kind: 'dir' | 'file'; mode: number }[] = [];
  const visit = async (target: string) => {
    const stat = await fsp.lstat(target);
    found.push({ path: path.relative(root, target) || '.', kind: stat.isDirectory() ? 'dir' : 'file', mode: stat.mode & 0o777 });
    if (stat.isDirectory()) for (const name of await fsp.readdir(target)) await visit(path.join(target, name));
  };
  await visit(root);
  return found;
}

describe('the fs store’s file modes', () => {
  it('creates its data folder, every folder and every object owner-only, whatever the umask', async () => {
    const root = await tempRoot();
    const umask = process.umask(0o000);
    try {
      const store = new FsObjectStore(root);
      await store.put('git/proj-1/credentials', 'one');
      await store.put('alerts/proj-1/destinations', 'two', { ifNoneMatch: '*' });
      await store.put('a/b/c/d', 'three');
      await store.put('a/b/c/d', 'four');
    } finally {
      process.umask(umask);
    }
    const modes = await modesUnder(root);
    expect(modes.filter((entry) => entry.kind === 'file').map((entry) => entry.path)).toEqual(
      expect.arrayContaining(['git/proj-1/credentials@', 'alerts/proj-1/destinations@', 'a/b/c/d@']),
    );
    expect(modes.map((entry) => entry.path)).toContain('.tmp');
    expect(modes.filter((entry) => entry.mode & 0o077)).toEqual([]);
    expect(modes.filter((entry) => entry.kind === 'dir').every((entry) => entry.mode === 0o700)).toBe(true);
    expect(modes.filter((entry) => entry.kind === 'file').every((entry) => entry.mode === 0o600)).toBe(true);
    expect((await fsp.stat(path.dirname(root))).mode & 0o777).toBe(0o700);
  });

  it('gives temporary files and lock folders owner-only modes, before an object is in place', async () => {
    const root = await tempRoot();
    const store = new FsObjectStore(root);
    const seen: number[] = [];
    const rename = fsp.rename;
    // Watch the staging file and the key's lock at the moment the file is renamed: owner-only from the start.
    fsp.rename = async (from, to) => {
      seen.push((await fsp.stat(from)).mode & 0o777, (await fsp.stat(`${String(to)}.lock`)).mode & 0o777);
      return rename(from, to);
    };
    try {
      await store.put('k', 'secret-bearing');
    } finally {
      fsp.rename = rename;
    }
    expect(seen).toEqual([0o600, 0o700]);
  });

  it('takes group and other bits away from an existing store, and counts what it changed', async () => {
    const root = await tempRoot();
    // A store as older hubs left it: folders 0755, objects 0644.
    for (const dir of ['git/proj-1', 'sessions/proj-1', '.tmp']) await fsp.mkdir(path.join(root, dir), { recursive: true, mode: 0o755 });
    for (const file of ['git/proj-1/credentials@', 'sessions/proj-1/ses-1@', '.tmp/stale']) await fsp.writeFile(path.join(root, file), '{}', { mode: 0o644 });
    await fsp.chmod(path.join(root, 'sessions/proj-1/ses-1@'), 0o600);
    await fsp.chmod(path.join(root, 'git'), 0o750);
    for (const dir of [root, path.join(root, 'git/proj-1'), path.join(root, 'sessions'), path.join(root, 'sessions/proj-1'), path.join(root, '.tmp')])
      await fsp.chmod(dir, 0o755);
    await fsp.symlink('/etc', path.join(root, 'link'));

    const store = new FsObjectStore(root);
    expect(await store.tightenModes()).toEqual({ directories: 6, files: 2 });
    const modes = await modesUnder(root);
    expect(modes.filter((entry) => entry.path !== 'link' && entry.mode & 0o077)).toEqual([]);
    expect(modes.find((entry) => entry.path === 'git/proj-1/credentials@')?.mode).toBe(0o600);
    expect(modes.find((entry) => entry.path === 'git')?.mode).toBe(0o700);
    expect((await fsp.stat('/etc')).mode & 0o077).not.toBe(0);
    expect(await store.tightenModes()).toEqual({ directories: 0, files: 0 });
    expect(await store.get('git/proj-1/credentials')).toMatchObject({ body: Buffer.from('{}') });
  });

  it('has nothing to fix where no store exists yet', async () => {
    expect(await new FsObjectStore(await tempRoot()).tightenModes()).toEqual({ directories: 0, files: 0 });
  });
});
