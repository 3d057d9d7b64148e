import { HubError } from '../errors.js';
import type { SecurityContext } from '../policy/security-labels.js';
import { UNRESTRICTED_SCOPE, type AccessTokens, type TokenScope } from './access-tokens.js';
import type { LoginSessions } from './login-sessions.js';
import type { OAuthScope } from './oauth-scopes.js';
import { secretHash } from './secrets.js';
import type { UserDirectory, UserEntry } from './users.js';

export type Credential = (
  | { kind: 'session'; provider: 'local' | 'oidc'; expiresAt: string }
  | {
      kind: 'token';
      /** A personal access token's id, or a connected MCP client's grant id. */
      tokenId: string;
      scope: TokenScope;
      expiresAt: string | null;
      /**
       * Set for an OAuth access token of the hub's authorization server: an MCP client's, good at
       * `/mcp` only (docs/mcp.md), or another hub's, good at the sync API only (docs/remotes.md);
       * within its scopes either way.
       */
      oauth?: McpConnection;
    }
) & {
  /** What the caller is cleared for (security labels); null: nothing labelled. */
  context: SecurityContext | null;
  /**
   * The hash its record is stored under: what a credential handed on (a surface's grant) looks up
   * to learn that it was signed out or revoked. Absent on credentials made before it was kept.
   */
  secretHash?: string;
};

/**
 * Verifies the OAuth access tokens of MCP clients (docs/mcp.md) and of hubs that sync with this one
 * (docs/remotes.md): the MCP feature's authorization server answers what a token was granted, or
 * null for a token it did not issue or that expired.
 */
export interface McpAccessTokens {
  verifyAccess(token: string): Promise<{
    grant: { id: string; user_id: string; client_id: string; client_name: string; resource: string; context: SecurityContext | null };
    scopes: OAuthScope[];
    expiresAt: string;
  } | null>;
  /** Calls `listener` with a connection's grant id when it ends (revoked, replayed, disconnected). */
  whenEnded(listener: (grantId: string) => void): void;
}

/** What an OAuth access token (an MCP client's, or a syncing hub's) was granted. */
export interface McpConnection {
  clientId: string;
  clientName: string;
  scopes: OAuthScope[];
  /** The protected resource the token is for (RFC 8707). */
  resource: string;
}

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
  /** The credential's expiry in ms (Infinity: none), parsed once rather than at every use. */
  expiresAt: number;
}

interface Found {
  userId: string;
  credential: Credential;
}

type Lookup = () => Promise<Found | null>;

/**
 * Resolves a session cookie or bearer token to a principal. Each resolution costs a credential
 * read and a user read, so results are kept for a couple of seconds; revocation, logout and
 * suspension through this process take effect at once, through another replica within that time.
 */
export class Authenticator {
  // Keyed by the credential's hash, one map per kind: a session cookie's value sent as a bearer
  // token must not find the session's principal (nor the other way round).
  private readonly sessionCache = new Map<string, Cached>();
  private readonly tokenCache = new Map<string, Cached>();
  // MCP clients' access tokens have their own, so that the REST API's lookups never find one.
  private readonly mcpTokenCache = new Map<string, Cached>();

