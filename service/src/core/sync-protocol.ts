import type { RecordOrigin } from './notebooks/notebook-model.js';
import type { WorkspaceFile } from './workspace/workspace-model.js';

/*
 * The sync protocol between hubs (docs/remotes.md), version 1: what a team hub serves under
 * `/api/v1/sync` (the sync-api feature) and what a pulling hub reads and sends through its
 * `RemoteHub` port (the remotes feature). One definition of the wire for both sides.
 */

/** The protocol version this hub speaks. */
export const SYNC_PROTOCOL = 1;

/** Which hub made a thing: keeps a retried push from making it twice. */
export type SyncOrigin = RecordOrigin;

export interface SyncHubInfo {
  hub_id: string;
  /** The hub's display name, for a person choosing what to pull. */
  name: string;
  /** The release of the hub software: a client refuses a protocol it does not speak. */
  version: string;
  /** The sync protocol's version. */
  protocol: typeof SYNC_PROTOCOL;
  /**
   * Who the caller is signed in as there, as that hub's `/me` names them: what the other hub shows
   * as "Signed in as". Absent from hubs older than this field.
   */
  user?: SyncUser;
}

/** A hub's user as another hub may show them: a name (null when none is known) and an email, nothing more. */
export interface SyncUser {
  name: string | null;
  email: string;
}

/** A member's role as another hub sees it (a project's owner is its manager there). */
export type SyncRole = 'viewer' | 'editor' | 'manager';

export interface SyncProjectEntry {
  id: string;
  name: string;
  description: string;
  /** The caller's role in the project: a viewer may pull, not push. */
  role: SyncRole;
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

export interface SyncIntegrationEntry {
  id: string;
  name: string;
  kind: string;
  scope: 'project' | 'organization';
}

export interface SyncProjectManifest {
  project: { id: string; name: string; description: string; readme: string | null; updated_at: string };
  role: SyncRole;
  /** Never copied by a pull: listed so that a person sees what the notebooks use when they run on the team hub. */
  integrations: SyncIntegrationEntry[];
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

/** A workspace file as a manifest names it: its bytes are the blob of its SHA-256. */
export type SyncWorkspaceFile = WorkspaceFile;

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

export type * from './sync-compute-protocol.js';
