import type { AuditLog } from '../audit/audit-log.js';
import { HubError } from '../errors.js';
import type { NotebookRevision } from '../notebooks/notebook-model.js';
import type { ObjectStore } from '../ports/object-store.js';
import { assertJoined, isWithin, nameOf, rebase, workspacePath } from './paths.js';
import { mimeTypeOf } from './mime.js';
import { assertNotProtected, placeEntry, resolveEntry, type EntrySource, type ResolvedEntry } from './workspace-entry.js';
import type { WorkspaceItem } from './workspace-model.js';
import { WorkspaceReads, type WorkspaceOptions } from './workspace-reads.js';
import type { TreeFile, WorkspaceTree } from './workspace-tree.js';
import { planSandboxSync, type SandboxSyncPlan } from './workspace-sync.js';
import type { SandboxWorkspaceListing } from '../ports/notebook-runtime.js';

/** A file whose content is already in the blob store (an imported folder's files). */
export interface StoredFile {
  path: string;
  blob: string;
  size: number;
}

export interface UploadConditions {
  /** The ETag (blob hash) the file must still have. */
  ifMatch?: string;
  /** Only create: refuse when a file is already there. */
  ifNoneMatch?: boolean;
}

function invalid(field: string, message: string): HubError {
  return new HubError('VALIDATION_ERROR', `${field} ${message}`, [{ field, message }]);
}

/**
 * A notebook's workspace files. Every change is checked in this order, and a refused change writes
 * nothing: the paths (VALIDATION_ERROR), whether the workspace takes writes at all (CONFLICT while
 * it is synced from Git or held by an edit session), protected paths (FORBIDDEN), then the tree
 * itself. Roles are checked by the caller before anything here runs. Each change is audited with
 * its paths, never its contents.
 */
export class WorkspaceService extends WorkspaceReads {
  constructor(
    store: ObjectStore,
    private readonly audit: AuditLog,
    entries: EntrySource,
    options: WorkspaceOptions = {},
  ) {
    super(store, entries, options);
  }

  async upload(
    notebook: NotebookRevision,
    rawPath: string,
    body: Buffer,
    actor: string,
    conditions: UploadConditions = {},
  ): Promise<{ item: WorkspaceItem; created: boolean }> {
    const path = workspacePath(rawPath, 'path');
    await this.assertWritable(notebook);
    assertNotProtected(notebook, 'write', path, 'path');
    // Checked before the content is stored, so a refused upload leaves no blob behind.
    placeable(await this.treeOf(notebook), path);
    const blob = await this.files.putBlob(body);
    const result = await this.change(notebook, actor, null, (tree) => {
      placeable(tree, path);
      const existing = tree.fileAt(path);
      if (conditions.ifNoneMatch && existing) throw new HubError('PRECONDITION_FAILED', `${path} already exists`);
      if (conditions.ifMatch !== undefined && existing?.blob !== conditions.ifMatch)
        throw new HubError('PRECONDITION_FAILED', `${path} has changed since it was read`);
      tree.putFile(path, { blob, size: body.length, modified_at: this.now().getTime(), mime_type: mimeTypeOf(nameOf(path)) });
      return { item: tree.itemAt(path), created: !existing };
    });
    await this.record(notebook, actor, 'workspace.upload', { path, size: body.length, created: result.created });
    return result;
  }

  /**
   * Adds many files and folders in one change (one manifest swap), so nobody ever sees half of
   * them. The blobs must already be stored. Refused as a whole, with nothing written, when any path
   * is invalid, protected (the entry file), already taken, or clashes with a file or folder.
   */
  async importFiles(
    notebook: NotebookRevision,
    files: readonly StoredFile[],
    directories: readonly string[],
    actor: string,
  ): Promise<{ files: number; folders: number; bytes: number }> {
    const paths = files.map((file, i) => workspacePath(file.path, `files[${i}].path`));
    const folders = directories.map((folder, i) => workspacePath(folder, `directories[${i}]`));
    await this.assertWritable(notebook);
    paths.forEach((path, i) => assertNotProtected(notebook, 'create', path, `files[${i}].path`));
    folders.forEach((folder, i) => assertNotProtected(notebook, 'create', folder, `directories[${i}]`));
    const at = this.now().getTime();
    await this.change(notebook, actor, null, (tree) => {
      folders.forEach((folder, i) => {
        tree.assertPlaceable(folder, `directories[${i}]`);
        if (tree.kindOf(folder) === 'file') throw invalid(`directories[${i}]`, 'is a file, not a folder');
        tree.addFolder(folder);
      });
      paths.forEach((path, i) => {
        placeable(tree, path, `files[${i}].path`);
        if (tree.fileAt(path)) throw new HubError('CONFLICT', `${path} already exists in the workspace`);
        const { blob, size } = files[i]!;
        tree.putFile(path, { blob, size, modified_at: at, mime_type: mimeTypeOf(nameOf(path)) });
      });
    });
    return { files: paths.length, folders: folders.length, bytes: files.reduce((sum, file) => sum + file.size, 0) };
  }

