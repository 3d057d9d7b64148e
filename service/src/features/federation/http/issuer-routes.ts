import { HubError } from '../../../core/errors.js';
import type { HubApp } from '../../../http/types.js';
import { DISCOVERY_PATH, ISSUER_PATH, JWKS_PATH } from '../core/issuer-documents.js';
import type { WorkloadIdentity } from '../core/workload-identity.js';

/** Where the issuer's documents are below the hub's base path (the issuer URL is `<hub address>/federation`). */
export const DISCOVERY_ROUTE = `${ISSUER_PATH}${DISCOVERY_PATH}`;
export const JWKS_ROUTE = `${ISSUER_PATH}${JWKS_PATH}`;

/** The discovery document changes only with the hub's address. */
export const DISCOVERY_CACHE_CONTROL = 'public, max-age=3600';
/**
 * The key set changes at a rotation, and a token of the new key is verified at once: consumers
 * fetch the set again for a key they have not seen, and a cache between them and the hub must not
 * answer them with the old set for long.
 */
export const JWKS_CACHE_CONTROL = 'public, max-age=300';

/**
 * Consumers (AWS IAM, SeaweedFS, any OIDC relying party) fetch these anonymously. They speak
 * OpenID Connect Discovery and JWK Set, not the hub's API, so they stay out of the OpenAPI document
 * (docs/federation.md); a refusal is still the hub's envelope.
 */
const routeOptions = { config: { public: true }, schema: { hide: true } } as const;

export interface IssuerRouteServices {
  workloadIdentity: Pick<WorkloadIdentity, 'issuer'>;
  /** SERVICE_FEDERATION=on. Off, the paths are still the issuer's: they answer 404, not the web UI's page. */
  enabled: boolean;
}

/** The workload identity issuer's two documents (docs/federation.md, "What the issuer publishes"). */
export function issuerRoutes(app: HubApp, services: IssuerRouteServices): void {
  const issuerOrRefuse = () => {
    if (!services.enabled) throw new HubError('NOT_FOUND', 'this hub issues no workload identity tokens (SERVICE_FEDERATION=off)');
    const state = services.workloadIdentity.issuer();
    // Why is the operators' business (the deep health check says); the caller learns that there is none.
    if (state.issuer === null) throw new HubError('SERVICE_UNAVAILABLE', 'this hub has no usable workload identity issuer address');
    return state.issuer;
  };

  app.get(DISCOVERY_ROUTE, routeOptions, async (_request, reply) => reply.header('cache-control', DISCOVERY_CACHE_CONTROL).send(issuerOrRefuse().discovery()));

  app.get(JWKS_ROUTE, routeOptions, async (_request, reply) => {
    const jwks = await issuerOrRefuse().jwks(new Date());
    return reply.header('cache-control', JWKS_CACHE_CONTROL).send(jwks);
  });
}
