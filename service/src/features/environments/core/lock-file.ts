import type { LockedPackage } from './environment-model.js';

/**
 * A lock as `uv pip compile --generate-hashes --no-header --no-annotate --emit-find-links` writes
 * it: one `name==version` requirement per package with the hashes of its files, and the
 * `--find-links` folders the notebook's own uv settings name. Nothing in it depends on when or
 * where it was resolved, so the same resolution gives the same bytes (and the same environment).
 */

/** The lock with its line ends and trailing spaces made uniform. */
export function normalizeLock(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return `${lines.join('\n')}\n`;
}

const PINNED = /^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*==\s*([^\s;\\]+)/;
/** A direct reference (`hubprobe @ file:///wheels/hubprobe-1.0-py3-none-any.whl`), pinned by its hash. */
const DIRECT = /^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*@\s*([^\s;\\]+)/;
/** The version in a wheel's or a source archive's file name. */
const ARCHIVE_VERSION = /\/[A-Za-z0-9._]+?-([0-9][A-Za-z0-9.+!_]*?)(?:-[^/]*\.whl|\.tar\.gz|\.zip)$/;

/** The packages a lock pins, in its order. A direct reference's version is its file name's, else its URL. */
export function lockedPackages(lock: string): LockedPackage[] {
  const packages: LockedPackage[] = [];
  for (const line of lock.split('\n')) {
    const match = PINNED.exec(line);
    if (match) {
      packages.push({ name: match[1]!, version: match[2]! });
      continue;
    }
    const direct = DIRECT.exec(line);
    if (direct) packages.push({ name: direct[1]!, version: ARCHIVE_VERSION.exec(direct[2]!)?.[1] ?? direct[2]! });
  }
  return packages;
}

/** A URL with a user name or password in it (`https://user:token@host/...`). */
const CREDENTIALS = /[a-z][a-z0-9+.-]*:\/\/[^\s/@]+@/i;

/**
 * Why a lock cannot be kept, or null. A lock names no credentials: it is stored with the version,
 * shown by the API and shared by every environment built from it.
 */
export function lockProblem(lock: string): string | null {
  if (CREDENTIALS.test(lock)) return 'a dependency is given by a URL with a user name or password in it; locks never hold credentials';
  if (lockedPackages(lock).length === 0 && lock.trim() !== '') return 'uv wrote a lock without any pinned package';
  return null;
}

/** One requirement of a lock: its package, the version pinned, the hashes its files may have, and a direct reference's URL. */
export interface LockRequirement {
  name: string;
  version: string;
  hashes: string[];
  /** Where a direct reference points (`file:///...`, `https://...`); null for a package of the index. */
  url: string | null;
}

/** The requirements of a lock with the hashes of each, its continuation lines joined. */
export function lockRequirements(lock: string): LockRequirement[] {
  const requirements: LockRequirement[] = [];
  for (const line of lock.replace(/\\\n/g, ' ').split('\n')) {
    const hashes = [...line.matchAll(/--hash=sha256:([0-9a-f]{64})/g)].map((match) => match[1]!);
    const pinned = PINNED.exec(line);
    if (pinned) {
      requirements.push({ name: pinned[1]!, version: pinned[2]!, hashes, url: null });
      continue;
    }
    const direct = DIRECT.exec(line);
    if (direct) requirements.push({ name: direct[1]!, version: ARCHIVE_VERSION.exec(direct[2]!)?.[1] ?? direct[2]!, hashes, url: direct[2]! });
  }
  return requirements;
}

/** The `--find-links` folders a lock names (the notebook's workspace folders). */
export function lockFindLinks(lock: string): string[] {
  return [...lock.matchAll(/^--find-links\s+(\S+)$/gm)].map((match) => match[1]!);
}

/**
 * The lock without the `--find-links` lines of `folders`: the machine's wheel folders an offline
 * resolution read, which are where this hub keeps wheels, not what the notebook declared.
 */
export function withoutFindLinks(lock: string, folders: readonly string[]): string {
  const dropped = new Set(folders);
  const lines = lock.split('\n').filter((line) => !(line.startsWith('--find-links ') && dropped.has(line.slice('--find-links '.length).trim())));
  // uv leaves a blank line after its options: none is left before the requirements.
  while (lines.length > 1 && lines[0] === '') lines.shift();
  return lines.join('\n');
}
