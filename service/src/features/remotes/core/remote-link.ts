import type { SyncProjectManifest } from './remote-hub.js';

/** What the local hub last heard of one team notebook's heads, and when. */
export interface RemoteHeads {
  version_id: string | null;
  manifest_id: string | null;
  fetched_at: string;
}

/** Which team version a local version came from (pulled) or became (pushed): the origin of each. */
export interface VersionPair {
  local_version_id: string;
  remote_version_id: string;
  direction: 'pulled' | 'pushed';
  /** When and by whom the version was saved where it was made (the team's, for a pulled one). */
  saved_at: string;
  author: string;
}

/** How many pairs a notebook's entry keeps (the newest). */
export const MAX_VERSION_PAIRS = 500;

/** A pull or push that found both sides moved on: its three codes wait in `remote-conflicts/<pid>/<nid>`. */
export interface ConflictMark {
  detected_at: string;
  /** Whether the notebook's code, its workspace, or both moved on both sides. */
  code: boolean;
  workspace: boolean;
}

/**
 * One local notebook and the team notebook it is kept in step with. The bases are where the two
 * were last the same: `base_remote_version_id` on the team hub is `base_local_version_id` here
 * (and likewise for the workspace manifests). Moving a base is the last step of a pull or push,
 * after the team hub answered.
 */
export interface LinkedNotebook {
  notebook_id: string;
  remote_notebook_id: string;
  /** The team notebook's title as last heard of. */
  remote_title: string;
  base_remote_version_id: string | null;
  base_local_version_id: string | null;
  base_remote_manifest_id: string | null;
  base_local_manifest_id: string | null;
  /** The team's heads as last fetched; null before the first fetch. */
  remote_head: RemoteHeads | null;
  /** The team deleted the notebook (or it is no longer visible to the signed-in user). */
  remote_deleted: boolean;
  conflict: ConflictMark | null;
  /** The versions pulled and pushed, newest last (at most {@link MAX_VERSION_PAIRS}). */
  versions: VersionPair[];
  /** Set while a pull creates the local notebook: a run cut off then finds out whether it was made. */
  pending?: boolean;
}

/** A team notebook the local project does not hold (added on the team hub after the pull, or deleted here). */
export interface RemoteOnlyNotebook {
  remote_notebook_id: string;
  title: string;
  version_id: string | null;
}

/** `remote-links/<pid>`: where a local project came from (or went to), changed by compare-and-swap. */
export interface RemoteLink {
  schema_version: 1;
  project_id: string;
  /** The remote (`remotes/<name>`) the project was pulled or pushed through. */
  remote: string;
  /** The team hub's id: another remote of the same team hub may stand in for `remote`. */
  hub_id: string;
  remote_project_id: string;
  remote_project_name: string;
  /** The team project's README, as last fetched. */
  readme: string | null;
  /** The team's integrations, never copied: listed so that people see what the notebooks use on the team hub. */
  integrations: SyncProjectManifest['integrations'];
  notebooks: LinkedNotebook[];
  remote_only: RemoteOnlyNotebook[];
  fetched_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The entry with both bases at a version pair, the pair recorded. */
export function atPair(entry: LinkedNotebook, pair: VersionPair): LinkedNotebook {
  return {
    ...entry,
    base_remote_version_id: pair.remote_version_id,
    base_local_version_id: pair.local_version_id,
    versions: [...(entry.versions ?? []), pair].slice(-MAX_VERSION_PAIRS),
  };
}

export function linkedNotebook(link: RemoteLink, notebookId: string): LinkedNotebook | undefined {
  return link.notebooks.find((entry) => entry.notebook_id === notebookId);
}

export function linkedRemoteNotebook(link: RemoteLink, remoteNotebookId: string): LinkedNotebook | undefined {
  return link.notebooks.find((entry) => entry.remote_notebook_id === remoteNotebookId);
}

/** The link with one notebook's entry changed (added when absent). */
export function withNotebook(link: RemoteLink, entry: LinkedNotebook, at: string): RemoteLink {
  const others = link.notebooks.filter((existing) => existing.notebook_id !== entry.notebook_id);
  return {
    ...link,
    notebooks: [...others, entry],
    remote_only: link.remote_only.filter((remote) => remote.remote_notebook_id !== entry.remote_notebook_id),
    updated_at: at,
  };
}

/** What a link records of a team project manifest: its heads, its notebooks this project lacks, its integrations. */
export function withManifest(link: RemoteLink, manifest: SyncProjectManifest, at: string): RemoteLink {
  const listed = new Map(manifest.notebooks.map((notebook) => [notebook.id, notebook]));
  const notebooks = link.notebooks.map((entry) => {
    const remote = listed.get(entry.remote_notebook_id);
    if (!remote) return { ...entry, remote_deleted: true };
    return {
      ...entry,
      remote_deleted: false,
      remote_title: remote.title,
      remote_head: { version_id: remote.current_version_id, manifest_id: remote.workspace_manifest_id, fetched_at: at },
    };
  });
  const linked = new Set(link.notebooks.map((entry) => entry.remote_notebook_id));
  return {
    ...link,
    remote_project_name: manifest.project.name,
    readme: manifest.project.readme,
    integrations: manifest.integrations,
    notebooks,
    remote_only: manifest.notebooks
      .filter((remote) => !linked.has(remote.id))
      .map((remote) => ({ remote_notebook_id: remote.id, title: remote.title, version_id: remote.current_version_id })),
    fetched_at: at,
    updated_at: at,
  };
}
