import { HubError } from '../errors.js';
import type { NotebookRevision } from '../notebooks/notebook-model.js';
import type { ObjectStore } from '../ports/object-store.js';
import { ROOT, folderPath, nameOf, rebase, workspacePath } from './paths.js';
import { placeEntry, protectedPathsOf, resolveEntry, type EntrySource, type ResolvedEntry } from './workspace-entry.js';
import type { WorkspaceAccess, WorkspaceItem, WorkspaceManifest } from './workspace-model.js';
import { WorkspaceStore } from './workspace-store.js';
import { WorkspaceTree, itemOf } from './workspace-tree.js';
import type { ArchiveEntry } from '../ports/folder-archive.js';

export interface WorkspaceOptions {
  /**
   * Whether an edit session currently holds the notebook's workspace (its sandbox is the
   * workspace's writer then). Sessions supply this; until they do, nothing holds a workspace.
   */
  activeEditSession?: (projectId: string, notebookId: string) => Promise<boolean>;
  now?: () => Date;
}

export const README_PATH = 'README.md';
export const README_MAX_BYTES = 64 * 1024;
/** What a zip without zip64 extensions can hold (fflate writes none), with room for headers. */
export const ARCHIVE_MAX_ENTRIES = 65_000;
export const ARCHIVE_MAX_BYTES = 0xf000_0000;

export type { ArchiveEntry } from '../ports/folder-archive.js';

/** Reading a notebook's workspace: listing, file contents, archives, the README and its access. */
export class WorkspaceReads {
  protected readonly files: WorkspaceStore;
  protected readonly now: () => Date;
  private readonly activeEditSession: (projectId: string, notebookId: string) => Promise<boolean>;

  constructor(
    store: ObjectStore,
    protected readonly entries: EntrySource,
    options: WorkspaceOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.files = new WorkspaceStore(store, this.now);
    this.activeEditSession = options.activeEditSession ?? (async () => false);
  }

  /** `mayWrite`: whether the caller's role allows notebook.write (the route asks the policy). */
  async access(notebook: NotebookRevision, mayWrite: boolean): Promise<WorkspaceAccess> {
    const reason = !mayWrite ? 'viewer' : await this.readOnlyReason(notebook);
    return { writable: reason === null, read_only_reason: reason, protected_paths: protectedPathsOf(notebook) };
  }

  async list(notebook: NotebookRevision, rawFolder: string | undefined): Promise<WorkspaceItem[]> {
    const folder = folderPath(rawFolder, 'path');
    const tree = await this.treeOf(notebook);
    tree.requireFolder(folder, 'path');
    const items = tree.children(folder);
    if (!items.some((item) => item.path === notebook.entry_file)) return items;
    const entry = await resolveEntry(notebook, this.entries);
    return items.map((item) => (item.path === notebook.entry_file && entry ? itemOf(item.path, entry.file) : item));
  }

  async readFile(notebook: NotebookRevision, rawPath: string): Promise<{ item: WorkspaceItem; body: Buffer; etag: string }> {
    const path = workspacePath(rawPath, 'path');
    const tree = await this.treeOf(notebook);
    const file = tree.requireFile(path, 'path');
    if (file.virtual) {
      const entry = (await resolveEntry(notebook, this.entries))!;
      return { item: itemOf(path, entry.file), body: Buffer.from(entry.code, 'utf8'), etag: entry.file.blob };
    }
    return { item: itemOf(path, file), body: await this.files.getBlob(file.blob), etag: file.blob };
  }

  /**
   * The entries of a folder's archive, read lazily one file at a time. A folder's archive holds it
   * under its own name; the root's holds the workspace's top level.
   */
  async archive(notebook: NotebookRevision, rawFolder: string | undefined): Promise<{ name: string; entries: ArchiveEntry[] }> {
    const folder = folderPath(rawFolder, 'path');
    const tree = await this.treeOf(notebook);
    tree.requireFolder(folder, 'path');
    const { files, folders } = tree.subtree(folder);
    const total = files.reduce((sum, [, file]) => sum + file.size, 0);
    if (files.length + folders.length + 1 > ARCHIVE_MAX_ENTRIES || total > ARCHIVE_MAX_BYTES) {
      throw new HubError(
        'BAD_REQUEST',
        `the folder is too large for one archive (at most ${ARCHIVE_MAX_ENTRIES} entries and ${ARCHIVE_MAX_BYTES} bytes); archive its subfolders`,
      );
    }
    const top = folder === ROOT ? '' : `${nameOf(folder)}/`;
    const at = (path: string) => rebase(path, folder, top.slice(0, -1));
    const entry = files.some(([, file]) => file.virtual) ? await resolveEntry(notebook, this.entries) : null;
    const entries: ArchiveEntry[] = top ? [{ name: top, kind: 'directory', modified_at: this.now().getTime() }] : [];
    for (const path of folders) entries.push({ name: `${at(path)}/`, kind: 'directory', modified_at: this.now().getTime() });
    for (const [path, file] of files) {
      const shown = file.virtual && entry ? entry.file : file;
      const read = file.virtual && entry ? async () => Buffer.from(entry.code, 'utf8') : () => this.files.getBlob(file.blob);
      entries.push({ name: at(path), kind: 'file', modified_at: shown.modified_at, mime_type: shown.mime_type, read });
    }
    return { name: `${folder === ROOT ? 'workspace' : nameOf(folder)}.zip`, entries };
  }

  /** The workspace's README.md as text (cut to 64 KiB at a character boundary); null when absent. */
  async readme(notebook: NotebookRevision): Promise<string | null> {
    const { manifest } = await this.files.read(notebook.project_id, notebook.id);
    const file = manifest.files.find((candidate) => candidate.path === README_PATH);
    if (!file) return null;
    const body = await this.files.getBlob(file.blob);
    return new TextDecoder('utf-8').decode(utf8Prefix(body, README_MAX_BYTES));
  }

  /** The current manifest (without the entry file), for copying a workspace into a sandbox. */
  async manifest(notebook: NotebookRevision): Promise<WorkspaceManifest> {
    return (await this.files.read(notebook.project_id, notebook.id)).manifest;
  }

  /** The workspace's files but the entry file, each read on demand (the shape sessions consume). */
  async filesOf(projectId: string, notebookId: string): Promise<{ path: string; read: () => Promise<Buffer> }[]> {
    const { manifest } = await this.files.read(projectId, notebookId);
    return manifest.files.map((file) => ({ path: file.path, read: () => this.files.getBlob(file.blob) }));
  }

  protected async readOnlyReason(notebook: NotebookRevision): Promise<'git_source' | 'active_session' | null> {
    if (notebook.source.type === 'git') return 'git_source';
    return (await this.activeEditSession(notebook.project_id, notebook.id)) ? 'active_session' : null;
  }

  protected async treeOf(notebook: NotebookRevision, entry: ResolvedEntry | null | 'placeholder' = 'placeholder'): Promise<WorkspaceTree> {
    const tree = WorkspaceTree.of((await this.files.read(notebook.project_id, notebook.id)).manifest);
    placeEntry(tree, notebook, entry);
    return tree;
  }
}

/** The longest prefix of at most `max` bytes that does not split a UTF-8 sequence. */
function utf8Prefix(body: Buffer, max: number): Buffer {
  if (body.length <= max) return body;
  let end = max;
  // Back off over continuation bytes (10xxxxxx) to the start of the cut character.
  while (end > 0 && (body[end]! & 0xc0) === 0x80) end--;
  return body.subarray(0, end);
}
