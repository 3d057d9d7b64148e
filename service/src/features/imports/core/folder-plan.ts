import { HubError, type FieldProblem } from '../../../core/errors.js';
import type { FolderArchiveEntry } from '../../../core/ports/folder-archive.js';
import { ancestorsOf, nameOf, workspacePath } from '../../../core/workspace/paths.js';

/** What an archive becomes once every entry passed: the files to read and the folders to keep. */
export interface FolderPlan {
  files: { index: number; path: string }[];
  /** Every folder, explicit or implied by a file inside it, sorted. */
  directories: string[];
  /** Operating-system clutter left out. */
  ignoredCount: number;
}

/** Reported per refused entry; the rest are counted in the message. */
const MAX_DETAILS = 50;
const DRIVE = /^[A-Za-z]:/;
/** Folders and files operating systems add to archives on their own; nobody means to import them. */
const IGNORED_FOLDERS = new Set(['__MACOSX', '__pycache__']);
const IGNORED_FILES = new Set(['.DS_Store', 'Thumbs.db']);

function isClutter(path: string): boolean {
  return path.split('/').some((segment) => IGNORED_FOLDERS.has(segment)) || IGNORED_FILES.has(nameOf(path));
}

/**
 * Checks every entry's name against the workspace path rules, so nothing in an archive can name a
 * place outside the folder it unpacks into: absolute paths, drive letters, `..` and `.` segments,
 * backslashes and control characters are refused, as are two entries with one name (also when
 * they differ only in Unicode normalization) and a name that is both a file and a folder. Every
 * problem is reported at once, each naming its entry, with VALIDATION_ERROR.
 */
export function planFolder(entries: readonly FolderArchiveEntry[]): FolderPlan {
  const problems: FieldProblem[] = [];
  const refuse = (entry: FolderArchiveEntry, message: string) =>
    problems.push({ field: `entries[${entry.index}]`, message: `${quoted(entry.name)} ${message}` });
  const seen = new Map<string, FolderArchiveEntry>();
  const accepted: { entry: FolderArchiveEntry; path: string }[] = [];
  for (const entry of entries) {
    if (entry.problem) {
      refuse(entry, entry.problem);
      continue;
    }
    const path = checkedPath(entry);
    if (typeof path !== 'string') {
      refuse(entry, path.problem);
      continue;
    }
    const earlier = seen.get(path);
    if (earlier) {
      refuse(
        entry,
        earlier.kind === entry.kind ? `appears twice in the archive (also entry ${earlier.index})` : `is both a file and a folder (entry ${earlier.index})`,
      );
      continue;
    }
    seen.set(path, entry);
    accepted.push({ entry, path });
  }
  for (const { entry, path } of accepted) {
    const file = ancestorsOf(path).find((ancestor) => seen.get(ancestor)?.kind === 'file');
    if (file !== undefined) refuse(entry, `lies inside ${JSON.stringify(file)}, which is a file`);
  }
  if (problems.length > 0) {
    const more = problems.length > MAX_DETAILS ? ` (the first ${MAX_DETAILS} are listed)` : '';
    throw new HubError(
      'VALIDATION_ERROR',
      `the archive has ${problems.length} entr${problems.length === 1 ? 'y' : 'ies'} that cannot be imported${more}: ${problems[0]!.message}`,
      problems.slice(0, MAX_DETAILS),
    );
  }

  const files: FolderPlan['files'] = [];
  const directories = new Set<string>();
  let ignoredCount = 0;
  for (const { entry, path } of accepted) {
    if (isClutter(path)) {
      if (entry.kind === 'file') ignoredCount++;
      continue;
    }
    for (const ancestor of ancestorsOf(path)) directories.add(ancestor);
    if (entry.kind === 'directory') directories.add(path);
    else files.push({ index: entry.index, path });
  }
  return { files, directories: [...directories].sort(), ignoredCount };
}

/** A name as messages show it: in quotes, control characters escaped, backslashes as they are. */
function quoted(name: string): string {
  return `"${name.replace(/\p{Cc}/gu, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}

function checkedPath(entry: FolderArchiveEntry): string | { problem: string } {
  if (entry.name === '') return { problem: 'has an empty name' };
  if (DRIVE.test(entry.name)) return { problem: 'names a drive; paths in the archive must be relative to its folder' };
  try {
    return workspacePath(entry.name, 'name');
  } catch (error) {
    if (error instanceof HubError && error.details?.[0]) return { problem: error.details[0].message };
    throw error;
  }
}
