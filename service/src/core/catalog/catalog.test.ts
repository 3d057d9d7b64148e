import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../test/support/temp-dir.js';
import { FsObjectStore } from '../../adapters/store/fs-store.js';
import { HubError, NotInitializedError } from '../errors.js';
import { InvalidCursorError } from '../ports/object-store.js';
import { layout } from '../storage-layout.js';
import { Catalog } from './catalog.js';

describe('catalog', () => {
  let store: FsObjectStore;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    const temp = await makeTempDir('catalog');
    store = new FsObjectStore(temp.dir);
    cleanup = temp.cleanup;
  });
  afterEach(() => cleanup());

  it('initializes an empty store once', async () => {
    expect(await new Catalog(store).initialize()).toBe('created');
    expect(await new Catalog(store).initialize()).toBe('existing');
    const view = await new Catalog(store).view();
    expect(view.snapshot.generation).toBe(1);
    expect(view.snapshot.root.count).toBe(0);
  });

  it('lets exactly one of several concurrent initializers create the catalog', async () => {
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => new Catalog(store).initialize()));
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'existing')).toHaveLength(4);
  });

  it('commits mutations and reads them back from a consistent view', async () => {
    const catalog = new Catalog(store);
    await catalog.initialize();
    const result = await catalog.mutate('test', async (tx) => {
      tx.put('things/a', { n: 1 });
      tx.put('things/b', { n: 2 });
      return (await tx.get<{ n: number }>('things/a'))?.n;
    });
    expect(result).toBe(1);
    const before = await catalog.view();
    await catalog.mutate('test', (tx) => tx.delete('things/a'));
    expect(await before.get('things/a')).toEqual({ n: 1 });
    const after = await catalog.view();
    expect(await after.get('things/a')).toBeNull();
    expect(await after.get('things/b')).toEqual({ n: 2 });
    expect(after.snapshot.generation).toBe(before.snapshot.generation + 1);
  });

  it('batches concurrent mutations of one process and isolates a failing one', async () => {
    const catalog = new Catalog(store);
    await catalog.initialize();
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        catalog.mutate('test', async (tx) => {
          const count = (await tx.get<number>('counter')) ?? 0;
          tx.put('counter', count + 1);
          tx.put(`items/${String(i).padStart(2, '0')}`, i);
          if (i === 7) throw new HubError('VALIDATION_ERROR', 'seven is refused');
          return i;
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    const view = await catalog.view();
    expect(await view.get('counter')).toBe(59);
    expect(await view.get('items/07')).toBeNull();
    expect(view.snapshot.generation).toBeLessThan(30);
  });

  it('loses no update between writers in different catalogs sharing a store', async () => {
    const writers = [new Catalog(store), new Catalog(store), new Catalog(store)];
    await writers[0]!.initialize();
    const policy = { attempts: 200, baseDelayMs: 2, maxDelayMs: 40 };
    const racers = writers.map((_, i) => new Catalog(store, { retry: policy, maxBatch: 1 + i }));
    await Promise.all(
      racers.flatMap((catalog) =>
        Array.from({ length: 15 }, () => catalog.mutate('increment', async (tx) => tx.put('counter', ((await tx.get<number>('counter')) ?? 0) + 1))),
      ),
    );
    expect(await (await new Catalog(store).view()).get('counter')).toBe(45);
  });

  it('gives up with SERVICE_UNAVAILABLE after its bounded retries', async () => {
    const catalog = new Catalog(store, { retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 } });
    const interferer = new Catalog(store);
    await catalog.initialize();
    let runs = 0;
    const attempt = catalog.mutate('test', async (tx) => {
      runs++;
      // Another writer moves the pointer while this mutation is being prepared, every time.
      await interferer.mutate('interfere', (other) => other.put('noise', runs));
      tx.put('mine', true);
    });
    await expect(attempt).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(runs).toBe(3);
    expect(await (await catalog.view()).get('mine')).toBeNull();
    const snapshots = await store.list(layout.catalogSnapshotsPrefix);
    expect(snapshots.items).toHaveLength(1 + 3);
  });

  it('pages through a prefix in both directions with opaque cursors', async () => {
    const catalog = new Catalog(store);
    await catalog.initialize();
    await catalog.mutate('fill', (tx) => {
      for (let i = 0; i < 25; i++) tx.put(`p/${String(i).padStart(2, '0')}`, i);
      tx.put('q/00', 'other');
    });
    const view = await catalog.view();
    const walk = async (reverse: boolean) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof view.list<number>>> = await view.list<number>('p/', { limit: 10, cursor, reverse });
        seen.push(...page.items.map((item) => item.value));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    const ascending = Array.from({ length: 25 }, (_, i) => i);
    expect(await walk(false)).toEqual(ascending);
    expect(await walk(true)).toEqual([...ascending].reverse());
    const first = await view.list<number>('p/', { limit: 10 });
    await expect(view.list('p/', { limit: 10, cursor: first.nextCursor, reverse: true })).rejects.toBeInstanceOf(InvalidCursorError);
    await expect(view.list('q/', { limit: 10, cursor: first.nextCursor })).rejects.toBeInstanceOf(InvalidCursorError);
    const evens = await view.list<number>('p/', { limit: 5, filter: (n) => n % 2 === 0 });
    expect(evens.items.map((item) => item.value)).toEqual([0, 2, 4, 6, 8]);
  });

  it('reports NOT_INITIALIZED without repairing anything', async () => {
    const catalog = new Catalog(store);
    await catalog.initialize();
    const { pointer } = (await catalog.readPointer())!;
    await store.put('records/projects/proj-x/rev-1', '{}');
    await store.delete(layout.catalogSnapshot(pointer.snapshot_id));
    const fresh = new Catalog(store);
    await expect(fresh.view()).rejects.toBeInstanceOf(NotInitializedError);
    expect(await fresh.initialize()).toBe('recovery-required');
    await store.delete(layout.catalogPointer);
    await expect(fresh.view()).rejects.toMatchObject({ code: 'NOT_INITIALIZED', message: expect.stringMatching(/recovery/) });
    expect(await fresh.initialize()).toBe('recovery-required');
    await expect(fresh.mutate('x', (tx) => tx.put('a', 1))).rejects.toBeInstanceOf(NotInitializedError);
    expect(await store.get(layout.catalogPointer)).toBeNull();
  });
});
