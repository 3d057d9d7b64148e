import { scriptMetadata } from '@notebook-hub/kernel/script-metadata.js';
import { HubError } from '../../../core/errors.js';
import type { EnvironmentStart, LockedEnvironmentProvider, PreparedEnvironment } from '../../../core/sandboxes/notebook-environments.js';
import type { EnvironmentBuilds } from './environment-builds.js';
import type { EnvironmentRecords } from './environment-records.js';
import type { VersionLocks } from './version-locks.js';

/**
 * What sessions and job runs start with where locked environments are on: the environment of the
 * version's lock, built once and shared, instead of an install. A start never resolves anew when
 * its version has a lock; a version whose resolution failed fails the start with uv's reason.
 */
export class LockedEnvironments implements LockedEnvironmentProvider {
  constructor(private readonly deps: { locks: VersionLocks; records: EnvironmentRecords; builds: EnvironmentBuilds }) {}

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
    const environment = await this.deps.builds.ensure({
      id: record.environment_id,
      lock,
      user: start.sandbox.id,
      workspace: { projectId: start.projectId, notebookId: start.notebookId, entryFile: start.entryFile },
      ...(start.onStep ? { onStep: start.onStep } : {}),
    });
    return { env: environment.env, environmentId: record.environment_id };
  }
}
