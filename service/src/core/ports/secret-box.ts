/**
 * The secret-box port: secrets the hub must read back (Git tokens, alert URLs and signing secrets,
 * session secrets, integration secrets) are stored sealed, never as plaintext (docs/secrets-at-rest.md).
 *
 * Envelope encryption: each secret is encrypted under a fresh data key, and the data key is
 * wrapped by the deployment key. The sealed form names the deployment key (`kid`) and binds a
 * context, the place the secret belongs (`git/<pid>/credentials#read_token`): a sealed value
 * copied into another record, field or project does not open there.
 *
 * Synchronous on purpose: records change inside compare-and-swap functions that may run several
 * times and must not await, and the deployment keys are loaded once, when the hub starts.
 */

export const SEALED_FORMAT = 'nbh-sealed-v1';

/** A sealed secret, as records store it in place of the plaintext. */
export interface SealedSecret {
  sealed: typeof SEALED_FORMAT;
  /** The id of the deployment key that wrapped the data key. */
  kid: string;
  /** The data key, wrapped by the deployment key: base64url of IV, ciphertext and tag. */
  dek: string;
  /** The secret under the data key, bound to its context: base64url of IV, ciphertext and tag. */
  data: string;
}

export interface SecretBox {
  /** The key new secrets are sealed under. */
  readonly activeKeyId: string;
  /** Every key this box can open secrets of: the active one first, then the retired ones. */
  readonly keyIds: readonly string[];
  seal(plaintext: string, context: string): SealedSecret;
  /** The plaintext; throws {@link SecretUnreadableError} for an unknown key, a wrong context or altered bytes. */
  open(sealed: SealedSecret, context: string): string;
  /**
   * The same secret with its data key wrapped by the active key (key rotation): the encrypted
   * secret itself is kept, so rotation needs no context and never sees a plaintext.
   */
  rewrap(sealed: SealedSecret): SealedSecret;
}

export type SecretUnreadableReason = 'unknown-key' | 'does-not-open';

/** A sealed secret the box cannot open. The message names the key id and the context, never a secret. */
export class SecretUnreadableError extends Error {
  constructor(
    readonly reason: SecretUnreadableReason,
    readonly kid: string,
    readonly context: string,
  ) {
    super(
      reason === 'unknown-key'
        ? `the secret at ${context} is sealed under key ${kid}, which this hub does not have`
        : `the secret at ${context} does not open with key ${kid}: it was altered, or belongs elsewhere`,
    );
    this.name = 'SecretUnreadableError';
  }
}

export function isSealedSecret(value: unknown): value is SealedSecret {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return candidate.sealed === SEALED_FORMAT && typeof candidate.kid === 'string' && typeof candidate.dek === 'string' && typeof candidate.data === 'string';
}
