import { SECRETS_DIR_VARIABLE, type SandboxSecrets } from '../../../../core/ports/sandbox-driver.js';
import type { NotebookRevision } from '../../../../core/notebooks/notebook-model.js';
import { integrationsOf } from '../../../../core/notebooks/notebook-integrations.js';
import type { ReceivedIntegration, WorkloadEnvironment, WorkloadProvider, WorkloadStart } from '../../../../core/sandboxes/workload-environment.js';
import { isReservedVariable } from '../secrets/secret-names.js';
import type { ProjectSecrets } from '../secrets/project-secrets.js';
import type { IntegrationRendering, RenderedIntegration } from '../../../../core/sandboxes/integration-rendering.js';

/** The variable SQL clients (and marimo's SQL cells, through SQLAlchemy) read a database's URL from. */
export const DATABASE_URL = 'DATABASE_URL';

export interface WorkloadAssemblerDeps {
  secrets: Pick<ProjectSecrets, 'values'>;
  notebooks: { get(projectId: string, notebookId: string): Promise<NotebookRevision | null> };
  /** Whether a user may use the project's integrations, where the start weighed no caller (job runs, restarted apps). */
  mayUse(userId: string, projectId: string): Promise<boolean>;
  /** The integrations' rendering; null until the integrations provide one. */
  integrations?: IntegrationRendering | null;
}

/**
 * What a sandbox receives when a session or a job run starts (docs/project-secrets.md, "Into
 * sandboxes"): the project's secrets as variables of their own names, the notebook's integrations
 * as their variables and files, `DATABASE_URL` when exactly one of them is a database. Who may:
 *
 * - an edit session or a run someone triggered: when the starter may `integration.use`;
 * - a scheduled run: when the job's owner may (the job runner names the owner);
 * - an app session: when the notebook's `integrations.in_apps` says so, whatever the viewer's
 *   rights (the notebook's manager chose it for everyone who opens the app).
 */
export class WorkloadAssembler implements WorkloadProvider {
  private integrations: IntegrationRendering | null;

  constructor(private readonly deps: WorkloadAssemblerDeps) {
    this.integrations = deps.integrations ?? null;
  }

  /** Where the integrations plug their rendering in. */
  useIntegrations(rendering: IntegrationRendering | null): void {
    this.integrations = rendering;
  }

  async environmentFor(start: WorkloadStart): Promise<WorkloadEnvironment | null> {
    const notebook = await this.deps.notebooks.get(start.projectId, start.notebookId);
    if (!notebook || notebook.status === 'deleted') return null;
    const setting = integrationsOf(notebook);
    const allowed = start.mode === 'app' ? setting.in_apps : (start.mayUse ?? (await this.deps.mayUse(start.userId, start.projectId)));
    if (!allowed) return null;
    const [{ values, unavailable }, rendered] = await Promise.all([
      this.deps.secrets.values(start.projectId),
      this.integrations
        ? this.integrations.renderFor({
            projectId: start.projectId,
            notebookId: start.notebookId,
            userId: start.userId,
            mode: start.mode,
            use: setting.use,
            ...(start.sessionId ? { sessionId: start.sessionId } : {}),
            ...(start.runId ? { runId: start.runId } : {}),
          })
        : Promise.resolve([]),
    ]);
    if (Object.keys(values).length === 0 && unavailable.length === 0 && rendered.length === 0) return null;
    return assemble(values, unavailable, rendered);
  }
}

/**
 * One environment out of the secrets and the rendered integrations. A name given twice is the
 * first giver's: secrets before integrations, integrations in the order rendered. Names the
 * sandbox relies on are never given (secrets cannot be named so; an integration's are skipped).
 */
export function assemble(
  values: Record<string, string>,
  unavailable: { name: string; reason: string }[],
  rendered: readonly RenderedIntegration[],
): WorkloadEnvironment {
  const secrets: Required<SandboxSecrets> = { env: {}, files: {}, fileEnv: {} };
  const taken = (name: string) => name in secrets.env || name in secrets.fileEnv;
  for (const [name, value] of Object.entries(values)) if (!isReservedVariable(name)) secrets.env[name] = value;
  const integrations: ReceivedIntegration[] = rendered.map((integration) => {
    const variables: string[] = [];
    const files: string[] = [];
    for (const [name, file] of Object.entries(integration.files)) {
      if (name in secrets.files) continue;
      secrets.files[name] = file;
      files.push(name);
    }
    for (const [name, value] of Object.entries(integration.env)) {
      if (isReservedVariable(name) || taken(name)) continue;
      secrets.env[name] = value;
      variables.push(name);
    }
    for (const [name, file] of Object.entries(integration.fileEnv ?? {})) {
      if (isReservedVariable(name) || taken(name) || !files.includes(file)) continue;
      secrets.fileEnv[name] = file;
      variables.push(name);
    }
    return { id: integration.id, name: integration.name, kind: integration.kind, variables, files };
  });
  const databases = rendered.filter((integration) => integration.databaseUrl !== undefined);
  if (databases.length === 1 && !taken(DATABASE_URL)) secrets.env[DATABASE_URL] = databases[0]!.databaseUrl!;
  const variables = [...Object.keys(secrets.env), ...Object.keys(secrets.fileEnv)];
  if (Object.keys(secrets.files).length > 0) variables.push(SECRETS_DIR_VARIABLE);
  return {
    secrets,
    received: {
      integrations,
      secrets: Object.keys(values).filter((name) => name in secrets.env),
      unavailable,
      variables: variables.sort(),
      federation_token: false,
    },
  };
}
