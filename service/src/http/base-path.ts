import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from './envelope.js';
import { AUTHORIZATION_SERVER_METADATA_PATH } from './well-known.js';

/**
 * The hub under a path prefix (docs/deploy.md, "Behind a reverse proxy"). The proxy passes paths
 * through unchanged, so a hub whose SERVICE_PUBLIC_URL is `https://example.org/notebooks` sees
 * `/notebooks/api/v1/...`. One rewrite point, before routing, takes the base off: every route is
 * declared, matched and documented at its own path (`/api/v1/...`), and only what leaves the hub
 * with a path in it (cookies, redirects, URLs in answers, the UI's page, marimo's base URL) puts
 * the base back on.
 */

/** Set on a raw request that arrived outside the base path; the first request hook answers it. */
const OUTSIDE_BASE_PATH = Symbol('outside the base path');
/** What such a request is routed as: no route of the hub has a path starting with a dot. */
const OUTSIDE_ROUTE = '/.outside-base-path';

/**
 * The path within the hub of a request URL (query kept), or null when the URL is outside the base.
 * `basePath` alone maps to `/` here; {@link basePathRewriter} redirects it instead, so the browser
 * holds a URL under which the cookie (Path=<base>/) is sent.
 */
export function stripBasePath(url: string, basePath: string): string | null {
  if (basePath === '') return url;
  if (!url.startsWith(basePath)) return null;
  const rest = url.slice(basePath.length);
  if (rest === '' || rest.startsWith('?')) return `/${rest}`;
  return rest.startsWith('/') ? rest : null;
}

/** Fastify's `rewriteUrl` for a base path; undefined when the hub is served at the root. */
export function basePathRewriter(basePath: string): ((request: IncomingMessage) => string) | undefined {
  if (basePath === '') return undefined;
  // RFC 8414 puts an issuer's metadata at the root, with the issuer's path after the well-known
  // part; a proxy that forwards that path reaches the hub's own (docs/mcp.md).
  const rootMetadataPath = `${AUTHORIZATION_SERVER_METADATA_PATH}${basePath}`;
  return (request) => {
    const url = request.url ?? '/';
    if (url === rootMetadataPath) return AUTHORIZATION_SERVER_METADATA_PATH;
    const inside = stripBasePath(url, basePath);
    // `<base>` itself (without its slash) is redirected like the paths outside it.
    if (inside === null || !url.slice(basePath.length).startsWith('/')) {
      (request as IncomingMessage & { [OUTSIDE_BASE_PATH]?: true })[OUTSIDE_BASE_PATH] = true;
      return OUTSIDE_ROUTE;
    }
    return inside;
  };
}

/**
 * Answers a request that arrived outside the base path, and returns true; false for any other.
 * `/` and `<base>` are redirected to `<base>/` (a browser pointed at the bare host or the base
 * without its slash lands on the UI); everything else is the NOT_FOUND of an unknown route.
 */
export function answeredOutsideBasePath(request: FastifyRequest, reply: FastifyReply, basePath: string): boolean {
  if ((request.raw as IncomingMessage & { [OUTSIDE_BASE_PATH]?: true })[OUTSIDE_BASE_PATH] !== true) return false;
  const original = request.originalUrl;
  const queryStart = original.indexOf('?');
  const pathname = queryStart === -1 ? original : original.slice(0, queryStart);
  if ((pathname === '/' || pathname === basePath) && (request.method === 'GET' || request.method === 'HEAD')) {
    void reply.redirect(`${basePath}/${queryStart === -1 ? '' : original.slice(queryStart)}`, 308);
    return true;
  }
  void reply.code(404).send(errorEnvelope('NOT_FOUND', `no route for ${request.method} ${pathname}: this hub is served under ${basePath}/`, request.id));
  return true;
}
