import type { FastifyRequest } from 'fastify';
import proxyAddr from 'proxy-addr';
import type { HubSettings } from '../../config/settings.js';
import type { FailedAuthentications } from '../../core/identity/failed-authentications.js';
import { HubError } from '../../core/errors.js';

/** What the failed-authentication limit uses: the trusted proxies and the counts. */
export interface ThrottlingServices {
  settings: Pick<HubSettings, 'limits'>;
  failedAuthentications: FailedAuthentications;
}

const trustOf = new WeakMap<readonly string[], (address: string, hop: number) => boolean>();

/**
 * The address a request comes from, for per-address limits: the connection's own, or behind
 * reverse proxies listed in SERVICE_TRUSTED_PROXIES the nearest address in `X-Forwarded-For` that
 * is not one of them (a client cannot put itself in front of a proxy it does not control).
 */
export function clientAddressOf(request: FastifyRequest, services: Pick<ThrottlingServices, 'settings'>): string {
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
export function assertNotThrottled(request: FastifyRequest, services: ThrottlingServices, keyOf: () => string | null): void {
  const retryAfter = services.failedAuthentications.refusal(clientAddressOf(request, services), keyOf);
  if (retryAfter !== null) throw throttled(retryAfter);
}

/** Counts a credential from `request` that failed to authenticate. */
export function authenticationFailed(request: FastifyRequest, services: ThrottlingServices): void {
  services.failedAuthentications.failed(clientAddressOf(request, services));
}
