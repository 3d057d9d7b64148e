import { Type } from 'typebox';
import type { McpConnectionUseCases } from '../core/mcp-connection-use-cases.js';
import type { PendingAuthorization } from '../core/oauth/oauth-authorizations.js';
import type { OAuthGrantRecord } from '../core/oauth/oauth-grants.js';
import { ALL_OAUTH_SCOPES, OAUTH_SCOPES, type OAuthScope } from '../../../core/identity/oauth-scopes.js';
import { GRANT_ID_PATTERN } from '../core/oauth/oauth-tokens.js';
import { principalOf } from '../../../http/auth/authenticate.js';
import { Envelope, SuccessResponse } from '../../../http/schemas.js';
import type { HubApp } from '../../../http/types.js';

const ScopeName = Type.Enum(['notebooks:read', 'notebooks:write', 'sessions', 'remote'] satisfies OAuthScope[], {
  description: 'An MCP scope (docs/mcp.md, "Scopes"), or `remote`: another hub syncing projects (docs/remotes.md)',
});
const Scope = Type.Object({ name: ScopeName, description: Type.String() });

const AuthorizationRequest = Type.Object(
  {
    client_id: Type.String(),
    client_name: Type.String({ description: 'As the client registered it: the consent page says it is unverified' }),
    client_uri: Type.Union([Type.String(), Type.Null()]),
    redirect_uri: Type.String({ description: 'Where the browser goes after the answer' }),
    scopes: Type.Array(Scope, { description: 'What the client asks for' }),
    expires_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'McpAuthorizationRequest' },
);

const ConnectedClient = Type.Object(
  {
    id: Type.String({ pattern: GRANT_ID_PATTERN.source }),
    client_id: Type.String(),
    client_name: Type.String(),
    scopes: Type.Array(ScopeName),
    connected_at: Type.String({ format: 'date-time' }),
    refreshed_at: Type.String({ format: 'date-time', description: 'When the client last renewed its access' }),
    expires_at: Type.String({ format: 'date-time', description: 'When the connection ends unless the client renews it' }),
  },
  { $id: 'McpConnectedClient' },
);

const Redirect = Type.Object({ redirect_to: Type.String({ description: 'Where the browser goes next: back to the client' }) });
const RequestParams = Type.Object({ request_id: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }) });

const scopeOf = (name: OAuthScope) => ({ name, description: OAUTH_SCOPES[name] });

function requestOf({ client, request }: PendingAuthorization) {
  return {
    client_id: client.client_id,
    client_name: client.client_name,
    client_uri: client.client_uri,
    redirect_uri: request.redirect_uri,
    scopes: request.scopes.map(scopeOf),
    expires_at: request.expires_at,
  };
}

function connectedClientOf(grant: OAuthGrantRecord) {
  return {
    id: grant.id,
    client_id: grant.client_id,
    client_name: grant.client_name,
    scopes: grant.scopes,
    connected_at: grant.created_at,
    refreshed_at: grant.refreshed_at,
    expires_at: grant.expires_at,
  };
}

/** What the connected-client routes use. */
export interface McpConnectionRouteServices {
  useCases: { mcpConnections: McpConnectionUseCases };
}

/**
 * The consent page's API and the account page's connected clients (docs/mcp.md), through
 * `useCases.mcpConnections`. Browser sessions only: no token approves or disconnects a client.
 */
export function mcpConnectionRoutes(app: HubApp, services: McpConnectionRouteServices): void {
  const connections = services.useCases.mcpConnections;
  const config = { sessionOnly: true, cache: 'no-store' as const };

  app.get(
    '/api/v1/oauth/requests/:request_id',
    {
      config,
      schema: {
        tags: ['Auth'],
        summary: 'An MCP client\u2019s request to connect, as the consent page shows it',
        params: RequestParams,
        response: { 200: Envelope(AuthorizationRequest) },
      },
    },
    async (request) => ({ success: true as const, data: requestOf(await connections.pending(principalOf(request), request.params.request_id)) }),
  );

  app.post(
    '/api/v1/oauth/requests/:request_id/approve',
    {
      config,
      schema: {
        tags: ['Auth'],
        summary: 'Let the MCP client connect, with all or some of the scopes it asked for',
        params: RequestParams,
        body: Type.Object(
          { scopes: Type.Optional(Type.Array(ScopeName, { maxItems: ALL_OAUTH_SCOPES.length, uniqueItems: true })) },
          { additionalProperties: false },
        ),
        response: { 200: Envelope(Redirect) },
      },
    },
    async (request) => {
      const scopes = request.body.scopes ?? null;
      const redirectTo = await connections.approve(principalOf(request), request.params.request_id, scopes);
      return { success: true as const, data: { redirect_to: redirectTo } };
    },
  );

  app.post(
    '/api/v1/oauth/requests/:request_id/deny',
    {
      config,
      schema: { tags: ['Auth'], summary: 'Turn the MCP client away', params: RequestParams, response: { 200: Envelope(Redirect) } },
    },
    async (request) => ({ success: true as const, data: { redirect_to: await connections.deny(principalOf(request), request.params.request_id) } }),
  );

  app.get(
    '/api/v1/me/connected-clients',
    {
      config,
      schema: { tags: ['Auth'], summary: 'The MCP clients connected to your account, newest first', response: { 200: Envelope(Type.Array(ConnectedClient)) } },
    },
    async (request) => ({ success: true as const, data: (await connections.connections(principalOf(request))).map(connectedClientOf) }),
  );

  app.delete(
    '/api/v1/me/connected-clients/:client_connection_id',
    {
      config,
      schema: {
        tags: ['Auth'],
        summary: 'Disconnect an MCP client: its tokens stop working at once',
        params: Type.Object({ client_connection_id: Type.String({ pattern: GRANT_ID_PATTERN.source }) }),
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      await connections.disconnect(principalOf(request), request.params.client_connection_id);
      return { success: true as const };
    },
  );
}
