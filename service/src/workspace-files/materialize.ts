import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import fs from 'fs-extra';
import { isWorkspacePath, nameOf, parentOf } from '../core/workspace/paths.js';
import type { WorkspaceManifest } from '../core/workspace/workspace-model.js';
import type { ObjectStore } from '../core/store/object-store.js';
import { layout } from '../core/storage-layout.js';

export interface SkippedPath {
  path: string;
  reason: string;
}

export interface MaterializeReport {
  written: string[];
  skipped: SkippedPath[];
}

// Windows has no O_NOFOLLOW; there the lstat walk below is the only guard.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

class Refused extends Error {}

// Names Windows cannot hold as plain files (`a:b` would even become an alternate data stream).
const WINDOWS_RESERVED = /[<>:"|?*]|[. ]$|^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

function platformProblem(relative: string): string | null {
  if (process.platform !== 'win32') return null;
  return relative.split('/').some((segment) => WINDOWS_RESERVED.test(segment)) ? 'a name this system cannot hold' : null;
}

/**
 * Creates `segments` under `root` one folder at a time, never following a symlink: a link that
 * a previous occupant of the directory left behind (even one pointing inside) refuses the path,
 * so nothing can be written outside `root`.
 */
async function ensureFolder(root: string, relative: string): Promise<string> {
  let current = root;
  for (const segment of relative === '' ? [] : relative.split('/')) {
    current = path.join(current, segment);
    for (let attempt = 0; ; attempt++) {
      const stats = await fs.lstat(current).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (stats?.isSymbolicLink()) throw new Refused(`${path.relative(root, current)} is a symlink`);
      if (stats && !stats.isDirectory()) throw new Refused(`${path.relative(root, current)} is not a folder`);
      if (stats) break;
      try {
        await fs.mkdir(current, { mode: 0o755 });
        break;
      } catch (error) {
        // Someone created it meanwhile: look again at what it is.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      }
    }
  }
  return current;
}

async function writeFile(target: string, body: Buffer, modifiedAt: number): Promise<void> {
  let handle: FileHandle;
  try {
    handle = await open(target, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | NO_FOLLOW, 0o644);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EISDIR' || code === 'EMLINK') throw new Refused(`a symlink or folder is in the way (${code})`);
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new Refused('not a regular file');
    await handle.writeFile(body);
    const time = new Date(modifiedAt);
    await handle.utimes(time, time);
  } finally {
    await handle.close();
  }
}

/**
 * Copies a workspace manifest into `targetDir` (a sandbox's working directory): folders, then
 * files with their modification times. Paths that are not valid workspace paths, or that would
 * pass through a symlink or over something that is not a regular file, are skipped and reported;
 * the rest is written. The notebook's entry file is not in a manifest: whoever runs the notebook
 * writes it from the version it runs.
 */
export async function materializeWorkspace(
  manifest: Pick<WorkspaceManifest, 'files' | 'directories'>,
  store: Pick<ObjectStore, 'get'>,
  targetDir: string,
): Promise<MaterializeReport> {
  await fs.ensureDir(targetDir);
  const root = await fs.realpath(targetDir);
  const report: MaterializeReport = { written: [], skipped: [] };
  const attempt = async (relative: string, write: () => Promise<void>) => {
    if (!isWorkspacePath(relative)) return void report.skipped.push({ path: relative, reason: 'not a valid workspace path' });
    const problem = platformProblem(relative);
    if (problem) return void report.skipped.push({ path: relative, reason: problem });
    try {
      await write();
      report.written.push(relative);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      report.skipped.push({ path: relative, reason: error.message });
    }
  };
  for (const folder of manifest.directories) await attempt(folder, async () => void (await ensureFolder(root, folder)));
  for (const file of manifest.files) {
    await attempt(file.path, async () => {
      const parent = await ensureFolder(root, parentOf(file.path));
      const object = await store.get(layout.blob(file.blob));
      if (!object) throw new Error(`workspace blob ${file.blob} of ${file.path} is missing from the store`);
      await writeFile(path.join(parent, nameOf(file.path)), object.body, file.modified_at);
    });
  }
  return report;
}
