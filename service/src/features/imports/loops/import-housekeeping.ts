import { SNAPSHOT_RETENTION_MS, type ImportRecord } from '../core/import-model.js';
import { IMPORT_ID_PATTERN } from '../../../core/ids.js';
import { parseJson } from '../../../core/store/cas.js';
import type { ObjectInfo, ObjectStore } from '../../../core/ports/object-store.js';
import { layout } from '../../../core/storage-layout.js';
import type { HousekeepingTask } from '../../../loops/maintenance-loop.js';
import type { RecordSweepOptions } from '../../../loops/housekeeping/expired-records.js';
import { listObjects } from '../../../loops/housekeeping/scan.js';

const DEFAULT_MAX_DELETES = 5_000;

/** The creation time an import id begins with (ids are time-ordered), or null. */
function createdAtOf(importId: string): number | null {
  if (!IMPORT_ID_PATTERN.test(importId)) return null;
  const at = parseInt(importId.slice(4, 13), 36);
  return Number.isFinite(at) ? at : null;
}

/** The `imports/<pid>/<iid>/` prefix a key belongs to, or null for a key that is not an import's. */
function importPrefixOf(key: string): { prefix: string; projectId: string; importId: string } | null {
  const [root, projectId, importId] = key.split('/');
  if (`${root}/` !== layout.importsPrefix || !projectId || !importId) return null;
  return { prefix: `${root}/${projectId}/${importId}/`, projectId, importId };
}

interface ImportKeys {
  prefix: string;
  importId: string;
  keys: ObjectInfo[];
}

interface SweepCounts {
  imports: number;
  snapshots_deleted: number;
  imports_deleted: number;
  deleted: number;
  unreadable: number;
}

/**
 * Retention of notebook imports (docs/imports.md): 24 hours after an upload its folder snapshot is deleted
 * (the import then shows its files as expired), and 7 days after that the record and the
 * per-notebook receipts go too, the record last so an interrupted pass finds the import again.
 * Readers already treat an import by its times, so deletion only reclaims space. File contents are
 * content-addressed blobs shared with workspaces: the `blobs` task deletes them once nothing names
 * them.
 */
export function notebookImportsTask(store: ObjectStore, options: RecordSweepOptions = {}): HousekeepingTask {
  const maxDeletes = options.maxDeletes ?? DEFAULT_MAX_DELETES;
  return {
    name: 'notebook_imports',
    budgetMs: options.budgetMs,
    async run({ signal, now }) {
      const counts: SweepCounts = { imports: 0, snapshots_deleted: 0, imports_deleted: 0, deleted: 0, unreadable: 0 };
      let group: ImportKeys | undefined;
      let partial = false;
      for await (const item of listObjects(store, layout.importsPrefix, signal)) {
        const owner = importPrefixOf(item.key);
        if (!owner) continue;
        if (group?.prefix !== owner.prefix) {
          if (group) await sweepImport(store, group, now, counts);
          group = undefined;
          if (counts.deleted >= maxDeletes || signal.aborted) {
            partial = true;
            break;
          }
          group = { prefix: owner.prefix, importId: owner.importId, keys: [] };
        }
        group.keys.push(item);
      }
      if (group) await sweepImport(store, group, now, counts);
      return { ...counts, partial: partial || signal.aborted };
    },
  };
}

async function sweepImport(store: ObjectStore, group: ImportKeys, now: number, counts: SweepCounts): Promise<void> {
  counts.imports++;
  const createdAt = createdAtOf(group.importId);
  // Young imports are left without reading anything: nothing of theirs can be due yet.
  if (createdAt !== null && now < createdAt + SNAPSHOT_RETENTION_MS) return;
  const recordKey = `${group.prefix}record`;
  const snapshotKey = `${group.prefix}snapshot`;
  const remove = async (key: string) => {
    await store.delete(key);
    counts.deleted++;
  };
  const recordItem = group.keys.find((item) => item.key === recordKey);
  if (!recordItem) {
    // An upload that failed between its snapshot and its record, or a deletion cut short.
    for (const item of group.keys) if (now - item.lastModified > SNAPSHOT_RETENTION_MS) await remove(item.key);
    return;
  }
  const object = await store.get(recordKey);
  if (!object) return;
  let record: ImportRecord;
  try {
    record = parseJson<ImportRecord>(recordKey, object.body);
  } catch {
    counts.unreadable++;
    return;
  }
  const expiresAt = Date.parse(record.expires_at);
  const filesExpireAt = Date.parse(record.files_expire_at);
  if (Number.isNaN(expiresAt) || Number.isNaN(filesExpireAt)) {
    counts.unreadable++;
    return;
  }
  if (now >= expiresAt) {
    for (const item of group.keys) if (item.key !== recordKey) await remove(item.key);
    await remove(recordKey);
    counts.imports_deleted++;
  } else if (now >= filesExpireAt && group.keys.some((item) => item.key === snapshotKey)) {
    await remove(snapshotKey);
    counts.snapshots_deleted++;
  }
}
