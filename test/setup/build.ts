import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Suites that spawn the `notebook-hub` command run the compiled service, and the UI suites serve the
 * built UI: the set-up brings the build up to date once rather than letting several hub processes
 * race to build it (scripts/build.mjs locks, and does nothing when the build is fresh).
 */
export function buildIfStale(): void {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../scripts/build.mjs'), '--if-stale'], { stdio: 'inherit' });
}
