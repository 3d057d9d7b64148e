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

/**
 * A capability that provides locked environments. `prepare` answers null where it does not serve
 * the start (no dependencies declared, or a driver it cannot serve): the runtime installs then. A
 * version whose lock failed fails the start with PYTHON_ENV_SETUP_FAILED and the lock's reason.
 */
export interface LockedEnvironmentProvider {
  prepare(start: EnvironmentStart): Promise<PreparedEnvironment | null>;
}

/** The environments of one hub: the provider a feature registered, else the runtime's installs. */
export class NotebookEnvironments {
  private provider: LockedEnvironmentProvider | null = null;

  constructor(private readonly runtime: NotebookRuntime) {}

  use(provider: LockedEnvironmentProvider): void {
    this.provider = provider;
  }

  async prepare(start: EnvironmentStart, logger: Logger): Promise<PreparedEnvironment> {
    const locked = this.provider ? await this.provider.prepare(start) : null;
    if (locked) return locked;
    if (scriptMetadata(start.code)?.declaresDependencies) start.onStep?.('installing the notebook’s dependencies');
    const { env } = await this.runtime.prepareEnvironment(start.sandbox, start.entryFile, logger, start.code);
    return { env, environmentId: null };
  }
}
