import { createHash } from 'node:crypto';
import { PreconditionFailedError, type ObjectStore } from '../store/object-store.js';
import { layout } from '../storage-layout.js';
import type { NodeStore, TreeNode } from './tree.js';

/** A node the catalog points at is missing or unreadable: the catalog needs recovery. */
export class CatalogNodeMissingError extends Error {
  constructor(readonly nodeId: string, reason: string) {
    super(`catalog node ${nodeId} ${reason}`);
    this.name = 'CatalogNodeMissingError';
  }
}

/**
 * Catalog tree nodes in the object store, named by the hash of their content. Nodes never change,
 * so a bounded in-memory cache of parsed nodes is always valid and makes repeated reads free.
 */
export class ObjectStoreNodeStore implements NodeStore {
  private readonly cache = new Map<string, { node: TreeNode; bytes: number }>();
  private cachedBytes = 0;

  constructor(
    private readonly store: ObjectStore,
    private readonly cacheBudgetBytes = 64 * 1024 * 1024,
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
    this.remember(id, node, object.body.length);
    return node;
  }

  async write(node: TreeNode): Promise<string> {
    const body = Buffer.from(JSON.stringify(node), 'utf8');
    const id = nodeId(body);
    if (this.cache.has(id)) return id;
    try {
      await this.store.put(layout.catalogNode(id), body, { ifNoneMatch: '*' });
    } catch (error) {
      // Same id means same content: another writer stored this node already.
      if (!(error instanceof PreconditionFailedError)) throw error;
    }
    this.remember(id, node, body.length);
    return id;
  }

  private remember(id: string, node: TreeNode, bytes: number): void {
    this.cache.set(id, { node, bytes });
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
