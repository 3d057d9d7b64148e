import { HubError } from '../../../core/errors.js';
import type { BuildOutcome, CachedEnvironment, EnvironmentCache } from '../../../core/ports/environment-cache.js';
import type { Logger } from '../../../core/ports/logger.js';
import type { SandboxDriver } from '../../../core/ports/sandbox-driver.js';
import { ARCHIVE_FILE, parseUnpacked, unpackArgv } from './archive-commands.js';
import type { EnvironmentArchives, StoredArchive } from './environment-archives.js';

/** Where a build's sandbox installs the environment (its own disk: the sandbox sees nothing of the hub's). */
export const SANDBOX_BUILD_DIR = '/tmp/notebook-hub-environment/packages';

/** Where a sandbox holds the environments it was given, under its user's home. */
const SANDBOX_ENVIRONMENTS_DIR = '~/.notebook-hub/environments';

/** How many sandboxes' environments this process remembers (see `remember`). */
const REMEMBERED = 10_000;

/** How long an unpack may take in a sandbox. */
const UNPACK_TIMEOUT_MS = 10 * 60_000;

/**
 * The environment cache of sandboxes that see nothing of the hub's machine (Kubernetes pods,
 * containers of a Docker engine reached over TCP; docs/environments.md, "On Kubernetes"): the
 * built environments are the archives in the object store, and a start that finds its
 * environment's archive there receives it over the sandbox's file channel and unpacks it into its
 * own sandbox, before its kernel starts. Sandboxes need no credentials of the store; the hub moves
 * the bytes. A build runs in a sandbox of its own, which installs into {@link SANDBOX_BUILD_DIR}
 * and packs it (environment-builds.ts).
 */
export class ArchiveEnvironmentCache implements EnvironmentCache {
  /** The sandboxes this process gave each environment (the admin view's running sandboxes). */
  private readonly users = new Map<string, Set<string>>();
  /** Where each sandbox this process gave an environment holds it (`<id>/<sandbox>`: its packages folder). */
  private readonly unpacked = new Map<string, string>();

  constructor(
    private readonly deps: {
      archives: EnvironmentArchives;
      driver: SandboxDriver;
      logger: Logger;
    },
  ) {}

  async use(id: string, user: string, options: { recent?: boolean } = {}): Promise<CachedEnvironment | null> {
    // A warm sandbox holds the environment already (it was unpacked before the start claimed it).
    const held = this.unpacked.get(`${id}/${user}`);
    if (held !== undefined) {
      const manifest = await this.deps.archives.find(id);
      if (manifest === null) return null;
      if (options.recent !== false) await this.deps.archives.touch(id);
      return {
        ...this.view({ ...manifest, last_used_at: new Date().toISOString() }),
        env: { PYTHONPATH: held },
        detail: `environment ${id.slice(0, 16)} in the sandbox already`,
      };
    }
    const fetched = await this.deps.archives.fetch(id);
    if (fetched === null) return null;
    const { manifest, archive } = fetched;
    await this.deps.driver.writeFile(user, ARCHIVE_FILE, archive);
    let unpacked: ReturnType<typeof parseUnpacked>;
    try {
      const result = await this.deps.driver.exec(user, { argv: unpackArgv(`${SANDBOX_ENVIRONMENTS_DIR}/${id}`, id), timeoutMs: UNPACK_TIMEOUT_MS });
      if (result.exitCode !== 0) throw new Error(result.stderr.trim().split('\n').slice(-5).join('\n') || `exit ${result.exitCode}`);
      unpacked = parseUnpacked(result.stdout);
    } catch (error) {
      throw new HubError(
        'PYTHON_ENV_SETUP_FAILED',
        `cannot unpack environment ${id} in the sandbox: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (options.recent !== false) await this.deps.archives.touch(id);
    this.remember(id, user, `${unpacked.path}/packages`);
    this.deps.logger.info(
      {
        event: 'environment_unpacked',
        environment_id: id,
        sandbox_id: user,
        files: unpacked.files,
        bytes: unpacked.bytes,
        archive_bytes: manifest.archive_bytes,
      },
      'environment_unpacked',
    );
    return {
      ...this.view({ ...manifest, last_used_at: new Date().toISOString() }),
      env: { PYTHONPATH: `${unpacked.path}/packages` },
      detail: `environment ${id.slice(0, 16)} unpacked from the object store (${unpacked.files} files)`,
    };
  }

  async built(id: string): Promise<boolean> {
    return (await this.deps.archives.find(id)) !== null;
  }

  /**
   * `build` installs into {@link SANDBOX_BUILD_DIR} of a build's sandbox and stores the archive
   * (environment-builds.ts runs it under the store's build claim, which also tells a start that
   * another hub is building); the start's own sandbox then unpacks it.
   */
  async build(id: string, user: string, build: (directory: string) => Promise<void>): Promise<BuildOutcome> {
    const found = await this.use(id, user);
    if (found) return { environment: found, built: false };
    await build(SANDBOX_BUILD_DIR);
    const environment = await this.use(id, user);
    if (!environment)
      throw new HubError('PYTHON_ENV_SETUP_FAILED', `the archive of environment ${id} was removed from the object store as soon as it was built; start again`);
    return { environment, built: true };
  }

  async list(): Promise<CachedEnvironment[]> {
    return (await this.deps.archives.list()).map((archive) => this.view(archive));
  }

  /** The archives in the store beyond the budget go, least recently used first; sandboxes keep their copies. */
  async evict(maxBytes: number, running: ReadonlySet<string>): Promise<{ removed: string[]; freedBytes: number }> {
    for (const [id, users] of this.users) {
      for (const user of users) {
        if (running.has(user)) continue;
        users.delete(user);
        this.unpacked.delete(`${id}/${user}`);
      }
      if (users.size === 0) this.users.delete(id);
    }
    return this.deps.archives.evict(maxBytes);
  }

  /**
   * Notes that `user` holds the environment at `packages`. Sandboxes that ended are forgotten at
   * each eviction; between builds, the oldest go beyond {@link REMEMBERED} (a sandbox forgotten is only
   * sent its environment again).
   */
  private remember(id: string, user: string, packages: string): void {
    const users = this.users.get(id) ?? new Set<string>();
    users.add(user);
    this.users.set(id, users);
    this.unpacked.set(`${id}/${user}`, packages);
    for (const oldest of this.unpacked.keys()) {
      if (this.unpacked.size <= REMEMBERED) break;
      this.unpacked.delete(oldest);
      const [forgottenId, forgottenUser] = oldest.split('/') as [string, string];
      this.users.get(forgottenId)?.delete(forgottenUser);
    }
  }

  /** As the admin view shows it: the bytes it takes in the store. */
  private view(archive: StoredArchive): CachedEnvironment {
    return {
      id: archive.id,
      env: {},
      bytes: archive.archive_bytes,
      builtAt: archive.built_at,
      lastUsedAt: archive.last_used_at,
      users: [...(this.users.get(archive.id) ?? [])],
    };
  }
}
