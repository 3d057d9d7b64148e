import { scriptMetadata } from '@notebook-hub/kernel/script-metadata.js';
import type { AccessControl } from '../../../core/access/access-control.js';
import { HubError } from '../../../core/errors.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import type { NotebookVersion } from '../../../core/notebooks/notebook-model.js';
import type { NotebookService } from '../../../core/notebooks/notebook-service.js';
import type { SessionManager } from '../../../core/sessions/session-manager.js';
import { actorOf } from '../../../core/use-cases/caller.js';
import { notLockableReason } from './carried-settings.js';
import { environmentIdOf, type LockedPackage } from './environment-model.js';
import type { EnvironmentRecords } from './environment-records.js';
import { lockedView, type VersionEnvironmentView } from './environment-use-cases.js';
import { lockedPackages } from './lock-file.js';
import { DEPENDENCY_UPDATE_EVENT, type VersionLocks } from './version-locks.js';

/** A package whose locked version an update changed: `from` null when it was added, `to` null when it went. */
export interface PackageChange {
  name: string;
  from: string | null;
  to: string | null;
}

export interface DependencyUpdateResult {
  /** False when a fresh resolution gave the lock the current version already has: nothing was saved. */
  updated: boolean;
  /** The version the update saved; null when nothing was. */
  version: NotebookVersion | null;
  /** The environment of the new version (of the current one when nothing was saved). */
  environment: VersionEnvironmentView;
  changes: PackageChange[];
}

export interface DependencyUpdateDeps {
  access: AccessControl;
  notebooks: NotebookService;
  sessions: Pick<SessionManager, 'assertNotBeingEdited'>;
  records: EnvironmentRecords;
  /** Null where locked environments are not on: a start installs what the block allows then. */
  locks: VersionLocks | null;
}

/**
 * "Update dependencies" (docs/environments.md): re-resolves the current version's PEP 723 block
 * against the package index as it is now, whatever that version's lock pins, and saves the same
 * code as a new version locked with the fresh resolution. Earlier versions keep their locks, so
 * their sessions and job runs keep their packages. Needs notebook.write, like a save; audited as
 * `notebook.environment.update` (the save) and `notebook.environment.lock` (the resolution).
 */
export class DependencyUpdates {
  /** Notebooks whose update is under way in this process. */
  private readonly underWay = new Set<string>();

  constructor(private readonly deps: DependencyUpdateDeps) {}

  async update(principal: Principal, input: { projectId: string; notebookId: string; baseVersionId: string }): Promise<DependencyUpdateResult> {
    const { projectId, notebookId, baseVersionId } = input;
    const { access, notebooks, sessions, records } = this.deps;
    await access.notebook(principal, projectId, notebookId, 'notebook.write');
    const notebook = await notebooks.get(projectId, notebookId);
    if (!notebook) throw new HubError('NOT_FOUND', 'notebook not found');
    const current = notebook.source.current_version_id;
    if (current !== baseVersionId) {
      throw new HubError('CONFLICT', `the notebook has moved on to version ${current}; update the dependencies of that version (base_version_id)`);
    }
    await sessions.assertNotBeingEdited(projectId, notebookId);
    const locks = this.deps.locks;
    if (!locks) {
      throw new HubError(
        'CONFLICT',
        'locked environments are not on for this deployment’s sandboxes: every start installs the newest packages the block allows',
      );
    }
    const code = await notebooks.code(projectId, notebookId, baseVersionId);
    const metadata = scriptMetadata(code);
    if (!metadata?.declaresDependencies) throw new HubError('CONFLICT', `version ${baseVersionId} declares no dependencies`);
    const unlocked = notLockableReason(metadata.toml);
    if (unlocked)
      throw new HubError('CONFLICT', `version ${baseVersionId} is not locked (${unlocked}): every start installs the newest packages its block allows`);

    const key = `${projectId}/${notebookId}`;
    if (this.underWay.has(key)) throw new HubError('CONFLICT', 'an update of this notebook’s dependencies is already under way');
    this.underWay.add(key);
    try {
      const version = { projectId, notebookId, versionId: baseVersionId, code };
      const resolution = await locks.resolveNow(version);
      if (resolution.kind === 'failed') {
        throw new HubError(
          'PYTHON_ENV_SETUP_FAILED',
          `uv could not resolve the dependencies of version ${baseVersionId} now; nothing was saved:\n${resolution.message}`,
        );
      }
      // A lock being made for the version here is what to compare with, once it is there.
      const before = locks.resolving(projectId, notebookId, baseVersionId)
        ? await locks.ensure(version)
        : await records.version(projectId, notebookId, baseVersionId);
      if (before?.status === 'locked' && before.environment_id === environmentIdOf(resolution.lock, resolution.target)) {
        return { updated: false, version: null, environment: lockedView(before), changes: [] };
      }
      const changes = packageChanges(before?.packages ?? [], lockedPackages(resolution.lock));
      // An edit session may have started while uv resolved: its sandbox holds the live copy then.
      await sessions.assertNotBeingEdited(projectId, notebookId);
      const saved = await locks.savingWith(resolution, { projectId, notebookId, baseVersionId }, () =>
        notebooks.save(projectId, notebookId, { code, baseVersionId, message: messageOf(changes), event: DEPENDENCY_UPDATE_EVENT }, actorOf(principal)),
      );
      const record = await locks.ensure({ ...version, versionId: saved.version_id }, baseVersionId, resolution);
      return { updated: true, version: saved, environment: lockedView(record!), changes };
    } finally {
      this.underWay.delete(key);
    }
  }
}

/** What moved between two locks' packages, by name. */
export function packageChanges(before: LockedPackage[], after: LockedPackage[]): PackageChange[] {
  const normalized = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-');
  const old = new Map(before.map((pkg) => [normalized(pkg.name), pkg]));
  const changes: PackageChange[] = [];
  for (const pkg of after) {
    const was = old.get(normalized(pkg.name));
    old.delete(normalized(pkg.name));
    if (was?.version !== pkg.version) changes.push({ name: pkg.name, from: was?.version ?? null, to: pkg.version });
  }
  for (const gone of old.values()) changes.push({ name: gone.name, from: gone.version, to: null });
  return changes.sort((a, b) => a.name.localeCompare(b.name));
}

/** The new version's message: what changed, in a line the versions list shows. */
function messageOf(changes: PackageChange[]): string {
  const parts = changes.map((change) =>
    change.from === null ? `${change.name} ${change.to} added` : change.to === null ? `${change.name} removed` : `${change.name} ${change.from} → ${change.to}`,
  );
  const shown: string[] = [];
  for (const part of parts) {
    if ([...shown, part].join(', ').length > 200) {
      shown.push(`${parts.length - shown.length} more`);
      break;
    }
    shown.push(part);
  }
  return shown.length > 0 ? `Updated dependencies: ${shown.join(', ')}` : 'Updated dependencies';
}
