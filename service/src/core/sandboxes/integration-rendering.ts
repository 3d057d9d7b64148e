import type { WorkloadMode } from './workload-environment.js';

/**
 * How the project's integrations reach a sandbox (docs/project-secrets.md, "Into sandboxes"):
 * implemented by the integrations, which know their kinds and how each renders. The workload
 * environment has already decided that the start may receive integrations at all.
 */
export interface IntegrationRendering {
  /** The project's integrations the notebook uses (`use`), rendered for this start. */
  renderFor(request: IntegrationRenderRequest): Promise<RenderedIntegration[]>;
}

export interface IntegrationRenderRequest {
  projectId: string;
  notebookId: string;
  /** Whose rights the start has (the session's user, an on-demand run's trigger, a scheduled run's owner). */
  userId: string;
  mode: WorkloadMode;
  /** The notebook's choice: all of the project's integrations, or these ids (unknown ids are skipped). */
  use: 'all' | readonly string[];
  /** The session or run, for what names it (a workload identity token). */
  sessionId?: string;
  runId?: string;
}

/** One integration as a sandbox receives it. */
export interface RenderedIntegration {
  id: string;
  name: string;
  kind: string;
  /** `<ENV_PREFIX>_<NAME>` variables. */
  env: Record<string, string>;
  /** Files for the secrets directory (a CA certificate), by file name. */
  files: Record<string, Uint8Array>;
  /** Variables whose value is the path of one of `files`. */
  fileEnv?: Record<string, string>;
  /** Its URL for SQL clients, when it is a database: `DATABASE_URL` when it is the notebook's only one. */
  databaseUrl?: string;
}
