import type { Catalog } from '../../core/catalog/catalog.js';
import { CatalogNodeMissingError } from '../../core/catalog/node-store.js';
import type { TreeNode } from '../../core/catalog/tree.js';
import { PreconditionFailedError, type ObjectStore } from '../../core/ports/object-store.js';
import { layout } from '../../core/storage-layout.js';
import { lastSegment, sweepPrefix } from './scan.js';

const NODE_ID = /^[0-9a-f]{40}$/;

export interface MarkResult {
  /** Every node reachable from the snapshots that could be read. */
  marked: Set<string>;
  /** Snapshots with a missing or corrupt node somewhere in their tree. */
  incomplete: string[];
  aborted: boolean;
}

/** Walks the trees of `snapshotIds`, visiting each shared subtree once. */
export async function markReachable(catalog: Catalog, snapshotIds: Iterable<string>, signal: AbortSignal): Promise<MarkResult> {
  const marked = new Set<string>();
  const incomplete: string[] = [];
  for (const snapshotId of snapshotIds) {
    const snapshot = await catalog.readSnapshot(snapshotId);
    if (!snapshot?.root.id) continue;
    const stack = [snapshot.root.id];
    while (stack.length > 0) {
      if (signal.aborted) return { marked, incomplete, aborted: true };
      const nodeId = stack.pop()!;
      if (marked.has(nodeId)) continue;
      let node: TreeNode;
      try {
        node = await catalog.nodes.read(nodeId);
      } catch (error) {
        if (!(error instanceof CatalogNodeMissingError)) throw error;
        // Keep walking the rest: everything of it that still exists must stay.
        if (!incomplete.includes(snapshotId)) incomplete.push(snapshotId);
        continue;
      }
      marked.add(nodeId);
      if (node.t === 'B') for (const child of node.c) stack.push(child[1]);
    }
  }
  return { marked, incomplete, aborted: false };
}

export interface NodeSweepOptions {
  signal: AbortSignal;
  now: number;
  graceMs: number;
  maxDeletes: number;
  /** The pointer ETag whose snapshot was marked. */
  markedPointerEtag: string;
}

/**
 * Deletes nodes that are unmarked and older than the grace period. Content addressing lets a
 * writer reuse an old node without writing it (it already exists, or its cache says so), so after
 * each batch the current snapshot is checked: a node it names that was just deleted is put back
 * from the bytes kept for that batch, and every node it names is marked so later batches keep it.
 */
export async function sweepNodes(
  store: ObjectStore,
  catalog: Catalog,
  marked: Set<string>,
  options: NodeSweepOptions,
): Promise<{ examined: number; deleted: number; restored: number; partial: boolean }> {
  let batch = new Map<string, Buffer>();
  let checkedEtag = options.markedPointerEtag;
  let restored = 0;
  const checkCurrent = async () => {
    // Nothing deleted, nothing to put back: a pointer move is caught by the next batch that deletes.
    if (batch.size === 0) return;
    const current = await catalog.readPointer();
    if (current && current.etag !== checkedEtag) {
      restored += await protectSnapshot(store, catalog, current.pointer.snapshot_id, marked, batch);
      checkedEtag = current.etag;
    }
    batch = new Map();
  };
  const sweep = await sweepPrefix(
    store,
    layout.catalogNodesPrefix,
    { signal: options.signal, maxDeletes: options.maxDeletes, afterBatch: checkCurrent },
    async (item) => {
      const id = lastSegment(item.key);
      if (!NODE_ID.test(id) || marked.has(id) || options.now - item.lastModified < options.graceMs) return false;
      const object = await store.get(item.key);
      if (!object) return false;
      batch.set(id, object.body);
      await store.delete(item.key);
      return true;
    },
  );
  return { ...sweep, restored };
}

async function protectSnapshot(store: ObjectStore, catalog: Catalog, snapshotId: string, marked: Set<string>, deleted: Map<string, Buffer>): Promise<number> {
  const snapshot = await catalog.readSnapshot(snapshotId);
  if (!snapshot?.root.id) return 0;
  let restored = 0;
  const stack = [snapshot.root.id];
  while (stack.length > 0) {
    const nodeId = stack.pop()!;
    if (marked.has(nodeId)) continue;
    const key = layout.catalogNode(nodeId);
    // Read the store, not the node cache: the question is whether the object still exists.
    let body = deleted.get(nodeId) ?? null;
    if (body) {
      try {
        await store.put(key, body, { ifNoneMatch: '*' });
      } catch (error) {
        if (!(error instanceof PreconditionFailedError)) throw error;
      }
      restored++;
    } else {
      body = (await store.get(key))?.body ?? null;
      if (!body) throw new Error(`the current catalog snapshot ${snapshotId} names node ${nodeId}, which is missing; run catalog recovery`);
    }
    marked.add(nodeId);
    const node = JSON.parse(body.toString('utf8')) as TreeNode;
    if (node.t === 'B') for (const child of node.c) stack.push(child[1]);
  }
  return restored;
}
