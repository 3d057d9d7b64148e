/** docs/imports.md: the folder snapshot is kept 24 hours, per-notebook receipts 7 days after that. */
export const SNAPSHOT_RETENTION_MS = 24 * 3600_000;
export const RECEIPT_RETENTION_MS = 7 * 24 * 3600_000;

/** Why a detected notebook cannot be imported. */
export type InvalidReason = 'not_utf8' | 'contains_nul' | 'too_large' | 'unsupported_name';

/** A marimo notebook found in the folder, as the import record keeps it. */
export interface DetectedNotebook {
  /** Its path in the folder. */
  path: string;
  /** Its folder in the archive (`''` for the top level): that folder becomes the new workspace. */
  folder: string;
  /** Where the notebook file goes in the new workspace. */
  entry_file: string;
  /** The title a created notebook gets unless the request names one (`app_title`, else the file name). */
  title: string;
  state: 'ready' | 'invalid';
  reason?: InvalidReason;
  message?: string;
  /** The neighbouring files that come with it, and their total size. */
  file_count: number;
  bytes: number;
}

/** `imports/<pid>/<iid>/record`: what the uploaded folder held. Immutable. */
export interface ImportRecord {
  schema_version: 1;
  id: string;
  project_id: string;
  created_at: string;
  created_by: string;
  /** When the folder snapshot stops being usable (created_at + 24 h). */
  files_expire_at: string;
  /** When the whole import, receipts included, is gone (files_expire_at + 7 days). */
  expires_at: string;
  archive_bytes: number;
  file_count: number;
  folder_count: number;
  total_bytes: number;
  /** Operating-system clutter left out (`__MACOSX/`, `.DS_Store`, `Thumbs.db`, `__pycache__/`). */
  ignored_count: number;
  notebooks: DetectedNotebook[];
}

export interface SnapshotFile {
  path: string;
  blob: string;
  size: number;
  mime_type: string;
}

/** `imports/<pid>/<iid>/snapshot`: the folder's content, deleted 24 hours after the upload. */
export interface ImportSnapshot {
  schema_version: 1;
  import_id: string;
  files: SnapshotFile[];
  /** Every folder, empty or not, so empty ones survive into a workspace. */
  directories: string[];
}

/**
 * `imports/<pid>/<iid>/notebooks/<n>` (n: the notebook's position in the record). Written once as
 * a claim before the notebook is created, then swapped to `imported`; a claim that a crashed
 * request left behind can be taken over after {@link STALE_CLAIM_MS}.
 */
export interface NotebookReceipt {
  schema_version: 1;
  import_id: string;
  path: string;
  state: 'creating' | 'imported';
  actor: string;
  claimed_at: string;
  notebook_id?: string;
  imported_at?: string;
}

export const STALE_CLAIM_MS = 5 * 60_000;

/** A notebook's state as the import reports it. */
export type NotebookImportState = 'ready' | 'importing' | 'imported' | 'invalid' | 'expired';

export interface NotebookImportEntry {
  path: string;
  folder: string;
  entry_file: string;
  title: string;
  state: NotebookImportState;
  reason?: InvalidReason;
  message?: string;
  notebook_id?: string;
  imported_at?: string;
  imported_by?: string;
  file_count: number;
  bytes: number;
  /** The workspace the notebook gets (paths relative to its folder); null once the files expired. */
  workspace_files: string[] | null;
}

/** The import as the API shows it. */
export interface NotebookImportView extends Omit<ImportRecord, 'schema_version' | 'notebooks'> {
  state: 'available' | 'files_expired';
  notebooks: NotebookImportEntry[];
}
