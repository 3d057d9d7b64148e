import { MARIMO_VERSION } from '@notebook-hub/sandbox-drivers/runtime/pins';
import { OpenAiCompatibleProvider } from '../../adapters/ai/openai-compatible-provider.js';
import { IntegrationDatabaseBrowser } from '../../adapters/data-browser/databases/integration-databases.js';
import { S3ObjectSources } from '../../adapters/data-browser/objects/s3-objects.js';
import { WorkerPreviewer } from '../../adapters/data-browser/preview/previewer.js';
import type { ConnectionContext } from '../../adapters/integrations/connection-context.js';
import type { BaseServices, Feature } from '../feature.js';
import { AiQueries } from './core/ai-queries.js';
import type { DataBrowserUseCases } from './core/data-browser-use-cases.js';
import { DataCellUseCases } from './core/data-cell-use-cases.js';
import { dataBrowserMetrics } from './core/data-metrics.js';
import { DataSources, type DataIntegrations } from './core/data-sources.js';
import { DatabaseBrowsing } from './core/database-browsing.js';
import { ObjectBrowsing } from './core/object-browsing.js';
import { dataBrowserRoutes } from './http/data-routes.js';
import { lazyToolSet } from '../../http/mcp/lazy-tool-set.js';

/** What the data browser takes of the base. */
type DataBrowserBase = Pick<BaseServices, 'settings' | 'access' | 'audit' | 'metrics' | 'outbound' | 'useCases' | 'sandboxes' | 'notebooks'>;

/** How long listing a bucket, describing an object or reading a database's tables may take. */
const BROWSE_TIMEOUT_MS = 30_000;

/**
 * The data browser (docs/data-browser.md): a project's buckets, databases and workspaces,
 * previews under budgets, read-only queries, questions in words, and cells into notebooks. It
 * reads integrations through what the integrations feature gives it (`useIntegrations`, linked
 * by the composition root).
 */
export const dataBrowserFeature = {
  name: 'data-browser',
  build(base: DataBrowserBase) {
    const { settings } = base;
    const { dataBrowser } = settings;
    let integrations: DataIntegrations | null = null;
    const connections: ConnectionContext = {
      outbound: base.outbound.client('integrations'),
      policy: base.outbound.policy('integrations'),
      resolve: base.outbound.resolve,
      allowHttp: settings.integrations.allowHttp,
      timeoutMs: BROWSE_TIMEOUT_MS,
    };
    const previewer = new WorkerPreviewer({ memoryMb: dataBrowser.preview.memoryMb });
    const buckets = new S3ObjectSources(connections);
    const metrics = dataBrowserMetrics(base.metrics);
    const sources = new DataSources({
      access: base.access,
      integrations: () => integrations,
      objects: buckets,
      databases: [new IntegrationDatabaseBrowser(connections)],
      workspace: base.useCases.workspace,
      enabled: dataBrowser.enabled,
    });
    const data: DataBrowserUseCases = {
      sources,
      objects: new ObjectBrowsing({ sources, previewer, budgets: dataBrowser.preview, metrics, audit: base.audit, timeoutMs: BROWSE_TIMEOUT_MS }),
      databases: new DatabaseBrowsing({ sources, caps: dataBrowser.query, metrics, audit: base.audit, timeoutMs: BROWSE_TIMEOUT_MS }),
      cells: new DataCellUseCases({
        access: base.access,
        audit: base.audit,
        sandboxFiles: base.sandboxes,
        sources,
        notebooks: base.useCases.notebooks,
        notebookCode: base.notebooks,
        versions: base.useCases.versions,
        marimoVersion: MARIMO_VERSION,
      }),
      ai: new AiQueries({
        sources,
        integrations: () => integrations,
        provider: (provider) => new OpenAiCompatibleProvider(provider, connections.outbound),
        audit: base.audit,
        timeoutMs: dataBrowser.query.timeoutMs,
      }),
    };
    const useCases = { data };
    return {
      services: {
        /** Links the project integrations the browser reads (the integrations feature's). */
        dataBrowser: { useIntegrations: (given: DataIntegrations) => void (integrations = given) },
        dataPreviewer: previewer,
      },
      useCases,
      routes: [{ after: 'sessions', register: (app) => dataBrowserRoutes(app, { useCases }) }],
      mcpTools: [lazyToolSet(async () => (await import('./mcp-tools/data-tools.js')).dataTools(useCases))],
      stop: () => {
        buckets.close();
        void previewer.close();
      },
    };
  },
} satisfies Feature;
