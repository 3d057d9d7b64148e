import type { SandboxSecrets } from '../ports/sandbox-driver.js';

/**
 * What a notebook may use is rendered into its sandbox when a session or a job run starts
 * (docs/project-secrets.md, "Into sandboxes"): project secrets, integrations, a workload identity
 * token. Sessions and job runs own this interface and know nothing of the capabilities that fill
 * it; each capability that has something to give registers a {@link WorkloadProvider}.
 */

/** How the sandbox runs the notebook: an edit session, an app session, or a job run. */
export type WorkloadMode = 'edit' | 'app' | 'run';

/** One start of a sandbox, as the providers weigh it. */
export interface WorkloadStart {
  projectId: string;
  notebookId: string;
  mode: WorkloadMode;
  /**
   * Whose rights apply: the user who starts an edit session, the user who triggered an on-demand
   * run, the job's owner for a scheduled run. An app session names its starter too, though what
   * an app receives is the notebook's choice (its `integrations.in_apps`), not the viewer's rights.
   */
  userId: string;
  /**
   * The starter's own `integration.use` decision, where the start has a signed-in caller (a
   * session start: it weighs the caller's token scope too). Absent: the user's role in the project
   * decides (a job run, an app restarted by the hub).
   */
  mayUse?: boolean;
  /** The session or run the sandbox is for (a workload identity token names it). */
  sessionId?: string;
  runId?: string;
  jobId?: string;
}

/** An integration a sandbox received: names only, never a value (shown by the session API). */
export interface ReceivedIntegration {
  id: string;
  name: string;
  kind: string;
  /** The variables it set. */
  variables: string[];
  /** The files it put into the secrets directory. */
  files: string[];
}

/**
 * What a sandbox was given, by name: the session API shows it, the job run's log lists it. Never
 * holds a value, and is never written into a notebook's versions, snapshots, exports or Git.
 */
export interface WorkloadReceived {
  integrations: ReceivedIntegration[];
  /** Project secrets given as variables of their own names. */
  secrets: string[];
  /** Project secrets that could not be read (a variable gone, a file unreadable), with why; not given. */
  unavailable: { name: string; reason: string }[];
  /** Every variable set, the integrations' and secrets' included, plus `DATABASE_URL` and the secrets directory's. */
  variables: string[];
  /** Whether a workload identity token was given. */
  federation_token: boolean;
}

/** What a start receives: the values for the sandbox, and what they are by name. */
export interface WorkloadEnvironment {
  secrets: SandboxSecrets;
  received: WorkloadReceived;
  /**
   * When a file of `secrets` expires and must be written again while the sandbox runs (a workload
   * identity token; docs/federation.md, "Refreshing"); absent when nothing in it expires.
   */
  refreshAt?: Date;
}

/** New content for secret files a running sandbox received, and when to write them again. */
export interface WorkloadRefresh {
  files: Record<string, Uint8Array>;
  refreshAt: Date;
}

/** A capability that gives sandboxes something; null: nothing for this start. */
export interface WorkloadProvider {
  environmentFor(start: WorkloadStart): Promise<WorkloadEnvironment | null>;
  /**
   * For a provider whose files expire: their new content for a sandbox that still runs, the same
   * start as its sandbox's; null when it gives this workload nothing any more (the file is left to
   * expire).
   */
  refreshFor?(start: WorkloadStart): Promise<WorkloadRefresh | null>;
}

export const NOTHING_RECEIVED: WorkloadReceived = { integrations: [], secrets: [], unavailable: [], variables: [], federation_token: false };

/** Whether an environment gives the sandbox anything at all. */
export const givesAnything = (environment: WorkloadEnvironment | null): environment is WorkloadEnvironment =>
  environment !== null &&
  (Object.keys(environment.secrets.env).length > 0 ||
    Object.keys(environment.secrets.files).length > 0 ||
    Object.keys(environment.secrets.fileEnv ?? {}).length > 0);

/**
 * The providers of one hub. Sessions and job runs are built before the capabilities that provide,
 * so they ask when a sandbox starts. Several providers' environments are joined; a variable or
 * file two of them give is the first one's.
 */
export class WorkloadEnvironments {
  private readonly providers: WorkloadProvider[] = [];

  add(provider: WorkloadProvider): void {
    this.providers.push(provider);
  }

  /**
   * New content for the expiring files of a running workload's sandbox; null when no provider has
   * anything more to write for it. A file two providers give is the first one's.
   */
  async refreshFor(start: WorkloadStart): Promise<WorkloadRefresh | null> {
    const given = (await Promise.all(this.providers.map((provider) => provider.refreshFor?.(start) ?? null))).filter(
      (refresh): refresh is WorkloadRefresh => refresh !== null,
    );
    if (given.length === 0) return null;
    return {
      files: Object.assign({}, ...given.reverse().map((refresh) => refresh.files)) as Record<string, Uint8Array>,
      refreshAt: new Date(Math.min(...given.map((refresh) => refresh.refreshAt.getTime()))),
    };
  }

  /** What this start receives; null when no provider gives it anything. */
  async environmentFor(start: WorkloadStart): Promise<WorkloadEnvironment | null> {
    const given = (await Promise.all(this.providers.map((provider) => provider.environmentFor(start)))).filter(
      (environment): environment is WorkloadEnvironment => environment !== null,
    );
    if (given.length === 0) return null;
    if (given.length === 1) return given[0]!;
    return given.reduceRight(join);
  }
}

function join(later: WorkloadEnvironment, earlier: WorkloadEnvironment): WorkloadEnvironment {
  const unique = (names: string[]) => [...new Set(names)];
  const refreshes = [earlier.refreshAt, later.refreshAt].filter((at): at is Date => at !== undefined).map((at) => at.getTime());
  return {
    ...(refreshes.length > 0 ? { refreshAt: new Date(Math.min(...refreshes)) } : {}),
    secrets: {
      env: { ...later.secrets.env, ...earlier.secrets.env },
      files: { ...later.secrets.files, ...earlier.secrets.files },
      fileEnv: { ...later.secrets.fileEnv, ...earlier.secrets.fileEnv },
    },
    received: {
      integrations: [...earlier.received.integrations, ...later.received.integrations],
      secrets: unique([...earlier.received.secrets, ...later.received.secrets]),
      unavailable: [...earlier.received.unavailable, ...later.received.unavailable],
      variables: unique([...earlier.received.variables, ...later.received.variables]),
      federation_token: earlier.received.federation_token || later.received.federation_token,
    },
  };
}
