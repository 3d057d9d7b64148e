import { HubError } from '../../../core/errors.js';
import type { BackgroundRunner } from '../../../core/ports/background-runner.js';
import type { CachedEnvironment, EnvironmentCache } from '../../../core/ports/environment-cache.js';
import type { Logger } from '../../../core/ports/logger.js';
import type { Sandbox, SandboxMount } from '../../../core/ports/sandbox-driver.js';
import { ARCHIVE_FILE, packArgv, parsePacked, unpackArgv } from './archive-commands.js';
import type { EnvironmentArchives } from './environment-archives.js';
import type { EnvironmentSandboxes } from './environment-sandboxes.js';
import { lockedPackages } from './lock-file.js';
import type { PackageSources } from './package-sources.js';
import { installArgv, installedCount, LOCK_FILE, uvEnvironment, uvReason } from './uv-commands.js';

export interface EnvironmentBuildDeps {
  cache: EnvironmentCache;
  sandboxes: EnvironmentSandboxes;
  logger: Logger;
  /** Where uv finds a project's locked files: its indexes once the outbound policy passed them, or offline the machine's wheel folders. */
  packages: Pick<PackageSources, 'access'>;
  buildTimeoutMs: number;
  /** The cache's budget: after each build the least recently used environments beyond it go. */
  cacheMaxBytes: number;
  /**
   * Where a build's sandbox writes the cache's folder `directory`: there (local), or at a path of
   * its own that a mount makes that folder (a container).
   */
  placement(directory: string): { target: string; mounts: SandboxMount[] };
  /**
   * The archives in the object store (docs/environments.md, "Shared through the object store"):
   * a build packs what it installed and stores it there, and a start whose environment another
   * hub built unpacks that archive instead of building. Null: builds stay on this machine.
   */
  archives: EnvironmentArchives | null;
  /**
   * Whether the cache's own folder is filled from an archive found in the store (local, Docker);
   * false where the cache is the store itself and each sandbox unpacks it (Kubernetes).
   */
  unpackLocally: boolean;
  /** The archives' budget in the store, kept after each archive stored; null where the cache's own eviction is the archives'. */
  archiveMaxBytes: number | null;
  /**
   * Where a build runs: the hub's shutdown waits for it, so a closed hub (the desktop app restarts
   * its hub in the same process) leaves no build writing into its cache.
   */
  background: BackgroundRunner;
}

/** One start's need of an environment. */
export interface EnvironmentNeed {
  id: string;
  lock: string;
  /** The sandbox that will start in it. */
  user: string;
  /** The notebook whose workspace a lock's `--find-links` folder is in. */
  workspace: { projectId: string; notebookId: string; entryFile: string };
  /** The image of the sandbox that will start in it: the build's, so that its Python is the same. */
  image?: string;
  onStep?(step: string): void;
}

/**
 * Environments built once (docs/environments.md, "Built once, shared"): a start whose environment
 * is in the cache uses it at once; otherwise one build runs, in a sandbox, and every start that
 * needs the same identity meanwhile waits for that build (in this process through the promise, in
 * another through the cache's lock). After a build the cache is brought back under its budget.
 */
export class EnvironmentBuilds {
  private readonly building = new Map<string, Promise<CachedEnvironment>>();
  private readonly counters = { hits: 0, builds: 0, waits: 0 };

  constructor(private readonly deps: EnvironmentBuildDeps) {}

  /** Cache hits, builds this process ran, and starts that waited for another's build. */
  stats(): { hits: number; builds: number; waits: number } {
    return { ...this.counters };
  }

  async ensure(need: EnvironmentNeed): Promise<CachedEnvironment> {
    const found = await this.deps.cache.use(need.id, need.user);
    if (found) {
      this.counters.hits++;
      need.onStep?.(found.detail ?? `environment ${need.id.slice(0, 16)} from the cache`);
      return found;
    }
    const under = this.building.get(need.id);
    if (under) {
      this.counters.waits++;
      need.onStep?.('waiting for the environment another start is building');
      await under;
      const built = await this.deps.cache.use(need.id, need.user);
      if (built) return built;
      throw new HubError('PYTHON_ENV_SETUP_FAILED', 'the environment was removed from the cache as soon as it was built; start again');
    }
    let promise: Promise<CachedEnvironment> | undefined;
    this.deps.background.run(() => (promise = this.build(need).finally(() => this.building.delete(need.id))));
    if (promise === undefined) throw new HubError('SERVICE_UNAVAILABLE', 'the hub is shutting down: start again once it is back');
    this.building.set(need.id, promise);
    return promise;
  }

