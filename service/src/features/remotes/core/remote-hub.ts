/*
 * What a hub needs of another hub it pulls from and pushes to (docs/remotes.md): the sync
 * protocol as seen by the pulling side. The team hub serves it under `/api/v1/sync`; the HTTP
 * adapter speaks it with the caller's token. Every call acts as the signed-in user: the team hub
 * checks that user's rights on each one.
 */

/** Which hub made a thing: keeps a retried push from making it twice. */
export interface SyncOrigin {
  /** The id of the hub the thing was first made in (GET /api/v1/sync/hub). */
  hub_id: string;
  /** The thing's id in that hub: a project, notebook or version id. */
  id: string;
}

export interface SyncHubInfo {
  hub_id: string;
  /** The hub's display name, for a person choosing what to pull. */
  name: string;
  /** The release of the hub software: a client refuses a protocol it does not speak. */
  version: string;
  /** The sync protocol's version; this port speaks 1. */
  protocol: 1;
}

export interface SyncProjectEntry {
  id: string;
  name: string;
  description: string;
  /** The caller's role in the project: a viewer may pull, not push. */
  role: 'viewer' | 'editor' | 'manager';
  updated_at: string;
}

export interface SyncNotebookEntry {
  id: string;
  title: string;
  description: string;
  entry_file: string;
  tags: string[];
  status: 'draft' | 'active' | 'archived';
  /** The notebook's current version; null for a notebook that has none yet (never a pushable state). */
  current_version_id: string | null;
  /** Every version id, newest first. */
  version_ids: string[];
  /** The workspace's current manifest; null when nothing was ever written to it. */
  workspace_manifest_id: string | null;
  /** Where the notebook came from when a push created it. */
  origin: SyncOrigin | null;
}

export interface SyncProjectManifest {
  project: { id: string; name: string; description: string; readme: string | null; updated_at: string };
  role: SyncProjectEntry['role'];
  /** Never copied by a pull: listed so that a person sees what the notebooks use when they run on the team hub. */
  integrations: { id: string; name: string; kind: string; scope: 'project' | 'organization' }[];
  notebooks: SyncNotebookEntry[];
}

export interface SyncVersion {
  version_id: string;
  notebook_id: string;
  saved_at: string;
  author: string;
  message: string;
  parent_id: string | null;
  /** The notebook's code at this version. */
  code: string;
  /** The version a push made this one from, in the hub that pushed it. */
  origin: SyncOrigin | null;
}

export interface SyncWorkspaceFile {
  path: string;
  /** Lower-case hex SHA-256 of the content: the blob to read. */
  blob: string;
  size: number;
  modified_at: number;
  mime_type: string;
}

export interface SyncWorkspaceManifest {
  id: string;
  files: SyncWorkspaceFile[];
  directories: string[];
}

export interface PushVersionInput {
  code: string;
  message: string;
  /** The team's version this one was made from: the push is refused with a conflict when it is no longer the current one. */
  base_version_id: string | null;
  /** This version in the pushing hub: a retry with the same origin answers with the version made the first time. */
  origin: SyncOrigin;
}

export type PushVersionResult =
  | { outcome: 'created' | 'replayed'; version_id: string }
  /** The team's notebook moved on since the base: nothing was written. */
  | { outcome: 'conflict'; current_version_id: string | null };

export interface PushWorkspaceInput {
  /** The team's manifest this workspace was made from; a different current manifest is a conflict. */
  base_manifest_id: string | null;
  files: SyncWorkspaceFile[];
  directories: string[];
}

export type PushWorkspaceResult =
  | { outcome: 'written' | 'unchanged'; manifest_id: string | null }
  | { outcome: 'conflict'; current_manifest_id: string | null }
  /** Blobs the team hub lacks: upload them, then push again. */
  | { outcome: 'missing_blobs'; missing: string[] };

export interface CreateNotebookInput {
  title: string;
  description: string;
  entry_file: string;
  tags: string[];
  /** The first version's code and message. */
  code: string;
  message: string;
  origin: SyncOrigin;
  version_origin: SyncOrigin;
}

export interface CreateProjectInput {
  name: string;
  description: string;
  readme: string | null;
  origin: SyncOrigin;
}

/** Why a call to a remote failed, in words a person can act on (REMOTE_* below). */
export type RemoteFailure =
  /** The team hub did not answer (offline, DNS, refused, timed out). */
  | 'unreachable'
  /** The connection was revoked or its refresh token expired: sign in again. */
  | 'revoked'
  /** The signed-in user may not do this on the team hub. */
  | 'forbidden'
  | 'not_found'
  /** The team hub answered something this client does not understand. */
  | 'protocol';

export class RemoteHubError extends Error {
  constructor(
    readonly failure: RemoteFailure,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteHubError';
  }
}

/** One team hub as the signed-in user sees it. Failures are thrown as {@link RemoteHubError}. */
export interface RemoteHub {
  hub(): Promise<SyncHubInfo>;
  listProjects(): Promise<SyncProjectEntry[]>;
  project(projectId: string): Promise<SyncProjectManifest>;
  version(projectId: string, notebookId: string, versionId: string): Promise<SyncVersion>;
  manifest(projectId: string, notebookId: string, manifestId: string): Promise<SyncWorkspaceManifest>;
  /** A blob's bytes from `offset` on (a resumed transfer), checked by the caller against its hash. */
  readBlob(projectId: string, sha256: string, offset?: number): Promise<AsyncIterable<Uint8Array>>;
  /** Of these blobs, the ones the team hub lacks. */
  missingBlobs(projectId: string, sha256s: string[]): Promise<string[]>;
  /** Uploads one blob; the team hub checks its hash. Writing one it has already is not an error. */
  putBlob(projectId: string, sha256: string, bytes: Uint8Array): Promise<void>;
  pushVersion(projectId: string, notebookId: string, input: PushVersionInput): Promise<PushVersionResult>;
  pushWorkspace(projectId: string, notebookId: string, input: PushWorkspaceInput): Promise<PushWorkspaceResult>;
  /** Creates a notebook with its first version; the same origin answers with the one made before. */
  createNotebook(projectId: string, input: CreateNotebookInput): Promise<{ notebook_id: string; version_id: string; created: boolean }>;
  /** Creates a project with the caller as its manager; the same origin answers with the one made before. */
  createProject(input: CreateProjectInput): Promise<{ project_id: string; created: boolean }>;
}

/** How a client reaches one team hub as one user: the remote's address and its tokens. */
export interface RemoteHubConnection {
  /** The team hub's base URL, e.g. `https://hub.example.com` (no trailing slash). */
  baseUrl: string;
  /** The current access token. */
  accessToken(): Promise<string>;
  /**
   * Called once when the team hub refused the access token (401): refreshes it and answers the new
   * one, or null when the connection is gone for good (revoked, refresh token expired) — the call
   * then fails as `revoked`.
   */
  refresh(): Promise<string | null>;
}

/** Builds the client of one connection; the composition root gives the HTTP one. */
export type RemoteHubFactory = (connection: RemoteHubConnection) => RemoteHub;