  /**
   * The audit event of {@link importFiles}, written by the caller once the notebook the files went
   * to is stored: an import that fails before that leaves no trace in the log.
   */
  async recordImport(
    notebook: NotebookRevision,
    actor: string,
    summary: { files: number; folders: number; bytes: number },
    origin: Record<string, unknown> = {},
  ): Promise<void> {
    await this.record(notebook, actor, 'workspace.import', { ...origin, ...summary });
  }

  /** Stores a file's content for a later change (its blob hash). */
  storeBlob(body: Buffer): Promise<string> {
    return this.files.putBlob(body);
  }

  /** A stored file content by its blob hash. */
  readBlob(blob: string): Promise<Buffer> {
    return this.files.getBlob(blob);
  }

  /**
   * Makes a Git-synced notebook's workspace hold exactly `files` (its synced folder at one commit,
   * without the entry notebook), in one change. Only a sync calls this: to everyone else the
   * workspace is read-only (docs/git.md). The blobs must already be stored.
   */
  async replaceWithRepository(
    notebook: NotebookRevision,
    files: readonly StoredFile[],
    actor: string,
    commit: string,
  ): Promise<{ files: number; bytes: number }> {
    const paths = files.map((file, i) => workspacePath(file.path, `files[${i}].path`));
    const at = this.now().getTime();
    await this.change(notebook, actor, null, (tree) => {
      for (const item of tree.children('')) if (item.path !== notebook.entry_file) tree.remove(item.path);
      paths.forEach((path, i) => {
        if (path === notebook.entry_file) return;
        placeable(tree, path, `files[${i}].path`);
        const { blob, size } = files[i]!;
        tree.putFile(path, { blob, size, modified_at: at, mime_type: mimeTypeOf(nameOf(path)) });
      });
    });
    const summary = { files: paths.length, bytes: files.reduce((sum, file) => sum + file.size, 0) };
    await this.record(notebook, actor, 'workspace.sync', { commit, ...summary });
    return summary;
  }

  /** Creates a folder and its missing parents; an existing folder is not an error. */
  async mkdir(notebook: NotebookRevision, rawPath: string, actor: string): Promise<{ item: WorkspaceItem; created: boolean }> {
    const path = workspacePath(rawPath, 'path');
    await this.assertWritable(notebook);
    assertNotProtected(notebook, 'create', path, 'path');
    const result = await this.change(notebook, actor, null, (tree) => {
      tree.assertPlaceable(path, 'path');
      if (tree.kindOf(path) === 'file') throw invalid('path', 'is a file, not a folder');
      return { item: tree.itemAt(path), created: tree.addFolder(path) };
    });
    if (result.created) await this.record(notebook, actor, 'workspace.mkdir', { path });
    return { item: result.item, created: result.created };
  }

  async copy(notebook: NotebookRevision, rawFrom: string, rawTo: string, overwrite: boolean, actor: string): Promise<WorkspaceItem> {
    const { from, to } = this.transferPaths(rawFrom, rawTo);
    await this.assertWritable(notebook);
    assertNotProtected(notebook, 'copy', to, 'to', true);
    const before = await this.treeOf(notebook);
    const kind = before.requireItem(from, 'from');
    before.assertPlaceable(to, 'to');
    // A copy of the entry file is an ordinary file holding the current version's code.
    let entry: ResolvedEntry | null = null;
    if (isWithin(notebook.entry_file, from)) {
      entry = await resolveEntry(notebook, this.entries);
      if (entry) await this.files.putBlob(Buffer.from(entry.code, 'utf8'));
    }
    const item = await this.change(notebook, actor, entry, (tree) => this.transfer(tree, from, to, overwrite, false));
    await this.record(notebook, actor, 'workspace.copy', { from, to, kind });
    return item;
  }

  async move(notebook: NotebookRevision, rawFrom: string, rawTo: string, overwrite: boolean, actor: string): Promise<WorkspaceItem> {
    const { from, to } = this.transferPaths(rawFrom, rawTo);
    await this.assertWritable(notebook);
    assertNotProtected(notebook, 'move', from, 'from', true);
    assertNotProtected(notebook, 'move', to, 'to', true);
    let kind: 'file' | 'directory' = 'file';
    const item = await this.change(notebook, actor, null, (tree) => {
      kind = tree.requireItem(from, 'from');
      return this.transfer(tree, from, to, overwrite, true);
    });
    await this.record(notebook, actor, 'workspace.move', { from, to, kind });
    return item;
  }

  /** Deletes a file, an empty folder, or (with `recursive`) a folder and everything in it. */
  async remove(notebook: NotebookRevision, rawPath: string, recursive: boolean, actor: string): Promise<void> {
    const path = workspacePath(rawPath, 'path');
    await this.assertWritable(notebook);
    assertNotProtected(notebook, 'delete', path, 'path', true);
    let kind: 'file' | 'directory' = 'file';
    await this.change(notebook, actor, null, (tree) => {
      kind = tree.requireItem(path, 'path');
      if (kind === 'directory' && !recursive) {
        const inside = tree.subtree(path);
        if (inside.files.length + inside.folders.length > 0) throw new HubError('CONFLICT', `the folder ${path} is not empty; delete it with recursive=true`);
      }
      tree.remove(path);
    });
    await this.record(notebook, actor, 'workspace.delete', { path, kind, recursive });
  }

