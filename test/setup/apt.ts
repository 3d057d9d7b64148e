import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { testCacheDir } from './cache-dir.js';

/** How long an install waits for another run's apt-get (or any dpkg user) to finish. */
const LOCK_WAIT_SECONDS = 1800;

/**
 * Installs Debian packages a suite needs, when the tests run as root on Debian (a fresh CI machine);
 * anywhere else it throws `otherwise`, which says how to provide them, and the suite is skipped.
 *
 * Several provisioning steps (and several test runs on one machine) may install at once, and dpkg
 * refuses a second apt-get outright: every install takes one lock of the test cache first (flock),
 * and apt-get itself waits for the dpkg lock of anything else on the machine.
 */
export function aptInstall(packages: string[], otherwise: string, options: { recommends?: boolean } = {}): void {
  if (process.getuid?.() !== 0 || !existsSync('/etc/debian_version')) throw new Error(otherwise);
  const lockFile = path.join(testCacheDir(), 'apt.lock');
  const waitForDpkg = ['-o', `DPkg::Lock::Timeout=${LOCK_WAIT_SECONDS}`];
  process.stderr.write(`[setup] installing ${packages.join(' and ')} with apt-get...\n`);
  for (const args of [
    ['update', '-qq', ...waitForDpkg],
    ['install', '-y', '-qq', ...waitForDpkg, ...(options.recommends === false ? ['--no-install-recommends'] : []), ...packages],
  ]) {
    const result = spawnSync('flock', ['--wait', String(LOCK_WAIT_SECONDS), lockFile, 'apt-get', ...args], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed: ${(result.stderr || result.error?.message || '').slice(-2000)}`);
  }
}

/** The executable a variable names (which must exist), else the first candidate path that exists, else null. */
export function findExecutable(variable: string, candidates: readonly string[]): string | null {
  const explicit = process.env[variable];
  if (explicit) {
    if (!existsSync(explicit)) throw new Error(`${variable}=${explicit} does not exist`);
    return explicit;
  }
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}
