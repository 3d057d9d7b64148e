import type { SecurityLabels } from '../policy/security-labels.js';
import { catalogKeys } from '../storage-layout.js';
import type { RuntimeInfo } from './marimo-source.js';
import type { NotebookIntegrations } from './notebook-integrations.js';

export type NotebookStatus = 'draft' | 'active' | 'archived' | 'deleted';

export interface LocalSource {
  type: 'local';
  current_version_id: string;
}

/** A notebook synced from a Git repository (docs/git.md). */
export interface GitSource {
  type: 'git';
  provider: string | null;
  repo: string;
  branch: string;
  root_path: string;
  entry_notebook: string;
  sync_mode: 'push' | 'pull';
  current_version_id: string | null;
  commit: string | null;
  last_synced_at: string | null;
  pending_config?: GitSourceConfig;
}

/** Where a Git source reads from (docs/git.md). */
export interface GitSourceConfig {
  repo: string;
  branch: string;
  root_path: string;
  entry_notebook: string;
}

export type NotebookSource = LocalSource | GitSource;

/**
 * Where a notebook or version pushed from another hub was first made (docs/remotes.md): that hub's
 * id and the thing's id there. A retried push with the same origin finds what the first one made.
 */
export interface RecordOrigin {
  hub_id: string;
  id: string;
}

/** One immutable revision of a notebook's metadata: `records/notebooks/<pid>/<nid>/<revision>`. */
export interface NotebookRevision {
  schema_version: 1;
  revision: string;
  parent_revision: string | null;
  id: string;
  project_id: string;
  title: string;
  description: string;
  status: NotebookStatus;
  author: string;
  created_at: string;
  updated_at: string;
  last_run_at: string | null;
  tags: string[];
  runtime?: RuntimeInfo;
  base_image: string | null;
  compute_profile: string | null;
  security_labels: SecurityLabels | null;
  /** Which integrations its sandboxes receive (docs/project-secrets.md). Absent on older records: the default. */
  integrations?: NotebookIntegrations;
  /** Where the notebook file sits in its workspace (`notebook.py`, `analysis/report.py`). */
  entry_file: string;
  source: NotebookSource;
  /** Versions something still depends on (a session, a job run): pruning keeps them. */
  pinned_versions: string[];
  /** Set when another hub's push created the notebook; kept by every later revision. */
  origin?: RecordOrigin;
  written_by: string;
}

/** What the catalog keeps per notebook: the listing fields, the current version and revision. */
export interface NotebookCatalogEntry {
  id: string;
  project_id: string;
  title: string;
  description: string;
  status: NotebookStatus;
  source_type: 'local' | 'git';
  author: string;
  created_at: string;
  updated_at: string;
  tags: string[];
  last_run_at: string | null;
  compute_profile: string | null;
  security_labels: SecurityLabels | null;
  current_version_id: string | null;
  revision: string;
}

export interface SnapshotDescriptor {
  captured_at: string;
  bytes: number;
}

/** NotebookVersion as the catalog keeps it (docs/notebooks.md). */
export interface NotebookVersion {
  version_id: string;
  notebook_id: string;
  saved_at: string;
  author: string;
  message: string;
  parent_id: string | null;
  html_snapshot?: SnapshotDescriptor;
  /** The commit a Git sync made this version from, and where in the repository it read. */
  commit?: string;
  git_source?: GitSourceConfig;
  /** The version another hub pushed this one from (written in the same transaction as the version). */
  origin?: RecordOrigin;
}

export function notebookCatalogKey(notebook: Pick<NotebookRevision, 'project_id' | 'id' | 'status'>): string {
  return notebook.status === 'deleted' ? catalogKeys.deletedNotebook(notebook.project_id, notebook.id) : catalogKeys.notebook(notebook.project_id, notebook.id);
}

export function notebookEntryOf(notebook: NotebookRevision): NotebookCatalogEntry {
  return {
    id: notebook.id,
    project_id: notebook.project_id,
    title: notebook.title,
    description: notebook.description,
    status: notebook.status,
    source_type: notebook.source.type,
    author: notebook.author,
    created_at: notebook.created_at,
    updated_at: notebook.updated_at,
    tags: notebook.tags,
    last_run_at: notebook.last_run_at,
    compute_profile: notebook.compute_profile,
    security_labels: notebook.security_labels,
    current_version_id: notebook.source.current_version_id,
    revision: notebook.revision,
  };
}

/** The statuses a notebook may move to from each status; `deleted` is final and has its own route. */
export const STATUS_MOVES: Readonly<Record<NotebookStatus, readonly NotebookStatus[]>> = {
  draft: ['draft', 'active', 'archived'],
  active: ['active', 'archived'],
  archived: ['archived', 'active'],
  deleted: [],
};