  /**
   * Takes back what an edit session's sandbox did to the workspace: new and changed files are
   * stored, files it deleted are removed, in one change. Only the session holding the workspace
   * calls this, so the usual read-only check does not apply. `read` reads a file in the sandbox; a
   * file that changed again since it was listed is stored as read.
   */
  async syncFromSandbox(
    notebook: NotebookRevision,
    listing: SandboxWorkspaceListing,
    read: (sandboxPath: string) => Promise<Buffer>,
    actor: string,
    sessionId: string,
  ): Promise<SandboxSyncPlan> {
    const plan = planSandboxSync(await this.treeOf(notebook), notebook.entry_file, listing);
    if (plan.writes.length === 0 && plan.deletions.length === 0) return plan;
    const stored: { path: string; blob: string; size: number }[] = [];
    for (const write of plan.writes) {
      const body = await read(write.sandboxPath);
      stored.push({ path: write.path, blob: await this.files.putBlob(body), size: body.length });
    }
    await this.change(notebook, actor, null, (tree) => {
      for (const file of stored)
        tree.putFile(file.path, { blob: file.blob, size: file.size, modified_at: this.now().getTime(), mime_type: mimeTypeOf(nameOf(file.path)) });
      for (const deletion of plan.deletions) if (tree.fileAt(deletion.path)?.blob === deletion.blob) tree.remove(deletion.path);
    });
    await this.record(notebook, actor, 'workspace.sync', {
      session_id: sessionId,
      written: plan.writes.map((write) => write.path),
      deleted: plan.deletions.map((deletion) => deletion.path),
    });
    return plan;
  }

  private transferPaths(rawFrom: string, rawTo: string): { from: string; to: string } {
    const from = workspacePath(rawFrom, 'from');
    const to = workspacePath(rawTo, 'to');
    if (to === from) throw invalid('to', 'is the same as from');
    if (isWithin(to, from)) throw invalid('to', 'lies inside from; a folder cannot be copied or moved into itself');
    return { from, to };
  }

  /** Copies (or moves) `from` to `to` inside one tree; the destination's parents are created. */
  private transfer(tree: WorkspaceTree, from: string, to: string, overwrite: boolean, move: boolean): WorkspaceItem {
    const kind = tree.requireItem(from, 'from');
    tree.assertPlaceable(to, 'to');
    const existing = tree.kindOf(to);
    if (existing && existing !== kind)
      throw invalid('to', `is a ${existing === 'file' ? 'file' : 'folder'}; the source is a ${kind === 'file' ? 'file' : 'folder'}`);
    if (existing && !(kind === 'file' && overwrite))
      throw new HubError('CONFLICT', `${to} already exists${kind === 'file' ? '; pass overwrite=true to replace it' : ''}`);
    const stamp = (file: TreeFile, path: string): TreeFile => ({
      blob: file.blob,
      size: file.size,
      // A moved file keeps its time, as a rename does; a copy is a new file.
      modified_at: move ? file.modified_at : this.now().getTime(),
      mime_type: mimeTypeOf(nameOf(path)),
    });
    if (kind === 'file') {
      tree.putFile(to, stamp(tree.fileAt(from)!, to));
    } else {
      const { files, folders } = tree.subtree(from);
      tree.addFolder(to);
      for (const folder of folders) {
        const target = rebase(folder, from, to);
        assertJoined(target, 'to');
        tree.addFolder(target);
      }
      for (const [path, file] of files) {
        const target = rebase(path, from, to);
        assertJoined(target, 'to');
        tree.putFile(target, stamp(file, target));
      }
    }
    if (move) tree.remove(from);
    return tree.itemAt(to);
  }

  private async assertWritable(notebook: NotebookRevision): Promise<void> {
    const reason = await this.readOnlyReason(notebook);
    if (reason === 'git_source') throw new HubError('CONFLICT', 'this notebook is synced from Git: change its files in the repository and sync');
    if (reason === 'active_session') throw new HubError('CONFLICT', 'an edit session holds this workspace; change its files in the session or stop it first');
  }

  private change<T>(notebook: NotebookRevision, actor: string, entry: ResolvedEntry | null, apply: (tree: WorkspaceTree) => T): Promise<T> {
    return this.files.change(notebook.project_id, notebook.id, actor, (tree) => {
      placeEntry(tree, notebook, entry ?? 'placeholder');
      return apply(tree);
    });
  }

  private async record(notebook: NotebookRevision, actor: string, event: string, metadata: Record<string, unknown>): Promise<void> {
    await this.audit.append({ event, actor, projectId: notebook.project_id, metadata: { notebook_id: notebook.id, ...metadata } });
  }
}

/** An upload may not turn a folder into a file, nor treat a file as a folder. */
function placeable(tree: WorkspaceTree, path: string, field = 'path'): void {
  tree.assertPlaceable(path, field);
  if (tree.kindOf(path) === 'directory') throw invalid(field, 'is a folder, not a file');
}
