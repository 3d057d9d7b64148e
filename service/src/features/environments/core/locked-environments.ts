import { HubError } from '../../../core/errors.js';
import type { SandboxDriver } from '../../../core/ports/sandbox-driver.js';
import type { EnvironmentCache } from '../../../core/ports/environment-cache.js';
import type { EnvironmentStart, LockedEnvironmentProvider, PreparedEnvironment, VersionCode } from '../../../core/sandboxes/notebook-environments.js';
import { environmentIdOf, type EnvironmentTarget } from './environment-model.js';
import type { EnvironmentBuilds } from './environment-builds.js';
import type { EnvironmentRecords } from './environment-records.js';
import type { OfflineWheels } from './offline-wheels.js';
import { lockable, type VersionLocks } from './version-locks.js';
import { parseTarget, TARGET_ARGV } from './uv-commands.js';

/**
 * What sessions and job runs start with where locked environments are on: the environment of the
 * version's lock, built once and shared, instead of an install. A start never resolves anew when
 * its version has a lock; a version whose resolution failed fails the start with uv's reason.
 */
export class LockedEnvironments implements LockedEnvironmentProvider {
  /** The Python of each image's sandboxes, asked once per image and process. */
  private readonly targets = new Map<string, Promise<EnvironmentTarget>>();

  /** The Python of the sandboxes last asked: what a start would compute its identity for. */
  private lastTarget: EnvironmentTarget | null = null;

  constructor(
    private readonly deps: {
      locks: VersionLocks;
      records: EnvironmentRecords;
      builds: EnvironmentBuilds;
      cache: EnvironmentCache;
      driver: SandboxDriver;
      /** Offline (SERVICE_PACKAGE_INDEX_OFFLINE): what of a lock the machine has wheels for; null: builds use the index. */
      offline: OfflineWheels | null;
    },
  ) {}

  /**
   * Before a start (before its sandbox): offline, a version whose lock needs wheels this machine
   * does not have, and whose environment is not built, is refused, naming them. Nothing is
   * resolved or built here; anything else is left to the start.
   */
  async preflight(version: { projectId: string; notebookId: string; versionId: string }): Promise<void> {
    const { offline, records } = this.deps;
    if (!offline) return;
    const record = await records.version(version.projectId, version.notebookId, version.versionId);
    if (record?.status !== 'locked' || !record.lock_sha256 || !record.target) return;
    const lock = await records.lock(record.lock_sha256);
    if (lock === null) return;
    const target = this.lastTarget ?? record.target;
    if (await this.deps.cache.built(environmentIdOf(lock, target))) return;
    await offline.assertAvailable(lock, target, version);
  }

  /**
   * The environment a start of the version would run in when it is built: its lock's for the
   * sandboxes' Python (as `prepare` computes it). Null when the version has no lock yet, failed,
   * or its environment is not built: nothing is resolved or built here.
   */
  async builtFor(version: VersionCode): Promise<string | null> {
    if (!lockable(version.code)) return null;
    const record = await this.deps.records.version(version.projectId, version.notebookId, version.versionId);
    if (record?.status !== 'locked' || !record.lock_sha256 || !record.target) return null;
    const lock = this.lastTarget ? await this.deps.records.lock(record.lock_sha256) : null;
    const id = lock && this.lastTarget ? environmentIdOf(lock, this.lastTarget) : record.environment_id;
    return id && (await this.deps.cache.built(id)) ? id : null;
  }

  /** The built environments sessions and runs started in most recently, newest first. */
  async recent(limit: number): Promise<string[]> {
    return (await this.deps.cache.list())
      .reverse()
      .slice(0, limit)
      .map((environment) => environment.id);
  }

  /** A warm sandbox waiting in the environment: one of its users (never evicted under it), which is not a start. */
  async enter(environmentId: string, sandboxId: string): Promise<Record<string, string> | null> {
    return (await this.deps.cache.use(environmentId, sandboxId, { recent: false }))?.env ?? null;
  }

  async prepare(start: EnvironmentStart): Promise<PreparedEnvironment | null> {
    if (!lockable(start.code)) return null;
    const version = { projectId: start.projectId, notebookId: start.notebookId, versionId: start.versionId, code: start.code };
    if (this.deps.locks.resolving(start.projectId, start.notebookId, start.versionId)) start.onStep?.('resolving the notebook’s dependencies');
    const record = await this.deps.locks.ensure(version);
    if (record === null) return null;
    if (record.status === 'failed' || !record.lock_sha256 || !record.environment_id) {
      throw new HubError(
        'PYTHON_ENV_SETUP_FAILED',
        `the notebook's dependencies could not be resolved when version ${start.versionId} was saved:\n${record.error?.message ?? 'no lock'}`,
      );
    }
    const lock = await this.deps.records.lock(record.lock_sha256);
    if (lock === null) throw new HubError('INTERNAL_ERROR', `the lock of version ${start.versionId} is missing from the store`);
    // The identity is the lock's for the Python this sandbox runs: the recorded one, unless the
    // runtime moved to another Python since the lock was made (its environment is then another).
    const target = await this.targetOf(start);
    const id = environmentIdOf(lock, target);
    // Offline, a build can only use the machine's wheels: what is missing is said before uv runs.
    if (this.deps.offline && !(await this.deps.cache.built(id))) await this.deps.offline.assertAvailable(lock, target, start);
    const environment = await this.deps.builds.ensure({
      id,
      lock,
      user: start.sandbox.id,
      workspace: { projectId: start.projectId, notebookId: start.notebookId, entryFile: start.entryFile },
      image: start.sandbox.image,
      ...(start.onStep ? { onStep: start.onStep } : {}),
    });
    return { env: environment.env, environmentId: id };
  }

  private targetOf(start: EnvironmentStart): Promise<EnvironmentTarget> {
    let target = this.targets.get(start.sandbox.image);
    if (!target) {
      target = this.deps.driver
        .exec(start.sandbox.id, { argv: TARGET_ARGV, timeoutMs: 30_000, check: true })
        .then((result) => (this.lastTarget = parseTarget(result.stdout)))
        .catch((error: unknown) => {
          this.targets.delete(start.sandbox.image);
          throw error;
        });
      this.targets.set(start.sandbox.image, target);
    }
    return target;
  }
}
