import { createHash } from 'node:crypto';
import type { Catalog, CatalogPointer, CatalogSnapshot } from '../catalog/catalog.js';
import { CatalogNodeMissingError } from '../catalog/node-store.js';
import { scan, type TreeRoot } from '../catalog/tree.js';
import type { ObjectStore } from '../ports/object-store.js';
import { CATALOG_SOURCES, type CatalogSource, type DiscoverySink, type Problem } from './sources.js';

export type RecoveryMode = { mode: 'rebuild' } | { mode: 'snapshot'; snapshotId: string };

/**
 * A check of records outside the catalog that a capability keeps (a job's run history): it reports
 * broken ones as errors, which block apply, and the records it read, which the report token covers.
 */
export interface RecordCheck {
  /** What it checks, for the progress lines ("job history indexes"). */
  name: string;
  check(store: ObjectStore, sink: DiscoverySink): Promise<void>;
}

/** What a recovery looks at: the catalog's sources, and the capabilities' record checks. */
export interface RecoveryExtent {
  sources?: readonly CatalogSource[];
  checks?: readonly RecordCheck[];
}

export interface RecoveryReport {
  schema_version: 1;
  mode: 'rebuild' | 'snapshot';
  snapshot_id: string | null;
  storage: string;
  current: {
    state: 'ok' | 'missing' | 'snapshot-missing' | 'unreadable';
    snapshot_id: string | null;
    generation: number | null;
    entries: number | null;
  };
  proposed: { entries: number; by_prefix: Record<string, number> };
  changes: {
    added: number;
    removed: number;
    changed: number;
    unchanged: number;
    samples: { added: string[]; removed: string[]; changed: string[] };
  };
  records_referenced: number;
  warnings: Problem[];
  errors: Problem[];
  /** True when errors block apply. */
  blocking: boolean;
  generated_at: string;
  /** Pass to `--apply`; any change to the report or the records it covers makes it stale. */
  report_token: string;
}

export interface RecoveryPlan {
  report: RecoveryReport;
  /** The catalog content the plan would install. */
  entries: Map<string, unknown>;
  /** Snapshot mode: the snapshot whose tree is reinstated. */
  sourceSnapshot: CatalogSnapshot | null;
  pointer: { pointer: CatalogPointer; etag: string } | null;
}

const SAMPLE_SIZE = 20;

/** The dry run: what recovery would install, what changes, and what stands in the way. */
export async function planRecovery(
  store: ObjectStore,
  catalog: Catalog,
  request: RecoveryMode,
  progress: (message: string) => void = () => {},
  { sources = CATALOG_SOURCES, checks = [] }: RecoveryExtent = {},
): Promise<RecoveryPlan> {
  const warnings: Problem[] = [];
  const errors: Problem[] = [];
  const records = new Set<string>();
  const entries = new Map<string, unknown>();
  const sink: DiscoverySink = {
    entry: (key, value) => void entries.set(key, value),
    proposed: (key) => entries.get(key),
    record: (key) => void records.add(key),
    warn: (problem) => void warnings.push(problem),
    error: (problem) => void errors.push(problem),
    progress,
  };

  const pointer = await catalog.readPointer();
  const current = await readCurrent(catalog, pointer, warnings);
  progress(`current catalog: ${current.summary.state}`);

  let sourceSnapshot: CatalogSnapshot | null = null;
  if (request.mode === 'rebuild') {
    sink.warn({
      code: 'REBUILD_FROM_RECORDS',
      message:
        'the catalog is rebuilt from the newest revision of every stored record; catalog history is not carried over, and a change whose commit was interrupted may reappear',
    });
    for (const source of sources) {
      progress(`discovering ${source.name}`);
      await source.discover(store, sink);
    }
  } else {
    sourceSnapshot = await catalog.readSnapshot(request.snapshotId);
    if (!sourceSnapshot) {
      sink.error({ code: 'SNAPSHOT_NOT_FOUND', message: `snapshot ${request.snapshotId} does not exist` });
    } else {
      progress(`verifying snapshot ${sourceSnapshot.id} (${sourceSnapshot.root.count} entries)`);
      await collectTree(catalog, sourceSnapshot.root, entries, (key) =>
        sink.error({ code: 'SNAPSHOT_INCOMPLETE', key, message: 'a node of the snapshot is missing or corrupt' }),
      );
      for (const [key, value] of entries) {
        const source = sources.find((candidate) => candidate.catalogPrefixes.some((prefix) => key.startsWith(prefix)));
        if (source) await source.verify(store, key, value, sink);
        else sink.warn({ code: 'UNKNOWN_ENTRY', key, message: 'entry of an unknown kind is reinstated as it is' });
      }
    }
  }

  for (const { name, check } of checks) {
    progress(`checking ${name}`);
    await check(store, sink);
  }

  const changes = diff(current.entries, entries);
  if (request.mode === 'snapshot' && changes.removed + changes.changed > 0) {
    sink.warn({
      code: 'CATALOG_ROLLBACK',
      message: `${changes.removed} current entries disappear and ${changes.changed} revert; their records stay in the store`,
    });
  }
  const byPrefix: Record<string, number> = {};
  for (const key of entries.keys()) {
    const prefix = `${key.split('/')[0]}/`;
    byPrefix[prefix] = (byPrefix[prefix] ?? 0) + 1;
  }
  const body = {
    schema_version: 1 as const,
    mode: request.mode,
    snapshot_id: request.mode === 'snapshot' ? request.snapshotId : null,
    storage: `${store.kind}:${store.location}`,
    current: current.summary,
    proposed: { entries: entries.size, by_prefix: byPrefix },
    changes,
    records_referenced: records.size,
    warnings,
    errors,
    blocking: errors.length > 0,
  };
  const token = reportToken(body, pointer?.etag ?? null, [...records].sort(), entries);
  return {
    report: { ...body, generated_at: new Date().toISOString(), report_token: token },
    entries,
    sourceSnapshot,
    pointer,
  };
}

