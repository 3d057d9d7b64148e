import type { AuditLog } from '../../../core/audit/audit-log.js';
import type { CatalogPage } from '../../../core/catalog/catalog.js';
import { HubError } from '../../../core/errors.js';
import type { NotebookRevision, NotebookVersion } from '../../../core/notebooks/notebook-model.js';
import type { Actor, NotebookService } from '../../../core/notebooks/notebook-service.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import { BLOB_REFRESH_AFTER_MS, blobWrittenAt } from '../../../core/workspace/blob-ages.js';
import { mimeTypeOf } from '../../../core/workspace/mime.js';
import { isWorkspacePath, nameOf } from '../../../core/workspace/paths.js';
import type { WorkspaceFile } from '../../../core/workspace/workspace-model.js';
import type { WorkspaceService } from '../../../core/workspace/workspace-service.js';
import { WorkspaceStore } from '../../../core/workspace/workspace-store.js';
import { WorkspaceTree } from '../../../core/workspace/workspace-tree.js';
import type { LocalNotebookHead } from './sync-status.js';

const PAGE = 200;

/** A workspace as both sides describe it: files (the blobs they name) and empty folders. */
export interface WorkspaceContent {
  files: WorkspaceFile[];
  directories: string[];
}

/**
 * What pulls and pushes do to the local project: its notebooks' heads, versions and workspaces,
 * and the content-addressed blobs, through the hub's own services so that every version is an
 * ordinary one (audited, pruned, locked like any other).
 */
export class LocalSide {
  readonly files: WorkspaceStore;

  constructor(private readonly deps: { store: ObjectStore; notebooks: NotebookService; workspace: WorkspaceService; audit: AuditLog; now?: () => Date }) {
    this.files = new WorkspaceStore(deps.store, deps.now);
  }

  get notebooks(): NotebookService {
    return this.deps.notebooks;
  }

  /** Every notebook of the project (deleted ones left out) with its current version and workspace manifest. */
  async heads(projectId: string): Promise<LocalNotebookHead[]> {
    const heads: LocalNotebookHead[] = [];
    let cursor: string | null = null;
    do {
      const page = await this.deps.notebooks.list(projectId, { cursor, limit: PAGE });
      for (const { value } of page.items) {
        if (value.status === 'deleted') continue;
        heads.push({
          notebook_id: value.id,
          title: value.title,
          version_id: value.current_version_id,
          manifest_id: await this.manifestId(projectId, value.id),
        });
      }
      cursor = page.nextCursor;
    } while (cursor);
    return heads;
  }

  /** The workspace's current manifest id; null while nothing was ever written to it. */
  async manifestId(projectId: string, notebookId: string): Promise<string | null> {
    return (await this.files.read(projectId, notebookId)).manifest.id || null;
  }

  async workspace(projectId: string, notebookId: string): Promise<WorkspaceContent & { id: string | null }> {
    const { manifest } = await this.files.read(projectId, notebookId);
    return { id: manifest.id || null, files: manifest.files, directories: manifest.directories };
  }

  /** The notebook's versions newer than `base` (all when null), oldest first. Version ids grow along a notebook's history. */
  async versionsAfter(notebookId: string, base: string | null): Promise<NotebookVersion[]> {
    const newer: NotebookVersion[] = [];
    let cursor: string | null = null;
    do {
      const page: CatalogPage<NotebookVersion> = await this.deps.notebooks.versions(notebookId, { cursor, limit: PAGE });
      for (const { value } of page.items) {
        if (base !== null && value.version_id <= base) return newer.reverse();
        newer.push(value);
      }
      cursor = page.nextCursor;
    } while (cursor);
    return newer.reverse();
  }

  async version(projectId: string, notebookId: string, versionId: string): Promise<NotebookVersion | null> {
    return this.deps.notebooks.version(projectId, notebookId, versionId).catch((error: unknown) => {
      if (error instanceof HubError && error.code === 'NOT_FOUND') return null;
      throw error;
    });
  }

  code(projectId: string, notebookId: string, versionId: string): Promise<string> {
    return this.deps.notebooks.code(projectId, notebookId, versionId);
  }

  /** Saves `code` as a new version on `base`, which must still be the current one (CONFLICT otherwise). */
  save(
    projectId: string,
    notebookId: string,
    input: { code: string; base: string | null; message: string; event: string },
    actor: Actor,
  ): Promise<NotebookVersion> {
    return this.deps.notebooks.save(projectId, notebookId, { code: input.code, baseVersionId: input.base, message: input.message, event: input.event }, actor);
  }

