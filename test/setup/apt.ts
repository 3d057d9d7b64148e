import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Installs Debian packages a suite needs, when the tests run as root on Debian (a fresh CI machine);
 * anywhere else it throws `otherwise`, which says how to provide them, and the suite is skipped.
 */
export function aptInstall(packages: string[], otherwise: string, options: { recommends?: boolean } = {}): void {
  if (process.getuid?.() !== 0 || !existsSync('/etc/debian_version')) throw new Error(otherwise);
  process.stderr.write(`[setup] installing ${packages.join(' and ')} with apt-get...\n`);
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...(options.recommends === false ? ['--no-install-recommends'] : []), ...packages],
  ]) {
    const result = spawnSync('apt-get', args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed: ${result.stderr.slice(-2000)}`);
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
