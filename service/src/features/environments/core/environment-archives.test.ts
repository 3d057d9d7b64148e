import { describe, expect, it } from 'vitest';
import { MemoryObjectStore } from '../../../adapters/store/memory-store.js';
import { EnvironmentArchives } from './environment-archives.js';

const A = `env-${'a'.repeat(40)}`;
const B = `env-${'b'.repeat(40)}`;
const C = `env-${'c'.repeat(40)}`;

/** Archives on a store, with a clock the test moves. */
function archivesOn(store = new MemoryObjectStore(), clock = { ms: Date.parse('2026-11-28T10:00:00Z') }) {
  const archives = new EnvironmentArchives(store, {
    claimMs: 60_000,
    pollMs: 1,
    now: () => new Date(clock.ms),
    sleep: () => new Promise((r) => setTimeout(r, 1)),
  });
  return { store, clock, archives };
}

describe('environment archives in the object store', () => {
  it('are found only once complete, with the bytes they were stored with', async () => {
    const { archives, store } = archivesOn();
    expect(await archives.find(A)).toBeNull();
    expect(await archives.fetch(A)).toBeNull();
    const manifest = await archives.publish(A, Buffer.from('archive of A'), { bytes: 1234, files: 3 });
    expect(manifest).toMatchObject({ id: A, archive_bytes: 12, unpacked_bytes: 1234, files: 3, built_at: '2026-11-28T10:00:00.000Z' });
    expect(await archives.find(A)).toEqual(manifest);
    expect((await archives.fetch(A))?.archive.toString()).toBe('archive of A');
    // A second build of the same identity keeps the first archive: both hold the same packages.
    expect(await archives.publish(A, Buffer.from('another archive of A'), { bytes: 1, files: 1 })).toEqual(manifest);
    expect((await archives.fetch(A))?.archive.toString()).toBe('archive of A');
    // The bytes alone, without their manifest, are no archive.
    await store.put(`environments/archives/${B}/packages.tar.gz`, 'half written');
    expect(await archives.find(B)).toBeNull();
  });

  it('take an archive whose bytes are not the recorded ones out of the store', async () => {
    const { archives, store } = archivesOn();
    await archives.publish(A, Buffer.from('archive of A'), { bytes: 1, files: 1 });
    await store.put(`environments/archives/${A}/packages.tar.gz`, 'changed behind its back');
    expect(await archives.fetch(A)).toBeNull();
    expect(await archives.find(A)).toBeNull();
  });

  it('refuse what is not an environment identity as a key', async () => {
    const { archives } = archivesOn();
    await expect(archives.find('env-../../catalog')).rejects.toThrow(/not an environment id/);
  });

  it('build an identity once over concurrent starts: the others wait for its archive', async () => {
    const { archives } = archivesOn();
    let builds = 0;
    let release!: () => void;
    const started = new Promise<void>((resolve) => (release = resolve));
    const build = async () => {
      builds++;
      await started;
      await archives.publish(A, Buffer.from('A'), { bytes: 1, files: 1 });
    };
    const waits: string[] = [];
    const first = archives.once(A, build);
    await new Promise((r) => setTimeout(r, 5));
    const second = archives.once(A, build, () => waits.push('second'));
    await new Promise((r) => setTimeout(r, 20));
    expect(waits).toEqual(['second']);
    release();
    expect(await Promise.all([first, second])).toEqual(['built', 'found']);
    expect(builds).toBe(1);
    // Found at once from now on; nothing is left of the claim.
    expect(await archives.once(A, build)).toBe('found');
    expect(builds).toBe(1);
  });

  it('let the next start build when a build failed, and take over a claim that expired', async () => {
    const { archives, store, clock } = archivesOn();
    await expect(archives.once(A, () => Promise.reject(new Error('uv failed')))).rejects.toThrow('uv failed');
    expect(await store.head(`environments/archives/${A}/building`)).toBeNull();
    expect(await archives.once(A, () => archives.publish(A, Buffer.from('A'), { bytes: 1, files: 1 }).then(() => {}))).toBe('built');

    // A hub that died while it built B left its claim: once expired, another start builds.
    await store.put(`environments/archives/${B}/building`, JSON.stringify({ owner: 'gone', expires_at: new Date(clock.ms + 1000).toISOString() }));
    const waited: string[] = [];
    const later = archives.once(
      B,
      () => archives.publish(B, Buffer.from('B'), { bytes: 1, files: 1 }).then(() => {}),
      () => waited.push('B'),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(waited).toEqual(['B']);
    clock.ms += 2000;
    expect(await later).toBe('built');
    expect(await archives.find(B)).not.toBeNull();
  });

  it('give up waiting for a build that holds its claim past the deadline', async () => {
    const { archives, store, clock } = archivesOn();
    await store.put(`environments/archives/${A}/building`, JSON.stringify({ owner: 'slow', expires_at: new Date(clock.ms + 3_600_000).toISOString() }));
    const waiting = archives.once(A, () => Promise.resolve(), undefined, 50);
    clock.ms += 100;
    await expect(waiting).rejects.toThrow(/waited 0 s for another hub's build/);
  });

  it('go least recently used first beyond their budget, keeping those asked for', async () => {
    const { archives, clock } = archivesOn();
    for (const id of [A, B, C]) {
      await archives.publish(id, Buffer.alloc(100), { bytes: 1000, files: 1 });
      clock.ms += 1000;
    }
    // A is used again: B is now the least recently used.
    await archives.touch(A);
    expect((await archives.list()).map((archive) => archive.id)).toEqual([B, C, A]);
    expect(await archives.evict(250, new Set([B]))).toEqual({ removed: [C], freedBytes: 100 });
    expect((await archives.list()).map((archive) => archive.id)).toEqual([B, A]);
    expect(await archives.evict(0)).toEqual({ removed: [B, A], freedBytes: 200 });
    expect(await archives.list()).toEqual([]);
    expect(await archives.fetch(A)).toBeNull();
  });
});
