import {
  STALE_CLAIM_MS,
  type ImportRecord,
  type ImportSnapshot,
  type NotebookImportEntry,
  type NotebookImportView,
  type NotebookReceipt,
} from './import-model.js';
import { neighbourFiles } from './notebook-detection.js';

/** Whether the folder snapshot may still be used at `now` (its deletion may lag behind). */
export function filesAvailable(record: ImportRecord, now: Date): boolean {
  return now.getTime() < Date.parse(record.files_expire_at);
}

/** Whether a claim is still held by a live request rather than left behind by a crashed one. */
export function isLiveClaim(receipt: NotebookReceipt, now: Date): boolean {
  return receipt.state === 'creating' && now.getTime() - Date.parse(receipt.claimed_at) < STALE_CLAIM_MS;
}

/**
 * The import as the API shows it: each notebook's state comes from its receipt first (`imported`
 * stays true after the files expired), then from detection (`invalid`), then from the snapshot.
 */
export function importViewOf(
  record: ImportRecord,
  snapshot: ImportSnapshot | null,
  receipts: ReadonlyMap<number, NotebookReceipt>,
  now: Date,
): NotebookImportView {
  const available = snapshot !== null && filesAvailable(record, now);
  const notebookPaths = new Set(record.notebooks.map((notebook) => notebook.path));
  const notebooks = record.notebooks.map((detected, index): NotebookImportEntry => {
    const receipt = receipts.get(index);
    const { path, folder, entry_file, title, file_count, bytes } = detected;
    const workspace_files = available ? neighbourFiles(folder, snapshot.files, notebookPaths).map((file) => file.workspacePath) : null;
    const base = { path, folder, entry_file, title, file_count, bytes, workspace_files };
    if (receipt?.state === 'imported') {
      return { ...base, state: 'imported', notebook_id: receipt.notebook_id!, imported_at: receipt.imported_at!, imported_by: receipt.actor };
    }
    if (detected.state === 'invalid') return { ...base, state: 'invalid', reason: detected.reason!, message: detected.message! };
    if (!available) return { ...base, state: 'expired' };
    return { ...base, state: receipt && isLiveClaim(receipt, now) ? 'importing' : 'ready' };
  });
  return {
    id: record.id,
    project_id: record.project_id,
    created_at: record.created_at,
    created_by: record.created_by,
    state: available ? 'available' : 'files_expired',
    files_expire_at: record.files_expire_at,
    expires_at: record.expires_at,
    archive_bytes: record.archive_bytes,
    file_count: record.file_count,
    folder_count: record.folder_count,
    total_bytes: record.total_bytes,
    ignored_count: record.ignored_count,
    notebooks,
  };
}
