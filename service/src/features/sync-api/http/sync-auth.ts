import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HubSettings } from '../../../config/settings.js';
import { HubError } from '../../../core/errors.js';
import type { Authenticator, Principal } from '../../../core/identity/authenticator.js';
import { ALL_SYNC_SCOPES, SYNC_RESOURCE_PATH, syncResourceOf } from '../../../core/identity/oauth-scopes.js';
import { secretHash } from '../../../core/identity/secrets.js';
import { bearerTokenOf } from '../../../http/auth/authenticate.js';
import { assertNotThrottled, authenticationFailed, type ThrottlingServices } from '../../../http/auth/throttling.js';
import { hubOriginOf } from '../../../http/hub-origin.js';
import type { HubApp } from '../../../http/types.js';

/** RFC 9728: the sync API's metadata, at the well-known path followed by the resource's own path. */
export const SYNC_RESOURCE_METADATA_PATH = `/.well-known/oauth-protected-resource${SYNC_RESOURCE_PATH}`;

/** The tokens of the hub's OAuth server (MCP clients' and syncing hubs' alike) start so. */
const OAUTH_TOKEN_PREFIX = 'svc_mcp_';

/** What the sync API's authentication uses. */
export type SyncAuthServices = ThrottlingServices & {
  settings: Pick<HubSettings, 'publicUrl' | 'basePath' | 'host' | 'port' | 'limits'>;
  authenticator: Pick<Authenticator, 'bearerToken' | 'mcpAccessToken'>;
};

/** The hub as the caller reached it (SERVICE_PUBLIC_URL, else its listen address): the issuer, and the sync API's resource URL. */
export function syncAddressOf(request: FastifyRequest, services: Pick<SyncAuthServices, 'settings'>): { issuer: string; resource: string } {
  const issuer = `${hubOriginOf(request.raw, services.settings)}${services.settings.basePath}`;
  return { issuer, resource: syncResourceOf(issuer) };
}

/**
 * The OpenAPI security of the sync routes: a personal access token, or an OAuth token of the
 * hub's authorization server for the sync API.
 */
export const SYNC_SECURITY: { [scheme: string]: readonly string[] }[] = [{ personalAccessToken: [] }, { syncOAuth: [...ALL_SYNC_SCOPES] }];

/**
 * The sync API's protected resource metadata (RFC 9728), which a 401 of the API points at: the
 * resource, its authorization server (the hub itself) and its scope.
 */
export function syncResourceMetadataRoute(app: HubApp, services: Pick<SyncAuthServices, 'settings'>): void {
  app.get(SYNC_RESOURCE_METADATA_PATH, { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const { issuer, resource } = syncAddressOf(request, services);
    return reply.header('cache-control', services.settings.publicUrl === null ? 'private, no-cache' : 'public, max-age=300').send({
      resource,
      resource_name: 'Notebook Hub sync API',
      authorization_servers: [issuer],
      scopes_supported: ALL_SYNC_SCOPES,
      bearer_methods_supported: ['header'],
    });
  });
}

/**
 * The caller of a sync request (docs/remotes.md, "Signing in"), from its bearer token: an OAuth
 * access token issued for this very resource with the `remote` scope, or a personal access token.
 * MCP tokens, tokens for this hub under another address, and browser cookies are refused: the API
 * is for other hubs, never for pages. A refusal is 401 with where to learn how to sign in (RFC
 * 9728). Tokens count toward the address's failed-authentication limit (docs/security.md).
 */
export function authenticateSync(services: SyncAuthServices) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { issuer, resource } = syncAddressOf(request, services);
    const token = request.headers.authorization === undefined ? null : bearerTokenOf(request.headers.authorization);
    const keyOf = () => (token === null ? null : secretHash(token));
    if (token !== null) assertNotThrottled(request, services, keyOf);
    const principal = token === null ? null : await principalOf(token, resource, services);
    if (principal) {
      services.failedAuthentications.succeeded(keyOf()!);
      request.principal = principal;
      return;
    }
    if (token !== null) authenticationFailed(request, services);
    void reply.header(
      'www-authenticate',
      `Bearer resource_metadata="${issuer}${SYNC_RESOURCE_METADATA_PATH}", scope="${ALL_SYNC_SCOPES.join(' ')}"${token === null ? '' : ', error="invalid_token"'}`,
    );
    throw new HubError(
      'UNAUTHORIZED',
      token === null
        ? 'sign in with OAuth for this hub\'s sync API (see the resource metadata), or send a personal access token as "Authorization: Bearer svc_pat_..."'
        : 'the bearer token is not a live access token for this sync API (it may have been revoked), nor a valid personal access token',
    );
  };
}

async function principalOf(token: string, resource: string, services: SyncAuthServices): Promise<Principal | null> {
  if (!token.startsWith(OAUTH_TOKEN_PREFIX)) return services.authenticator.bearerToken(token);
  const principal = await services.authenticator.mcpAccessToken(token, resource);
  const granted = principal?.credential.kind === 'token' ? principal.credential.oauth?.scopes : undefined;
  return granted?.includes('remote') ? principal : null;
}