  /**
   * Whether the local store holds the blob; one stored long ago is written again from itself, so
   * garbage collection sees it young until the manifest naming it is written (core/workspace/blob-ages.ts).
   */
  async hasBlob(hash: string): Promise<boolean> {
    const writtenAt = await blobWrittenAt(this.deps.store, hash);
    if (writtenAt === null) return false;
    if ((this.deps.now?.() ?? new Date()).getTime() - writtenAt >= BLOB_REFRESH_AFTER_MS) await this.files.putBlob(await this.files.getBlob(hash));
    return true;
  }

  putBlob(body: Buffer): Promise<string> {
    return this.files.putBlob(body);
  }

  /** Stores a blob from bytes arriving over time, checked against its hash and size as they pass (BlobMismatchError). */
  putBlobStream(hash: string, size: number, body: AsyncIterable<Uint8Array>): Promise<void> {
    return this.files.putBlobStream(hash, size, body);
  }

  readBlob(hash: string): Promise<Buffer> {
    return this.files.getBlob(hash);
  }

  /**
   * Makes the notebook's workspace hold exactly `content` (its blobs stored already), if it is still
   * at manifest `expected` (CONFLICT otherwise: someone changed it meanwhile). Refused while an edit
   * session holds the workspace. Answers the new manifest id, or null when it cannot be told
   * (someone wrote right after): the caller then keeps its old base.
   */
  async replaceWorkspace(
    notebook: NotebookRevision,
    content: WorkspaceContent,
    expected: string | null,
    actor: string,
    metadata: Record<string, unknown>,
  ): Promise<string | null> {
    const access = await this.deps.workspace.access(notebook, true);
    if (access.read_only_reason === 'active_session')
      throw new HubError('CONFLICT', `an edit session holds the workspace of notebook ${notebook.id}; stop it, then try again`);
    if (access.read_only_reason === 'git_source')
      throw new HubError('CONFLICT', `notebook ${notebook.id} is synced from Git: its workspace comes from the repository`);
    // The type of a file is this hub's to tell from its name: it decides how the file is served.
    const files = content.files.filter((file) => file.path !== notebook.entry_file).map((file) => ({ ...file, mime_type: mimeTypeOf(nameOf(file.path)) }));
    const wanted = WorkspaceTree.of({ files, directories: content.directories }).toManifest();
    const before = (await this.files.read(notebook.project_id, notebook.id)).headEtag;
    await this.files.change(notebook.project_id, notebook.id, actor, (tree, state) => {
      if ((state.manifest.id || null) !== expected) throw new HubError('CONFLICT', `the workspace of notebook ${notebook.id} changed meanwhile`);
      if (sameContent(tree.toManifest(), wanted)) return;
      for (const item of tree.children('')) tree.remove(item.path);
      for (const file of wanted.files) tree.putFile(file.path, { blob: file.blob, size: file.size, modified_at: file.modified_at, mime_type: file.mime_type });
      for (const folder of wanted.directories) tree.addFolder(folder);
    });
    const after = await this.files.read(notebook.project_id, notebook.id);
    const same = sameContent(after.manifest, wanted);
    if (after.headEtag !== before) {
      await this.deps.audit.append({
        event: 'workspace.pull',
        actor,
        projectId: notebook.project_id,
        metadata: { notebook_id: notebook.id, files: wanted.files.length, bytes: wanted.files.reduce((sum, file) => sum + file.size, 0), ...metadata },
      });
    }
    return same ? after.manifest.id || null : null;
  }
}

/** Whether two workspaces hold the same files (by path and blob) and folders. */
export function sameContent(a: WorkspaceContent, b: WorkspaceContent): boolean {
  return (
    a.files.length === b.files.length &&
    a.files.every((file, i) => file.path === b.files[i]!.path && file.blob === b.files[i]!.blob) &&
    a.directories.length === b.directories.length &&
    a.directories.every((folder, i) => folder === b.directories[i])
  );
}

/** Why a team manifest cannot become a local workspace, or null: every path must be a workspace path (no `..`, no absolute path). */
export function manifestProblem(content: WorkspaceContent, maxFileBytes: number): string | null {
  for (const file of content.files) {
    if (!isWorkspacePath(file.path)) return `the team's workspace names a file at ${JSON.stringify(file.path)}, which is not a workspace path`;
    if (!/^[0-9a-f]{64}$/.test(file.blob)) return `the team's workspace names a blob ${JSON.stringify(file.blob)}, which is not a SHA-256`;
    if (!Number.isSafeInteger(file.size) || file.size < 0) return `the team's workspace gives ${file.path} a size that is not a byte count`;
    if (file.size > maxFileBytes) return `${file.path} is larger than this hub's workspace file limit (${maxFileBytes} bytes)`;
  }
  for (const folder of content.directories)
    if (!isWorkspacePath(folder)) return `the team's workspace names a folder at ${JSON.stringify(folder)}, which is not a workspace path`;
  return null;
}
