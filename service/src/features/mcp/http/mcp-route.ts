import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HubSettings } from '../../../config/settings.js';
import type { Authenticator, Principal } from '../../../core/identity/authenticator.js';
import { hubAddressOf, MCP_PATH, metadataCacheControl, RESOURCE_METADATA_PATH, type HubAddressServices, type HubAddress } from './hub-address.js';
import { ALL_MCP_SCOPES, type McpScope } from '../../../core/identity/oauth-scopes.js';
import { assertConnectionAllows } from '../../../core/access/credential-rules.js';
import { bearerTokenOf } from '../../../http/auth/authenticate.js';
import { assertNotThrottled, authenticationFailed, type ThrottlingServices } from '../../../http/auth/throttling.js';
import { connectionKeyOf } from './connection-key.js';
import { secretHash } from '../../../core/identity/secrets.js';
import { errorEnvelope } from '../../../http/envelope.js';
import type { HubApp } from '../../../http/types.js';
import { McpRateLimit } from './mcp-rate-limit.js';
import type { ToolCaller } from '../../../http/mcp/mcp-tool-kit.js';
import type { LazyMcpToolSet } from '../../../http/mcp/lazy-tool-set.js';
import { NO_TRACING, type Tracer } from '../../../core/ports/tracing.js';

/** Not in the OpenAPI document (it is JSON-RPC, described in docs/mcp.md); each request authenticates itself. */
const routeOptions = { config: { public: true, anyOrigin: true }, schema: { hide: true } } as const;

/** What the MCP server uses. */
export type McpRouteServices = HubAddressServices &
  ThrottlingServices & {
    settings: Pick<HubSettings, 'limits' | 'version'>;
    authenticator: Pick<Authenticator, 'bearerToken' | 'mcpAccessToken'>;
    /** Each tool call is a `tools/call <tool>` span inside the request's (docs/telemetry.md). */
    tracer?: Tracer;
  };

/**
 * The MCP server at /mcp (docs/mcp.md): the Model Context Protocol over Streamable HTTP, stateless
 * (every POST carries one JSON-RPC message and gets its answer as JSON), with a bearer token on
 * every request. Browser cookies are not accepted: a page on another site could otherwise make a
 * signed-in user's browser call tools. The tools are every capability's (`tools`, read per request).
 */
