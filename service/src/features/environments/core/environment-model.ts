import { createHash } from 'node:crypto';

/**
 * Locked environments (docs/environments.md): a notebook version's PEP 723 dependencies resolved
 * once into a lock when the version is saved, and the environment built from that lock once per
 * deployment. An environment's identity is a hash of its lock and the Python it is for.
 */

/** The Python a lock is resolved for and an environment built for: the sandboxes' runtime. */
export interface EnvironmentTarget {
  /** `cpython`, `pypy`... (`sys.implementation.name`). */
  implementation: string;
  /** The full version (`3.11.7`); only major and minor enter the identity. */
  python: string;
  /** `sysconfig.get_platform()`: `linux-x86_64`, `macosx-14.0-arm64`. */
  platform: string;
  /** The C library wheels are chosen for (`glibc-2.36`), or `''` where there is none to name. */
  libc: string;
}

export interface LockedPackage {
  name: string;
  version: string;
}

/**
 * A version's lock, `environments/versions/<pid>/<nid>/<vid>`: written once, after the version was
 * saved, by the hub that resolved it (or copied from the version it was based on, when its
 * dependencies did not change).
 */
export interface VersionLockRecord {
  schema_version: 1;
  project_id: string;
  notebook_id: string;
  version_id: string;
  /** What was resolved: a hash of the PEP 723 block and the package index (see {@link declarationOf}). */
  declaration: string;
  status: 'locked' | 'failed';
  locked_at: string;
  /** The lock's SHA-256: its content-addressed object in the store. Null when the resolution failed. */
  lock_sha256: string | null;
  /** The environment's identity; null when the resolution failed. */
  environment_id: string | null;
  target: EnvironmentTarget | null;
  packages: LockedPackage[];
  /** uv's reason, when the resolution failed. */
  error: { message: string } | null;
  /** The version whose resolution this one reuses (its dependencies are the same); null: resolved for this version. */
  reused_from: string | null;
}

export const sha256Of = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/**
 * What decides a lock: the dependency block as written, and the indexes it is resolved against
 * (the project's private ones, then the deployment's). With the deployment's index alone, the
 * declaration is what it was before private indexes existed.
 */
export function declarationOf(toml: string, indexUrls: readonly string[]): string {
  return sha256Of(`notebook-hub-declaration/1\n${indexUrls.join('\n')}\n${toml}`);
}

/** The part of a target that decides which files an environment holds. */
export function targetKey(target: EnvironmentTarget): string {
  const [major, minor] = target.python.split('.');
  return [target.implementation, `${major}.${minor}`, target.platform, target.libc].filter((part) => part !== '').join('-');
}

/** An environment's identity: `env-` and a hash of its lock and target. The same lock for the same Python is the same environment. */
export function environmentIdOf(lock: string, target: EnvironmentTarget): string {
  return `env-${sha256Of(`notebook-hub-environment/1\n${targetKey(target)}\n${lock}`).slice(0, 40)}`;
}

export const ENVIRONMENT_ID = /^env-[0-9a-f]{40}$/;

/** A target as its one-line description (`CPython 3.11.7 on linux-x86_64, glibc-2.36`). */
export function describeTarget(target: EnvironmentTarget): string {
  const name = target.implementation === 'cpython' ? 'CPython' : target.implementation;
  return `${name} ${target.python} on ${target.platform}${target.libc ? `, ${target.libc}` : ''}`;
}
