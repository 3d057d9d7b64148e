import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import type { ProgressListener } from '../shared/progress.js';
import { installSurface, type InstallContext } from './surface-install.js';
import { SURFACE_NAMES, surfaceLayout, surfaceStamp, type SurfaceName } from './surface-layout.js';

export interface EnsureSurfaceRuntimeOptions {
  /** The surfaces directory: each surface gets its folder `<dir>/<name>` (docs/surfaces.md). */
  dir: string;
  onProgress?: ProgressListener;
  /** Every line the installs print, and each command line before it runs: the install's log. */
  onLog?: (line: string) => void;
  /** The surfaces to have (default both); the others are neither installed nor checked. */
  only?: readonly SurfaceName[];
}

/** The launchers of the installed surfaces; null for a surface left out with `only`. */
export interface SurfaceRuntime {
  dir: string;
  codeServer: string | null;
  openCode: string | null;
}

/** Each surface's share of the whole preparation's percentage, by how long its install takes. */
const WEIGHT: Record<SurfaceName, number> = { 'code-server': 9, opencode: 1 };

const pending = new Map<string, Promise<SurfaceRuntime>>();

/**
 * Installs the VS Code (code-server) and OpenCode surfaces into `dir` once. A surface counts as
 * installed when its stamp, written last, names the current pins: an interrupted install is
 * redone, a changed pin reinstalls. Each surface is installed into a staging folder and renamed
 * into place only when complete, so a failure leaves the previous install (or nothing) behind, never
 * half of one. A lock file keeps two hub processes from installing at once; calls within one process
 * share the running install.
 */
export function ensureSurfaceRuntime(options: EnsureSurfaceRuntimeOptions): Promise<SurfaceRuntime> {
  const dir = path.resolve(options.dir);
  const wanted = SURFACE_NAMES.filter((name) => options.only === undefined || options.only.includes(name));
  const key = `${dir}\0${wanted.join(',')}`;
  let promise = pending.get(key);
  if (promise === undefined) {
    promise = ensure(dir, wanted, options).finally(() => pending.delete(key));
    pending.set(key, promise);
  }
  return promise;
}

async function ensure(dir: string, wanted: readonly SurfaceName[], options: EnsureSurfaceRuntimeOptions): Promise<SurfaceRuntime> {
  const report = options.onProgress ?? (() => {});
  const result = (): SurfaceRuntime => ({
    dir,
    codeServer: wanted.includes('code-server') ? surfaceLayout(dir, 'code-server').launcher : null,
    openCode: wanted.includes('opencode') ? surfaceLayout(dir, 'opencode').launcher : null,
  });
  if ((await staleSurfaces(dir, wanted)).length === 0) return result();

  await mkdir(dir, { recursive: true });
  const release = await lockfile.lock(dir, {
    lockfilePath: path.join(dir, '.lock'),
    stale: 30_000,
    // code-server's install takes minutes: a second process waits for it rather than giving up.
    retries: { retries: 10_000, minTimeout: 200, maxTimeout: 2_000 },
    // A lock that could not be refreshed must not end the process (proper-lockfile's default
    // throws from a timer): the install goes on, and a second installer at worst repeats it.
    onCompromised: () => {},
  });
  try {
    // Another process may have installed them while this one waited for the lock.
    const stale = await staleSurfaces(dir, wanted);
    if (stale.length === 0) return result();
    const total = stale.reduce((sum, name) => sum + WEIGHT[name], 0);
    let before = 0;
    for (const name of stale) {
      const share = WEIGHT[name] / total;
      const start = before;
      await installInPlace(dir, name, {
        report: (fraction, step, detail) => report({ step, percent: 100 * (start + share * Math.min(1, fraction)), ...(detail ? { detail } : {}) }),
        log: options.onLog ?? (() => {}),
      });
      before += share;
    }
    report({ step: `surfaces ready (${wanted.join(', ')})`, percent: 100, done: true });
    return result();
  } finally {
    await release();
  }
}

/** The wanted surfaces whose install is missing, interrupted or of other pins. */
async function staleSurfaces(dir: string, wanted: readonly SurfaceName[]): Promise<SurfaceName[]> {
  const stale: SurfaceName[] = [];
  for (const name of wanted) {
    const layout = surfaceLayout(dir, name);
    const stamp = await readFile(layout.stamp, 'utf8').catch(() => null);
    if (stamp !== surfaceStamp(name) || !existsSync(layout.launcher)) stale.push(name);
  }
  return stale;
}

async function installInPlace(dir: string, name: SurfaceName, context: Omit<InstallContext, 'root'>): Promise<void> {
  const layout = surfaceLayout(dir, name);
  const staging = path.join(dir, `.${name}.installing`);
  const previous = path.join(dir, `.${name}.previous`);
  // Left over by an install that was killed (the lock is ours now, so nobody else is using them).
  await rm(staging, { recursive: true, force: true });
  await rm(previous, { recursive: true, force: true });
  try {
    await installSurface(name, { ...context, root: staging });
    await writeFile(path.join(staging, path.basename(layout.stamp)), surfaceStamp(name));
    if (existsSync(layout.root)) await rename(layout.root, previous);
    await rename(staging, layout.root);
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(previous, { recursive: true, force: true });
  }
}