export function mcpRoutes(app: HubApp, services: McpRouteServices, tools: () => readonly LazyMcpToolSet[]): void {
  const { basePath } = services.settings;
  const rateLimit = new McpRateLimit(services.settings.limits.mcpRequestsPerMinute);

  app.get(RESOURCE_METADATA_PATH, routeOptions, async (request, reply) => {
    const address = hubAddressOf(request, services);
    const { resource, issuer } = address;
    return reply.header('cache-control', metadataCacheControl(address)).send({
      resource,
      resource_name: 'Notebook Hub',
      authorization_servers: [issuer],
      scopes_supported: ALL_MCP_SCOPES,
      bearer_methods_supported: ['header'],
    });
  });

  app.post(MCP_PATH, routeOptions, async (request, reply) => {
    const address = hubAddressOf(request, services);
    const principal = await callerOf(request, reply, services, address);
    if (!principal) return reply;
    const retryAfter = rateLimit.take(principal.credential.kind === 'token' ? principal.credential.tokenId : principal.user.id);
    if (retryAfter !== null)
      return reply
        .code(429)
        .header('retry-after', String(retryAfter))
        .send(errorEnvelope('RESOURCE_EXHAUSTED', `too many MCP requests from this client: try again in ${retryAfter} s`, request.id));
    const caller: ToolCaller = { principal, origin: address.origin, basePath };
    const [{ McpServer, StreamableHTTPServerTransport }, toolSets] = await Promise.all([mcpSdk(), Promise.all(tools().map((load) => load()))]);
    const server = new McpServer({ name: 'notebook-hub', version: services.settings.version }, { capabilities: { tools: {}, resources: {}, prompts: {} } });
    const scoped = (scope: McpScope) => {
      assertConnectionAllows(principal, scope);
      return caller;
    };
    traceToolCalls(server, services.tracer ?? NO_TRACING);
    for (const register of toolSets) register(server, scoped);
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
  // stateless server. They are answered 405 before any credential is looked at: a client holding
  // an OAuth token (which only POST /mcp takes) must not read a 401 here as a sign to sign in again.
  const notOffered = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(405)
      .header('allow', 'POST')
      .send(errorEnvelope('BAD_REQUEST', `${request.method} ${MCP_PATH} is not offered: this server is stateless and answers each POST with JSON`, request.id));
  app.get(MCP_PATH, routeOptions, notOffered);
  app.delete(MCP_PATH, routeOptions, notOffered);
}

const MCP_TOKEN_PREFIX = 'svc_mcp_';

/**
 * The caller of an MCP request, from its bearer token: an MCP client's OAuth access token for this
 * very resource, or a personal access token. Without one (or with one the hub does not take here),
 * answers 401 with where to learn how to get one (RFC 9728) and returns null.
 */
async function callerOf(request: FastifyRequest, reply: FastifyReply, services: McpRouteServices, address: HubAddress): Promise<Principal | null> {
  const token = request.headers.authorization === undefined ? null : bearerTokenOf(request.headers.authorization);
  // Tokens count toward the address's failed-authentication limit (docs/security.md). An MCP
  // client's access tokens change every hour: its connection (grant) is what is remembered as good.
  const keyOf = () => (token === null ? null : token.startsWith(MCP_TOKEN_PREFIX) ? connectionKeyOf(token) : secretHash(token));
  if (token !== null) assertNotThrottled(request, services, keyOf);
  const principal =
    token === null
      ? null
      : token.startsWith(MCP_TOKEN_PREFIX)
        ? await services.authenticator.mcpAccessToken(token, address.resource)
        : await services.authenticator.bearerToken(token);
  if (principal) {
    const key = keyOf();
    if (key !== null) services.failedAuthentications.succeeded(key);
    return principal;
  }
  if (token !== null) authenticationFailed(request, services);
  const error = token === null ? '' : ', error="invalid_token"';
  reply
    .code(401)
    .header('www-authenticate', `Bearer resource_metadata="${address.resourceMetadataUrl}", scope="${ALL_MCP_SCOPES.join(' ')}"${error}`)
    .send(
      errorEnvelope(
        'UNAUTHORIZED',
        token === null
          ? 'sign in with OAuth (see the resource metadata), or send a personal access token as "Authorization: Bearer svc_pat_..."'
          : 'the bearer token is not a live access token for this resource, nor a valid personal access token',
        request.id,
      ),
    );
  return null;
}

/**
 * Puts each tool's handler inside a span named after the tool; its arguments and answer are not
 * recorded (they are notebook code and data). A tool that answers with an error fails the span.
 */
function traceToolCalls(server: McpServer, tracer: Tracer): void {
  if (!tracer.enabled) return;
  const register = server.registerTool.bind(server);
  server.registerTool = ((name: string, config: unknown, handler: (...args: unknown[]) => unknown) =>
    register(
      name,
      config as never,
      ((...args: unknown[]) =>
        tracer.withSpan(`tools/call ${name}`, { attributes: { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': name } }, async (span) => {
          const result = (await handler(...args)) as { isError?: boolean; content?: { text?: string }[] };
          if (result?.isError) span.fail(toolErrorCode(result.content?.[0]?.text));
          return result;
        })) as never,
    )) as typeof server.registerTool;
}

/** The code a tool error starts with (`NOT_FOUND: …`, from the kit's `run`), never its message. */
function toolErrorCode(text: string | undefined): string {
  const code = /^([A-Z_]{2,40}):/.exec(text ?? '')?.[1];
  return code ?? 'tool_error';
}

/** The MCP SDK, loaded by the first MCP request rather than at start (see lazy-tool-set.ts). */
let sdk: Promise<{
  McpServer: typeof McpServer;
  StreamableHTTPServerTransport: typeof StreamableHTTPServerTransport;
}> | null = null;
function mcpSdk() {
  sdk ??= Promise.all([import('@modelcontextprotocol/sdk/server/mcp.js'), import('@modelcontextprotocol/sdk/server/streamableHttp.js')])
    .then(([server, transport]) => ({ McpServer: server.McpServer, StreamableHTTPServerTransport: transport.StreamableHTTPServerTransport }))
    .catch((error: unknown) => {
      sdk = null;
      throw error;
    });
  return sdk;
}
