import type { CheckResult, WorkloadIdentityPreflight } from '../../../http/deep-health.js';
import { DISCOVERY_PATH, jwksUri } from '../core/issuer-documents.js';
import type { WorkloadIdentity } from '../core/workload-identity.js';

const FETCH_TIMEOUT_MS = 4000;

async function fetchJson(url: string): Promise<Record<string, unknown>> {
  // Consumers take no redirect for granted: the documents must answer at their own URLs.
  const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) }).catch((error: Error) => {
    // fetch says only "fetch failed"; what failed (refused, unknown host, certificate) is its cause.
    const cause = error.cause instanceof Error ? error.cause.message : error.message;
    throw new Error(`${url}: ${cause}`);
  });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null) throw new Error(`${url} answered no JSON object`);
  return body as Record<string, unknown>;
}

/**
 * The deep health check's `workload-identity` (docs/federation.md): the issuer has a usable URL;
 * the signing key opens, signs and is the one published; and the issuer's documents answer at that
 * URL, as consumers fetch them — the discovery document naming this issuer, the key set it names
 * holding the signing key.
 */
export function workloadIdentityPreflight(identity: Pick<WorkloadIdentity, 'issuer' | 'checkSigningKey'>, enabled: boolean): WorkloadIdentityPreflight {
  return {
    async preflight(): Promise<CheckResult> {
      if (!enabled) return { skipped: 'SERVICE_FEDERATION=off' };
      const state = identity.issuer();
      if (state.issuer === null) throw new Error(state.reason);
      const { issuer } = state.issuer;
      const { kid } = await identity.checkSigningKey(new Date());
      const discovery = await fetchJson(`${issuer}${DISCOVERY_PATH}`).catch((error: Error) => {
        throw new Error(`the issuer's discovery document is not reachable at its URL (consumers fetch it there): ${error.message}`);
      });
      // What answered must be this hub: another server at the address would name another issuer or key set.
      if (discovery.issuer !== issuer || discovery.jwks_uri !== jwksUri(issuer)) {
        throw new Error(
          `the discovery document at ${issuer}${DISCOVERY_PATH} is not this hub's: it names the issuer ${JSON.stringify(discovery.issuer)} and the key set ${JSON.stringify(discovery.jwks_uri)}`,
        );
      }
      const jwks = await fetchJson(jwksUri(issuer));
      const keys = Array.isArray(jwks.keys) ? (jwks.keys as { kid?: unknown }[]) : [];
      if (!keys.some((key) => key.kid === kid)) throw new Error(`the key set at ${jwksUri(issuer)} does not hold the signing key ${kid}`);
      return `issuer ${issuer} serves its documents; signing key ${kid} signs, and the key set publishes it`;
    },
  };
}
