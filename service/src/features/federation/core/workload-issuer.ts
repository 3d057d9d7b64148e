import { discoveryDocument, type DiscoveryDocument } from './issuer-documents.js';
import type { SigningCrypto } from '../../../core/ports/signing-crypto.js';
import type { Jwks, SigningKeyRing } from './signing-key-ring.js';
import { signJwt, workloadTokenClaims, type Workload, type WorkloadTokenClaims, type WorkloadTokenFields } from './workload-token.js';

export type WorkloadTokenInput = Omit<WorkloadTokenFields, 'issuer'> & Workload;

export interface MintedWorkloadToken {
  /** The compact JWT: what the sandbox's token file holds. */
  token: string;
  claims: WorkloadTokenClaims;
  /** The key that signed it. */
  kid: string;
}

/** The hub's workload identity issuer at one URL: its documents, and tokens signed with the ring's current key. */
export class WorkloadIdentityIssuer {
  constructor(
    readonly issuer: string,
    private readonly ring: SigningKeyRing,
    private readonly crypto: SigningCrypto,
  ) {
    // Refuses a bad URL now rather than at the first request.
    discoveryDocument(issuer);
  }

  discovery(): DiscoveryDocument {
    return discoveryDocument(this.issuer);
  }

  jwks(now: Date): Promise<Jwks> {
    return this.ring.jwks(now);
  }

  async mint(input: WorkloadTokenInput): Promise<MintedWorkloadToken> {
    const claims = workloadTokenClaims({ ...input, issuer: this.issuer }, this.ring.maxTokenLifetimeSeconds);
    const key = await this.ring.signingKey(input.now);
    return { token: signJwt(this.crypto, key, claims), claims, kid: key.kid };
  }
}
