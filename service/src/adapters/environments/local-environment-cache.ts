import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import type { BuildOutcome, CachedEnvironment, EnvironmentCache } from '../../core/ports/environment-cache.js';

/** Environment identities (`env-` and 40 hex digits): the only names that become paths. */
const ID = /^env-[0-9a-f]{40}$/;
const SANDBOX_ID = /^[A-Za-z0-9._-]{1,128}$/;

interface Manifest {
  schema_version: 1;
  id: string;
  bytes: number;
  built_at: string;
}

/**
 * The local driver's environment cache (docs/environments.md, "The cache"): a directory of this
 * machine that local sandboxes read directly.
 *
 *   envs/<id>/packages/          the environment (`uv pip install --target`), first on PYTHONPATH
 *   envs/<id>/environment.json   its size and build time, written before it is moved into place
 *   envs/<id>/last-used          when a sandbox last started in it (least recently used goes first)
 *   envs/<id>/users/<sandbox>    the sandboxes that started in it (a running one keeps it)
 *   building/<id>-<random>/      a build under way, moved to envs/<id> once complete
 *   locks/<id>.lock              held while an identity is built or removed, by any process
 */
export interface LocalEnvironmentCacheOptions {
  /** How long a waiter waits for another process's build of the same identity before giving up. */
  waitMs?: number;
  /**
   * Where sandboxes see `envs/` when it is not where the hub does (a container's read-only bind
   * mount): environments are then readable by every user, and a build's folder writable by the
   * container's user, which is not the hub's.
   */
  sandboxRoot?: string;
  /**
   * After how long without a refresh another process takes a build's lock as abandoned (30 s; the
   * holder refreshes it every third of that).
   */
  lockStaleMs?: number;
}

export class LocalEnvironmentCache implements EnvironmentCache {
  private readonly waitMs: number;

  constructor(
    private readonly root: string,
    private readonly options: LocalEnvironmentCacheOptions = {},
  ) {
    this.waitMs = options.waitMs ?? 30 * 60_000;
  }

  /** The mode of an environment's folders: the hub's own, or readable by the containers' user too. */
  private get folderMode(): number {
    return this.options.sandboxRoot ? 0o755 : 0o700;
  }

  async use(id: string, user: string, options: { recent?: boolean } = {}): Promise<CachedEnvironment | null> {
    const dir = this.dirOf(id);
    const manifest = await readManifest(dir);
    if (manifest === null) return null;
    const now = new Date().toISOString();
    if (SANDBOX_ID.test(user)) {
      await mkdir(path.join(dir, 'users'), { recursive: true, mode: 0o700 });
      await writeFile(path.join(dir, 'users', user), now);
    }
    if (options.recent !== false) await writeFile(path.join(dir, 'last-used'), now);
    return this.view(dir, manifest);
  }

  async built(id: string): Promise<boolean> {
    return (await readManifest(this.dirOf(id))) !== null;
  }

  async build(id: string, user: string, build: (directory: string) => Promise<void>, onWait?: () => void): Promise<BuildOutcome> {
    const found = await this.use(id, user);
    if (found) return { environment: found, built: false };
    await mkdir(path.join(this.root, 'locks'), { recursive: true, mode: 0o700 });
    if (await lockfile.check(this.root, this.lockOptions(id))) onWait?.();
    const release = await lockfile.lock(this.root, {
      ...this.lockOptions(id),
      retries: { retries: Math.ceil(this.waitMs / 1000), factor: 1, minTimeout: 1000, maxTimeout: 1000 },
    });
    try {
      // Another process may have built it while this one waited.
      const built = await this.use(id, user);
      if (built) return { environment: built, built: false };
      const partial = path.join(this.root, 'building', `${id}-${randomBytes(4).toString('hex')}`);
      await mkdir(partial, { recursive: true, mode: 0o700 });
      // A container builds it as the image's user: it may write the build's folder while it builds.
      if (this.options.sandboxRoot) await chmod(partial, 0o777);
      try {
        await build(path.join(partial, 'packages'));
        if (this.options.sandboxRoot) await chmod(partial, this.folderMode);
        const manifest: Manifest = { schema_version: 1, id, bytes: await sizeOf(partial), built_at: new Date().toISOString() };
        await writeFile(path.join(partial, 'environment.json'), JSON.stringify(manifest));
        const dir = this.dirOf(id);
        // A directory without a manifest is what a crash left of an earlier attempt.
        await rm(dir, { recursive: true, force: true });
        await mkdir(path.dirname(dir), { recursive: true, mode: this.folderMode });
        await rename(partial, dir);
      } catch (error) {
        await rm(partial, { recursive: true, force: true }).catch(() => {});
        throw error;
      }
      const environment = await this.use(id, user);
      if (!environment) throw new Error(`environment ${id} vanished right after its build`);
      return { environment, built: true };
    } finally {
      await release().catch(() => {});
    }
  }

