import type { AuditLog } from '../../../core/audit/audit-log.js';
import type { Actor } from '../../../core/notebooks/notebook-service.js';
import type { ProjectService } from '../../../core/projects/project-service.js';
import { ancestorsOf } from '../../../core/workspace/paths.js';
import { BlobMismatchError } from '../../../core/workspace/workspace-store.js';
import { manifestProblem, type LocalSide, type WorkspaceContent } from './local-side.js';
import { RemoteHubError, type RemoteHub, type SyncVersion } from './remote-hub.js';
import type { ConflictSide, RemoteConflicts } from './remote-conflicts.js';
import { withNotebook, type LinkedNotebook, type RemoteLink } from './remote-link.js';
import type { RemoteLinks } from './remote-links.js';

/** How often a blob transfer cut off midway is taken up again from where it stopped. */
const RESUMES_PER_BLOB = 3;
/** Blobs a push sends at once: enough to keep a link busy while one is read, few enough for memory (each is held whole). */
export const BLOB_TRANSFERS = 4;
/**
 * Blobs a pull brings at once. Each streams from the response to the store, so memory does not
 * bound it: enough that small blobs (a request each) keep the link busy, while large ones share it.
 */
export const PULL_BLOB_TRANSFERS = 8;

/** Runs `work` on every item, at most `width` at a time; the first failure is thrown once the running ones settled. */
export async function eachAtOnce<T>(items: Iterable<T>, width: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (queue.length > 0 && !failure) {
      const item = queue.shift()!;
      await work(item).catch((error: unknown) => {
        failure ??= { error };
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, queue.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

/** What pulls, pushes and conflict resolutions work with. */
export interface SyncContext {
  local: LocalSide;
  links: RemoteLinks;
  conflicts: RemoteConflicts;
  projects: ProjectService;
  audit: AuditLog;
  /** This hub's id: the origin of everything it pushes. */
  hubId: () => Promise<string>;
  /** The largest workspace file this hub keeps (SERVICE_MAX_REQUEST_BYTES). */
  maxFileBytes: number;
  now: () => Date;
}

/** One run's team hub, acting as the remote's signed-in user, and the local user it acts for. */
export interface SyncParties {
  team: RemoteHub;
  remote: string;
  actor: Actor;
  /** A team hub's failure as this hub reports it (its message names the remote). */
  explain: (error: unknown) => Promise<unknown>;
}

/** Stores a notebook's entry in the link (compare-and-swap) and answers it. */
export async function keepEntry(context: SyncContext, projectId: string, entry: LinkedNotebook): Promise<LinkedNotebook> {
  await context.links.update(projectId, (link) => withNotebook(link, entry, context.now().toISOString()));
  return entry;
}

export function entryFor(notebookId: string, remoteNotebookId: string, remoteTitle: string): LinkedNotebook {
  return {
    notebook_id: notebookId,
    remote_notebook_id: remoteNotebookId,
    remote_title: remoteTitle,
    base_remote_version_id: null,
    base_local_version_id: null,
    base_remote_manifest_id: null,
    base_local_manifest_id: null,
    remote_head: null,
    remote_deleted: false,
    conflict: null,
    versions: [],
  };
}

export const sideOf = (version: Pick<SyncVersion, 'version_id' | 'code' | 'message' | 'saved_at' | 'author'>): ConflictSide => ({
  version_id: version.version_id,
  code: version.code,
  message: version.message,
  saved_at: version.saved_at,
  author: version.author,
});

/** A local version as one side of a conflict; null when it is gone (pruned). */
export async function localSide(context: SyncContext, projectId: string, notebookId: string, versionId: string | null): Promise<ConflictSide | null> {
  if (versionId === null) return null;
  const version = await context.local.version(projectId, notebookId, versionId);
  if (!version) return null;
  return sideOf({ ...version, code: await context.local.code(projectId, notebookId, versionId) });
}

/**
 * Keeps a conflict: the three codes (when the code moved on both sides) and whether the workspace
 * did too, and marks the notebook's link entry. Nothing of either side is changed.
 */
export async function recordConflict(
  context: SyncContext,
  input: {
    link: Pick<RemoteLink, 'project_id'>;
    entry: LinkedNotebook;
    detectedBy: 'push' | 'pull';
    /** The team's head when the code conflicts; undefined when only the workspace does. */
    theirs?: SyncVersion | null;
    workspace?: { theirs_manifest_id: string | null };
  },
): Promise<LinkedNotebook> {
  const { link, entry } = input;
  const projectId = link.project_id;
  const at = context.now().toISOString();
  const existing = await context.conflicts.get(projectId, entry.notebook_id);
  const codeConflict = input.theirs !== undefined;
  const notebook = await context.local.notebooks.get(projectId, entry.notebook_id);
  const mine = codeConflict ? await localSide(context, projectId, entry.notebook_id, notebook?.source.current_version_id ?? null) : (existing?.mine ?? null);
  await context.conflicts.put({
    schema_version: 1,
    project_id: projectId,
    notebook_id: entry.notebook_id,
    remote_notebook_id: entry.remote_notebook_id,
    detected_at: at,
    detected_by: input.detectedBy,
    base: codeConflict ? await localSide(context, projectId, entry.notebook_id, entry.base_local_version_id) : (existing?.base ?? null),
    mine,
    theirs: codeConflict ? (input.theirs ? sideOf(input.theirs) : null) : (existing?.theirs ?? null),
    workspace: input.workspace ?? existing?.workspace ?? null,
  });
  const marked: LinkedNotebook = {
    ...entry,
    conflict: {
      detected_at: at,
      code: codeConflict || (entry.conflict?.code ?? false),
      workspace: input.workspace !== undefined || (entry.conflict?.workspace ?? false),
    },
  };
  return keepEntry(context, projectId, marked);
}

/**
 * Brings a team blob into the local store: its bytes go from the response to the store as they
 * come, hashed on the way and never held whole, and the blob appears only when they were its
 * bytes (a `protocol` failure otherwise). A transfer cut off midway goes on from the byte it
 * reached (the protocol's `Range`), a few times.
 */
export async function fetchBlob(context: SyncContext, team: RemoteHub, projectId: string, blob: string, size: number): Promise<void> {
  try {
    await context.local.putBlobStream(blob, size, resumedBlob(team, projectId, blob));
  } catch (error) {
    if (error instanceof BlobMismatchError) throw new RemoteHubError('protocol', error.message);
    throw error;
  }
}

async function* resumedBlob(team: RemoteHub, projectId: string, blob: string): AsyncGenerator<Uint8Array> {
  let received = 0;
  for (let resumes = 0; ; resumes++) {
    try {
      for await (const chunk of await team.readBlob(projectId, blob, received)) {
        received += chunk.byteLength;
        yield chunk;
      }
      return;
    } catch (error) {
      if (!(error instanceof RemoteHubError && error.failure === 'unreachable' && received > 0 && resumes < RESUMES_PER_BLOB)) throw error;
    }
  }
}

/** A team workspace with every blob it names in the local store (only the missing ones fetched). */
export async function bringWorkspace(
  context: SyncContext,
  team: RemoteHub,
  remoteProjectId: string,
  remoteNotebookId: string,
  manifestId: string | null,
): Promise<WorkspaceContent> {
  if (manifestId === null) return { files: [], directories: [] };
  const manifest = await team.manifest(remoteProjectId, remoteNotebookId, manifestId);
  const problem = manifestProblem(manifest, context.maxFileBytes);
  if (problem) throw new RemoteHubError('protocol', problem);
  const missing = new Map<string, number>();
  for (const file of manifest.files) if (!missing.has(file.blob) && !(await context.local.hasBlob(file.blob))) missing.set(file.blob, file.size);
  await eachAtOnce(missing, PULL_BLOB_TRANSFERS, ([blob, size]) => fetchBlob(context, team, remoteProjectId, blob, size));
  return { files: manifest.files, directories: manifest.directories };
}

/**
 * Both workspaces in one: every file of either; where both have a path (or one's file stands where
 * the other has a folder), the local one.
 */
export function unionOf(theirs: WorkspaceContent, mine: WorkspaceContent): WorkspaceContent {
  const mineFiles = new Set(mine.files.map((file) => file.path));
  const mineFolders = new Set([...mine.files.map((file) => file.path), ...mine.directories].flatMap((path) => ancestorsOf(path)));
  for (const folder of mine.directories) mineFolders.add(folder);
  const clashes = (path: string) => mineFiles.has(path) || mineFolders.has(path) || ancestorsOf(path).some((ancestor) => mineFiles.has(ancestor));
  const files = [...mine.files, ...theirs.files.filter((file) => !clashes(file.path))];
  const directories = [
    ...mine.directories,
    ...theirs.directories.filter((folder) => !mineFiles.has(folder) && !ancestorsOf(folder).some((a) => mineFiles.has(a))),
  ];
  return {
    files: files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    directories: [...new Set(directories)].sort(),
  };
}
