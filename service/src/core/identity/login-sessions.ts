import type { SecurityContext } from '../policy/security-labels.js';
import { getJson, jsonBody } from '../store/cas.js';
import type { ObjectStore } from '../ports/object-store.js';
import { layout } from '../storage-layout.js';
import { randomSecret, secretHash } from './secrets.js';

export interface LoginSessionRecord {
  schema_version: 1;
  user_id: string;
  provider: 'local' | 'oidc';
  created_at: string;
  expires_at: string;
  /** What the user is cleared for during this session (from the identity provider). */
  context: SecurityContext | null;
}

/**
 * Browser sessions behind the `svc_session` cookie. The cookie holds 256 random bits; the store
 * keeps the session under the hash of that value, so a copy of the store cannot be replayed as a
 * cookie. Records never change; logout deletes them.
 */
export class LoginSessions {
  constructor(
    private readonly store: ObjectStore,
    private readonly lifetimeMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** `context` receives the session's expiry and returns the security context to keep with it. */
  async create(
    userId: string,
    provider: LoginSessionRecord['provider'],
    context: (expiresAt: string) => SecurityContext | null = () => null,
  ): Promise<{ cookieValue: string; record: LoginSessionRecord }> {
    const cookieValue = randomSecret();
    const at = this.now();
    const expiresAt = new Date(at.getTime() + this.lifetimeMs).toISOString();
    const record: LoginSessionRecord = {
      schema_version: 1,
      user_id: userId,
      provider,
      created_at: at.toISOString(),
      expires_at: expiresAt,
      context: context(expiresAt),
    };
    await this.store.put(layout.loginSession(secretHash(cookieValue)), jsonBody(record), { ifNoneMatch: '*' });
    return { cookieValue, record };
  }

  /** The live session for a cookie value, or null (unknown, malformed or expired). */
  async resolve(cookieValue: string): Promise<LoginSessionRecord | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(cookieValue)) return null;
    const found = await getJson<LoginSessionRecord>(this.store, layout.loginSession(secretHash(cookieValue)));
    if (!found || Date.parse(found.value.expires_at) <= this.now().getTime()) return null;
    return found.value;
  }

  async destroy(cookieValue: string): Promise<void> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(cookieValue)) return;
    await this.store.delete(layout.loginSession(secretHash(cookieValue)));
  }
}
