import type { AuditLog } from '../../../core/audit/audit-log.js';
import { HubError } from '../../../core/errors.js';
import type { NotebookRevision } from '../../../core/notebooks/notebook-model.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import { layout } from '../../../core/storage-layout.js';
import { BLOB_REFRESH_AFTER_MS } from '../../../core/workspace/blob-ages.js';
import { mimeTypeOf } from '../../../core/workspace/mime.js';
import { nameOf, workspacePath } from '../../../core/workspace/paths.js';
import { assertNotProtected, placeEntry } from '../../../core/workspace/workspace-entry.js';
import type { WorkspaceManifest } from '../../../core/workspace/workspace-model.js';
import type { WorkspaceService } from '../../../core/workspace/workspace-service.js';
import type { WorkspaceStore } from '../../../core/workspace/workspace-store.js';
import { WorkspaceTree } from '../../../core/workspace/workspace-tree.js';
import type { PushWorkspaceInput, PushWorkspaceResult } from './sync-model.js';

export interface WorkspacePushDeps {
  store: ObjectStore;
  /** Whether the workspace takes writes (not a Git notebook's, not held by an edit session). */
  workspace: Pick<WorkspaceService, 'access'>;
  files: WorkspaceStore;
  audit: AuditLog;
  now?: () => Date;
}

const PARALLEL = 16;

function invalid(field: string, message: string): HubError {
  return new HubError('VALIDATION_ERROR', `${field} ${message}`, [{ field, message }]);
}

/**
 * Makes a notebook's workspace hold exactly the files and folders pushed, when its current
 * manifest is still `base_manifest_id` (docs/remotes.md): a conflict naming the current one
 * otherwise, with nothing written. Paths are checked as for any workspace change (the entry file
 * is the notebook's code: no workspace file may take its place). Every blob must be on this hub
 * first: the answer lists those that are not (upload them, push again). A push that changes no file
 * answers `unchanged`. The new manifest becomes current by compare-and-swap on the head read, never
 * by retrying over a change that came in between.
 */
export async function pushWorkspace(
  deps: WorkspacePushDeps,
  notebook: NotebookRevision,
  input: PushWorkspaceInput,
  actor: string,
): Promise<PushWorkspaceResult> {
  const { project_id: projectId, id: notebookId } = notebook;
  const content = pushedContent(notebook, input);
  const reason = (await deps.workspace.access(notebook, true)).read_only_reason;
  if (reason === 'git_source') throw new HubError('CONFLICT', 'this notebook is synced from Git: its workspace changes only by a sync');
  if (reason === 'active_session') throw new HubError('CONFLICT', 'an edit session holds this workspace; push again once it has stopped');
  const state = await deps.files.read(projectId, notebookId);
  const current = state.manifest.id || null;
  if (current !== input.base_manifest_id) return { outcome: 'conflict', current_manifest_id: current };
  if (sameContent(content, state.manifest)) return { outcome: 'unchanged', manifest_id: current };
  const missing = await absentBlobs(deps, content, state.manifest);
  if (missing.length > 0) return { outcome: 'missing_blobs', missing };
  const manifestId = await deps.files.commitOver(projectId, notebookId, actor, state, content);
  if (manifestId === null) {
    const now = await deps.files.read(projectId, notebookId);
    return { outcome: 'conflict', current_manifest_id: now.manifest.id || null };
  }
  await deps.audit.append({
    event: 'workspace.push',
    actor,
    projectId,
    metadata: {
      notebook_id: notebookId,
      manifest_id: manifestId,
      base_manifest_id: current,
      files: content.files.length,
      bytes: content.files.reduce((sum, file) => sum + file.size, 0),
    },
  });
  return { outcome: 'written', manifest_id: manifestId };
}

/** The manifest content the push asks for, its paths checked; VALIDATION_ERROR naming the first bad one. */
function pushedContent(notebook: NotebookRevision, input: PushWorkspaceInput): Pick<WorkspaceManifest, 'files' | 'directories'> {
  const tree = new WorkspaceTree();
  placeEntry(tree, notebook, 'placeholder');
  input.directories.forEach((raw, i) => {
    const field = `directories[${i}]`;
    const path = workspacePath(raw, field);
    assertNotProtected(notebook, 'create', path, field);
    tree.assertPlaceable(path, field);
    if (tree.kindOf(path) === 'file') throw invalid(field, 'is a file, not a folder');
    tree.addFolder(path);
  });
  input.files.forEach((file, i) => {
    const field = `files[${i}].path`;
    const path = workspacePath(file.path, field);
    assertNotProtected(notebook, 'create', path, field);
    tree.assertPlaceable(path, field);
    if (tree.kindOf(path) === 'directory') throw invalid(field, 'is a folder, not a file');
    if (tree.fileAt(path)) throw invalid(field, 'is listed twice');
    tree.putFile(path, { blob: file.blob, size: file.size, modified_at: file.modified_at, mime_type: mimeTypeOf(nameOf(path)) });
  });
  return tree.toManifest();
}

/** The same files (path, content) and empty folders: times alone are no change. */
function sameContent(content: Pick<WorkspaceManifest, 'files' | 'directories'>, manifest: WorkspaceManifest): boolean {
  if (content.files.length !== manifest.files.length || content.directories.join('\n') !== manifest.directories.join('\n')) return false;
  return content.files.every((file, i) => {
    const stored = manifest.files[i]!;
    return file.path === stored.path && file.blob === stored.blob && file.size === stored.size;
  });
}

/**
 * The blobs of new files this hub does not have. One stored long ago is written again (read and
 * stored anew), so that garbage collection, which spares young blobs only, cannot take it while
 * the new manifest comes to name it (core/workspace/blob-ages.ts). A blob whose size differs
 * from the one pushed is refused.
 */
async function absentBlobs(deps: WorkspacePushDeps, content: Pick<WorkspaceManifest, 'files'>, base: WorkspaceManifest): Promise<string[]> {
  const known = new Set(base.files.map((file) => file.blob));
  const fresh = new Map<string, { size: number; index: number }>();
  content.files.forEach((file, index) => {
    if (!known.has(file.blob) && !fresh.has(file.blob)) fresh.set(file.blob, { size: file.size, index });
  });
  const now = (deps.now ?? (() => new Date()))().getTime();
  const missing = new Set<string>();
  const entries = [...fresh];
  for (let start = 0; start < entries.length; start += PARALLEL) {
    await Promise.all(
      entries.slice(start, start + PARALLEL).map(async ([blob, { size, index }]) => {
        const key = layout.blob(blob);
        const [stored] = (await deps.store.list(key, { limit: 1 })).items.filter((item) => item.key === key);
        if (!stored) return void missing.add(blob);
        if (stored.size !== size) throw invalid(`files[${index}].size`, `is ${size}, but the blob ${blob} holds ${stored.size} bytes`);
        if (now - stored.lastModified < BLOB_REFRESH_AFTER_MS) return;
        const object = await deps.store.get(key);
        if (!object) return void missing.add(blob);
        await deps.store.put(key, object.body);
      }),
    );
  }
  return [...fresh.keys()].filter((blob) => missing.has(blob));
}
