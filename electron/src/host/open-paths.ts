import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { OpenedPath, OpenPathsAnswer, PathFailure } from './bridge-contract.js';
import { importFolder, importNotebookFile } from './disk-flows.js';
import { targetProject, type HubCall } from './menu-actions.js';
import type { RecentNotebook } from './settings.js';

export type { OpenedPath, OpenPathsAnswer, PathFailure };

/** More than this many notebooks at once is a mistake (a whole folder selected), not a request. */
export const MAX_OPENED_PATHS = 20;

export interface OpenTarget {
  kind: 'notebook' | 'folder';
  /** Absolute. */
  path: string;
}

/** The paths given were refused as a whole: nothing was imported. */
export class OpenPathsRefused extends Error {
  constructor(readonly failures: PathFailure[]) {
    super(failures.map((failure) => failure.message).join('\n'));
    this.name = 'OpenPathsRefused';
  }
}

/**
 * Checks paths that come from outside the main process (the window's drop, a command line) before
 * anything is done with them (docs/desktop.md, "Folders and files on disk"): absolute, existing,
 * each a `.py` file or a folder, nothing else; several `.py` files, or one folder on its own.
 * Every problem is reported at once.
 */
export async function checkOpenPaths(paths: unknown): Promise<OpenTarget[]> {
  if (!Array.isArray(paths) || paths.length === 0) throw new OpenPathsRefused([{ path: '', message: 'Nothing to import: drop a .py notebook or a folder.' }]);
  if (paths.length > MAX_OPENED_PATHS) {
    throw new OpenPathsRefused([{ path: '', message: `At most ${MAX_OPENED_PATHS} notebooks can be imported at once; import their folder instead.` }]);
  }
  const targets: OpenTarget[] = [];
  const failures: PathFailure[] = [];
  for (const given of paths) {
    if (typeof given !== 'string' || given.length === 0 || given.includes('\0') || !path.isAbsolute(given)) {
      failures.push({ path: String(given), message: 'A dropped item has no place on disk (drop files from the file manager).' });
      continue;
    }
    const name = path.basename(given);
    const found = await stat(given).catch((error: NodeJS.ErrnoException) => error);
    if (found instanceof Error) {
      failures.push({ path: given, message: found.code === 'ENOENT' ? `${name} does not exist.` : `${name} cannot be read: ${found.message}` });
    } else if (found.isDirectory()) {
      targets.push({ kind: 'folder', path: given });
    } else if (found.isFile() && name.toLowerCase().endsWith('.py')) {
      targets.push({ kind: 'notebook', path: given });
    } else {
      failures.push({ path: given, message: `${name} is neither a .py notebook nor a folder.` });
    }
  }
  const folders = targets.filter((target) => target.kind === 'folder');
  if (folders.length > 0 && targets.length > 1) {
    failures.push({ path: '', message: 'Import one folder at a time, on its own (a folder brings every notebook in it).' });
  }
  if (failures.length > 0) throw new OpenPathsRefused(failures);
  return targets;
}

/** The project a page of the window belongs to (`/projects/<id>/…` on the hub), if any. */
export function projectShown(pageUrl: string | null | undefined, hubOrigin: string): string | null {
  if (!pageUrl) return null;
  let parsed: URL;
  try {
    parsed = new URL(pageUrl);
  } catch {
    return null;
  }
  if (parsed.origin !== hubOrigin) return null;
  const match = /^\/projects\/([^/]+)/.exec(parsed.pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}

export interface OpenPlace {
  /** The page the window shows (the drop's target project, when it is a project's page). */
  pageUrl: string | null;
  hubOrigin: string;
  recent: readonly RecentNotebook[];
}

/**
 * Imports checked paths into the project the window shows, else where the menu's actions put what
 * they create (menu-actions.ts `targetProject`). Each notebook is its own creation: one the hub
 * refuses (not a marimo notebook) is reported and the others are still imported.
 */
export async function openPaths(call: HubCall, targets: readonly OpenTarget[], place: OpenPlace): Promise<OpenPathsAnswer> {
  let projectId: string;
  try {
    projectId = await projectFor(call, place);
  } catch (error) {
    return {
      opened: [],
      failures: [{ path: '', message: `No project to import into: ${error instanceof Error ? error.message : String(error)}` }],
      page: null,
    };
  }
  const opened: OpenedPath[] = [];
  const failures: PathFailure[] = [];
  for (const target of targets) {
    try {
      if (target.kind === 'folder') {
        const imported = await importFolder(call, target.path, projectId);
        opened.push({ path: target.path, kind: 'folder', page: imported.page });
      } else {
        const imported = await importNotebookFile(call, target.path, projectId);
        opened.push({ path: target.path, kind: 'notebook', page: imported.page });
      }
    } catch (error) {
      failures.push({ path: target.path, message: error instanceof Error ? error.message : String(error) });
    }
  }
  // One item: its own page. Several notebooks: the project's list, where they all are.
  const page = opened.length === 0 ? null : opened.length === 1 ? opened[0]!.page : `/projects/${encodeURIComponent(projectId)}/notebooks`;
  return { opened, failures, page };
}

/** The project the window shows, when the caller may still see it; else the menu's choice. */
async function projectFor(call: HubCall, place: OpenPlace): Promise<string> {
  const shown = projectShown(place.pageUrl, place.hubOrigin);
  if (shown && (await call(`/api/v1/projects/${encodeURIComponent(shown)}`)).status === 200) return shown;
  return targetProject(call, place.recent);
}

/** Checks, then imports (the bridge's drop and the command line); a refusal is an answer too, never a throw. */
export async function checkAndOpenPaths(call: HubCall, paths: unknown, place: OpenPlace): Promise<OpenPathsAnswer> {
  let targets: OpenTarget[];
  try {
    targets = await checkOpenPaths(paths);
  } catch (error) {
    if (error instanceof OpenPathsRefused) return { opened: [], failures: error.failures, page: null };
    throw error;
  }
  return openPaths(call, targets, place);
}
