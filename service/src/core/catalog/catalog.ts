import { HubError, NotInitializedError } from '../errors.js';
import { newSnapshotId } from '../ids.js';
import { DEFAULT_CAS_RETRY, backoffDelay, jsonBody, parseJson, sleep, type RetryPolicy } from '../store/cas.js';
import { InvalidCursorError, PreconditionFailedError, type ObjectStore } from '../ports/object-store.js';
import { NO_METRICS, type Counter, type Metrics } from '../ports/metrics.js';
import { layout } from '../storage-layout.js';
import { CatalogNodeMissingError, ObjectStoreNodeStore } from './node-store.js';
import { DELETE, EMPTY_TREE, applyOps, getValue, scan, type TreeOp, type TreeRoot } from './tree.js';

export interface CatalogPointer {
  schema_version: 1;
  snapshot_id: string;
  generation: number;
  updated_at: string;
}

export interface CatalogSnapshot {
  schema_version: 1;
  id: string;
  generation: number;
  parent_id: string | null;
  root: TreeRoot;
  created_at: string;
  /** What produced it: `initialize`, a mutation reason, `recover:rebuild`, `recover:snapshot`. */
  reason: string;
}

export interface CatalogPage<T> {
  items: { key: string; value: T }[];
  nextCursor: string | null;
}

export interface CatalogListOptions<T> {
  cursor?: string | null;
  limit: number;
  reverse?: boolean;
  /** Entries failing the filter are skipped (they still cost a read). */
  filter?: (value: T) => boolean;
}

/** Reads of one consistent catalog snapshot. */
export interface CatalogView {
  readonly snapshot: CatalogSnapshot;
  get<T>(key: string): Promise<T | null>;
  list<T>(prefix: string, options: CatalogListOptions<T>): Promise<CatalogPage<T>>;
  /** Entries under `prefix` in key order (or reverse), strictly after the key `after`. */
  entries<T>(prefix: string, options?: { after?: string; reverse?: boolean }): AsyncGenerator<{ key: string; value: T }>;
}

/** What a mutation sees and changes; its writes become visible to later reads in the same batch. */
export interface CatalogTx {
  get<T>(key: string): Promise<T | null>;
  put(key: string, value: unknown): void;
  delete(key: string): void;
}

export type InitializeOutcome = 'created' | 'existing' | 'recovery-required';