async function readCurrent(
  catalog: Catalog,
  pointer: { pointer: CatalogPointer } | null,
  warnings: Problem[],
): Promise<{ summary: RecoveryReport['current']; entries: Map<string, unknown> }> {
  const entries = new Map<string, unknown>();
  if (!pointer) return { summary: { state: 'missing', snapshot_id: null, generation: null, entries: null }, entries };
  const base = { snapshot_id: pointer.pointer.snapshot_id, generation: pointer.pointer.generation };
  const snapshot = await catalog.readSnapshot(pointer.pointer.snapshot_id);
  if (!snapshot) return { summary: { state: 'snapshot-missing', ...base, entries: null }, entries };
  let unreadable = false;
  await collectTree(catalog, snapshot.root, entries, () => (unreadable = true));
  if (unreadable) {
    warnings.push({ code: 'CURRENT_UNREADABLE', message: 'the current catalog is partly unreadable; changes are counted against what could be read' });
  }
  return { summary: { state: unreadable ? 'unreadable' : 'ok', ...base, entries: entries.size }, entries };
}

async function collectTree(catalog: Catalog, root: TreeRoot, into: Map<string, unknown>, onMissing: (key: string) => void) {
  try {
    for await (const [key, value] of scan(catalog.nodes, root, { prefix: '' })) into.set(key, value);
  } catch (error) {
    if (!(error instanceof CatalogNodeMissingError)) throw error;
    onMissing(`node:${error.nodeId}`);
  }
}

function diff(current: Map<string, unknown>, proposed: Map<string, unknown>): RecoveryReport['changes'] {
  const added: string[] = [];
  const removed: string[] = [];
  const changed: string[] = [];
  let unchanged = 0;
  for (const [key, value] of proposed) {
    if (!current.has(key)) added.push(key);
    else if (canonical(current.get(key)) !== canonical(value)) changed.push(key);
    else unchanged++;
  }
  for (const key of current.keys()) if (!proposed.has(key)) removed.push(key);
  const sample = (keys: string[]) => keys.sort().slice(0, SAMPLE_SIZE);
  return {
    added: added.length,
    removed: removed.length,
    changed: changed.length,
    unchanged,
    samples: { added: sample(added), removed: sample(removed), changed: sample(changed) },
  };
}

function reportToken(body: object, pointerEtag: string | null, records: string[], entries: Map<string, unknown>): string {
  const hash = createHash('sha256');
  hash.update(canonical(body));
  hash.update(`\npointer:${pointerEtag ?? 'none'}\n`);
  for (const key of records) hash.update(`${key}\n`);
  for (const key of [...entries.keys()].sort()) hash.update(`${key}=${canonical(entries.get(key))}\n`);
  return `rpt_${hash.digest('base64url').slice(0, 43)}`;
}

/** JSON with object keys sorted, so equal values always serialize equally. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
