import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../test/support/temp-dir.js';
import { readSettings } from '../../config/settings.js';
import { Catalog } from '../../core/catalog/catalog.js';
import type { TreeNode } from '../../core/catalog/tree.js';
import type { Logger } from '../../core/ports/logger.js';
import { planRecovery } from '../../core/recovery/plan.js';
import type { ObjectStore } from '../../core/ports/object-store.js';
import { layout } from '../../core/storage-layout.js';
import { createStoreServices } from '../../compose/services.js';
import { FsObjectStore } from '../../adapters/store/fs-store.js';
import type { HousekeepingContext } from '../maintenance-loop.js';
import { catalogGarbageTask } from './catalog-garbage.js';
import { newSecretBox } from '../../../../test/support/secret-box.js';

const silent: Logger = { fatal: () => {}, error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, child: () => silent };
const context = (): HousekeepingContext => ({ signal: new AbortController().signal, logger: silent, now: Date.now() });

describe('catalog garbage collection', () => {
  let dir: string;
  let store: FsObjectStore;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    const temp = await makeTempDir('catalog-gc');
    dir = temp.dir;
    cleanup = temp.cleanup;
    store = new FsObjectStore(dir);
  });
  afterEach(() => cleanup());

  const keys = async (prefix: string) => {
    const found: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<ObjectStore['list']>> = await store.list(prefix, { cursor });
      found.push(...page.items.map((item) => item.key));
      cursor = page.nextCursor;
    } while (cursor);
    return found;
  };
  const snapshotIds = async () => (await keys(layout.catalogSnapshotsPrefix)).map((key) => key.slice(layout.catalogSnapshotsPrefix.length));
  const nodeIds = async () => new Set((await keys(layout.catalogNodesPrefix)).map((key) => key.slice(key.lastIndexOf('/') + 1)));

  /** What a cold reader (no caches) reaches from the given snapshots. */
  async function reachable(ids: string[]): Promise<Set<string>> {
    const cold = new Catalog(store);
    const seen = new Set<string>();
    for (const id of ids) {
      const snapshot = await cold.readSnapshot(id);
      const stack = snapshot?.root.id ? [snapshot.root.id] : [];
      while (stack.length > 0) {
        const nodeId = stack.pop()!;
        if (seen.has(nodeId)) continue;
        seen.add(nodeId);
        const node: TreeNode = await cold.nodes.read(nodeId);
        if (node.t === 'B') stack.push(...node.c.map((child) => child[1]));
      }
    }
    return seen;
  }

  async function projectsHub() {
    const services = createStoreServices(readSettings({ SERVICE_DATA_DIR: dir }), store, newSecretBox(), { publish: () => {} });
    await services.catalog.initialize();
    const owner = await services.users.ensureByEmail('owner@example.com', { name: null, superAdmin: false }, 'test');
    const actor = { id: owner.id, email: owner.email };
    const projects = [];
    for (let i = 0; i < 3; i++) projects.push(await services.projects.create({ name: `project ${i}` }, actor));
    for (let round = 0; round < 3; round++) {
      for (const project of projects) await services.projects.update(project.id, { description: `round ${round}` }, actor);
    }
    return services;
  }

  it('keeps everything young, whatever references it', async () => {
    const services = await projectsHub();
    const snapshots = await snapshotIds();
    const nodes = await nodeIds();
    const result = await catalogGarbageTask(store, services.catalog, { keepForMs: 0, keepLast: 0 }).run(context());
    expect(result).toMatchObject({ snapshots_deleted: 0, nodes_deleted: 0, partial: false });
    expect(await snapshotIds()).toEqual(snapshots);
    expect(await nodeIds()).toEqual(nodes);
  });

  it('deletes snapshots outside the kept set and the nodes only they reference, leaving a readable catalog', async () => {
    const services = await projectsHub();
    const orphan = await services.catalog.nodes.write({ t: 'L', e: [['orphans/x', { lost: true }]] });
    const before = await snapshotIds();
    expect(before.length).toBeGreaterThan(10);

    const result = await catalogGarbageTask(store, services.catalog, { keepForMs: 0, keepLast: 2, graceMs: 0 }).run(context());

    const pointer = (await services.catalog.readPointer())!.pointer;
    const current = (await services.catalog.readSnapshot(pointer.snapshot_id))!;
    const parent = (await services.catalog.readSnapshot(current.parent_id!))!;
    // The current snapshot, its two nearest ancestors, and the two newest by id (ids are time-ordered).
    const expected = [...new Set([current.id, parent.id, parent.parent_id!, ...[...before].sort().slice(-2)])].sort();
    expect(await snapshotIds()).toEqual(expected);
    expect(await nodeIds()).toEqual(await reachable(expected));
    expect((await nodeIds()).has(orphan)).toBe(false);
    expect(result).toMatchObject({ snapshots_kept: expected.length, snapshots_deleted: before.length - expected.length, nodes_restored: 0, partial: false });

    // A reader with no caches sees every project, and recovery finds nothing wrong.
    const cold = new Catalog(store);
    expect((await (await cold.view()).list('projects/', { limit: 100 })).items).toHaveLength(3);
    const rebuild = await planRecovery(store, cold, { mode: 'rebuild' });
    expect(rebuild.report.errors).toEqual([]);
    expect(rebuild.report.changes).toMatchObject({ added: 0, removed: 0, changed: 0 });
    for (const id of expected) expect((await planRecovery(store, cold, { mode: 'snapshot', snapshotId: id })).report.errors).toEqual([]);

    // A second pass finds nothing more to do.
    expect(await catalogGarbageTask(store, services.catalog, { keepForMs: 0, keepLast: 2, graceMs: 0 }).run(context())).toMatchObject({
      snapshots_deleted: 0,
      nodes_deleted: 0,
    });
  });

  it('puts back a node that a writer reused while it was being deleted', async () => {
    const catalog = new Catalog(store);
    await catalog.initialize();
    await catalog.mutate('test', (tx) => tx.put('test/a', { n: 1 }));
    const leafA = (await catalog.readSnapshot((await catalog.readPointer())!.pointer.snapshot_id))!.root.id!;
    await catalog.mutate('test', (tx) => tx.put('test/b', { n: 2 }));

    // The writer's node cache still holds the first leaf, so going back to that content writes nothing.
    let reused = false;
    const racing: ObjectStore = {
      kind: store.kind,
      location: store.location,
      get: (key) => store.get(key),
      head: (key) => store.head(key),
      getStream: (key, options) => store.getStream(key, options),
      putStream: (key, body, options) => store.putStream(key, body, options),
      list: (prefix, options) => store.list(prefix, options),
      put: (key, body, options) => store.put(key, body, options),
      close: async () => {},
      delete: async (key, options) => {
        await store.delete(key, options);
        if (key === layout.catalogNode(leafA) && !reused) {
          reused = true;
          await catalog.mutate('test', (tx) => tx.delete('test/b'));
        }
      },
    };
    const result = await catalogGarbageTask(racing, catalog, { keepForMs: 0, keepLast: 0, graceMs: 0 }).run(context());
    expect(reused).toBe(true);
    expect(result).toMatchObject({ nodes_restored: 1 });
    const cold = new Catalog(store);
    expect((await cold.view()).snapshot.root.id).toBe(leafA);
    expect(await (await cold.view()).get('test/a')).toEqual({ n: 1 });
    expect(await store.get(layout.catalogNode(leafA))).not.toBeNull();
  });

  it('leaves a store without a current snapshot alone', async () => {
    const services = await projectsHub();
    const snapshots = await snapshotIds();
    await store.delete(layout.catalogPointer);
    const result = await catalogGarbageTask(store, services.catalog, { keepForMs: 0, keepLast: 0, graceMs: 0 }).run(context());
    expect(result).toEqual({ skipped: 'no current snapshot' });
    expect(await snapshotIds()).toEqual(snapshots);
  });
});
