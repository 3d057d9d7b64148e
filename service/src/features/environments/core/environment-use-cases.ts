import { scriptMetadata } from '@notebook-hub/kernel/script-metadata.js';
import type { AccessControl } from '../../../core/access/access-control.js';
import { HubError } from '../../../core/errors.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import type { NotebookService } from '../../../core/notebooks/notebook-service.js';
import { describeTarget, type LockedPackage, type VersionLockRecord } from './environment-model.js';
import type { EnvironmentRecords } from './environment-records.js';
import { notLockableReason } from './carried-settings.js';

/**
 * How a version's dependencies stand (docs/environments.md, "The version's environment"):
 * - `none`: the version declares no dependencies;
 * - `unlocked`: its dependencies are installed at each start: locked environments are off (or not
 *   served by the sandbox driver), or its block has uv settings a lock does not carry (`unlocked_reason`);
 * - `pending`: its lock is being resolved (or was never made: the next start makes it);
 * - `locked`: resolved, with the environment's identity and the locked packages;
 * - `failed`: uv could not resolve them, and says why.
 */
export type EnvironmentStatus = 'none' | 'unlocked' | 'pending' | 'locked' | 'failed';

export interface VersionEnvironmentView {
  version_id: string;
  status: EnvironmentStatus;
  environment_id: string | null;
  /** The Python it is locked for, in words (`CPython 3.11.7 on linux-x86_64, glibc-2.36`). */
  python: string | null;
  packages: LockedPackage[];
  lock_sha256: string | null;
  locked_at: string | null;
  reused_from: string | null;
  error: { message: string } | null;
  /** Why an `unlocked` version's dependencies are installed at each start. */
  unlocked_reason: string | null;
}

export interface EnvironmentUseCaseDeps {
  access: AccessControl;
  notebooks: NotebookService;
  records: EnvironmentRecords;
  /** Whether versions are locked on save here (SERVICE_LOCKED_ENVIRONMENTS=on with a driver that serves them). */
  locking: boolean;
}

/** A version's environment: reading it is `project.read`, like reading the version. */
export class EnvironmentUseCases {
  constructor(private readonly deps: EnvironmentUseCaseDeps) {}

  async versionEnvironment(principal: Principal, input: { projectId: string; notebookId: string; versionId: string }): Promise<VersionEnvironmentView> {
    const { projectId, notebookId, versionId } = input;
    await this.deps.access.notebook(principal, projectId, notebookId, 'project.read');
    const code = await this.deps.notebooks.code(projectId, notebookId, versionId);
    const record = await this.deps.records.version(projectId, notebookId, versionId);
    const empty = {
      version_id: versionId,
      environment_id: null,
      python: null,
      packages: [],
      lock_sha256: null,
      locked_at: null,
      reused_from: null,
      error: null,
      unlocked_reason: null,
    };
    if (!record) {
      const metadata = scriptMetadata(code);
      if (!metadata?.declaresDependencies) return { ...empty, status: 'none' };
      if (!this.deps.locking) return { ...empty, status: 'unlocked', unlocked_reason: 'locked environments are not on for this deployment’s sandboxes' };
      const reason = notLockableReason(metadata.toml);
      return reason ? { ...empty, status: 'unlocked', unlocked_reason: reason } : { ...empty, status: 'pending' };
    }
    return lockedView(record);
  }

  /** The version's lock as uv wrote it (a requirements file with hashes); NOT_FOUND when it has none. */
  async versionLock(principal: Principal, input: { projectId: string; notebookId: string; versionId: string }): Promise<string> {
    const { projectId, notebookId, versionId } = input;
    await this.deps.access.notebook(principal, projectId, notebookId, 'project.read');
    await this.deps.notebooks.version(projectId, notebookId, versionId);
    const record = await this.deps.records.version(projectId, notebookId, versionId);
    const lock = record?.lock_sha256 ? await this.deps.records.lock(record.lock_sha256) : null;
    if (lock === null) throw new HubError('NOT_FOUND', `version ${versionId} has no lock`);
    return lock;
  }
}

/** A version's environment as its lock record says. */
export function lockedView(record: VersionLockRecord): VersionEnvironmentView {
  return {
    version_id: record.version_id,
    status: record.status,
    environment_id: record.environment_id,
    python: record.target ? describeTarget(record.target) : null,
    packages: record.packages,
    lock_sha256: record.lock_sha256,
    locked_at: record.locked_at,
    reused_from: record.reused_from,
    error: record.error,
    unlocked_reason: null,
  };
}
