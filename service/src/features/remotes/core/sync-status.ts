import type { LinkedNotebook, RemoteLink } from './remote-link.js';

/**
 * Where one side stands against the other, from the recorded bases alone (no network): ahead when
 * the local head moved past its base, behind when the team's last known head moved past its base,
 * diverged when both did.
 */
export type SyncState = 'in_step' | 'ahead' | 'behind' | 'diverged';

/** A notebook's state: one of {@link SyncState}, or a notebook only one side has. */
export type NotebookSyncState = SyncState | 'local_only' | 'remote_only';

export const NOTEBOOK_SYNC_STATES: readonly NotebookSyncState[] = ['in_step', 'ahead', 'behind', 'diverged', 'local_only', 'remote_only'];

/**
 * `local` and `remote` are the current heads; `remote` undefined means the team's head was never
 * heard of (it is then taken to be where it was when the bases were set).
 */
export function syncState(base: { local: string | null; remote: string | null }, heads: { local: string | null; remote?: string | null }): SyncState {
  const ahead = heads.local !== base.local;
  const behind = heads.remote !== undefined && heads.remote !== base.remote;
  if (ahead && behind) return 'diverged';
  if (ahead) return 'ahead';
  return behind ? 'behind' : 'in_step';
}

/** A local notebook as the status needs it: its current version and its workspace's current manifest. */
export interface LocalNotebookHead {
  notebook_id: string;
  title: string;
  version_id: string | null;
  /** The workspace's current manifest; null when nothing was ever written to it. */
  manifest_id: string | null;
}

export interface NotebookSyncStatus {
  notebook_id: string | null;
  remote_notebook_id: string | null;
  title: string;
  state: NotebookSyncState;
  /** The workspace files' own state; null for a notebook only one side has. */
  workspace: SyncState | null;
  /** A conflict waits to be resolved (GET .../remote/conflicts/{nid}). */
  conflict: boolean;
  local_version_id: string | null;
  /** The team's head as last fetched. */
  remote_version_id: string | null;
  base_local_version_id: string | null;
  base_remote_version_id: string | null;
  remote_fetched_at: string | null;
}

export type SyncSummary = Record<NotebookSyncState, number> & { conflicts: number };

export interface ProjectSyncStatus {
  notebooks: NotebookSyncStatus[];
  summary: SyncSummary;
}

function linkedStatus(entry: LinkedNotebook, local: LocalNotebookHead): NotebookSyncStatus {
  const remote = entry.remote_head;
  const code = syncState(
    { local: entry.base_local_version_id, remote: entry.base_remote_version_id },
    { local: local.version_id, ...(remote ? { remote: remote.version_id } : {}) },
  );
  const workspace = syncState(
    { local: entry.base_local_manifest_id, remote: entry.base_remote_manifest_id },
    { local: local.manifest_id, ...(remote ? { remote: remote.manifest_id } : {}) },
  );
  // A notebook the team no longer has is the local hub's alone, whatever it was before.
  const state: NotebookSyncState = entry.remote_deleted ? 'local_only' : code;
  return {
    notebook_id: local.notebook_id,
    remote_notebook_id: entry.remote_notebook_id,
    title: local.title,
    state,
    workspace: entry.remote_deleted ? null : workspace,
    conflict: entry.conflict !== null,
    local_version_id: local.version_id,
    remote_version_id: remote ? remote.version_id : entry.base_remote_version_id,
    base_local_version_id: entry.base_local_version_id,
    base_remote_version_id: entry.base_remote_version_id,
    remote_fetched_at: remote?.fetched_at ?? null,
  };
}

function onlyLocal(local: LocalNotebookHead): NotebookSyncStatus {
  return {
    notebook_id: local.notebook_id,
    remote_notebook_id: null,
    title: local.title,
    state: 'local_only',
    workspace: null,
    conflict: false,
    local_version_id: local.version_id,
    remote_version_id: null,
    base_local_version_id: null,
    base_remote_version_id: null,
    remote_fetched_at: null,
  };
}

function onlyRemote(remoteNotebookId: string, title: string, versionId: string | null, fetchedAt: string | null): NotebookSyncStatus {
  return {
    notebook_id: null,
    remote_notebook_id: remoteNotebookId,
    title,
    state: 'remote_only',
    workspace: null,
    conflict: false,
    local_version_id: null,
    remote_version_id: versionId,
    base_local_version_id: null,
    base_remote_version_id: null,
    remote_fetched_at: fetchedAt,
  };
}

/**
 * The state of every notebook of a project against its team project, from the link and the local
 * heads only: a pure function, computed offline (the team hub may be unreachable). Without a link
 * every notebook is local only.
 */
export function projectSyncStatus(link: RemoteLink | null, locals: readonly LocalNotebookHead[]): ProjectSyncStatus {
  const entries = new Map((link?.notebooks ?? []).map((entry) => [entry.notebook_id, entry]));
  const notebooks: NotebookSyncStatus[] = locals.map((local) => {
    const entry = entries.get(local.notebook_id);
    return entry ? linkedStatus(entry, local) : onlyLocal(local);
  });
  if (link) {
    const present = new Set(locals.map((local) => local.notebook_id));
    for (const entry of link.notebooks) {
      // Deleted here but still on the team hub: a pull brings it back.
      if (!present.has(entry.notebook_id) && !entry.remote_deleted) {
        notebooks.push(
          onlyRemote(
            entry.remote_notebook_id,
            entry.remote_title,
            entry.remote_head?.version_id ?? entry.base_remote_version_id,
            entry.remote_head?.fetched_at ?? null,
          ),
        );
      }
    }
    for (const remote of link.remote_only) notebooks.push(onlyRemote(remote.remote_notebook_id, remote.title, remote.version_id, link.fetched_at));
  }
  const summary: SyncSummary = { in_step: 0, ahead: 0, behind: 0, diverged: 0, local_only: 0, remote_only: 0, conflicts: 0 };
  for (const notebook of notebooks) {
    summary[notebook.state]++;
    if (notebook.conflict) summary.conflicts++;
  }
  return { notebooks, summary };
}