  constructor(
    private readonly users: UserDirectory,
    private readonly sessions: LoginSessions,
    private readonly tokens: AccessTokens,
    private readonly isSuperAdmin: SuperAdminRule,
    private readonly cacheTtlMs = 2000,
    private readonly now: () => number = Date.now,
    private readonly oauthGrants: McpAccessTokens | null = null,
  ) {
    // A connection ended for any reason (a replayed code, a reused refresh token, a revocation, a
    // disconnection) stops its access tokens here at once, not when their cache entries run out.
    oauthGrants?.whenEnded((grantId) => this.forgetConnection(grantId));
  }

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
    const key = secretHash(cookieValue);
    const now = this.now();
    const cached = this.sessionCache.get(key);
    if (cached !== undefined && cached.until > now) return this.admit(cached, now);
    return this.load(this.sessionCache, key, () => this.sessionOf(cookieValue), now);
  }

  /** As {@link fromBearerToken}, synchronous when cached (see {@link sessionCookie}). */
  bearerToken(token: string): Principal | null | Promise<Principal | null> {
    const key = secretHash(token);
    const now = this.now();
    const cached = this.tokenCache.get(key);
    if (cached !== undefined && cached.until > now) return this.admit(cached, now);
    return this.load(this.tokenCache, key, () => this.tokenOf(token), now);
  }

  /**
   * An OAuth access token of the hub's authorization server, accepted only for the resource it was
   * issued for: a token for this hub's `/mcp` reached through another address, sent to the sync API,
   * or sent to the rest of the REST API (which never calls this), is refused; so is a sync token
   * anywhere but the sync API.
   */
  async mcpAccessToken(token: string, resource: string): Promise<Principal | null> {
    if (this.oauthGrants === null) return null;
    const grants = this.oauthGrants;
    const key = secretHash(token);
    const now = this.now();
    const cached = this.mcpTokenCache.get(key);
    const principal =
      cached !== undefined && cached.until > now
        ? this.admit(cached, now)
        : await this.load(this.mcpTokenCache, key, () => this.connectionOf(grants, token), now);
    if (principal?.credential.kind !== 'token' || principal.credential.oauth?.resource !== resource) return null;
    return principal;
  }

  isSuperAdminUser(user: UserEntry): boolean {
    return this.isSuperAdmin(user);
  }

  /** Drops cached principals of a credential (logout, revocation). */
  forgetCredential(kind: 'session' | 'token', value: string): void {
    (kind === 'session' ? this.sessionCache : this.tokenCache).delete(secretHash(value));
  }

  /** Drops the cached principals of an MCP client's connection (its grant). */
  forgetConnection(grantId: string): void {
    for (const [key, cached] of this.mcpTokenCache) {
      const { credential } = cached.principal;
      if (credential.kind === 'token' && credential.tokenId === grantId) this.mcpTokenCache.delete(key);
    }
  }

  /** Drops cached principals of a user (suspension, token revocation by id). */
  forgetUser(userId: string): void {
    for (const cache of [this.sessionCache, this.tokenCache, this.mcpTokenCache]) {
      for (const [key, cached] of cache) if (cached.principal.user.id === userId) cache.delete(key);
    }
  }

  private async sessionOf(cookieValue: string): Promise<Found | null> {
    const session = await this.sessions.resolve(cookieValue);
    if (!session) return null;
    return {
      userId: session.user_id,
      credential: {
        kind: 'session',
        provider: session.provider,
        expiresAt: session.expires_at,
        context: session.context ?? null,
        secretHash: secretHash(cookieValue),
      },
    };
  }

  private async tokenOf(token: string): Promise<Found | null> {
    const record = await this.tokens.verify(token);
    if (!record) return null;
    return {
      userId: record.user_id,
      credential: {
        kind: 'token',
        tokenId: record.id,
        scope: record.scope,
        expiresAt: record.expires_at,
        context: record.context ?? null,
        secretHash: secretHash(token),
      },
    };
  }

  private async connectionOf(grants: McpAccessTokens, token: string): Promise<Found | null> {
    const access = await grants.verifyAccess(token);
    if (!access) return null;
    const { grant } = access;
    return {
      userId: grant.user_id,
      credential: {
        kind: 'token',
        tokenId: grant.id,
        // What the connection may do is narrowed tool by tool, by its scopes.
        scope: UNRESTRICTED_SCOPE,
        expiresAt: access.expiresAt,
        oauth: { clientId: grant.client_id, clientName: grant.client_name, scopes: access.scopes, resource: grant.resource },
        context: grant.context,
        secretHash: secretHash(token),
      },
    };
  }

  private async load(cache: Map<string, Cached>, key: string, lookup: Lookup, now: number): Promise<Principal | null> {
    const found = await lookup();
    const user = found ? await this.users.get(found.userId) : null;
    if (!found || !user) {
      cache.delete(key);
      return null;
    }
    const expiresAt = found.credential.expiresAt;
    const entry: Cached = {
      principal: { user, isSuperAdmin: this.isSuperAdmin(user), credential: found.credential },
      until: now + this.cacheTtlMs,
      expiresAt: expiresAt === null ? Infinity : Date.parse(expiresAt),
    };
    if (cache.size >= 10_000) cache.clear();
    cache.set(key, entry);
    return this.admit(entry, now);
  }

  /** Expiry and suspension are checked at every use, cached or not. */
  private admit(cached: Cached, now: number): Principal | null {
    if (cached.expiresAt <= now) return null;
    if (cached.principal.user.suspended_at) throw new HubError('USER_SUSPENDED', 'this account is suspended; contact an administrator');
    return cached.principal;
  }
}