interface Pending {
  reason: string;
  run: (tx: CatalogTx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface CatalogOptions {
  retry?: RetryPolicy;
  /** Mutations committed together in one pointer swap. */
  maxBatch?: number;
  now?: () => Date;
  /** Where the pointer swaps are counted (`catalog.cas.*`). */
  metrics?: Metrics;
}

/**
 * The index used to list projects and notebooks: one mutable pointer naming an immutable
 * snapshot, whose tree holds the entries. Every change is a compare-and-swap of the pointer with
 * bounded, jittered retries. Mutations queued in this process while a swap is in flight are
 * committed together, so concurrent writers in one process cost one swap, not one race each.
 */
export class Catalog {
  readonly nodes: ObjectStoreNodeStore;
  private readonly snapshots = new Map<string, CatalogSnapshot>();
  private readonly queue: Pending[] = [];
  private draining = false;
  private readonly retry: RetryPolicy;
  private readonly maxBatch: number;
  private readonly now: () => Date;
  private readonly cas: CasMetrics;

  constructor(
    private readonly store: ObjectStore,
    options: CatalogOptions = {},
  ) {
    this.nodes = new ObjectStoreNodeStore(store);
    this.retry = options.retry ?? { ...DEFAULT_CAS_RETRY, attempts: 10, maxDelayMs: 500 };
    this.maxBatch = options.maxBatch ?? 200;
    this.now = options.now ?? (() => new Date());
    this.cas = casMetrics(options.metrics ?? NO_METRICS);
  }

  async readPointer(): Promise<{ pointer: CatalogPointer; etag: string } | null> {
    const object = await this.store.get(layout.catalogPointer);
    return object ? { pointer: parseJson<CatalogPointer>(layout.catalogPointer, object.body), etag: object.etag } : null;
  }

  async readSnapshot(snapshotId: string): Promise<CatalogSnapshot | null> {
    const cached = this.snapshots.get(snapshotId);
    if (cached) return cached;
    const object = await this.store.get(layout.catalogSnapshot(snapshotId));
    if (!object) return null;
    const snapshot = parseJson<CatalogSnapshot>(layout.catalogSnapshot(snapshotId), object.body);
    if (this.snapshots.size > 256) this.snapshots.clear();
    this.snapshots.set(snapshotId, snapshot);
    return snapshot;
  }

  /** The current snapshot; NOT_INITIALIZED when the pointer or its snapshot is missing. */
  async view(): Promise<CatalogView> {
    const current = await this.readPointer();
    if (!current) throw new NotInitializedError('the catalog pointer is missing');
    const snapshot = await this.readSnapshot(current.pointer.snapshot_id);
    if (!snapshot) throw new NotInitializedError(`the current snapshot ${current.pointer.snapshot_id} is missing`);
    return this.viewOf(snapshot);
  }

  viewOf(snapshot: CatalogSnapshot): CatalogView {
    const nodes = this.nodes;
    return {
      snapshot,
      get: <T>(key: string) => readThrough(getValue(nodes, snapshot.root, key)) as Promise<T | null>,
      list: <T>(prefix: string, options: CatalogListOptions<T>) => listPage<T>(nodes, snapshot.root, prefix, options),
      entries: <T>(prefix: string, options: { after?: string; reverse?: boolean } = {}) => scanEntries<T>(nodes, snapshot.root, prefix, options),
    };
  }

  /**
   * Runs `change` against the latest snapshot and commits what it wrote. `change` may run more
   * than once (after a lost race), so it must only read and write through `tx`. Its result or
   * error is returned once the commit is settled.
   */
  mutate<T>(reason: string, change: (tx: CatalogTx) => Promise<T> | T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ reason, run: async (tx) => change(tx), resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) void this.drain();
    });
  }

  /** Creates the first snapshot of an empty store; never touches a store that holds data. */
  async initialize(): Promise<InitializeOutcome> {
    const current = await this.readPointer();
    if (current) return (await this.readSnapshot(current.pointer.snapshot_id)) ? 'existing' : 'recovery-required';
    if (await this.holdsData()) return 'recovery-required';
    const snapshot = await this.writeSnapshot(EMPTY_TREE, null, 'initialize');
    try {
      await this.swapPointer(snapshot, null);
      return 'created';
    } catch (error) {
      await this.discardSnapshot(snapshot.id);
      if (error instanceof PreconditionFailedError) return 'existing';
      throw error;
    }
  }

  async holdsData(): Promise<boolean> {
    for (const prefix of layout.dataPrefixes) {
      if ((await this.store.list(prefix, { limit: 1 })).items.length > 0) return true;
    }
    return false;
  }

  /** Stores an immutable snapshot following `parent` (the snapshot it replaces; null for the first). */
  async writeSnapshot(root: TreeRoot, parent: Pick<CatalogSnapshot, 'id' | 'generation'> | null, reason: string): Promise<CatalogSnapshot> {
    const snapshot: CatalogSnapshot = {
      schema_version: 1,
      id: newSnapshotId(this.now().getTime()),
      generation: (parent?.generation ?? 0) + 1,
      parent_id: parent?.id ?? null,
      root,
      created_at: this.now().toISOString(),
      reason,
    };
    await this.store.put(layout.catalogSnapshot(snapshot.id), jsonBody(snapshot), { ifNoneMatch: '*' });
    return snapshot;
  }

  /** Points the catalog at `snapshot` if the pointer still has `expectedEtag` (null: no pointer yet). */
  async swapPointer(snapshot: CatalogSnapshot, expectedEtag: string | null): Promise<string> {
    const pointer: CatalogPointer = {
      schema_version: 1,
      snapshot_id: snapshot.id,
      generation: snapshot.generation,
      updated_at: this.now().toISOString(),
    };
    const condition = expectedEtag === null ? { ifNoneMatch: '*' as const } : { ifMatch: expectedEtag };
    const { etag } = await this.store.put(layout.catalogPointer, jsonBody(pointer), condition);
    this.snapshots.set(snapshot.id, snapshot);
    return etag;
  }

  async discardSnapshot(snapshotId: string): Promise<void> {
    this.snapshots.delete(snapshotId);
    await this.store.delete(layout.catalogSnapshot(snapshotId)).catch(() => {});
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0) await this.commit(this.queue.splice(0, this.maxBatch));
    } finally {
      this.draining = false;
    }
  }

  private async commit(batch: Pending[]): Promise<void> {
    let lastError: unknown;
    for (let attempt = 0; attempt < this.retry.attempts; attempt++) {
      if (attempt > 0) await sleep(backoffDelay(this.retry, attempt));
      let outcomes: { ok: boolean; value: unknown }[];
      try {
        const current = await this.readPointer();
        if (!current) throw new NotInitializedError('the catalog pointer is missing');
        const base = await this.readSnapshot(current.pointer.snapshot_id);
        if (!base) throw new NotInitializedError(`the current snapshot ${current.pointer.snapshot_id} is missing`);
        const writes = new Map<string, TreeOp>();
        outcomes = [];
        for (const pending of batch) outcomes.push(await runIsolated(pending, base.root, writes, this.nodes));
        if (writes.size > 0) {
          const root = await applyOps(this.nodes, base.root, writes);
          const snapshot = await this.writeSnapshot(root, base, batch.map((p) => p.reason).join(','));
          this.cas.attempts.add(1);
          try {
            await this.swapPointer(snapshot, current.etag);
          } catch (error) {
            await this.discardSnapshot(snapshot.id);
            throw error;
          }
        }
      } catch (error) {
        if (error instanceof PreconditionFailedError) {
          this.cas.conflicts.add(1);
          lastError = error;
          continue;
        }
        for (const pending of batch) pending.reject(error);
        return;
      }
      batch.forEach((pending, index) => {
        const outcome = outcomes[index]!;
        if (outcome.ok) pending.resolve(outcome.value);
        else pending.reject(outcome.value);
      });
      return;
    }
    this.cas.exhausted.add(1);
    const busy = new HubError('SERVICE_UNAVAILABLE', 'the catalog is busy with concurrent changes; retry shortly', undefined, {
      cause: lastError,
      retryAfterSeconds: 1,
    });
    for (const pending of batch) pending.reject(busy);
  }
}

