// Compiling the desktop host (electron/src, into electron/dist: what Electron runs, `main` in
// electron/package.json). Shared by `npm run desktop` and `npm run dist` (docs/desktop.md); it
// compiles against the service's built dist/, so the hub's build comes first (ensureBuilt).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const ELECTRON_DIR = path.join(ROOT, 'electron');

/** Runs `tsc -p electron/tsconfig.build.json`; throws when it fails (tsc has printed why). */
export function compileDesktopHost() {
  const tsc = createRequire(path.join(ELECTRON_DIR, 'package.json')).resolve('typescript/bin/tsc');
  const compiled = spawnSync(process.execPath, [tsc, '-p', path.join(ELECTRON_DIR, 'tsconfig.build.json')], { stdio: ['ignore', 2, 2] });
  if (compiled.status !== 0) throw new Error(`The desktop host did not compile (tsc exited with ${compiled.status ?? compiled.signal}).`);
}
