/** WorkspaceItem (docs/workspace.md). */
export interface WorkspaceItem {
  path: string;
  name: string;
  kind: 'file' | 'directory';
  size?: number;
  /** Milliseconds since the epoch. */
  modified_at?: number;
  mime_type?: string;
}

export type WorkspaceOperation = 'create' | 'write' | 'move' | 'copy' | 'delete';
export type ReadOnlyReason = 'git_source' | 'viewer' | 'active_session';

/** WorkspaceAccess (docs/workspace.md). */
export interface WorkspaceAccess {
  writable: boolean;
  read_only_reason: ReadOnlyReason | null;
  protected_paths: { path: string; denied_operations: WorkspaceOperation[] }[];
}

/** One file of a manifest: its bytes are the blob named by its SHA-256. */
export interface WorkspaceFile {
  path: string;
  /** Lower-case hex SHA-256 of the content. */
  blob: string;
  size: number;
  /** Milliseconds since the epoch. */
  modified_at: number;
  mime_type: string;
}

/**
 * The whole content of a workspace at one moment: immutable once written. Folders are implied by
 * the files inside them; only empty ones are listed.
 */
export interface WorkspaceManifest {
  schema_version: 1;
  id: string;
  parent: string | null;
  project_id: string;
  notebook_id: string;
  created_at: string;
  written_by: string;
  /** Sorted by path. An array rather than an object so that no name can collide with a prototype key. */
  files: WorkspaceFile[];
  directories: string[];
}

/** The one mutable object of a workspace: names its current manifest; moved only by compare-and-swap. */
export interface WorkspaceHead {
  schema_version: 1;
  manifest: string;
  updated_at: string;
}

/** What a workspace's head and manifest look like before anything was ever written. */
export function emptyManifest(projectId: string, notebookId: string): WorkspaceManifest {
  return {
    schema_version: 1,
    id: '',
    parent: null,
    project_id: projectId,
    notebook_id: notebookId,
    created_at: new Date(0).toISOString(),
    written_by: '',
    files: [],
    directories: [],
  };
}
