import { HubError } from '../errors.js';
import type { SecurityContext } from '../policy/security-labels.js';
import type { AccessTokens, TokenScope } from './access-tokens.js';
import type { LoginSessions } from './login-sessions.js';
import { secretHash } from './secrets.js';
import type { UserDirectory, UserEntry } from './users.js';

export type Credential = (
  | { kind: 'session'; provider: 'local' | 'oidc'; expiresAt: string }
  | { kind: 'token'; tokenId: string; scope: TokenScope; expiresAt: string | null }
) & {
  /** What the caller is cleared for (security labels); null: nothing labelled. */
  context: SecurityContext | null;
};

/** Who is calling, and with what. */
export interface Principal {
  user: UserEntry;
  isSuperAdmin: boolean;
  credential: Credential;
}

export interface SuperAdminRule {
  (user: UserEntry): boolean;
}

interface Cached {
  principal: Principal;
  until: number;
}

/**
 * Resolves a session cookie or bearer token to a principal. Each resolution costs a credential
 * read and a user read, so results are kept for a couple of seconds; revocation, logout and
 * suspension through this process take effect at once, through another replica within that time.
 */
export class Authenticator {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly users: UserDirectory,
    private readonly sessions: LoginSessions,
    private readonly tokens: AccessTokens,
    private readonly isSuperAdmin: SuperAdminRule,
    private readonly cacheTtlMs = 2000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Null when the credential is unknown or expired; USER_SUSPENDED for a suspended user. */
  async fromSessionCookie(cookieValue: string): Promise<Principal | null> {
    return this.sessionCookie(cookieValue);
  }

  async fromBearerToken(token: string): Promise<Principal | null> {
    return this.bearerToken(token);
  }

  /**
   * As {@link fromSessionCookie}, but answers without a promise when the credential was resolved
   * within the cache lifetime: the common case, on the path of nearly every request.
   */
  sessionCookie(cookieValue: string): Principal | null | Promise<Principal | null> {
    return this.resolve(`s:${secretHash(cookieValue)}`, async () => {
      const session = await this.sessions.resolve(cookieValue);
      if (!session) return null;
      return {
        userId: session.user_id,
        credential: { kind: 'session', provider: session.provider, expiresAt: session.expires_at, context: session.context ?? null },
      };
    });
  }

  /** As {@link fromBearerToken}, synchronous when cached (see {@link sessionCookie}). */
  bearerToken(token: string): Principal | null | Promise<Principal | null> {
    return this.resolve(`t:${secretHash(token)}`, async () => {
      const record = await this.tokens.verify(token);
      if (!record) return null;
      return {
        userId: record.user_id,
        credential: { kind: 'token', tokenId: record.id, scope: record.scope, expiresAt: record.expires_at, context: record.context ?? null },
      };
    });
  }

  isSuperAdminUser(user: UserEntry): boolean {
    return this.isSuperAdmin(user);
  }

  /** Drops cached principals of a credential (logout, revocation). */
  forgetCredential(kind: 'session' | 'token', value: string): void {
    this.cache.delete(`${kind === 'session' ? 's' : 't'}:${secretHash(value)}`);
  }

  /** Drops cached principals of a user (suspension, token revocation by id). */
  forgetUser(userId: string): void {
    for (const [key, cached] of this.cache) if (cached.principal.user.id === userId) this.cache.delete(key);
  }

  private resolve(
    cacheKey: string,
    lookup: () => Promise<{ userId: string; credential: Credential } | null>,
  ): Principal | null | Promise<Principal | null> {
    const now = this.now();
    const cached = this.cache.get(cacheKey);
    if (cached && cached.until > now) return this.admit(cached.principal, now);
    return this.load(cacheKey, lookup, now);
  }

  private async load(
    cacheKey: string,
    lookup: () => Promise<{ userId: string; credential: Credential } | null>,
    now: number,
  ): Promise<Principal | null> {
    const found = await lookup();
    const user = found ? await this.users.get(found.userId) : null;
    const principal = found && user ? { user, isSuperAdmin: this.isSuperAdmin(user), credential: found.credential } : null;
    if (principal) this.remember(cacheKey, principal, now);
    else this.cache.delete(cacheKey);
    return principal && this.admit(principal, now);
  }

  /** Expiry and suspension are checked at every use, cached or not. */
  private admit(principal: Principal, now: number): Principal | null {
    const expiresAt = principal.credential.expiresAt;
    if (expiresAt !== null && Date.parse(expiresAt) <= now) return null;
    if (principal.user.suspended_at) throw new HubError('USER_SUSPENDED', 'this account is suspended; contact an administrator');
    return principal;
  }

  private remember(key: string, principal: Principal, now: number): void {
    if (this.cache.size >= 10_000) this.cache.clear();
    this.cache.set(key, { principal, until: now + this.cacheTtlMs });
  }
}
