import { isSealedSecret, type SealedSecret, type SecretBox } from '../ports/secret-box.js';

/**
 * A secret as a record holds it: sealed, or the plaintext a hub from before sealing wrote (sealed
 * at the next start, docs/secrets-at-rest.md, "Migration"). Reads accept both; writes always seal.
 */
export type StoredSecret = SealedSecret | string;

/** Where a secret belongs: its record's key and its field. Bound into the seal, so it opens nowhere else. */
export function secretContext(key: string, field: string): string {
  return `${key}#${field}`;
}

/** Seals a plaintext; keeps a value that is sealed already (what migration and writes both need). */
export function sealValue(box: SecretBox, value: StoredSecret, key: string, field: string): SealedSecret {
  return isSealedSecret(value) ? value : box.seal(value, secretContext(key, field));
}

export function sealOptional(box: SecretBox, value: StoredSecret | null | undefined, key: string, field: string): SealedSecret | null {
  return value === null || value === undefined ? null : sealValue(box, value, key, field);
}

export function openValue(box: SecretBox, value: StoredSecret, key: string, field: string): string {
  return isSealedSecret(value) ? box.open(value, secretContext(key, field)) : value;
}

export function openOptional(box: SecretBox, value: StoredSecret | null | undefined, key: string, field: string): string | null {
  return value === null || value === undefined ? null : openValue(box, value, key, field);
}

/** How many of these values are still plaintext. */
export function plaintextCount(...values: (StoredSecret | null | undefined)[]): number {
  return values.filter((value) => typeof value === 'string').length;
}
