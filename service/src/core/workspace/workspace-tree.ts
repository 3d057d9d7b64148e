import { HubError } from '../errors.js';
import { ROOT, ancestorsOf, isWithin, nameOf, parentOf } from './paths.js';
import type { WorkspaceFile, WorkspaceItem, WorkspaceManifest } from './workspace-model.js';

/** A file as the tree holds it; `virtual` marks the notebook's entry file, which lives in versions. */
export type TreeFile = Omit<WorkspaceFile, 'path'> & { virtual?: boolean };

function clash(field: string, message: string): HubError {
  return new HubError('VALIDATION_ERROR', `${field} ${message}`, [{ field, message }]);
}

export function itemOf(path: string, file?: TreeFile): WorkspaceItem {
  return file
    ? { path, name: nameOf(path), kind: 'file', size: file.size, modified_at: file.modified_at, mime_type: file.mime_type }
    : { path, name: nameOf(path), kind: 'directory' };
}

/**
 * A workspace as a mutable tree, built from a manifest and turned back into one. Every folder is
 * tracked (not only the empty ones a manifest lists), so removing a folder's last file keeps the
 * folder, as on a disk. No path is ever both a file and a folder.
 */
export class WorkspaceTree {
  private readonly files = new Map<string, TreeFile>();
  private readonly folders = new Set<string>();
  changed = false;

  static of(manifest: Pick<WorkspaceManifest, 'files' | 'directories'>): WorkspaceTree {
    const tree = new WorkspaceTree();
    for (const { path, ...file } of manifest.files) tree.insertFile(path, file);
    for (const folder of manifest.directories) tree.insertFolder(folder);
    return tree;
  }

  kindOf(path: string): 'file' | 'directory' | null {
    if (path === ROOT || this.folders.has(path)) return 'directory';
    return this.files.has(path) ? 'file' : null;
  }

  fileAt(path: string): TreeFile | undefined {
    return this.files.get(path);
  }

  /** Refuses a path that treats a file as a folder (`report.csv/x`). */
  assertPlaceable(path: string, field: string): void {
    const file = ancestorsOf(path).find((ancestor) => this.files.has(ancestor));
    if (file !== undefined) throw clash(field, `treats the file ${JSON.stringify(file)} as a folder`);
  }

  requireFile(path: string, field: string): TreeFile {
    this.assertPlaceable(path, field);
    if (this.folders.has(path)) throw clash(field, 'is a folder, not a file');
    const file = this.files.get(path);
    if (!file) throw new HubError('NOT_FOUND', `no file ${JSON.stringify(path)} in the workspace`);
    return file;
  }

  requireFolder(path: string, field: string): void {
    if (path === ROOT) return;
    this.assertPlaceable(path, field);
    if (this.files.has(path)) throw clash(field, 'is a file, not a folder');
    if (!this.folders.has(path)) throw new HubError('NOT_FOUND', `no folder ${JSON.stringify(path)} in the workspace`);
  }

  /** Either kind; NOT_FOUND when absent. */
  requireItem(path: string, field: string): 'file' | 'directory' {
    this.assertPlaceable(path, field);
    const kind = this.kindOf(path);
    if (!kind) throw new HubError('NOT_FOUND', `nothing at ${JSON.stringify(path)} in the workspace`);
    return kind;
  }

  itemAt(path: string): WorkspaceItem {
    return itemOf(path, this.files.get(path));
  }

  /** The direct children of a folder: folders first, then files, each by name. */
  children(folder: string): WorkspaceItem[] {
    const folders = [...this.folders].filter((path) => path !== folder && parentOf(path) === folder).sort();
    const files = [...this.files.keys()].filter((path) => parentOf(path) === folder).sort();
    return [...folders.map((path) => itemOf(path)), ...files.map((path) => itemOf(path, this.files.get(path)))];
  }

  /** Everything inside `folder` (not the folder itself), sorted by path. */
  subtree(folder: string): { files: [string, TreeFile][]; folders: string[] } {
    const inside = (path: string) => path !== folder && isWithin(path, folder);
    return {
      files: [...this.files].filter(([path]) => inside(path)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      folders: [...this.folders].filter(inside).sort(),
    };
  }

  putFile(path: string, file: TreeFile): void {
    this.insertFile(path, file);
    this.changed = true;
  }

  /** Creates the folder and any missing parents; false when it already existed. */
  addFolder(path: string): boolean {
    if (this.folders.has(path)) return false;
    this.insertFolder(path);
    this.changed = true;
    return true;
  }

  /** Removes a file, or a folder with everything inside it; its parent folder stays. */
  remove(path: string): void {
    for (const file of [...this.files.keys()]) if (isWithin(file, path)) this.files.delete(file);
    for (const folder of [...this.folders]) if (isWithin(folder, path)) this.folders.delete(folder);
    this.changed = true;
  }

  /** The manifest content: virtual files are left out, and only empty folders are listed. */
  toManifest(): Pick<WorkspaceManifest, 'files' | 'directories'> {
    const files = [...this.files]
      .filter(([, file]) => !file.virtual)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([path, { blob, size, modified_at, mime_type }]) => ({ path, blob, size, modified_at, mime_type }));
    const nonEmpty = new Set<string>();
    for (const path of [...this.files.keys(), ...this.folders]) for (const ancestor of ancestorsOf(path)) nonEmpty.add(ancestor);
    return { files, directories: [...this.folders].filter((folder) => !nonEmpty.has(folder)).sort() };
  }

  private insertFile(path: string, file: TreeFile): void {
    for (const ancestor of ancestorsOf(path)) this.folders.add(ancestor);
    this.files.set(path, file);
  }

  private insertFolder(path: string): void {
    for (const ancestor of ancestorsOf(path)) this.folders.add(ancestor);
    this.folders.add(path);
  }
}
