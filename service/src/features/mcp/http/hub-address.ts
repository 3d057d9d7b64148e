import type { FastifyRequest } from 'fastify';
import type { HubSettings } from '../../../config/settings.js';
import type { HubAsServer } from '../core/oauth/oauth-authorizations.js';
import { AUTHORIZATION_SERVER_METADATA_PATH } from '../../../http/well-known.js';
import { hubOriginOf } from '../../../http/hub-origin.js';

export const MCP_PATH = '/mcp';
/** RFC 9728: the protected resource's metadata lives at the well-known path followed by the resource's own path. */
export const RESOURCE_METADATA_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;
/** RFC 8414: the authorization server's metadata; under a base path, also at the root (see base-path.ts). */
export { AUTHORIZATION_SERVER_METADATA_PATH };

/** What MCP clients call from scripts, which a client running in a browser may too (docs/mcp.md). */
export const MCP_CLIENT_PATHS = [
  MCP_PATH,
  RESOURCE_METADATA_PATH,
  AUTHORIZATION_SERVER_METADATA_PATH,
  '/oauth/register',
  '/oauth/token',
  '/oauth/revoke',
] as const;

export interface HubAddress extends HubAsServer {
  /** The hub's origin: SERVICE_PUBLIC_URL's, else its listen address (see `hubOriginOf`). */
  origin: string;
  /** Whether it was worked out from the request (no SERVICE_PUBLIC_URL): then answers naming it are not for shared caches. */
  derived: boolean;
  /** `issuer` is the hub's own URL (origin and base path); `resource` its `/mcp`. */
  resourceMetadataUrl: string;
}

/**
 * The hub as an MCP client sees it (docs/mcp.md): SERVICE_PUBLIC_URL when set, else the hub's
 * listen address (a `Host` header naming anything else is not believed). Tokens are bound to the
 * resource URL made here, so a token obtained through one address of the hub is refused through
 * another.
 */
/** What the hub's address is made of, besides the request. */
export interface HubAddressServices {
  settings: Pick<HubSettings, 'publicUrl' | 'basePath' | 'host' | 'port'>;
}

export function hubAddressOf(request: FastifyRequest, services: HubAddressServices): HubAddress {
  const { publicUrl, basePath } = services.settings;
  const origin = hubOriginOf(request.raw, services.settings);
  const issuer = `${origin}${basePath}`;
  return { origin, derived: publicUrl === null, issuer, resource: `${issuer}${MCP_PATH}`, resourceMetadataUrl: `${issuer}${RESOURCE_METADATA_PATH}` };
}

/**
 * How long clients and caches may keep a metadata document naming the hub's address: publicly
 * for five minutes when the address is configured; when it was worked out from the request, by
 * no shared cache (another client may reach the hub under another of its addresses).
 */
export const metadataCacheControl = (address: HubAddress) => (address.derived ? 'private, no-cache' : 'public, max-age=300');
