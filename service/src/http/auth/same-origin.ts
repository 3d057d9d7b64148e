import type { FastifyRequest } from 'fastify';
import { HubError } from '../../core/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated changes must come from the hub's own pages. Browsers send `Origin` on every
 * cross-origin and same-origin POST/PUT/PATCH/DELETE, so a missing or foreign origin is refused;
 * `Sec-Fetch-Site` is checked too where the browser sends it.
 */
export function assertSameOrigin(request: FastifyRequest, publicUrl: string | null): void {
  if (SAFE_METHODS.has(request.method)) return;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') refuse();
  const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
  const expected = publicUrl ?? `${request.protocol}://${request.headers.host ?? ''}`;
  if (!origin || origin !== expected) refuse();
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

function refuse(): never {
  throw new HubError('FORBIDDEN', "cross-site request refused: changes made with the session cookie must come from the hub's own pages");
}
