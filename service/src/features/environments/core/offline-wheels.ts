import { HubError } from '../../../core/errors.js';
import type { NotebookFiles } from '../../../core/notebooks/notebook-files.js';
import type { LocalWheels, WheelFile } from '../../../core/ports/local-wheels.js';
import { sha256Of, type EnvironmentTarget, type LockedPackage } from './environment-model.js';
import { lockFindLinks, lockRequirements } from './lock-file.js';
import { missingWheels } from './wheel-files.js';

export interface OfflineWheelsDeps {
  /** The machine's wheel folders (the sandbox wheelhouse, SERVICE_ENVIRONMENT_WHEELS_DIR). */
  wheels: LocalWheels;
  /** A notebook's workspace, whose `find-links` folders a lock may name. */
  files: NotebookFiles;
  /** Where people put the wheels a lock needs, named in the message. */
  wheelsDir: string;
}

/**
 * Offline (SERVICE_PACKAGE_INDEX_OFFLINE, docs/environments.md): an environment is built from the
 * wheels on this machine alone, so a lock that needs one the machine does not have is refused
 * before the start, naming every such package with its version, rather than by uv halfway.
 */
export class OfflineWheels {
  constructor(private readonly deps: OfflineWheelsDeps) {}

  /** The packages of `lock` no wheel here provides for `target`. */
  async missing(lock: string, target: EnvironmentTarget, workspace: { projectId: string; notebookId: string }): Promise<LockedPackage[]> {
    const available = [...(await this.deps.wheels.list()), ...(await this.workspaceWheels(lock, workspace))];
    return missingWheels(lockRequirements(lock), available, target);
  }

  /** Throws PYTHON_ENV_SETUP_FAILED naming what `lock` needs that this machine has no wheel for. */
  async assertAvailable(lock: string, target: EnvironmentTarget, version: { projectId: string; notebookId: string; versionId: string }): Promise<void> {
    const missing = await this.missing(lock, target, version);
    if (missing.length === 0) return;
    const list = missing.map((pkg) => `${pkg.name} ${pkg.version}`).join(', ');
    throw new HubError(
      'PYTHON_ENV_SETUP_FAILED',
      `this hub builds environments offline, from the wheels on this machine, and has no wheel of ${missing.length === 1 ? 'a package' : `${missing.length} packages`} the lock of version ${version.versionId} needs: ${list}.\n` +
        `Add ${missing.length === 1 ? 'it' : 'them'} to ${this.deps.wheelsDir} (wheels for this machine's Python) and start again, or start it where the package index can be reached.`,
    );
  }

  /** The wheels in the workspace folders the lock names (`--find-links wheels`), hashed. */
  private async workspaceWheels(lock: string, workspace: { projectId: string; notebookId: string }): Promise<WheelFile[]> {
    const folders = lockFindLinks(lock).map((folder) => `${folder.replace(/\/+$/, '')}/`);
    if (folders.length === 0) return [];
    const wheels: WheelFile[] = [];
    for (const file of await this.deps.files.filesOf(workspace.projectId, workspace.notebookId)) {
      const folder = folders.find((candidate) => file.path.startsWith(candidate));
      const filename = folder === undefined ? '' : file.path.slice(folder.length);
      if (filename.endsWith('.whl') && !filename.includes('/')) wheels.push({ filename, sha256: sha256Of(await file.read()) });
    }
    return wheels;
  }
}
