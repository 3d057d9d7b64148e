import { constants, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import fs from 'fs-extra';
import { isWorkspacePath } from '../core/workspace/paths.js';
import type { SkippedPath } from './materialize.js';

export interface CollectedFile {
  kind: 'file';
  /** Workspace path (NFC, `/`-separated). */
  path: string;
  size: number;
  modified_at: number;
  /** Reads the file, refusing it if it was swapped for something else since it was listed. */
  read(): Promise<Buffer>;
}

export interface CollectedFolder {
  kind: 'directory';
  path: string;
}

export interface CollectReport {
  entries: (CollectedFile | CollectedFolder)[];
  skipped: SkippedPath[];
}

const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * Reads the file at `absolute` only if it is still the regular file that was listed. O_NOFOLLOW
 * refuses a symlink put in its place; comparing device and inode also catches a folder on the way
 * that was replaced by a symlink after the walk (which O_NOFOLLOW alone would follow).
 */
async function readListed(absolute: string, listed: Stats, relative: string): Promise<Buffer> {
  const handle = await open(absolute, constants.O_RDONLY | NO_FOLLOW).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ELOOP') throw new Error(`${relative} became a symlink after it was collected`);
    throw error;
  });
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.dev !== listed.dev || stats.ino !== listed.ino) {
      throw new Error(`${relative} was replaced after it was collected; refusing to read it`);
    }
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * Lists what a sandbox left in `sourceDir` as workspace entries. Only regular files and folders
 * are taken: symlinks (even ones pointing inside, since their target can change under us),
 * sockets, pipes and devices, and names that are not valid workspace paths (too long, control
 * characters, backslashes, more than 32 levels deep) are skipped and reported. Names are
 * NFC-normalized; of two names that normalize alike only the first is kept.
 */
export async function collectWorkspace(sourceDir: string): Promise<CollectReport> {
  const root = await fs.realpath(sourceDir);
  const report: CollectReport = { entries: [], skipped: [] };
  const seen = new Set<string>();
  const walk = async (absoluteFolder: string, relativeFolder: string): Promise<void> => {
    const names = (await fs.readdir(absoluteFolder)).sort();
    for (const name of names) {
      const absolute = path.join(absoluteFolder, name);
      const relative = (relativeFolder ? `${relativeFolder}/${name}` : name).normalize('NFC');
      const stats = await fs.lstat(absolute).catch(() => null);
      if (!stats) {
        report.skipped.push({ path: relative, reason: 'unreadable name (not valid UTF-8?) or vanished' });
        continue;
      }
      const problem = stats.isSymbolicLink()
        ? 'symlink'
        : !stats.isFile() && !stats.isDirectory()
          ? 'special file (socket, pipe or device)'
          : !isWorkspacePath(relative)
            ? 'not a valid workspace path (too long, too deep or a forbidden character)'
            : seen.has(relative)
              ? 'the same name as another entry after Unicode normalization'
              : null;
      if (problem) {
        report.skipped.push({ path: relative, reason: problem });
        continue;
      }
      seen.add(relative);
      if (stats.isDirectory()) {
        report.entries.push({ kind: 'directory', path: relative });
        await walk(absolute, relative);
      } else {
        report.entries.push({ kind: 'file', path: relative, size: stats.size, modified_at: Math.floor(stats.mtimeMs), read: () => readListed(absolute, stats, relative) });
      }
    }
  };
  await walk(root, '');
  return report;
}
