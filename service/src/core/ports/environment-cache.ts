/**
 * Where built notebook environments are kept (docs/environments.md): one directory per environment
 * identity, built once and shared by every sandbox that starts in it. The adapter for the local
 * driver keeps them in a directory of this machine that its sandboxes read directly.
 */

/** Where a container sees the built environments, read-only (docs/environments.md, "In containers"). */
export const CONTAINER_ENVIRONMENTS_DIR = '/opt/notebook-hub/environments';

/** Where a build's container sees the build's folder of the cache, writable. */
export const CONTAINER_BUILD_DIR = '/opt/notebook-hub/build';

/** A built environment as a sandbox uses it. */
export interface CachedEnvironment {
  id: string;
  /** What a kernel starting in it needs (its packages first on PYTHONPATH). */
  env: Record<string, string>;
  bytes: number;
  builtAt: string;
  /** When a sandbox last started in it (ISO 8601). */
  lastUsedAt: string;
  /** The sandboxes that started in it (some may have ended since). */
  users: string[];
  /** What the start did to have it, when more than finding it ("unpacked from the object store"). */
  detail?: string;
}

/** What the cache answers of a build. */
export interface BuildOutcome {
  environment: CachedEnvironment;
  /** False when it was found built (by an earlier start, or another process meanwhile). */
  built: boolean;
}

export interface EnvironmentCache {
  /**
   * The environment when it is built, marked as used by sandbox `user` now; null when it is not
   * built. `recent: false` adds the user without making it the most recently used (a warm
   * sandbox waiting for a start is no start).
   */
  use(id: string, user: string, options?: { recent?: boolean }): Promise<CachedEnvironment | null>;
  /** Whether the environment is built (nothing is marked). */
  built(id: string): Promise<boolean>;
  /**
   * Builds the environment unless it is built, and marks it used by `user`. At most one build of an
   * identity runs at a time on this machine, over every process: a second caller waits for the
   * first and takes its result (`onWait` tells it so). `build` fills the directory it is given; a
   * build that fails leaves nothing behind.
   */
  build(id: string, user: string, build: (directory: string) => Promise<void>, onWait?: () => void): Promise<BuildOutcome>;
  /** Every built environment, least recently used first. */
  list(): Promise<CachedEnvironment[]>;
  /**
   * Removes least recently used environments until they take at most `maxBytes`, never one a
   * running sandbox uses (`running`: the ids of the sandboxes that still run). Returns what went.
   */
  evict(maxBytes: number, running: ReadonlySet<string>): Promise<{ removed: string[]; freedBytes: number }>;
}
