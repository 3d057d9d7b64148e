import { describe, expect, it } from 'vitest';
import { MemoryObjectStore } from '../../../adapters/store/memory-store.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import type { VersionLockRecord } from './environment-model.js';
import { EnvironmentRecords } from './environment-records.js';

/** A store that counts its reads. */
function counting(store: ObjectStore): { store: ObjectStore; gets: () => number } {
  let gets = 0;
  return {
    store: new Proxy(store, {
      get(target, property, receiver) {
        if (property === 'get') return (...args: Parameters<ObjectStore['get']>) => (gets++, target.get(...args));
        const value = Reflect.get(target, property, receiver) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    }),
    gets: () => gets,
  };
}

const record = (versionId: string): VersionLockRecord => ({
  schema_version: 1,
  project_id: 'proj-1',
  notebook_id: 'nb-1',
  version_id: versionId,
  declaration: 'd',
  status: 'locked',
  locked_at: '2026-03-02T10:00:00.000Z',
  lock_sha256: null,
  environment_id: null,
  target: null,
  packages: [],
  error: null,
  reused_from: null,
});

describe('environment records', () => {
  it('reads a lock and a version record once: they never change once written; an absent record is asked again', async () => {
    const { store, gets } = counting(new MemoryObjectStore());
    const records = new EnvironmentRecords(store);
    const sha = await records.putLock('anyio==4.4.0\n');
    const fresh = new EnvironmentRecords(store);
    const before = gets();
    expect(await fresh.lock(sha)).toBe('anyio==4.4.0\n');
    expect(await fresh.lock(sha)).toBe('anyio==4.4.0\n');
    expect(gets() - before).toBe(1);

    expect(await fresh.version('proj-1', 'nb-1', 'ver-1')).toBeNull();
    await records.putVersion(record('ver-1'));
    const afterPut = gets();
    expect(await fresh.version('proj-1', 'nb-1', 'ver-1')).toMatchObject({ version_id: 'ver-1' });
    expect(await fresh.version('proj-1', 'nb-1', 'ver-1')).toMatchObject({ version_id: 'ver-1' });
    expect(gets() - afterPut).toBe(1);
  });
});