  async list(): Promise<CachedEnvironment[]> {
    const envs = path.join(this.root, 'envs');
    const names = await readdir(envs).catch(() => [] as string[]);
    const found: CachedEnvironment[] = [];
    for (const name of names.filter((entry) => ID.test(entry))) {
      const dir = path.join(envs, name);
      const manifest = await readManifest(dir);
      if (manifest) found.push(await this.view(dir, manifest));
    }
    return found.sort((a, b) => a.lastUsedAt.localeCompare(b.lastUsedAt));
  }

  async evict(maxBytes: number, running: ReadonlySet<string>): Promise<{ removed: string[]; freedBytes: number }> {
    const environments = await this.list();
    let total = environments.reduce((sum, environment) => sum + environment.bytes, 0);
    const removed: string[] = [];
    let freedBytes = 0;
    for (const environment of environments) {
      const dir = this.dirOf(environment.id);
      // Users that ended no longer hold it.
      for (const user of environment.users.filter((candidate) => !running.has(candidate))) {
        await rm(path.join(dir, 'users', user), { force: true }).catch(() => {});
      }
      if (total <= maxBytes) continue;
      if (environment.users.some((candidate) => running.has(candidate))) continue;
      if (await this.remove(environment.id)) {
        removed.push(environment.id);
        freedBytes += environment.bytes;
        total -= environment.bytes;
      }
    }
    return { removed, freedBytes };
  }

  /** Removes an environment unless it is being built or removed right now. */
  private async remove(id: string): Promise<boolean> {
    await mkdir(path.join(this.root, 'locks'), { recursive: true, mode: 0o700 });
    let release: () => Promise<void>;
    try {
      release = await lockfile.lock(this.root, this.lockOptions(id));
    } catch {
      return false;
    }
    try {
      // Out of the way first, so that no start finds it half removed.
      const doomed = path.join(this.root, 'building', `${id}-removed-${randomBytes(4).toString('hex')}`);
      await mkdir(path.dirname(doomed), { recursive: true, mode: 0o700 });
      await rename(this.dirOf(id), doomed);
      await rm(doomed, { recursive: true, force: true });
      return true;
    } finally {
      await release().catch(() => {});
    }
  }

  private lockOptions(id: string) {
    const stale = this.options.lockStaleMs ?? 30_000;
    return {
      lockfilePath: path.join(this.root, 'locks', `${id}.lock`),
      stale,
      update: Math.round(stale / 3),
      realpath: false,
      // A lock that could not be refreshed (its file gone, the disk failing, another process that
      // judged this one dead) must not end the hub: proper-lockfile's default throws from a timer.
      // The build goes on; its result is whole (a finished folder renamed into place), so the worst
      // case is the same environment built twice.
      onCompromised: () => {},
    };
  }

  private dirOf(id: string): string {
    if (!ID.test(id)) throw new Error(`not an environment id: ${JSON.stringify(id)}`);
    return path.join(this.root, 'envs', id);
  }

  private async view(dir: string, manifest: Manifest): Promise<CachedEnvironment> {
    const lastUsed = await readFile(path.join(dir, 'last-used'), 'utf8').catch(() => manifest.built_at);
    const users = (await readdir(path.join(dir, 'users')).catch(() => [] as string[])).filter((user) => SANDBOX_ID.test(user));
    return {
      id: manifest.id,
      env: { PYTHONPATH: this.options.sandboxRoot ? `${this.options.sandboxRoot}/${manifest.id}/packages` : path.join(dir, 'packages') },
      bytes: manifest.bytes,
      builtAt: manifest.built_at,
      lastUsedAt: lastUsed.trim() || manifest.built_at,
      users,
    };
  }
}

async function readManifest(dir: string): Promise<Manifest | null> {
  try {
    const manifest = JSON.parse(await readFile(path.join(dir, 'environment.json'), 'utf8')) as Manifest;
    return manifest.schema_version === 1 && typeof manifest.bytes === 'number' ? manifest : null;
  } catch {
    return null;
  }
}

/** The bytes of the files under `dir` (links counted as themselves, never followed). */
async function sizeOf(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const entryPath = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await sizeOf(entryPath);
    else total += (await lstat(entryPath)).size;
  }
  return total;
}