  private async build(need: EnvironmentNeed): Promise<CachedEnvironment> {
    const packages = lockedPackages(need.lock).length;
    let builtHere = false;
    let waitedForHub = false;
    const outcome = await this.deps.cache.build(
      need.id,
      need.user,
      async (directory) => {
        const { archives } = this.deps;
        const install = async () => {
          need.onStep?.(`building the environment: ${packages} package${packages === 1 ? '' : 's'}`);
          await this.install(need, directory);
          builtHere = true;
        };
        if (archives === null) return install();
        const made = await archives.once(need.id, install, () => {
          waitedForHub = true;
          need.onStep?.('waiting for the environment another hub is building');
        });
        if (made === 'found' && this.deps.unpackLocally) await this.unpack(need, directory);
      },
      () => {
        this.counters.waits++;
        need.onStep?.('waiting for the environment another process is building');
      },
    );
    if (builtHere) {
      this.counters.builds++;
      this.deps.logger.info({ event: 'environment_built', environment_id: need.id, bytes: outcome.environment.bytes, packages }, 'environment_built');
      need.onStep?.(`environment ${need.id.slice(0, 16)} built (${packages} package${packages === 1 ? '' : 's'})`);
      await this.evict(need.id);
    } else if (outcome.built) {
      // Unpacked from an archive another hub stored: a build this deployment did not run again.
      if (waitedForHub) this.counters.waits++;
      else this.counters.hits++;
      if (outcome.environment.detail) need.onStep?.(outcome.environment.detail);
      await this.evict(need.id);
    }
    return outcome.environment;
  }

  /**
   * The archive another hub stored, unpacked into the cache's folder `directory` by a sandbox
   * (which sees it where a build's would: placement). The archive may have gone since it was
   * found: then it is built after all.
   */
  private async unpack(need: EnvironmentNeed, directory: string): Promise<void> {
    const fetched = await this.deps.archives!.fetch(need.id);
    if (fetched === null) {
      await this.install(need, directory);
      return;
    }
    need.onStep?.(`unpacking the environment from the object store (${Math.ceil(fetched.manifest.archive_bytes / 1024)} KiB)`);
    const { target, mounts } = this.deps.placement(directory);
    const labels = { project_id: need.workspace.projectId, notebook_id: need.workspace.notebookId, environment_id: need.id };
    await this.deps.sandboxes.within(
      'build',
      labels,
      async (sandbox) => {
        await this.deps.sandboxes.driver.writeFile(sandbox.id, ARCHIVE_FILE, fetched.archive);
        const outcome = await this.deps.sandboxes.command(sandbox, unpackArgv(target), {}, this.deps.buildTimeoutMs);
        if (outcome.kind === 'timed_out' || outcome.result.exitCode !== 0) {
          const why = outcome.kind === 'timed_out' ? 'it did not finish in time' : outcome.result.stderr.trim().split('\n').slice(-5).join('\n');
          throw new HubError('PYTHON_ENV_SETUP_FAILED', `unpacking the environment's archive from the object store failed: ${why}`);
        }
      },
      { mounts, ...(need.image ? { image: need.image } : {}) },
    );
    await this.deps.archives!.touch(need.id);
    this.deps.logger.info({ event: 'environment_unpacked', environment_id: need.id, archive_bytes: fetched.manifest.archive_bytes }, 'environment_unpacked');
  }

