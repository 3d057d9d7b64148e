import { NodeSigningCrypto } from '../../adapters/federation/node-signing-crypto.js';
import type { BaseServices, Feature } from '../feature.js';
import { issuerAddressOf } from './core/issuer-address.js';
import { SIGNING_KEY_RING_RECORDS, SigningKeyRing } from './core/signing-key-ring.js';
import { WorkloadCredentials } from './core/workload-credentials.js';
import { federationWorkload } from './core/federation-workload.js';
import { WorkloadIdentity } from './core/workload-identity.js';
import { workloadIdentityPreflight } from './http/issuer-preflight.js';
import { issuerRoutes } from './http/issuer-routes.js';
import { registerKeyRotationLoop } from './loops/key-rotation-loop.js';
import { registerTokenRefreshLoop } from './loops/token-refresh-loop.js';
import { TrustPolicyUseCases } from './core/trust-policy-use-cases.js';
import { trustPolicyRoutes } from './http/trust-policy-routes.js';

const DAY_SECONDS = 86_400;

/** What workload identity takes of the base. */
type FederationBase = Pick<BaseServices, 'settings' | 'store' | 'secrets' | 'audit' | 'projects' | 'logger' | 'access' | 'sessionSecretsRefresh'>;

/**
 * Workload identity (docs/federation.md): the hub as an OpenID Connect issuer for its own
 * workloads. Its discovery document and key set at `<hub address>/federation`, the signing key
 * rotated by the `federation_key_rotation` loop, and the tokens a project's sessions and job runs
 * receive (`workloadCredentials`), written again into running sessions' sandboxes by the
 * `federation_token_refresh` loop, where SERVICE_FEDERATION=on; and the example trust policies a
 * project's managers read for it.
 */
export const federationFeature = {
  name: 'federation',
  build(base: FederationBase) {
    const { settings } = base;
    const { enabled, tokenLifetimeSeconds, keyRotationDays } = settings.federation;
    // Without SERVICE_PUBLIC_URL the issuer is the listen address, known once the hub listens.
    let listenAddress: string | null = null;
    const crypto = new NodeSigningCrypto();
    const ring = new SigningKeyRing({ store: base.store, box: base.secrets, crypto, maxTokenLifetimeSeconds: tokenLifetimeSeconds });
    const workloadIdentity = new WorkloadIdentity({
      ring,
      crypto,
      audit: base.audit,
      rotationPeriodSeconds: keyRotationDays * DAY_SECONDS,
      address: () => issuerAddressOf({ publicUrl: settings.publicUrl, basePath: settings.basePath, listenAddress, listenHost: settings.host }),
    });
    const workloadCredentials = new WorkloadCredentials({
      enabled,
      issuer: () => workloadIdentity.issuer(),
      federationOf: async (projectId) => (await base.projects.get(projectId))?.federation ?? null,
      lifetimeSeconds: tokenLifetimeSeconds,
      logger: base.logger,
    });
    const useCases = { trustPolicies: new TrustPolicyUseCases({ access: base.access, enabled, issuer: () => workloadIdentity.issuer() }) };
    return {
      services: { workloadIdentity, workloadCredentials, workloadIdentityPreflight: workloadIdentityPreflight(workloadIdentity, enabled) },
      useCases,
      routes: [
        { after: 'account', register: (app) => issuerRoutes(app, { workloadIdentity, enabled }) },
        { after: 'notebooks', register: (app) => trustPolicyRoutes(app, { useCases }) },
      ],
      offer: () => ({ workloadIdentity: enabled && workloadIdentity.issuer().issuer !== null }),
      loops: (loops) => {
        registerKeyRotationLoop(loops, workloadIdentity, enabled);
        registerTokenRefreshLoop(loops, base.sessionSecretsRefresh, { enabled, lifetimeSeconds: tokenLifetimeSeconds });
      },
      workload: federationWorkload(workloadCredentials),
      start: (address) => {
        listenAddress = address;
      },
    };
  },
  sealedRecords: [SIGNING_KEY_RING_RECORDS],
} satisfies Feature;
