import type { FastifyReply, FastifyRequest } from 'fastify';
import type { McpConnectionUseCases, TokenRequest } from '../core/mcp-connection-use-cases.js';
import { AUTHORIZATION_SERVER_METADATA_PATH, hubAddressOf, metadataCacheControl, type HubAddressServices } from './hub-address.js';
import type { AuthorizeParams } from '../core/oauth/oauth-authorizations.js';
import type { PresentedClient } from '../core/oauth/oauth-clients.js';
import { OAuthError } from '../core/oauth/oauth-error.js';
import { ALL_OAUTH_SCOPES } from '../../../core/identity/oauth-scopes.js';
import { McpRateLimit } from './mcp-rate-limit.js';
import { authenticationFailed, clientAddressOf, type ThrottlingServices } from '../../../http/auth/throttling.js';
import { connectionKeyOf } from './connection-key.js';
import type { HubApp } from '../../../http/types.js';

/**
 * These endpoints speak OAuth, not the hub's envelope, and are not in the OpenAPI document
 * (docs/mcp.md): their refusals are serialized as they are, not as envelopes.
 */
const routeOptions = { config: { public: true, anyOrigin: true }, schema: { hide: true, response: { '4xx': {} } } } as const;
/** The authorization endpoint is a page the browser navigates to, not something a script reads. */
const pageOptions = { config: { public: true }, schema: { hide: true, response: { '4xx': {} } } } as const;
const FORM_BODY_LIMIT = 16 * 1024;
const JSON_BODY_LIMIT = 64 * 1024;
/** Registrations and token requests per address and minute: anyone may call these without signing in. */
const REGISTRATIONS_PER_MINUTE = 30;
const TOKEN_REQUESTS_PER_MINUTE = 120;
export const CONSENT_PAGE_PATH = '/connect';

/** What the authorization server's endpoints use. */
export type OAuthRouteServices = HubAddressServices & ThrottlingServices & { useCases: { mcpConnections: McpConnectionUseCases } };

/**
 * The hub as an OAuth 2.1 authorization server for MCP clients (docs/mcp.md, "Signing in with
 * OAuth") and for hubs that sync with it (docs/remotes.md): its metadata (RFC 8414), dynamic client registration (RFC 7591), the authorization
 * endpoint (which hands the browser to the consent page), the token endpoint and revocation
 * (RFC 7009). Each is a thin adapter over `useCases.mcpConnections`.
 */
export function oauthRoutes(app: HubApp, services: OAuthRouteServices): void {
  const connections = services.useCases.mcpConnections;
  const { basePath } = services.settings;
  const registrations = new McpRateLimit(REGISTRATIONS_PER_MINUTE);
  const tokenRequests = new McpRateLimit(TOKEN_REQUESTS_PER_MINUTE);

  app.get(AUTHORIZATION_SERVER_METADATA_PATH, routeOptions, async (request, reply) => {
    const address = hubAddressOf(request, services);
    const { issuer } = address;
    return reply.header('cache-control', metadataCacheControl(address)).send({
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      registration_endpoint: `${issuer}/oauth/register`,
      revocation_endpoint: `${issuer}/oauth/revoke`,
      scopes_supported: ALL_OAUTH_SCOPES,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
    });
  });

  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.post('/oauth/register', { ...routeOptions, bodyLimit: JSON_BODY_LIMIT }, async (request, reply) =>
      oauthAnswer(reply, async () => {
        limited(registrations, request, services);
        if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) {
          throw new OAuthError('invalid_client_metadata', 'send the client metadata as a JSON object');
        }
        return { status: 201, body: await connections.register(request.body as Record<string, unknown>) };
      }),
    );

    scope.post('/oauth/token', routeOptions, async (request, reply) =>
      oauthAnswer(reply, async () => {
        limited(tokenRequests, request, services);
        const form = formOf(request);
        const answer = await countingFailures(request, services, form.refresh_token, () =>
          connections.token(presentedClient(request, form), form as TokenRequest),
        );
        const key = connectionKeyOf(answer.access_token);
        if (key !== null) services.failedAuthentications.succeeded(key);
        return { status: 200, body: answer };
      }),
    );

    scope.post('/oauth/revoke', routeOptions, async (request, reply) =>
      oauthAnswer(reply, async () => {
        limited(tokenRequests, request, services);
        const form = formOf(request);
        await countingFailures(request, services, form.token, () => connections.revoke(presentedClient(request, form), form.token));
        return { status: 200, body: {} };
      }),
    );
  });

  app.get('/oauth/authorize', pageOptions, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const params = Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) as AuthorizeParams;
    try {
      const outcome = await connections.authorize(params, hubAddressOf(request, services));
      const location = outcome.kind === 'consent' ? `${basePath}${CONSENT_PAGE_PATH}/${outcome.requestId}` : outcome.location;
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      // Neither the client nor its redirect URI can be trusted: the consent page explains, in the hub.
      const problem = error.error === 'invalid_client' ? 'unknown_client' : 'redirect_uri';
      return reply.header('cache-control', 'no-store').redirect(`${basePath}${CONSENT_PAGE_PATH}?problem=${problem}`, 302);
    }
  });
}

