import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe random secret with `bytes` bytes of entropy. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * Credentials are stored and looked up only by this hash, never by their value. Every
 * authenticated request computes one, hence the one-shot form (no Hash object per call).
 */
export function secretHash(value: string): string {
  return hash('sha256', value, 'hex');
}

export function constantTimeEquals(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
