import { createHash } from 'node:crypto';
import { PreconditionFailedError, type ObjectStore } from '../ports/object-store.js';
import { layout } from '../storage-layout.js';
import type { NodeStore, TreeNode } from './tree.js';

/** A node the catalog points at is missing or unreadable: the catalog needs recovery. */
export class CatalogNodeMissingError extends Error {
  constructor(
    readonly nodeId: string,
    reason: string,
  ) {
    super(`catalog node ${nodeId} ${reason}`);
    this.name = 'CatalogNodeMissingError';
  }
}

/**
 * How long a node this process stored stays safe from catalog clean-up, which spares nodes younger
 * than an hour: within this window a write of the same content may skip the store.
 */
export const NODE_WRITE_TRUST_MS = 30 * 60_000;

/**
 * Catalog tree nodes in the object store, named by the hash of their content. Nodes never change,
 * so a bounded in-memory cache of parsed nodes is always valid and makes repeated reads free.
 */
export class ObjectStoreNodeStore implements NodeStore {
  /** storedAt: when this process last put the node (0 when it was only read). */
  private readonly cache = new Map<string, { node: TreeNode; bytes: number; storedAt: number }>();
  private cachedBytes = 0;

  constructor(
    private readonly store: ObjectStore,
    private readonly cacheBudgetBytes = 64 * 1024 * 1024,
    private readonly now: () => number = Date.now,
  ) {}

  async read(id: string): Promise<TreeNode> {
    const cached = this.cache.get(id);
    if (cached) {
      this.cache.delete(id);
      this.cache.set(id, cached);
      return cached.node;
    }
    const object = await this.store.get(layout.catalogNode(id));
    if (!object) throw new CatalogNodeMissingError(id, 'is missing');
    if (nodeId(object.body) !== id) throw new CatalogNodeMissingError(id, 'does not match its content hash');
    const node = JSON.parse(object.body.toString('utf8')) as TreeNode;
    this.remember(id, node, object.body.length, 0);
    return node;
  }

  async write(node: TreeNode): Promise<string> {
    const body = Buffer.from(JSON.stringify(node), 'utf8');
    const id = nodeId(body);
    const cached = this.cache.get(id);
    if (cached && this.now() - cached.storedAt < NODE_WRITE_TRUST_MS) return id;
    try {
      await this.store.put(layout.catalogNode(id), body, { ifNoneMatch: '*' });
    } catch (error) {
      if (!(error instanceof PreconditionFailedError)) throw error;
      // Same id means same content, but the stored copy may be old enough for clean-up to be
      // deleting it right now: storing it again makes it young, so clean-up spares it.
      await this.store.put(layout.catalogNode(id), body);
    }
    if (cached) this.cachedBytes -= cached.bytes;
    this.remember(id, node, body.length, this.now());
    return id;
  }

  private remember(id: string, node: TreeNode, bytes: number, storedAt: number): void {
    this.cache.delete(id);
    this.cache.set(id, { node, bytes, storedAt });
    this.cachedBytes += bytes;
    for (const [oldest, entry] of this.cache) {
      if (this.cachedBytes <= this.cacheBudgetBytes) break;
      this.cache.delete(oldest);
      this.cachedBytes -= entry.bytes;
    }
  }
}

function nodeId(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 40);
}
