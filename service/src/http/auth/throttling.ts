import type { FastifyRequest } from 'fastify';
import proxyAddr from 'proxy-addr';
import type { HubServices } from '../../compose/services.js';
import { HubError } from '../../core/errors.js';
import { parseToken } from '../../core/identity/oauth/oauth-tokens.js';

const trustOf = new WeakMap<readonly string[], (address: string, hop: number) => boolean>();

/**
 * The address a request comes from, for per-address limits: the connection's own, or behind
 * reverse proxies listed in SERVICE_TRUSTED_PROXIES the nearest address in `X-Forwarded-For` that
 * is not one of them (a client cannot put itself in front of a proxy it does not control).
 */
export function clientAddressOf(request: FastifyRequest, services: Pick<HubServices, 'settings'>): string {
  const proxies = services.settings.limits.trustedProxies;
  if (proxies.length === 0) return request.ip;
  let trust = trustOf.get(proxies);
  if (trust === undefined) {
    trust = proxyAddr.compile(proxies);
    trustOf.set(proxies, trust);
  }
  return proxyAddr(request.raw, trust);
}

/** The refusal of a throttled address (docs/security.md, "Throttling"): 429 with Retry-After. */
export function throttled(retryAfterSeconds: number): HubError {
  return new HubError(
    'RESOURCE_EXHAUSTED',
    `too many failed sign-ins or invalid credentials from this address: try again in ${retryAfterSeconds} s`,
    undefined,
    { retryAfterSeconds },
  );
}

/**
 * Checks a credential `request` presents under the failed-authentication limit: throws 429 when
 * its address is throttled and the credential (named by `keyOf`, a hash) has not worked lately.
 */
export function assertNotThrottled(
  request: FastifyRequest,
  services: Pick<HubServices, 'settings' | 'failedAuthentications'>,
  keyOf: () => string | null,
): void {
  const retryAfter = services.failedAuthentications.refusal(clientAddressOf(request, services), keyOf);
  if (retryAfter !== null) throw throttled(retryAfter);
}

/** Counts a credential from `request` that failed to authenticate. */
export function authenticationFailed(request: FastifyRequest, services: Pick<HubServices, 'settings' | 'failedAuthentications'>): void {
  services.failedAuthentications.failed(clientAddressOf(request, services));
}

/** What an MCP client's token is remembered by when it works: its connection (access tokens change hourly). */
export function connectionKeyOf(token: string): string | null {
  const grantId = parseToken(token)?.grantId;
  return grantId === undefined ? null : `mcp-connection:${grantId}`;
}
