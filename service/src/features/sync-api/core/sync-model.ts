import { createHash } from 'node:crypto';
import type { RecordOrigin } from '../../../core/notebooks/notebook-model.js';
import type { ProjectRole } from '../../../core/policy/table.js';
import type { WorkspaceFile } from '../../../core/workspace/workspace-model.js';

/*
 * The sync protocol as the team hub serves it (docs/remotes.md, "The sync protocol (team side)").
 * The pulling side's view of the same wire is the remotes feature's `RemoteHub` port; a test runs
 * its HTTP client against these routes.
 */

/** The protocol version this hub speaks. */
export const SYNC_PROTOCOL = 1;

/** Hashes asked about at once in `POST .../missing-blobs`. */
export const MAX_MISSING_QUERY = 1000;

export type SyncOrigin = RecordOrigin;

export type SyncRole = 'viewer' | 'editor' | 'manager';

/** A project's owner is its manager as far as another hub is concerned: the one who may do everything there. */
export const syncRoleOf = (role: ProjectRole): SyncRole => (role === 'admin' ? 'manager' : role);

export interface SyncHubInfo {
  hub_id: string;
  name: string;
  version: string;
  protocol: typeof SYNC_PROTOCOL;
}

export interface SyncProjectEntry {
  id: string;
  name: string;
  description: string;
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
  current_version_id: string | null;
  /** Newest first. */
  version_ids: string[];
  workspace_manifest_id: string | null;
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
  code: string;
  origin: SyncOrigin | null;
}

export type SyncWorkspaceFile = WorkspaceFile;

export interface SyncWorkspaceManifest {
  id: string;
  files: SyncWorkspaceFile[];
  directories: string[];
}

export interface PushVersionInput {
  code: string;
  message: string;
  base_version_id: string | null;
  origin: SyncOrigin;
}

export type PushVersionResult = { outcome: 'created' | 'replayed'; version_id: string } | { outcome: 'conflict'; current_version_id: string | null };

export interface PushWorkspaceInput {
  base_manifest_id: string | null;
  files: SyncWorkspaceFile[];
  directories: string[];
}

export type PushWorkspaceResult =
  | { outcome: 'written' | 'unchanged'; manifest_id: string | null }
  | { outcome: 'conflict'; current_manifest_id: string | null }
  | { outcome: 'missing_blobs'; missing: string[] };

export interface CreateNotebookInput {
  title: string;
  description: string;
  entry_file: string;
  tags: string[];
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

/** The key an origin is indexed under: a hash, so that any hub's ids fit a store key. */
export function originHash(...parts: string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** What an audit event says of where a pushed thing came from. */
export const originFacts = (origin: SyncOrigin, kind: string) => ({ origin_hub_id: origin.hub_id, [`origin_${kind}_id`]: origin.id });
