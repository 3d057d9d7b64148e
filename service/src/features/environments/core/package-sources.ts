import type { InstallIndexes } from '../../../core/sandboxes/notebook-environments.js';
import { privateIndexVariables, type PackageAccess, type PrivateIndex } from './uv-commands.js';

/**
 * A project's private package indexes (its `python_index` integrations, oldest first), with their
 * credentials: what the integrations feature gives locked environments (linked by the composition
 * root).
 */
export interface ProjectPackageIndexes {
  /** Without `withCredentials`, their URLs and names only (no secret is read). */
  indexesOf(projectId: string, withCredentials: boolean): Promise<PrivateIndex[]>;
}

export interface PackageSourcesDeps {
  /** SERVICE_PACKAGE_INDEX_URL. */
  indexUrl: string;
  /** SERVICE_PACKAGE_INDEX_OFFLINE: only the machine's wheel folders, no index at all. */
  offline: boolean;
  /** Offline: the machine's wheel folders that are there now. */
  wheelFolders(): Promise<string[]>;
  /** Where a container sees the machine's wheel folders (`<dir>/<n>`); null: sandboxes see the machine's own paths. */
  containerWheelsDir: string | null;
  /** Throws when the outbound-request policy refuses the index at `url`; `named` says which index it is. */
  checkIndex(url: string, named: string): Promise<void>;
}

/**
 * Where uv finds a project's packages (docs/environments.md, "The package index and the outbound
 * policy", "Private package indexes"): the project's private indexes first, then the
 * deployment's; offline, the machine's wheel folders alone.
 */
export class PackageSources implements InstallIndexes {
  private indexes: ProjectPackageIndexes | null = null;

  constructor(private readonly deps: PackageSourcesDeps) {}

  /** Links the integrations feature's indexes (none until then, or with integrations off). */
  useIndexes(indexes: ProjectPackageIndexes | null): void {
    this.indexes = indexes;
  }

  /**
   * The indexes a lock of the project is declared against, in the order uv asks them: one more, or
   * another URL, and the same block is resolved anew. The same offline, so that a lock made there
   * counts as one made online.
   */
  async declared(projectId: string): Promise<string[]> {
    return [...(await this.privateOf(projectId, false)).map((index) => index.url), this.deps.indexUrl];
  }

  /**
   * The package source of one resolution or build of the project, and what its sandbox mounts to
   * see the folders (a container). Each index it names has passed the outbound-request policy: a
   * refused one throws, naming it. Offline no index is named, so none is checked.
   */
  async access(projectId: string): Promise<PackageAccess> {
    if (!this.deps.offline) {
      const privateIndexes = await this.privateOf(projectId, true);
      await this.deps.checkIndex(this.deps.indexUrl, 'the package index (SERVICE_PACKAGE_INDEX_URL)');
      for (const index of privateIndexes) await this.deps.checkIndex(index.url, `the package index of the integration “${index.name}”`);
      return { source: { index: this.deps.indexUrl, privateIndexes }, mounts: [] };
    }
    const folders = await this.deps.wheelFolders();
    const inside = this.deps.containerWheelsDir;
    if (inside === null) return { source: { wheelFolders: folders }, mounts: [] };
    const mounts = folders.map((folder, index) => ({ source: folder, target: `${inside}/${index}`, readOnly: true }));
    return { source: { wheelFolders: mounts.map((mount) => mount.target) }, mounts };
  }

  /**
   * What the install of an unlocked version's dependencies at a start adds to uv's environment: the
   * project's private indexes, asked before the index the sandbox is given, each checked by the
   * outbound-request policy first. Offline, or without any, nothing.
   */
  async installEnv(projectId: string): Promise<Record<string, string>> {
    if (this.deps.offline) return {};
    const privateIndexes = await this.privateOf(projectId, true);
    for (const index of privateIndexes) await this.deps.checkIndex(index.url, `the package index of the integration “${index.name}”`);
    return privateIndexVariables(privateIndexes);
  }

  private async privateOf(projectId: string, withCredentials: boolean): Promise<PrivateIndex[]> {
    return this.indexes ? this.indexes.indexesOf(projectId, withCredentials) : [];
  }
}
