import { scriptMetadata, type ScriptMetadata } from '@notebook-hub/kernel/script-metadata.js';
import type { AuditLog } from '../../../core/audit/audit-log.js';
import { HubError } from '../../../core/errors.js';
import type { NotebookService, SavedVersion } from '../../../core/notebooks/notebook-service.js';
import type { BackgroundRunner } from '../../../core/ports/background-runner.js';
import type { Logger } from '../../../core/ports/logger.js';
import { declarationOf, environmentIdOf, type EnvironmentTarget, type VersionLockRecord } from './environment-model.js';
import type { EnvironmentRecords } from './environment-records.js';
import type { EnvironmentSandboxes } from './environment-sandboxes.js';
import { notLockableReason } from './carried-settings.js';
import { lockedPackages, lockProblem, normalizeLock, withoutFindLinks } from './lock-file.js';
import type { PackageSources } from './package-sources.js';
import { compileArgv, LOCK_FILE, parseTarget, TARGET_ARGV, uvEnvironment, uvReason, wheelFoldersOf } from './uv-commands.js';

export interface VersionLockDeps {
  records: EnvironmentRecords;
  notebooks: NotebookService;
  sandboxes: EnvironmentSandboxes;
  audit: AuditLog;
  background: BackgroundRunner;
  logger: Logger;
  /**
   * Where uv finds a project's packages: the indexes its locks are declared against (see
   * declarationOf), and what a resolution is given once the outbound policy passed them (a plain
   * message when it does not, the detail logged): the indexes, or offline the wheel folders.
   */
  packages: Pick<PackageSources, 'declared' | 'access'>;
  resolveTimeoutMs: number;
  now: () => Date;
}

/** A version to lock: which one, and its code. */
export interface VersionToLock {
  projectId: string;
  notebookId: string;
  versionId: string;
  code: string;
}

/** What uv made of a dependency block: a lock for a Python, or its reason for failing. */
export type Resolution = FreshLock | { kind: 'failed'; message: string };

/** A lock uv just wrote for the sandboxes' Python. */
export interface FreshLock {
  kind: 'locked';
  lock: string;
  target: EnvironmentTarget;
}

/** The audit event of the save an "update dependencies" makes: its version is locked with the resolution it made, not its parent's lock. */
export const DEPENDENCY_UPDATE_EVENT = 'notebook.environment.update';

/**
 * Locks on save (docs/environments.md, "Lock on save"): every version that declares dependencies
 * gets a lock record once, in the background of its save. A version whose block is the one of the
 * version it was based on shares that version's lock; any other is resolved with uv in a sandbox,
 * and the lock or uv's reason is recorded on the version. A start that finds no record yet (the
 * version was saved before locking was on, or its hub stopped while resolving) waits for the
 * resolution under way here, or resolves then, once.
 */
export class VersionLocks {
  private readonly pending = new Map<string, Promise<VersionLockRecord>>();

  /** Fresh locks waiting for the version an update of dependencies saves, by notebook and the version it is based on. */
  private readonly updates = new Map<string, FreshLock>();

  constructor(private readonly deps: VersionLockDeps) {}

  /** The save hook: starts the version's lock in the background when it declares dependencies a lock can carry. */
  saved(saved: SavedVersion): void {
    if (!lockable(saved.code)) return;
    const version = { projectId: saved.projectId, notebookId: saved.notebookId, versionId: saved.version.version_id, code: saved.code };
    // Taken now, while the save is under way: the update that staged it waits for this save.
    const fresh = saved.event === DEPENDENCY_UPDATE_EVENT ? this.updates.get(updateKey(saved.projectId, saved.notebookId, saved.version.parent_id)) : undefined;
    this.deps.background.run(() =>
      this.ensure(version, saved.version.parent_id, fresh).catch((error: unknown) =>
        this.deps.logger.warn({ event: 'environment_lock_failed', ...ids(version), err: error }, 'environment_lock_failed'),
      ),
    );
  }

  /**
   * The version's lock record: the stored one, the one being made here, or one made now (from
   * `fresh` when given: a resolution made for it). Null: no dependencies, or uv settings a lock
   * does not carry (installed at each start).
   */
  async ensure(version: VersionToLock, parentId?: string | null, fresh?: FreshLock): Promise<VersionLockRecord | null> {
    const metadata = lockable(version.code);
    if (!metadata) return null;
    const key = `${version.projectId}/${version.notebookId}/${version.versionId}`;
    let promise = this.pending.get(key);
    if (!promise) {
      promise = this.lock(version, metadata, parentId, fresh).finally(() => this.pending.delete(key));
      this.pending.set(key, promise);
    }
    return promise;
  }

  /**
   * Resolves the version's block now, whatever its lock says (an update of its dependencies):
   * uv's lock, or its reason. Throws what is not uv's verdict, and when the block is not one a
   * lock carries.
   */
  async resolveNow(version: VersionToLock): Promise<Resolution> {
    const metadata = lockable(version.code);
    if (!metadata) throw new HubError('CONFLICT', 'this version declares no dependencies a lock carries');
    return this.resolve(version, metadata);
  }

  /**
   * Runs `save` (a save of the notebook based on `baseVersionId` with the audit event
   * {@link DEPENDENCY_UPDATE_EVENT}) so that the version it makes is locked with `fresh`.
   */
  async savingWith<T>(fresh: FreshLock, where: { projectId: string; notebookId: string; baseVersionId: string }, save: () => Promise<T>): Promise<T> {
    const key = updateKey(where.projectId, where.notebookId, where.baseVersionId);
    if (this.updates.has(key)) throw new HubError('CONFLICT', 'an update of this notebook’s dependencies is already under way');
    this.updates.set(key, fresh);
    try {
      return await save();
    } finally {
      this.updates.delete(key);
    }
  }