  /** `uv pip install` of exactly the lock into the cache's directory, in a sandbox of its own. */
  private async install(need: EnvironmentNeed, directory: string): Promise<void> {
    const { sandboxes } = this.deps;
    const labels = { project_id: need.workspace.projectId, notebook_id: need.workspace.notebookId, environment_id: need.id };
    const { target, mounts } = this.deps.placement(directory);
    const access = await this.deps.packages.access(need.workspace.projectId);
    const spec = { mounts: [...mounts, ...access.mounts], ...(need.image ? { image: need.image } : {}) };
    await sandboxes.within(
      'build',
      labels,
      async (sandbox) => {
        // A lock's `--find-links` folders are the notebook's workspace's.
        if (/^--find-links\s/m.test(need.lock))
          await sandboxes.writeWorkspace(sandbox, need.workspace.projectId, need.workspace.notebookId, need.workspace.entryFile);
        await sandboxes.driver.writeFile(sandbox.id, LOCK_FILE, need.lock);
        const timeoutMs = this.deps.buildTimeoutMs;
        const outcome = await sandboxes.command(sandbox, installArgv(target, access.source), uvEnvironment(access.source), timeoutMs);
        if (outcome.kind === 'timed_out') {
          throw new HubError('PYTHON_ENV_SETUP_FAILED', `building the notebook's environment did not finish within ${Math.round(timeoutMs / 1000)} s`);
        }
        if (outcome.result.exitCode !== 0) {
          throw new HubError('PYTHON_ENV_SETUP_FAILED', `building the notebook's environment from its lock failed:\n${uvReason(outcome.result.stderr)}`);
        }
        const installed = installedCount(outcome.result.stderr);
        if (installed !== null) need.onStep?.(`unpacked ${installed} package${installed === 1 ? '' : 's'}`);
        if (this.deps.archives) await this.store(need, sandbox, target);
      },
      spec,
    );
  }

  /**
   * Packs what the build installed at `target` in its sandbox and stores it in the object store,
   * where every hub on the store finds it. The build is this start's whatever becomes of the
   * archive: a failure to store it is logged (the next start on another machine builds again).
   */
  private async store(need: EnvironmentNeed, sandbox: Sandbox, target: string): Promise<void> {
    try {
      need.onStep?.('packing the environment for the object store');
      const packed = await this.deps.sandboxes.command(sandbox, packArgv(target), {}, this.deps.buildTimeoutMs);
      if (packed.kind === 'timed_out' || packed.result.exitCode !== 0) {
        throw new Error(packed.kind === 'timed_out' ? 'packing did not finish in time' : packed.result.stderr.trim().slice(-2000));
      }
      const unpacked = parsePacked(packed.result.stdout);
      const archive = await this.deps.sandboxes.driver.readFile(sandbox.id, ARCHIVE_FILE);
      const manifest = await this.deps.archives!.publish(need.id, archive, unpacked);
      this.deps.logger.info(
        {
          event: 'environment_archived',
          environment_id: need.id,
          archive_bytes: manifest.archive_bytes,
          bytes: manifest.unpacked_bytes,
          files: manifest.files,
        },
        'environment_archived',
      );
    } catch (error) {
      this.deps.logger.warn({ event: 'environment_archive_failed', environment_id: need.id, err: error }, 'environment_archive_failed');
      // Where the store is the only cache (Kubernetes), an environment that is not stored is not built.
      if (!this.deps.unpackLocally)
        throw new HubError('PYTHON_ENV_SETUP_FAILED', `the built environment could not be stored: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Brings the cache under its budget; a failure is logged, never the start's. */
  private async evict(justBuilt: string): Promise<void> {
    try {
      const running = new Set((await this.deps.sandboxes.driver.list()).filter((sandbox) => sandbox.state === 'running').map((sandbox) => sandbox.id));
      const { removed, freedBytes } = await this.deps.cache.evict(this.deps.cacheMaxBytes, running);
      if (removed.length > 0) {
        this.deps.logger.info({ event: 'environments_evicted', removed, freed_bytes: freedBytes, after_build: justBuilt }, 'environments_evicted');
      }
      if (this.deps.archives && this.deps.archiveMaxBytes !== null) {
        const archives = await this.deps.archives.evict(this.deps.archiveMaxBytes, new Set([justBuilt]));
        if (archives.removed.length > 0) {
          this.deps.logger.info(
            { event: 'environment_archives_evicted', removed: archives.removed, freed_bytes: archives.freedBytes, after_build: justBuilt },
            'environment_archives_evicted',
          );
        }
      }
    } catch (error) {
      this.deps.logger.warn({ event: 'environment_eviction_failed', err: error }, 'environment_eviction_failed');
    }
  }
}
