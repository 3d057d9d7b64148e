import { MAX_NOTEBOOK_BYTES, looksLikeMarimoNotebook } from '../../../core/notebooks/marimo-source.js';
import { isEntryFilePath } from '../../../core/notebooks/notebook-service.js';
import { ROOT, ancestorsOf, isWithin, nameOf, parentOf } from '../../../core/workspace/paths.js';
import type { DetectedNotebook, InvalidReason } from './import-model.js';

export interface FolderFile {
  path: string;
  body: Buffer;
}

/** The entry file a notebook gets when its own name is not one a notebook may have. */
const FALLBACK_ENTRY_FILE = 'notebook.py';
const MAX_TITLE = 200;
const APP_CALL = /^app\s*=\s*marimo\.App\(([^)]*)\)/m;
const APP_TITLE = /\bapp_title\s*=\s*(?:"([^"\n]*)"|'([^'\n]*)')/;

/**
 * The marimo notebooks of a folder: `.py` files that `import marimo` and define
 * `app = marimo.App(...)`. The markers are ASCII, so a file that is not UTF-8 is still recognized
 * (and reported as invalid) instead of passing silently as a data file.
 */
export function detectNotebooks(files: readonly FolderFile[], directories: readonly string[] = []): DetectedNotebook[] {
  const candidates = files.filter((file) => file.path.toLowerCase().endsWith('.py') && looksLikeMarimoNotebook(file.body.toString('latin1')));
  const notebookPaths = new Set(candidates.map((file) => file.path));
  const sized = files.map((file) => ({ path: file.path, size: file.body.length }));
  return candidates
    .map((file) => {
      const folder = parentOf(file.path);
      const neighbours = neighbourFiles(folder, sized, notebookPaths);
      const taken = takenPaths(
        neighbours.map((neighbour) => neighbour.workspacePath),
        neighbourFolders(folder, directories),
      );
      const ownName = nameOf(file.path);
      const entryFile = isEntryFilePath(ownName) ? ownName : FALLBACK_ENTRY_FILE;
      const problem = problemOf(file.body, entryFile, taken);
      const code = problem ? '' : file.body.toString('utf8');
      return {
        path: file.path,
        folder,
        entry_file: entryFile,
        title: titleOf(code, ownName),
        state: problem ? ('invalid' as const) : ('ready' as const),
        ...(problem ?? {}),
        file_count: neighbours.length,
        bytes: neighbours.reduce((sum, neighbour) => sum + neighbour.size, 0),
      };
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * What comes with a notebook: every file in its folder and below, except the notebooks (this one
 * and any other), each with its path in the new workspace, where the notebook's folder is the root.
 * Relative paths in the code (`data/sales.csv`) therefore keep working.
 */
export function neighbourFiles<T extends { path: string; size: number }>(
  folder: string,
  files: readonly T[],
  notebookPaths: ReadonlySet<string>,
): (T & { workspacePath: string })[] {
  return files
    .filter((file) => isWithin(file.path, folder) && !notebookPaths.has(file.path))
    .map((file) => ({ ...file, workspacePath: rebaseToRoot(file.path, folder) }));
}

/** The folders inside `folder` (not itself), as paths in the new workspace. */
export function neighbourFolders(folder: string, directories: readonly string[]): string[] {
  return directories.filter((directory) => directory !== folder && isWithin(directory, folder)).map((directory) => rebaseToRoot(directory, folder));
}

/** Every path the new workspace will hold: its files, and the folders around them or on their own. */
function takenPaths(files: readonly string[], folders: readonly string[]): Set<string> {
  const taken = new Set<string>(folders);
  for (const file of files) {
    taken.add(file);
    for (const folder of ancestorsOf(file)) taken.add(folder);
  }
  return taken;
}

/** `path` (inside `folder`) as seen from `folder`. */
function rebaseToRoot(path: string, folder: string): string {
  return folder === ROOT ? path : path.slice(folder.length + 1);
}

function problemOf(body: Buffer, entryFile: string, taken: ReadonlySet<string>): { reason: InvalidReason; message: string } | null {
  if (body.length > MAX_NOTEBOOK_BYTES) return { reason: 'too_large', message: `the notebook is larger than ${MAX_NOTEBOOK_BYTES} bytes` };
  if (!isUtf8(body)) return { reason: 'not_utf8', message: 'the notebook is not UTF-8 text; save it as UTF-8 and import the folder again' };
  if (body.includes(0)) return { reason: 'contains_nul', message: 'the notebook contains NUL bytes' };
  if (taken.has(entryFile)) {
    return {
      reason: 'unsupported_name',
      message: `the file name is not usable for a notebook (letters, digits, ._- and spaces), and ${FALLBACK_ENTRY_FILE} is already taken in its folder; rename it and import again`,
    };
  }
  return null;
}

function isUtf8(body: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return true;
  } catch {
    return false;
  }
}

/** `App(app_title="...")` when the notebook names itself, else its file name without `.py`. */
function titleOf(code: string, fileName: string): string {
  const args = APP_CALL.exec(code)?.[1] ?? '';
  const match = APP_TITLE.exec(args);
  const declared = (match?.[1] ?? match?.[2] ?? '').trim();
  const stem = fileName.replace(/\.py$/i, '').trim();
  return (declared || stem || fileName).slice(0, MAX_TITLE);
}
