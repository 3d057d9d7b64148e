import { HubError } from '../errors.js';

/** Limits of a workspace path, in UTF-8 bytes after NFC normalization. */
export const MAX_SEGMENT_BYTES = 255;
export const MAX_PATH_BYTES = 1024;
export const MAX_DEPTH = 32;

/** The workspace root, as list and archive routes name it. */
export const ROOT = '';

// C0, DEL and C1 controls: they hide in terminals, break headers and mean nothing in a name.
const CONTROL = /\p{Cc}/u;
// In `u` mode a well-formed pair is one code point, so this matches only lone surrogates,
// which have no UTF-8 encoding and would not round-trip through any file system.
const LONE_SURROGATE = /\p{Cs}/u;

function invalid(field: string, message: string): HubError {
  return new HubError('VALIDATION_ERROR', `${field} ${message}`, [{ field, message }]);
}

/** Why `raw` is not a workspace path, or null; `raw` is taken as already NFC-normalized. */
function problemOf(raw: string): string | null {
  if (raw.includes('\u0000')) return 'contains a NUL byte';
  if (CONTROL.test(raw)) return 'contains a control character';
  if (LONE_SURROGATE.test(raw)) return 'is not valid Unicode';
  if (raw.includes('\\')) return 'contains a backslash; separate folders with /';
  if (raw.startsWith('/')) return 'must be relative to the workspace (no leading /)';
  if (Buffer.byteLength(raw, 'utf8') > MAX_PATH_BYTES) return `is longer than ${MAX_PATH_BYTES} bytes`;
  const segments = raw.split('/');
  if (segments.length > MAX_DEPTH) return `is deeper than ${MAX_DEPTH} levels`;
  for (const segment of segments) {
    if (segment === '') return raw.endsWith('/') ? 'must not end with /' : 'contains an empty segment (//)';
    if (segment === '.' || segment === '..') return 'must not contain . or .. segments';
    if (Buffer.byteLength(segment, 'utf8') > MAX_SEGMENT_BYTES) return `has a name longer than ${MAX_SEGMENT_BYTES} bytes`;
  }
  return null;
}

/**
 * The normalized form of a path into a notebook's workspace, or VALIDATION_ERROR naming `field`.
 * Paths are NFC so that the same name typed on different systems is the same file; they are
 * never resolved against anything, so a valid path cannot leave the workspace.
 */
export function workspacePath(raw: string, field: string): string {
  if (raw === '') throw invalid(field, 'must not be empty');
  const normalized = raw.normalize('NFC');
  const problem = problemOf(normalized);
  if (problem) throw invalid(field, problem);
  return normalized;
}

/** Like {@link workspacePath}, but absent or empty names the root (a folder is expected). */
export function folderPath(raw: string | undefined, field: string): string {
  return raw === undefined || raw === '' ? ROOT : workspacePath(raw, field);
}

export function isWorkspacePath(raw: string): boolean {
  return raw !== '' && raw === raw.normalize('NFC') && problemOf(raw) === null;
}

export function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? ROOT : path.slice(0, slash);
}

/** Every proper ancestor folder of `path`, nearest last, without the root. */
export function ancestorsOf(path: string): string[] {
  const segments = path.split('/');
  return segments.slice(0, -1).map((_, i) => segments.slice(0, i + 1).join('/'));
}

/** Whether `path` is `folder` itself or lies inside it. */
export function isWithin(path: string, folder: string): boolean {
  return folder === ROOT || path === folder || path.startsWith(`${folder}/`);
}

/** `path` moved from under `from` to under `to` (for copying and moving folders). */
export function rebase(path: string, from: string, to: string): string {
  return path === from ? to : `${to}${path.slice(from.length)}`;
}

/** Checks a path built by joining valid paths (a folder moved deeper may exceed the limits). */
export function assertJoined(path: string, field: string): void {
  const problem = problemOf(path);
  if (problem) throw invalid(field, `would produce ${JSON.stringify(path.slice(0, 80))}, which ${problem}`);
}
