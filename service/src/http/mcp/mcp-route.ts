import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HubServices } from '../../compose/services.js';
import type { Principal } from '../../core/identity/authenticator.js';
import { bearerTokenOf } from '../auth/authenticate.js';
import { errorEnvelope } from '../envelope.js';
import type { HubApp } from '../types.js';
import { McpRateLimit } from './mcp-rate-limit.js';
import { registerNotebookTools, type ToolContext } from './mcp-tools.js';

const MCP_PATH = '/mcp';
/** RFC 9728: the protected resource's metadata lives at the well-known path followed by the resource's own path. */
const RESOURCE_METADATA_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;

/** Not in the OpenAPI document (it is JSON-RPC, described in docs/mcp.md); each request authenticates itself. */
const routeOptions = { config: { public: true }, schema: { hide: true } } as const;

/**
 * The MCP server at /mcp (docs/mcp.md): the Model Context Protocol over Streamable HTTP, stateless
 * (every POST carries one JSON-RPC message and gets its answer as JSON), with a bearer token on
 * every request. Browser cookies are not accepted: a page on another site could otherwise make a
 * signed-in user's browser call tools.
 */
export function mcpRoutes(app: HubApp, services: HubServices): void {
  const { basePath } = services.settings;
  const originOf = (request: FastifyRequest) => services.settings.publicUrl ?? `${request.protocol}://${request.host}`;
  const rateLimit = new McpRateLimit(services.settings.limits.mcpRequestsPerMinute);

  app.get(RESOURCE_METADATA_PATH, routeOptions, async (request) => ({
    resource: `${originOf(request)}${basePath}${MCP_PATH}`,
    resource_name: 'Notebook Hub',
    bearer_methods_supported: ['header'],
    // Personal access tokens only, for now: no authorization server issues tokens for this resource.
    authorization_servers: [],
  }));

  app.post(MCP_PATH, routeOptions, async (request, reply) => {
    const principal = await callerOf(request, reply, services, `${originOf(request)}${basePath}${RESOURCE_METADATA_PATH}`);
    if (!principal) return reply;
    const retryAfter = rateLimit.take(principal.credential.kind === 'token' ? principal.credential.tokenId : principal.user.id);
    if (retryAfter !== null)
      return reply
        .code(429)
        .header('retry-after', String(retryAfter))
        .send(errorEnvelope('RESOURCE_EXHAUSTED', `too many MCP requests from this client: try again in ${retryAfter} s`, request.id));
    const context: ToolContext = { principal, useCases: services.useCases, origin: originOf(request), basePath };
    const server = new McpServer({ name: 'notebook-hub', version: services.settings.version }, { capabilities: { tools: {} } });
    registerNotebookTools(server, () => context);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    reply.hijack();
    await transport.handleRequest(request.raw, reply.raw, request.body);
    return reply;
  });
  // GET (a stream of server-initiated messages) and DELETE (ending a session) have nothing to do in a
  // stateless server: the method guard answers them 405 with Allow: POST.
}

/**
 * The caller of an MCP request, from its bearer token. Without one (or with one the hub does not
 * know), answers 401 with where to learn how to get one (RFC 9728) and returns null.
 */
async function callerOf(request: FastifyRequest, reply: FastifyReply, services: HubServices, metadataUrl: string): Promise<Principal | null> {
  const token = request.headers.authorization === undefined ? null : bearerTokenOf(request.headers.authorization);
  const principal = token === null ? null : await services.authenticator.bearerToken(token);
  if (principal) return principal;
  const error = token === null ? undefined : 'invalid_token';
  reply
    .code(401)
    .header('www-authenticate', `Bearer resource_metadata="${metadataUrl}"${error ? `, error="${error}"` : ''}`)
    .send(
      errorEnvelope(
        'UNAUTHORIZED',
        token === null
          ? 'send a personal access token as "Authorization: Bearer svc_pat_..."'
          : 'the bearer token is not a valid, unexpired personal access token',
        request.id,
      ),
    );
  return null;
}
