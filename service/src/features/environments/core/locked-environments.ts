import { scriptMetadata } from '@notebook-hub/kernel/script-metadata.js';
import { HubError } from '../../../core/errors.js';
import type { SandboxDriver } from '../../../core/ports/sandbox-driver.js';
import type { EnvironmentStart, LockedEnvironmentProvider, PreparedEnvironment } from '../../../core/sandboxes/notebook-environments.js';
import { environmentIdOf, type EnvironmentTarget } from './environment-model.js';
import type { EnvironmentBuilds } from './environment-builds.js';
import type { EnvironmentRecords } from './environment-records.js';
import type { VersionLocks } from './version-locks.js';
import { parseTarget, TARGET_ARGV } from './uv-commands.js';

/**
 * What sessions and job runs start with where locked environments are on: the environment of the
 * version's lock, built once and shared, instead of an install. A start never resolves anew when
 * its version has a lock; a version whose resolution failed fails the start with uv's reason.
 */
export class LockedEnvironments implements LockedEnvironmentProvider {
  /** The Python of each image's sandboxes, asked once per image and process. */
  private readonly targets = new Map<string, Promise<EnvironmentTarget>>();

  constructor(private readonly deps: { locks: VersionLocks; records: EnvironmentRecords; builds: EnvironmentBuilds; driver: SandboxDriver }) {}

  async prepare(start: EnvironmentStart): Promise<PreparedEnvironment | null> {
    if (!scriptMetadata(start.code)?.declaresDependencies) return null;
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
    const id = environmentIdOf(lock, await this.targetOf(start));
    const environment = await this.deps.builds.ensure({
      id,
      lock,
      user: start.sandbox.id,
      workspace: { projectId: start.projectId, notebookId: start.notebookId, entryFile: start.entryFile },
      ...(start.onStep ? { onStep: start.onStep } : {}),
    });
    return { env: environment.env, environmentId: id };
  }

  private targetOf(start: EnvironmentStart): Promise<EnvironmentTarget> {
    let target = this.targets.get(start.sandbox.image);
    if (!target) {
      target = this.deps.driver
        .exec(start.sandbox.id, { argv: TARGET_ARGV, timeoutMs: 30_000, check: true })
        .then((result) => parseTarget(result.stdout))
        .catch((error: unknown) => {
          this.targets.delete(start.sandbox.image);
          throw error;
        });
      this.targets.set(start.sandbox.image, target);
    }
    return target;
  }
}
