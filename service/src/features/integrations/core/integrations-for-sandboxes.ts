import type { IntegrationRecord } from './integration-records.js';
import type { IntegrationForRendering, IntegrationSecrets } from './integration-secrets.js';
import type { IntegrationService } from './integration-service.js';

export type { IntegrationForRendering, UnresolvedSecret } from './integration-secrets.js';

/**
 * What rendering into sandboxes reads of integrations (the workload environment): a project's
 * integrations with their kinds and resolved secrets. Who may use them is the caller's to decide
 * (`integration.use`); nothing here is shown to anyone.
 */
export class IntegrationsForSandboxes {
  constructor(
    private readonly deps: {
      integrations: IntegrationService;
      secrets: IntegrationSecrets;
      /** SERVICE_INTEGRATIONS=on; off: no project has any. */
      enabled: boolean;
    },
  ) {}

  /** The project's integrations, oldest first, each with its kind module and its secrets resolved. */
  async listForRendering(projectId: string): Promise<IntegrationForRendering[]> {
    if (!this.deps.enabled) return [];
    return this.deps.secrets.forRendering(await this.deps.integrations.all({ kind: 'project', projectId }));
  }

  /** One integration's secret fields, resolved; throws a SecretSourceError naming the first that cannot be read. */
  resolveSecrets(record: IntegrationRecord): Promise<Record<string, string>> {
    return this.deps.secrets.resolveSecrets(record);
  }
}
