import { createHash } from 'node:crypto';
import { randomSecret } from '../../../../core/identity/secrets.js';

/** How long an access token works: short, since a stolen one cannot be revoked faster than it ends. */
export const ACCESS_TOKEN_LIFETIME_MS = 60 * 60_000;
/** How long a connection lasts unused: each refresh starts the period again. */
export const REFRESH_TOKEN_IDLE_MS = 30 * 24 * 60 * 60_000;
export const GRANT_ID_PATTERN = /^grt-[0-9a-z]{16}$/;

const TOKEN_SHAPE = /^svc_mcp_(at|rt)_(grt-[0-9a-z]{16})_([A-Za-z0-9_-]{43})$/;

export type TokenKind = 'access' | 'refresh';

/**
 * An MCP client's token: `svc_mcp_at_` (access) or `svc_mcp_rt_` (refresh), the connection's grant
 * id, and 256 random bits. Naming the grant lets one read find everything about the token (and a
 * revocation or disconnect end it at once); only the hash of the whole value is stored.
 */
export function newToken(kind: TokenKind, grantId: string): string {
  return `svc_mcp_${kind === 'access' ? 'at' : 'rt'}_${grantId}_${randomSecret()}`;
}

export function parseToken(value: string): { kind: TokenKind; grantId: string } | null {
  const match = TOKEN_SHAPE.exec(value);
  return match ? { kind: match[1] === 'at' ? 'access' : 'refresh', grantId: match[2]! } : null;
}

/** PKCE (RFC 7636): the verifier's shape, and whether its S256 transform is the challenge. */
export function pkceVerifies(verifier: string, challenge: string): boolean {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  return createHash('sha256').update(verifier, 'ascii').digest('base64url') === challenge;
}

export const PKCE_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
