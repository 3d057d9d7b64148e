import { lazyToolSet } from '../../http/mcp/lazy-tool-set.js';
import type { BaseServices, Feature, FeatureContext } from '../feature.js';
import { McpConnectionUseCases } from './core/mcp-connection-use-cases.js';
import { OAuthAuthorizations } from './core/oauth/oauth-authorizations.js';
import { OAuthClients } from './core/oauth/oauth-clients.js';
import { OAuthGrants } from './core/oauth/oauth-grants.js';
import { mcpConnectionRoutes } from './http/connection-routes.js';
import { allowAnyOrigin } from './http/cross-origin.js';
import { MCP_CLIENT_PATHS } from './http/hub-address.js';
import { mcpRoutes } from './http/mcp-route.js';
import { oauthRoutes } from './http/oauth-routes.js';
import { oauthClientsTask } from './loops/oauth-clients.js';
import { oauthRecordsTasks } from './loops/oauth-records.js';

/** What the MCP server takes of the base. */
type McpBase = Pick<BaseServices, 'settings' | 'store' | 'secrets' | 'audit' | 'users' | 'authenticator' | 'useCases' | 'failedAuthentications' | 'tracer'>;

/**
 * The MCP server at /mcp (docs/mcp.md) with the notebook, workspace and session tools and the
 * notebook resources, every other feature's tools, and the OAuth 2.1 authorization server its
 * clients sign in with: client registration, consent, codes, tokens and the user's connected clients.
 */
export const mcpFeature = {
  name: 'mcp',
  build(base: McpBase, context: FeatureContext) {
    const { settings, store, audit, users } = base;
    const clients = new OAuthClients(store, audit);
    const oauth = {
      clients,
      authorizations: new OAuthAuthorizations(store, clients),
      grants: new OAuthGrants(store, audit, async (userId) => !(await users.get(userId))?.suspended_at),
    };
    const useCases = { mcpConnections: new McpConnectionUseCases({ ...oauth, authenticator: base.authenticator }) };
    const notebookTools = lazyToolSet(async () => {
      const [{ toolSet }, { registerNotebookTools }, { registerNotebookResources }] = await Promise.all([
        import('../../http/mcp/mcp-tool-kit.js'),
        import('./mcp-tools/notebook-tools.js'),
        import('./mcp-tools/notebook-resources.js'),
      ]);
      return toolSet(base.useCases, (server, scoped) => {
        registerNotebookTools(server, scoped);
        registerNotebookResources(server, scoped);
      });
    });
    return {
      services: { oauth },
      useCases,
      routes: [
        { after: 'account', register: (app) => mcpConnectionRoutes(app, { useCases }) },
        {
          after: 'notebooks',
          register(app) {
            allowAnyOrigin(app, MCP_CLIENT_PATHS);
            mcpRoutes(app, base, () => [notebookTools, ...context.mcpTools()]);
            oauthRoutes(app, { useCases, settings, failedAuthentications: base.failedAuthentications });
          },
        },
      ],
      housekeeping: [...oauthRecordsTasks(store), oauthClientsTask(store)],
      mcpAccessTokens: oauth.grants,
    };
  },
} satisfies Feature;
