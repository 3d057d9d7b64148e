import { HubError } from '../errors.js';
import type { NotebookRevision } from '../notebooks/notebook-model.js';
import { isWithin } from './paths.js';
import { mimeTypeOf } from './mime.js';
import { sha256Hex } from './workspace-store.js';
import type { WorkspaceAccess, WorkspaceOperation } from './workspace-model.js';
import type { TreeFile, WorkspaceTree } from './workspace-tree.js';

/** Where the entry file's content comes from: the notebook's versions. */
export interface EntrySource {
  version(projectId: string, notebookId: string, versionId: string): Promise<{ saved_at: string }>;
  code(projectId: string, notebookId: string, versionId: string): Promise<string>;
}

/** Everything but reading: `copy` here means being the destination of a copy. */
const ENTRY_DENIED: WorkspaceOperation[] = ['create', 'write', 'move', 'copy', 'delete'];

/**
 * The notebook's entry file is code under version control: it changes by saving a version, never
 * through the workspace, so the workspace shows it (the current version's code) but refuses to
 * create, overwrite, move, delete it or copy anything onto it.
 */
export function protectedPathsOf(notebook: NotebookRevision): WorkspaceAccess['protected_paths'] {
  return [{ path: notebook.entry_file, denied_operations: [...ENTRY_DENIED] }];
}

/**
 * Refuses an operation on a protected path; with `folder`, also on a folder that holds one (deleting
 * or moving a folder would take the protected file along).
 */
export function assertNotProtected(notebook: NotebookRevision, operation: WorkspaceOperation, path: string, field: string, folder = false): void {
  for (const entry of protectedPathsOf(notebook)) {
    if (!entry.denied_operations.includes(operation)) continue;
    if (entry.path === path || (folder && isWithin(entry.path, path))) {
      const message = `${JSON.stringify(entry.path)} is the notebook's entry file: its code changes by saving a version, and the workspace does not ${operation} it`;
      throw new HubError('FORBIDDEN', message, [{ field, message: `${operation} denied on a protected path` }]);
    }
  }
}

export interface ResolvedEntry {
  file: TreeFile;
  code: string;
}

/** The entry file as the current version has it; null while the notebook has no version. */
export async function resolveEntry(notebook: NotebookRevision, source: EntrySource): Promise<ResolvedEntry | null> {
  const versionId = notebook.source.current_version_id;
  if (!versionId) return null;
  const [version, code] = await Promise.all([
    source.version(notebook.project_id, notebook.id, versionId),
    source.code(notebook.project_id, notebook.id, versionId),
  ]);
  const body = Buffer.from(code, 'utf8');
  return {
    code,
    file: { blob: sha256Hex(body), size: body.length, modified_at: Date.parse(version.saved_at), mime_type: mimeTypeOf(notebook.entry_file), virtual: true },
  };
}

/**
 * Shows the entry file in a tree. Before its details are needed (most checks only need to know
 * that a file is there) a placeholder stands in, which saves reading the code.
 */
export function placeEntry(tree: WorkspaceTree, notebook: NotebookRevision, resolved: ResolvedEntry | null | 'placeholder'): void {
  if (resolved === null || (resolved === 'placeholder' && !notebook.source.current_version_id)) return;
  const file = resolved === 'placeholder' ? { blob: '', size: 0, modified_at: 0, mime_type: mimeTypeOf(notebook.entry_file), virtual: true } : resolved.file;
  tree.putFile(notebook.entry_file, file);
  // Showing the entry file is not a change to the workspace.
  tree.changed = false;
}