interface CasMetrics {
  attempts: Counter;
  conflicts: Counter;
  exhausted: Counter;
}

/** Contention on the one mutable pointer shows as conflicts first, then as exhausted batches (503s). */
function casMetrics(metrics: Metrics): CasMetrics {
  const counters: CasMetrics = {
    attempts: metrics.counter('catalog.cas.attempts', { description: 'Catalog pointer swaps attempted (one per batch try)', unit: '{attempt}' }),
    conflicts: metrics.counter('catalog.cas.conflicts', { description: 'Catalog pointer swaps lost to another writer', unit: '{conflict}' }),
    exhausted: metrics.counter('catalog.cas.retries_exhausted', {
      description: 'Catalog batches given up after every retry lost (answered SERVICE_UNAVAILABLE)',
      unit: '{batch}',
    }),
  };
  // Exported as 0 from the start, so alerts on an increase work before the first conflict.
  for (const counter of Object.values(counters)) counter.add(0);
  return counters;
}

/** Runs one mutation on top of the batch's writes; its own writes are dropped if it fails. */
async function runIsolated(
  pending: Pending,
  root: TreeRoot,
  writes: Map<string, TreeOp>,
  nodes: ObjectStoreNodeStore,
): Promise<{ ok: boolean; value: unknown }> {
  const own = new Map<string, TreeOp>();
  const tx: CatalogTx = {
    async get<T>(key: string) {
      const op = own.has(key) ? own.get(key) : writes.get(key);
      if (op !== undefined) return (op === DELETE ? null : structuredClone(op)) as T | null;
      return (await readThrough(getValue(nodes, root, key))) as T | null;
    },
    put: (key, value) => void own.set(key, structuredClone(value)),
    delete: (key) => void own.set(key, DELETE),
  };
  try {
    const value = await pending.run(tx);
    for (const [key, op] of own) writes.set(key, op);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, value: error };
  }
}

async function readThrough(read: Promise<unknown>): Promise<unknown> {
  try {
    return (await read) ?? null;
  } catch (error) {
    if (error instanceof CatalogNodeMissingError) throw new NotInitializedError(error.message);
    throw error;
  }
}

async function* scanEntries<T>(
  nodes: ObjectStoreNodeStore,
  root: TreeRoot,
  prefix: string,
  options: { after?: string; reverse?: boolean },
): AsyncGenerator<{ key: string; value: T }> {
  try {
    for await (const [key, value] of scan(nodes, root, { prefix, ...options })) yield { key, value: value as T };
  } catch (error) {
    if (error instanceof CatalogNodeMissingError) throw new NotInitializedError(error.message);
    throw error;
  }
}

async function listPage<T>(nodes: ObjectStoreNodeStore, root: TreeRoot, prefix: string, options: CatalogListOptions<T>): Promise<CatalogPage<T>> {
  const reverse = options.reverse ?? false;
  const after = options.cursor ? decodeCursor(prefix, reverse, options.cursor) : undefined;
  const items: { key: string; value: T }[] = [];
  let more = false;
  try {
    for await (const [key, value] of scan(nodes, root, { prefix, reverse, ...(after !== undefined ? { after } : {}) })) {
      if (options.filter && !options.filter(value as T)) continue;
      if (items.length === options.limit) {
        more = true;
        break;
      }
      items.push({ key, value: value as T });
    }
  } catch (error) {
    if (error instanceof CatalogNodeMissingError) throw new NotInitializedError(error.message);
    throw error;
  }
  const last = items.at(-1);
  return { items, nextCursor: more && last ? encodeCursor(prefix, reverse, last.key) : null };
}

function encodeCursor(prefix: string, reverse: boolean, key: string): string {
  return Buffer.from(JSON.stringify({ p: prefix, r: reverse, k: key }), 'utf8').toString('base64url');
}

function decodeCursor(prefix: string, reverse: boolean, cursor: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { p?: unknown; r?: unknown; k?: unknown };
    if (parsed.p === prefix && parsed.r === reverse && typeof parsed.k === 'string' && parsed.k.startsWith(prefix)) {
      return parsed.k;
    }
  } catch {
    // fall through to the refusal below
  }
  throw new InvalidCursorError();
}
