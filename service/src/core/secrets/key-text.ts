/** Bytes in a deployment key (AES-256). */
export const DEPLOYMENT_KEY_BYTES = 32;

/**
 * A deployment key as text (in SERVICE_SECRETS_KEY, SERVICE_SECRETS_RETIRED_KEYS and key files):
 * 32 random bytes in base64 or base64url, as `openssl rand -base64 32` prints them. Anything else
 * is refused rather than stretched into a key, so a truncated or mistyped key cannot pass.
 */
export function decodeKeyText(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed.replace(/=$/, '').replace(/\+/g, '-').replace(/\//g, '_'), 'base64url');
  return bytes.length === DEPLOYMENT_KEY_BYTES ? bytes : null;
}

export function encodeKeyText(key: Buffer): string {
  return key.toString('base64');
}
