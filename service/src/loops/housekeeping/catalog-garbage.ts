import type { Catalog, CatalogSnapshot } from '../../core/catalog/catalog.js';
import { SNAPSHOT_ID_PATTERN } from '../../core/ids.js';
import type { ObjectStore } from '../../core/ports/object-store.js';
import { layout } from '../../core/storage-layout.js';
import type { HousekeepingTask } from '../maintenance-loop.js';
import { markReachable, sweepNodes } from './catalog-nodes.js';
import { lastSegment, listObjects } from './scan.js';

export interface CatalogGarbageOptions {
  /** Snapshots younger than this are kept. Default 7 days. */
  keepForMs?: number;
  /** The current snapshot's nearest ancestors and the newest snapshots, this many of each, are kept. Default 50. */
  keepLast?: number;
  /**
   * Nodes and snapshots younger than this are never deleted, whatever references them. Default 1 hour:
   * a writer in flight has written nodes (and perhaps its snapshot) that no pointer names yet.
   */
  graceMs?: number;
  /** Snapshot and node deletions per cycle, each. Default 5000. */
  maxDeletes?: number;
  budgetMs?: number;
}

export const CATALOG_GARBAGE_DEFAULTS = {
  keepForMs: 7 * 24 * 3600_000,
  keepLast: 50,
  graceMs: 3600_000,
  maxDeletes: 5_000,
  budgetMs: 5 * 60_000,
} as const;

interface ListedSnapshot {
  id: string;
  lastModified: number;
}

/**
 * Catalog garbage: snapshots outside the kept set, then the nodes no kept snapshot references.
 * Nodes are collected only once every unkept snapshot is gone, so an interrupted cycle never
 * leaves a snapshot pointing at deleted nodes. A store without a readable current snapshot is
 * left alone: recovery may need everything in it.
 */
export function catalogGarbageTask(store: ObjectStore, catalog: Catalog, options: CatalogGarbageOptions = {}): HousekeepingTask {
  const defaults = CATALOG_GARBAGE_DEFAULTS;
  const settings = {
    keepForMs: options.keepForMs ?? defaults.keepForMs,
    keepLast: options.keepLast ?? defaults.keepLast,
    graceMs: options.graceMs ?? defaults.graceMs,
    maxDeletes: options.maxDeletes ?? defaults.maxDeletes,
    budgetMs: options.budgetMs ?? defaults.budgetMs,
  };
  return {
    name: 'catalog',
    budgetMs: settings.budgetMs,
    async run({ signal, now, logger }) {
      const pointer = await catalog.readPointer();
      const current = pointer ? await catalog.readSnapshot(pointer.pointer.snapshot_id) : null;
      if (!pointer || !current) return { skipped: 'no current snapshot' };

      const listed: ListedSnapshot[] = [];
      for await (const item of listObjects(store, layout.catalogSnapshotsPrefix, signal)) {
        const id = lastSegment(item.key);
        // Anything that is not a snapshot id was not written by the catalog; leave it be.
        if (SNAPSHOT_ID_PATTERN.test(id)) listed.push({ id, lastModified: item.lastModified });
      }
      const result = { snapshots_kept: 0, snapshots_deleted: 0, nodes_examined: 0, nodes_deleted: 0, nodes_restored: 0, partial: true };
      if (signal.aborted) return result;

      const kept = await keptSnapshots(catalog, current, listed, settings, now);
      result.snapshots_kept = kept.size;
      const doomed = listed.filter((snapshot) => !kept.has(snapshot.id));
      for (const snapshot of doomed) {
        if (signal.aborted || result.snapshots_deleted >= settings.maxDeletes) return result;
        await store.delete(layout.catalogSnapshot(snapshot.id));
        result.snapshots_deleted++;
      }

      const mark = await markReachable(catalog, kept, signal);
      if (mark.aborted) return result;
      if (mark.incomplete.includes(current.id)) {
        throw new Error(`the current catalog snapshot ${current.id} names missing nodes; node collection stops until catalog recovery`);
      }
      if (mark.incomplete.length > 0) {
        logger.warn({ event: 'catalog_snapshot_incomplete', snapshot_ids: mark.incomplete }, 'catalog_snapshot_incomplete');
      }
      const nodes = await sweepNodes(store, catalog, mark.marked, {
        signal,
        now,
        graceMs: settings.graceMs,
        maxDeletes: settings.maxDeletes,
        markedPointerEtag: pointer.etag,
      });
      return {
        ...result,
        nodes_examined: nodes.examined,
        nodes_deleted: nodes.deleted,
        nodes_restored: nodes.restored,
        partial: nodes.partial,
      };
    },
  };
}

/**
 * The current snapshot; its `keepLast` nearest ancestors (what `recover --snapshot` rolls back
 * to); the `keepLast` newest snapshots (ids are time-ordered), which covers history whose parent
 * chain was cut by a recovery; and everything younger than the retention or the grace period.
 */
async function keptSnapshots(
  catalog: Catalog,
  current: CatalogSnapshot,
  listed: ListedSnapshot[],
  settings: Required<Pick<CatalogGarbageOptions, 'keepForMs' | 'keepLast' | 'graceMs'>>,
  now: number,
): Promise<Set<string>> {
  const kept = new Set([current.id]);
  let cursor: CatalogSnapshot | null = current;
  for (let depth = 0; depth < settings.keepLast && cursor?.parent_id; depth++) {
    kept.add(cursor.parent_id);
    cursor = await catalog.readSnapshot(cursor.parent_id);
  }
  const newestFirst = listed
    .map((snapshot) => snapshot.id)
    .sort()
    .reverse();
  for (const id of newestFirst.slice(0, settings.keepLast)) kept.add(id);
  const minAgeMs = Math.max(settings.keepForMs, settings.graceMs);
  for (const snapshot of listed) if (now - snapshot.lastModified < minAgeMs) kept.add(snapshot.id);
  return kept;
}
