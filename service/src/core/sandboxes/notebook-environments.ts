import { scriptMetadata } from '@notebook-hub/kernel/script-metadata.js';
import type { Logger } from '../ports/logger.js';
import type { NotebookRuntime } from '../ports/notebook-runtime.js';
import type { Sandbox } from '../ports/sandbox-driver.js';

/**
 * The Python packages a notebook's kernel starts with (docs/environments.md). Sessions and job runs
 * own this interface and know nothing of the capability that fills it: where locked environments
 * are on, a notebook version's dependencies were resolved into a lock when it was saved, and the
 * environment built from that lock once is shared by every start; elsewhere the notebook runtime
 * installs the PEP 723 dependencies in the sandbox at each start.
 */

/** One start of a notebook in a sandbox that has its files already. */
export interface EnvironmentStart {
  projectId: string;
  notebookId: string;
  /** The version whose code the sandbox holds: its lock decides the packages. */
  versionId: string;
  /** The notebook, relative to the workspace. */
  entryFile: string;
  code: string;
  sandbox: Sandbox;
  /** A step of the preparation, for the people watching the start ("building the environment"). */
  onStep?(step: string): void;
}

/** What the kernel starts with. */
export interface PreparedEnvironment {
  env: Record<string, string>;
  /** The locked environment's identity; null when the runtime installed the dependencies (or there were none). */
  environmentId: string | null;
}

/** A saved version by its ids. */
export interface VersionRef {
  projectId: string;
  notebookId: string;
  versionId: string;
}

/** A saved version, as the warm pool asks about it. */
export interface VersionCode {
  projectId: string;
  notebookId: string;
  versionId: string;
  code: string;
}

/**
 * A capability that provides locked environments. `prepare` answers null where it does not serve
 * the start (no dependencies declared, or a driver it cannot serve): the runtime installs then. A
 * version whose lock failed fails the start with PYTHON_ENV_SETUP_FAILED and the lock's reason.
 *
 * The warm pool keeps sandboxes started in the environments most recently started in
 * (docs/sessions.md, "The warm pool"): `builtFor` names the environment a start of a version
 * would find built (resolving and building nothing), `recent` the environments started in most
 * recently, and `enter` marks a warm sandbox as one of an environment's users (so it is not evicted
 * under it) and answers what its kernel needs, without counting as a start.
 */
export interface LockedEnvironmentProvider {
  /** Before a start creates its sandbox: throws (PYTHON_ENV_SETUP_FAILED) what is known now to keep the version from starting. */
  preflight?(version: VersionRef): Promise<void>;
  prepare(start: EnvironmentStart): Promise<PreparedEnvironment | null>;
  builtFor(version: VersionCode): Promise<string | null>;
  recent(limit: number): Promise<string[]>;
  enter(environmentId: string, sandboxId: string): Promise<Record<string, string> | null>;
}

/**
 * Where the runtime's install at a start finds a project's packages besides the sandbox's own
 * index: the variables its uv command gets (docs/environments.md, "Private package indexes").
 * Throws PYTHON_ENV_SETUP_FAILED when an index may not be reached.
 */
export interface InstallIndexes {
  installEnv(projectId: string): Promise<Record<string, string>>;
}

/** What the warm pool asks of the environments (none where no capability provides them). */
export type WarmEnvironments = Pick<NotebookEnvironments, 'builtFor' | 'recent' | 'enter'>;

/** The environments of one hub: the provider a feature registered, else the runtime's installs. */
export class NotebookEnvironments {
  private provider: LockedEnvironmentProvider | null = null;
  private indexes: InstallIndexes | null = null;

  constructor(private readonly runtime: NotebookRuntime) {}

  use(provider: LockedEnvironmentProvider): void {
    this.provider = provider;
  }

  useIndexes(indexes: InstallIndexes): void {
    this.indexes = indexes;
  }

  /**
   * Refuses a start before its sandbox is created when the provider knows it cannot succeed (an
   * offline hub without the wheels the version's lock needs: docs/environments.md, "Offline").
   */
  async preflight(version: VersionRef): Promise<void> {
    await this.provider?.preflight?.(version);
  }

  /** The built environment a start of `version` would run in; null: none (it installs, or builds first). */
  builtFor(version: VersionCode): Promise<string | null> {
    return this.provider ? this.provider.builtFor(version) : Promise.resolve(null);
  }

  /** The environments most recently started in, newest first (at most `limit`). */
  recent(limit: number): Promise<string[]> {
    return this.provider && limit > 0 ? this.provider.recent(limit) : Promise.resolve([]);
  }

  /** What a warm sandbox's kernel needs to run in a built environment (marking it a user); null: not built. */
  enter(environmentId: string, sandboxId: string): Promise<Record<string, string> | null> {
    return this.provider ? this.provider.enter(environmentId, sandboxId) : Promise.resolve(null);
  }

  async prepare(start: EnvironmentStart, logger: Logger): Promise<PreparedEnvironment> {
    const locked = this.provider ? await this.provider.prepare(start) : null;
    return locked ?? this.install(start, logger);
  }

  /**
   * The runtime's install of the notebook's PEP 723 dependencies in its sandbox, from the project's
   * private indexes first: what a start runs where no locked environment serves it (and a preview,
   * whose code no saved version's lock covers).
   */
  async install(start: EnvironmentStart, logger: Logger): Promise<PreparedEnvironment> {
    const declares = scriptMetadata(start.code)?.declaresDependencies ?? false;
    if (declares) start.onStep?.('installing the notebook’s dependencies');
    // Asked only when there is something to install: the indexes' credentials are read sealed.
    const installEnv = declares ? ((await this.indexes?.installEnv(start.projectId)) ?? {}) : {};
    const { env } = await this.runtime.prepareEnvironment(start.sandbox, start.entryFile, logger, start.code, installEnv);
    return { env, environmentId: null };
  }
}