  /** Whether this process is resolving the version now. */
  resolving(projectId: string, notebookId: string, versionId: string): boolean {
    return this.pending.has(`${projectId}/${notebookId}/${versionId}`);
  }

  private async lock(version: VersionToLock, metadata: ScriptMetadata, parentId: string | null | undefined, fresh?: FreshLock): Promise<VersionLockRecord> {
    const { records } = this.deps;
    const stored = await records.version(version.projectId, version.notebookId, version.versionId);
    if (stored) return stored;
    const declaration = declarationOf(metadata.toml, await this.deps.packages.declared(version.projectId));
    const parent = parentId === undefined ? (await this.deps.notebooks.version(version.projectId, version.notebookId, version.versionId)).parent_id : parentId;
    const base = parent ? await records.version(version.projectId, version.notebookId, parent) : null;
    const reused = !fresh && base?.status === 'locked' && base.declaration === declaration;

    const resolution: Resolution | null = fresh ?? (reused ? null : await this.resolve(version, metadata));
    const record: VersionLockRecord = {
      schema_version: 1,
      project_id: version.projectId,
      notebook_id: version.notebookId,
      version_id: version.versionId,
      declaration,
      locked_at: this.deps.now().toISOString(),
      ...(resolution === null
        ? {
            status: 'locked' as const,
            lock_sha256: base!.lock_sha256,
            environment_id: base!.environment_id,
            target: base!.target,
            packages: base!.packages,
            error: null,
            reused_from: base!.reused_from ?? base!.version_id,
          }
        : resolution.kind === 'locked'
          ? {
              status: 'locked' as const,
              lock_sha256: await records.putLock(resolution.lock),
              environment_id: environmentIdOf(resolution.lock, resolution.target),
              target: resolution.target,
              packages: lockedPackages(resolution.lock),
              error: null,
              reused_from: null,
            }
          : {
              status: 'failed' as const,
              lock_sha256: null,
              environment_id: null,
              target: null,
              packages: [],
              error: { message: resolution.message },
              reused_from: null,
            }),
    };
    const written = await records.putVersion(record);
    if (written === record) await this.report(written);
    return written;
  }

  /**
   * Resolves the block with uv in a sandbox. What uv says about the dependencies becomes the
   * version's failure; anything else (no sandbox, a refused index) is thrown and recorded nowhere,
   * so a later start tries again.
   */
  private async resolve(version: VersionToLock, metadata: ScriptMetadata): Promise<Resolution> {
    const { source, mounts } = await this.deps.packages.access(version.projectId);
    const notebook = await this.deps.notebooks.get(version.projectId, version.notebookId);
    if (!notebook) throw new HubError('NOT_FOUND', 'the notebook was deleted');
    const entryFile = notebook.entry_file;
    const timeoutMs = this.deps.resolveTimeoutMs;
    const labels = { project_id: version.projectId, notebook_id: version.notebookId };
    return this.deps.sandboxes.within(
      'resolve',
      labels,
      async (sandbox): Promise<Resolution> => {
        const { sandboxes } = this.deps;
        // uv settings may name a folder of the workspace (`find-links = ["wheels"]`): it must be there.
        if (metadata.hasUvSettings) await sandboxes.writeWorkspace(sandbox, version.projectId, version.notebookId, entryFile);
        await sandboxes.driver.writeFile(sandbox.id, entryFile, version.code);
        const target = parseTarget((await sandboxes.driver.exec(sandbox.id, { argv: TARGET_ARGV, timeoutMs: 30_000, check: true })).stdout);
        const outcome = await sandboxes.command(sandbox, compileArgv(entryFile, source), uvEnvironment(source), timeoutMs);
        if (outcome.kind === 'timed_out') return { kind: 'failed', message: `uv did not finish resolving within ${Math.round(timeoutMs / 1000)} s` };
        if (outcome.result.exitCode !== 0) return { kind: 'failed', message: uvReason(outcome.result.stderr) };
        // The machine's wheel folders are where an offline resolution found the files, not part of what was locked.
        const written = (await sandboxes.driver.readFile(sandbox.id, LOCK_FILE)).toString('utf8');
        const lock = normalizeLock(withoutFindLinks(normalizeLock(written), wheelFoldersOf(source)));
        const problem = lockProblem(lock);
        return problem ? { kind: 'failed', message: problem } : { kind: 'locked', lock, target };
      },
      { mounts },
    );
  }

  private async report(record: VersionLockRecord): Promise<void> {
    const facts = {
      notebook_id: record.notebook_id,
      version_id: record.version_id,
      status: record.status,
      environment_id: record.environment_id,
      packages: record.packages.length,
      reused_from: record.reused_from,
    };
    this.deps.logger.info({ event: 'environment_locked', project_id: record.project_id, ...facts }, 'environment_locked');
    // A shared lock is a consequence of a save already audited (an autosave, often); a resolution is news.
    if (record.reused_from === null) {
      await this.deps.audit.append({ event: 'notebook.environment.lock', actor: 'system', projectId: record.project_id, metadata: facts });
    }
  }
}

/** The block of a version whose dependencies are locked: it declares some, with no uv setting a lock does not carry. */
export function lockable(code: string): ScriptMetadata | null {
  const metadata = scriptMetadata(code);
  return metadata?.declaresDependencies && notLockableReason(metadata.toml) === null ? metadata : null;
}

const updateKey = (projectId: string, notebookId: string, baseVersionId: string | null) => `${projectId}/${notebookId}/${baseVersionId ?? ''}`;

const ids = (version: VersionToLock) => ({ project_id: version.projectId, notebook_id: version.notebookId, version_id: version.versionId });