/** Runs an endpoint, answering its result or its refusal in OAuth's shape, never cached. */
async function oauthAnswer(reply: FastifyReply, run: () => Promise<{ status: number; body: unknown }>): Promise<FastifyReply> {
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  try {
    const { status, body } = await run();
    return reply.code(status).send(body);
  } catch (error) {
    if (error instanceof RateLimited)
      return reply.code(429).header('retry-after', String(error.retryAfter)).send({ error: 'slow_down', error_description: error.message });
    if (!(error instanceof OAuthError)) throw error;
    if (error.status === 401) reply.header('www-authenticate', 'Basic realm="notebook-hub"');
    return reply.code(error.status).send({ error: error.error, error_description: error.description });
  }
}

class RateLimited extends Error {
  constructor(readonly retryAfter: number) {
    super(`too many requests from this address; try again in ${retryAfter} s`);
  }
}

/**
 * Runs a token or revocation request under the failed-authentication limit of its address
 * (docs/security.md): a client that fails to authenticate, or presents a code or refresh token
 * that is not good, counts; a throttled address is answered 429, except for a connection that
 * worked lately (named by the token it presents).
 */
async function countingFailures<T>(request: FastifyRequest, services: OAuthRouteServices, token: string | undefined, run: () => Promise<T>): Promise<T> {
  const retryAfter = services.failedAuthentications.refusal(clientAddressOf(request, services), () => (token ? connectionKeyOf(token) : null));
  if (retryAfter !== null) throw new RateLimited(retryAfter);
  try {
    return await run();
  } catch (error) {
    if (error instanceof OAuthError && (error.error === 'invalid_client' || error.error === 'invalid_grant')) authenticationFailed(request, services);
    throw error;
  }
}

function limited(limit: McpRateLimit, request: FastifyRequest, services: OAuthRouteServices): void {
  const retryAfter = limit.take(clientAddressOf(request, services));
  if (retryAfter !== null) throw new RateLimited(retryAfter);
}

function formOf(request: FastifyRequest): Record<string, string | undefined> {
  const body = request.body;
  if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') || typeof body !== 'object' || body === null) {
    throw new OAuthError('invalid_request', 'send the parameters as application/x-www-form-urlencoded');
  }
  return body as Record<string, string | undefined>;
}

/** The client's credentials: HTTP Basic (RFC 6749 section 2.3.1), else the form's client_id and client_secret. */
function presentedClient(request: FastifyRequest, form: Record<string, string | undefined>): PresentedClient {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const clientId = colon < 0 ? null : formDecoded(decoded.slice(0, colon));
    const clientSecret = colon < 0 ? null : formDecoded(decoded.slice(colon + 1));
    if (clientId === null || clientSecret === null) throw new OAuthError('invalid_client', 'malformed Basic credentials');
    if (form.client_id !== undefined && form.client_id !== clientId) throw new OAuthError('invalid_request', 'client_id differs from the Basic credentials');
    return { clientId, clientSecret, method: 'client_secret_basic' };
  }
  if (form.client_secret !== undefined) return { clientId: form.client_id, clientSecret: form.client_secret, method: 'client_secret_post' };
  return { clientId: form.client_id, clientSecret: undefined, method: 'none' };
}

/** RFC 6749 section 2.3.1: Basic credentials are form-encoded first. Null when malformed. */
function formDecoded(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
