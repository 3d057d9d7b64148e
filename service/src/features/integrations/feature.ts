import type { HubSettings } from '../../config/settings.js';
import { layout } from '../../core/storage-layout.js';
import { IntegrationConnectionTester } from '../../adapters/integrations/connection-tester.js';
import { HubSecretSourceReader, type KubernetesSecrets } from '../../adapters/integrations/secret-source-reader.js';
import type { BaseServices, Feature } from '../feature.js';
import { ConnectionChecks } from './core/connection-checks.js';
import { GitCredentialsIntegrations } from './core/git-credentials-integration.js';
import { IntegrationRecords, sealIntegration, type IntegrationRecord } from './core/integration-records.js';
import { IntegrationSecrets } from './core/integration-secrets.js';
import { IntegrationService } from './core/integration-service.js';
import { IntegrationUseCases } from './core/integration-use-cases.js';
import { IntegrationsForSandboxes } from './core/integrations-for-sandboxes.js';
import { integrationRoutes } from './http/integration-routes.js';
import { lazyToolSet } from '../../http/mcp/lazy-tool-set.js';

/**
 * The reader of secret references (docs/integrations.md, "Secret sources"): the hub's environment,
 * mounted files and labelled Kubernetes Secrets, as far as SERVICE_SECRET_SOURCE_* opens them.
 * The Kubernetes client is loaded when a reference to a Secret is first read.
 */
export function createSecretSourceReader(settings: HubSettings, env: Readonly<Record<string, string | undefined>> = process.env): HubSecretSourceReader {
  const sources = settings.integrations.secretSources;
  let kubernetes: KubernetesSecrets | null = null;
  return new HubSecretSourceReader({
    settings: sources,
    env,
    kubernetes: sources.kubernetes
      ? async () => (kubernetes ??= (await import('../../adapters/integrations/kubernetes-secrets.js')).kubernetesSecrets(settings.sandboxes.kubernetes))
      : null,
  });
}

/** What integrations take of the base. */
type IntegrationsBase = Pick<BaseServices, 'settings' | 'store' | 'secrets' | 'audit' | 'access' | 'outbound'>;

/**
 * Integrations (docs/integrations.md): the databases, buckets, APIs, AI providers and Git
 * credentials of projects and of the organization, their versions, "test connection", what
 * rendering into sandboxes reads of them (`integrationsForSandboxes`), and where each project's own
 * Git credentials are kept (`gitCredentialsIntegrations`).
 */
export const integrationsFeature = {
  name: 'integrations',
  build(base: IntegrationsBase) {
    const { settings } = base;
    const { enabled, testTimeoutMs, maxPerScope, allowHttp } = settings.integrations;
    const reader = createSecretSourceReader(settings);
    const integrations = new IntegrationService({
      records: new IntegrationRecords(base.store, base.secrets),
      box: base.secrets,
      reader,
      audit: base.audit,
      options: { maxPerScope },
    });
    const integrationSecrets = new IntegrationSecrets({ box: base.secrets, reader });
    const tester = new IntegrationConnectionTester({
      outbound: base.outbound.client('integrations'),
      policy: base.outbound.policy('integrations'),
      resolve: base.outbound.resolve,
      allowHttp,
      timeoutMs: testTimeoutMs,
    });
    const checks = new ConnectionChecks({ secrets: integrationSecrets, tester, audit: base.audit, timeoutMs: testTimeoutMs });
    const integrationsForSandboxes = new IntegrationsForSandboxes({ integrations, secrets: integrationSecrets, enabled });
    // Each project's own Git credentials (docs/git.md, "Credentials"): the Git feature's, on or off.
    const gitCredentialsIntegrations = new GitCredentialsIntegrations({ integrations, secrets: integrationSecrets });
    const useCases = { integrations: new IntegrationUseCases({ access: base.access, integrations, checks, availableSources: reader.available, enabled }) };
    return {
      services: { integrations, integrationSecrets, integrationsForSandboxes, gitCredentialsIntegrations, secretSources: reader },
      useCases,
      routes: [{ after: 'sessions', register: (app) => integrationRoutes(app, { useCases, settings }) }],
      mcpTools: [lazyToolSet(async () => (await import('./mcp-tools/integration-tools.js')).integrationTools(useCases))],
    };
  },
  sealedRecords: [
    {
      name: 'integrations',
      prefix: layout.integrationsPrefix,
      holds: (key) => /^integrations\/[^/]+\/intg-[0-9a-z]{16}$/.test(key),
      sealPlaintext: (box, key, record) => sealIntegration(box, key, record as IntegrationRecord),
    },
  ],
} satisfies Feature;
