import type { AuditLog } from '../../../core/audit/audit-log.js';
import type { SigningCrypto } from '../../../core/ports/signing-crypto.js';
import type { IssuerAddress } from './issuer-address.js';
import type { SigningKeyRing } from './signing-key-ring.js';
import { WorkloadIdentityIssuer } from './workload-issuer.js';

/** The issuer at its address, or why the hub has none. */
export type IssuerState = { issuer: WorkloadIdentityIssuer; reason?: undefined } | { issuer: null; reason: string };

/** What one pass of the key rotation loop did. */
export interface KeyRotationPass {
  /** The key that signs after the pass. */
  current: string | null;
  /** Whether a new key replaced `retired`. */
  rotated: boolean;
  retired: string | null;
  /** Rotated keys dropped from the ring: every token they signed has expired. */
  pruned: string[];
}

export interface WorkloadIdentityOptions {
  ring: SigningKeyRing;
  crypto: SigningCrypto;
  /** Where the issuer is now (it is known once the hub listens when no public URL is set). */
  address: () => IssuerAddress;
  audit: AuditLog;
  /** How old the signing key gets before a rotation replaces it. */
  rotationPeriodSeconds: number;
}

/** A string no token has as its signing input (a token's has two dots), signed by the health check. */
const PROBE_INPUT = 'notebook-hub.workload-identity-preflight';

/**
 * The hub's workload identity issuer as the hub runs it (docs/federation.md): the issuer at its
 * address, the key rotation loop's pass with its audit event, and the health check of its key.
 */
export class WorkloadIdentity {
  private cached: WorkloadIdentityIssuer | null = null;

  constructor(private readonly options: WorkloadIdentityOptions) {}

  get ring(): SigningKeyRing {
    return this.options.ring;
  }

  /** The issuer, or why there is none (no usable address). */
  issuer(): IssuerState {
    const address = this.options.address();
    if (address.issuer === null) return { issuer: null, reason: address.reason };
    if (this.cached?.issuer !== address.issuer) this.cached = new WorkloadIdentityIssuer(address.issuer, this.options.ring, this.options.crypto);
    return { issuer: this.cached };
  }

  /**
   * The rotation loop's pass: a new signing key when the current one is `rotationPeriodSeconds` old,
   * then the prune of rotated keys past `retire_after`. A rotation is audited as
   * `federation.key_rotate`, naming key ids only. An empty ring is left empty: the first key is made
   * on first use, so a hub whose workloads never use federation never makes one.
   */
  async rotateKeys(now: Date): Promise<KeyRotationPass> {
    if ((await this.options.ring.keys(now)).length === 0) return { current: null, rotated: false, retired: null, pruned: [] };
    const rotation = await this.options.ring.rotateIfDue(now, this.options.rotationPeriodSeconds);
    if (rotation.rotated) {
      await this.options.audit.append({
        event: 'federation.key_rotate',
        actor: 'system',
        metadata: { kid: rotation.current, retired: rotation.retired, retire_after: rotation.retire_after },
      });
    }
    const { pruned } = await this.options.ring.prune(now);
    return { current: rotation.current, rotated: rotation.rotated, retired: rotation.retired, pruned };
  }

  /**
   * Whether the current key opens (the deployment key is the one it was sealed with), signs, and is
   * the key the JWKS publishes: consumers verify its signatures with that public half.
   */
  async checkSigningKey(now: Date): Promise<{ kid: string }> {
    const key = await this.options.ring.signingKey(now);
    const signature = this.options.crypto.signRs256(key.privateKeyPem, PROBE_INPUT);
    const published = (await this.options.ring.jwks(now)).keys.find((jwk) => jwk.kid === key.kid);
    if (!published) throw new Error(`the signing key ${key.kid} is not in the published key set`);
    if (!this.options.crypto.verifyRs256(published, PROBE_INPUT, signature)) {
      throw new Error(`a signature of the signing key ${key.kid} does not verify with its published public key`);
    }
    return { kid: key.kid };
  }
}
