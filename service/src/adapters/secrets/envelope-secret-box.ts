import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { SEALED_FORMAT, SecretUnreadableError, type SealedSecret, type SecretBox } from '../../core/ports/secret-box.js';

/** AES-256-GCM throughout: 256-bit keys, 96-bit random IVs, 128-bit tags. */
const ALGORITHM = 'aes-256-gcm';
export const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A deployment key (key-encryption key) and the id sealed secrets name it by. */
export interface DeploymentKey {
  id: string;
  key: Buffer;
}

/**
 * The id is derived from the key (an HMAC, which reveals nothing of it): the same key has the same
 * id on every replica and in every key file, and a wrong key shows as an unknown id.
 */
export function deploymentKeyId(key: Buffer): string {
  return `k-${createHmac('sha256', key).update('notebook-hub deployment key id').digest('hex').slice(0, 16)}`;
}

export function deploymentKey(key: Buffer): DeploymentKey {
  if (key.length !== KEY_BYTES) throw new RangeError(`a deployment key has ${KEY_BYTES} bytes, not ${key.length}`);
  return { id: deploymentKeyId(key), key };
}

// What each ciphertext is bound to, besides its key: a wrapped data key to the id of the key that
// wrapped it, a secret to its context. Versioned, so a later format cannot be confused with this one.
const wrapAad = (kid: string) => Buffer.from(`${SEALED_FORMAT}:dek:${kid}`, 'utf8');
const dataAad = (context: string) => Buffer.from(`${SEALED_FORMAT}:data:${context}`, 'utf8');

function encrypt(key: Buffer, plaintext: Buffer, aad: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The plaintext, or null when the bytes were altered or the key, or what they are bound to, differs. */
function decrypt(key: Buffer, packed: string, aad: Buffer): Buffer | null {
  const bytes = Buffer.from(packed, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(aad);
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}

/**
 * Envelope encryption with node:crypto: every seal draws a fresh data key, encrypts the secret
 * under it (bound to the context), and wraps the data key under the active deployment key.
 * Retired keys still open what they wrapped until rotation has re-wrapped it.
 */
export class EnvelopeSecretBox implements SecretBox {
  private readonly active: DeploymentKey;
  private readonly keys: ReadonlyMap<string, DeploymentKey>;

  constructor(keys: { active: DeploymentKey; retired?: readonly DeploymentKey[] }) {
    this.active = keys.active;
    this.keys = new Map([keys.active, ...(keys.retired ?? [])].map((key) => [key.id, key]));
  }

  get activeKeyId(): string {
    return this.active.id;
  }

  get keyIds(): readonly string[] {
    return [...this.keys.keys()];
  }

  seal(plaintext: string, context: string): SealedSecret {
    const dataKey = randomBytes(KEY_BYTES);
    try {
      return {
        sealed: SEALED_FORMAT,
        kid: this.active.id,
        dek: encrypt(this.active.key, dataKey, wrapAad(this.active.id)),
        data: encrypt(dataKey, Buffer.from(plaintext, 'utf8'), dataAad(context)),
      };
    } finally {
      dataKey.fill(0);
    }
  }

  open(sealed: SealedSecret, context: string): string {
    const dataKey = this.unwrap(sealed, context);
    try {
      const plaintext = decrypt(dataKey, sealed.data, dataAad(context));
      if (!plaintext) throw new SecretUnreadableError('does-not-open', sealed.kid, context);
      return plaintext.toString('utf8');
    } finally {
      dataKey.fill(0);
    }
  }

  rewrap(sealed: SealedSecret): SealedSecret {
    if (sealed.kid === this.active.id) return sealed;
    const dataKey = this.unwrap(sealed, 'the secret being re-wrapped');
    try {
      return { ...sealed, kid: this.active.id, dek: encrypt(this.active.key, dataKey, wrapAad(this.active.id)) };
    } finally {
      dataKey.fill(0);
    }
  }

  private unwrap(sealed: SealedSecret, context: string): Buffer {
    const key = this.keys.get(sealed.kid);
    if (!key) throw new SecretUnreadableError('unknown-key', sealed.kid, context);
    const dataKey = decrypt(key.key, sealed.dek, wrapAad(sealed.kid));
    if (!dataKey || dataKey.length !== KEY_BYTES) throw new SecretUnreadableError('does-not-open', sealed.kid, context);
    return dataKey;
  }
}
