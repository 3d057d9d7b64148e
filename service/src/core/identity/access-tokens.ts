import type { AuditLog } from '../audit/audit-log.js';
import { HubError } from '../errors.js';
import { newTokenId } from '../ids.js';
import type { PolicyAction } from '../policy/actions.js';
import type { SecurityContext } from '../policy/security-labels.js';
import { getJson, jsonBody, parseJson } from '../store/cas.js';
import type { ObjectStore } from '../ports/object-store.js';
import { layout } from '../storage-layout.js';
import { randomSecret, secretHash } from './secrets.js';

export const TOKEN_PREFIX = 'svc_pat_';
const TOKEN_PATTERN = /^svc_pat_[A-Za-z0-9_-]{43}$/;

/** What a token may do; it only ever narrows what its user may do. */
export interface TokenScope {
  actions: '*' | PolicyAction[];
  projects: '*' | string[];
}

export const UNRESTRICTED_SCOPE: TokenScope = { actions: '*', projects: '*' };

export interface TokenRecord {
  schema_version: 1;
  id: string;
  user_id: string;
  name: string;
  scope: TokenScope;
  created_at: string;
  expires_at: string | null;
  token_hash: string;
  /** The creating session's security context, good until it expires (null: none). */
  context?: SecurityContext | null;
}

export interface NewToken {
  name: string;
  expiresAt: Date | null;
  scope: TokenScope;
  context?: SecurityContext | null;
}

/**
 * Personal access tokens: `svc_pat_` followed by 256 random bits, shown once. The store keeps a
 * record under the hash of the value (for authentication) and a per-user index entry (for
 * listing and revocation); records never change.
 */
export class AccessTokens {
  constructor(
    private readonly store: ObjectStore,
    private readonly audit: AuditLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async issue(userId: string, request: NewToken, actor: string): Promise<{ token: string; record: TokenRecord }> {
    if (request.expiresAt && request.expiresAt.getTime() <= this.now().getTime()) {
      throw new HubError('VALIDATION_ERROR', 'the expiry must lie in the future', [{ field: 'expires_at', message: 'must be in the future' }]);
    }
    const token = TOKEN_PREFIX + randomSecret();
    const at = this.now();
    const record: TokenRecord = {
      schema_version: 1,
      id: newTokenId(at.getTime()),
      user_id: userId,
      name: request.name,
      scope: request.scope,
      created_at: at.toISOString(),
      expires_at: request.expiresAt?.toISOString() ?? null,
      token_hash: secretHash(token),
      context: request.context ?? null,
    };
    const body = jsonBody(record);
    await this.store.put(layout.token(record.token_hash), body, { ifNoneMatch: '*' });
    try {
      await this.store.put(layout.userToken(userId, record.id), body, { ifNoneMatch: '*' });
    } catch (error) {
      await this.store.delete(layout.token(record.token_hash)).catch(() => {});
      throw error;
    }
    await this.audit.append({ event: 'token.create', actor, metadata: { user_id: userId, token_id: record.id, name: record.name } });
    return { token, record };
  }

  /** The live record of a token value, or null (malformed, unknown, revoked or expired). */
  async verify(token: string): Promise<TokenRecord | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const found = await getJson<TokenRecord>(this.store, layout.token(secretHash(token)));
    if (!found || this.isExpired(found.value)) return null;
    return found.value;
  }

  /** A user's tokens, newest first, expired ones included (so they can be cleaned up). */
  async list(userId: string): Promise<TokenRecord[]> {
    const records: TokenRecord[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<ObjectStore['list']>> = await this.store.list(layout.userTokensPrefix(userId), { cursor });
      for (const item of page.items) {
        const object = await this.store.get(item.key);
        if (object) records.push(parseJson<TokenRecord>(item.key, object.body));
      }
      cursor = page.nextCursor;
    } while (cursor);
    return records.sort((a, b) => (a.id < b.id ? 1 : -1));
  }

  /** Revokes one of the user's tokens; it stops working before its index entry goes. */
  async revoke(userId: string, tokenId: string, actor: string): Promise<TokenRecord> {
    const index = await getJson<TokenRecord>(this.store, layout.userToken(userId, tokenId));
    if (!index) throw new HubError('NOT_FOUND', `token ${tokenId} not found`);
    await this.store.delete(layout.token(index.value.token_hash));
    await this.store.delete(layout.userToken(userId, tokenId));
    await this.audit.append({ event: 'token.revoke', actor, metadata: { user_id: userId, token_id: tokenId } });
    return index.value;
  }

  isExpired(record: TokenRecord): boolean {
    return record.expires_at !== null && Date.parse(record.expires_at) <= this.now().getTime();
  }
}
