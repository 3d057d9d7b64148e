import { HubError } from '../../../core/errors.js';
import type { BrowsableIntegration, DataIntegrations } from '../../data-browser/index.js';
import type { PrivateIndex, ProjectPackageIndexes } from '../../environments/index.js';
import type { IntegrationRecord } from './integration-records.js';
import type { IntegrationForRendering, IntegrationSecrets } from './integration-secrets.js';
import type { IntegrationService } from './integration-service.js';
import type { IntegrationRendering, IntegrationRenderRequest, RenderedIntegration } from '../../../core/sandboxes/integration-rendering.js';
import { modelsOf } from './kinds/openai.js';

/** The organization's AI provider for the hub's own AI features (docs/surfaces.md, "Managed AI"). */
export interface HubAiProvider {
  integrationId: string;
  baseUrl: string;
  apiKey: string | null;
  /** The integration's model first, then its `models`. */
  models: string[];
}

export type { IntegrationForRendering, UnresolvedSecret } from './integration-secrets.js';

function browsable(record: IntegrationRecord): BrowsableIntegration {
  return { id: record.id, versionId: record.version_id, name: record.name, kind: record.kind, envPrefix: record.env_prefix, config: record.config };
}

/**
 * What rendering into sandboxes (the workload environment) and the hub's own connections (the
 * data browser) read of integrations: a project's integrations with their kinds and resolved
 * secrets. Who may use them is the caller's to decide (`integration.use`); no secret here is
 * shown to anyone.
 */
export class IntegrationsForSandboxes implements IntegrationRendering, DataIntegrations, ProjectPackageIndexes {
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

  /**
   * The integrations a start's notebook uses (`use`), each rendered by its kind. Who may receive
   * them, `DATABASE_URL` and name collisions are the workload environment's rules, not these.
   */
  async renderFor(request: IntegrationRenderRequest): Promise<RenderedIntegration[]> {
    const all = await this.listForRendering(request.projectId);
    const { use } = request;
    const chosen = use === 'all' ? all : all.filter(({ instance }) => use.includes(instance.id));
    return (
      chosen
        .map(({ instance, kind, config, secrets }) => {
          const rendered = kind.render(config, secrets, instance.env_prefix);
          return { id: instance.id, name: instance.name, kind: instance.kind, ...rendered };
        })
        // One that gives notebooks nothing (Git credentials only the hub uses) is not received.
        .filter((rendered) => Object.keys(rendered.env).length > 0 || Object.keys(rendered.files).length > 0)
    );
  }

  /** The project's integrations as the data browser lists them: what they are, never a secret. */
  async listForBrowsing(projectId: string): Promise<BrowsableIntegration[]> {
    if (!this.deps.enabled) return [];
    return (await this.deps.integrations.all({ kind: 'project', projectId })).map(browsable);
  }

  /**
   * One of the project's integrations with its secrets resolved, for the hub's own connection
   * (the data browser); null when the project has no such integration. A secret that cannot be
   * read throws its SecretSourceError.
   */
  async openForBrowsing(projectId: string, integrationId: string): Promise<(BrowsableIntegration & { secrets: Record<string, string> }) | null> {
    if (!this.deps.enabled) return null;
    let record: IntegrationRecord;
    try {
      record = (await this.deps.integrations.get({ kind: 'project', projectId }, integrationId)).record;
    } catch (error) {
      if (error instanceof HubError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
    return { ...browsable(record), secrets: await this.deps.secrets.resolveSecrets(record) };
  }

  /**
   * The organization's `openai` integration marked `managed_ai` (the oldest, when several are),
   * with its key resolved; null when there is none. A key that cannot be read throws its
   * SecretSourceError.
   */
  async hubAiProvider(): Promise<HubAiProvider | null> {
    if (!this.deps.enabled) return null;
    const chosen = (await this.deps.integrations.all({ kind: 'organization' })).find(
      (record) => record.kind === 'openai' && record.config.managed_ai === true && typeof record.config.model === 'string' && record.config.model !== '',
    );
    if (!chosen) return null;
    const secrets = await this.deps.secrets.resolveSecrets(chosen);
    const model = String(chosen.config.model);
    return {
      integrationId: chosen.id,
      baseUrl: String(chosen.config.base_url).replace(/\/+$/, ''),
      apiKey: secrets.api_key ?? null,
      models: [...new Set([model, ...modelsOf(typeof chosen.config.models === 'string' ? chosen.config.models : '')])],
    };
  }

  /**
   * The project's private package indexes (its `python_index` integrations, oldest first) for the
   * resolutions and builds of its locked environments, with their credentials resolved when asked
   * for. A secret that cannot be read throws its SecretSourceError.
   */
  async indexesOf(projectId: string, withCredentials: boolean): Promise<PrivateIndex[]> {
    if (!this.deps.enabled) return [];
    const indexes = (await this.deps.integrations.all({ kind: 'project', projectId })).filter((record) => record.kind === 'python_index');
    return Promise.all(
      indexes.map(async (record) => {
        const username = typeof record.config.username === 'string' && record.config.username !== '' ? record.config.username : null;
        const password = withCredentials && username !== null ? ((await this.deps.secrets.resolveSecrets(record)).password ?? null) : null;
        return { name: record.name, url: String(record.config.url), username: withCredentials ? username : null, password };
      }),
    );
  }

  /** One integration's secret fields, resolved; throws a SecretSourceError naming the first that cannot be read. */
  resolveSecrets(record: IntegrationRecord): Promise<Record<string, string>> {
    return this.deps.secrets.resolveSecrets(record);
  }
}
