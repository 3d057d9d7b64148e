import type { AuditLog } from '../../../../core/audit/audit-log.js';
import { HubError } from '../../../../core/errors.js';
import { timeOrderedId } from '../../../../core/ids.js';
import type { SecurityContext } from '../../../../core/policy/security-labels.js';
import { PreconditionFailedError, type ObjectStore } from '../../../../core/ports/object-store.js';
import { getJson, jsonBody, updateJson } from '../../../../core/store/cas.js';
import { newestNamesUnder } from '../../../../core/store/names-under.js';
import { layout } from '../../../../core/storage-layout.js';
import { secretHash } from '../../../../core/identity/secrets.js';
import type { OAuthClientRecord } from './oauth-clients.js';
import { OAuthError } from './oauth-error.js';
import { scopeString, scopesWithin, type OAuthScope } from '../../../../core/identity/oauth-scopes.js';
import { ACCESS_TOKEN_LIFETIME_MS, GRANT_ID_PATTERN, newToken, parseToken, pkceVerifies, REFRESH_TOKEN_IDLE_MS } from './oauth-tokens.js';

/** Live access tokens kept per connection; a client refreshing more often loses its oldest ones early. */
const MAX_ACCESS_TOKENS = 10;
/** Refresh tokens remembered after rotation, so that the reuse of a stolen one is noticed. */
const MAX_RETIRED_REFRESH = 20;

/** An authorization code: `auth/oauth-codes/<hash of the code>`. */
export interface OAuthCodeRecord {
  schema_version: 1;
  user_id: string;
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  scopes: OAuthScope[];
  resource: string;
  context: SecurityContext | null;
  /** The code is good until then (a minute). */
  code_expires_at: string;
  /** The record is kept until then (the housekeeping sweep's field), so that a replay is recognised. */
  expires_at: string;
  /** Set when the code is exchanged: the connection it made, revoked if the code comes again. */
  redeemed_grant_id: string | null;
}

interface AccessEntry {
  hash: string;
  expires_at: string;
  scopes: OAuthScope[];
}

/** A connected client (one user, one client): `auth/oauth-grants/<grant_id>`, changed by CAS. */
export interface OAuthGrantRecord {
  schema_version: 1;
  id: string;
  user_id: string;
  client_id: string;
  client_name: string;
  scopes: OAuthScope[];
  /** The protected resource the tokens are for: this hub's `/mcp` or its sync API (RFC 8707). */
  resource: string;
  /** The approving session's security context, good until it expires (null: none). */
  context: SecurityContext | null;
  created_at: string;
  refreshed_at: string;
  access_tokens: AccessEntry[];
  refresh_hash: string;
  /** When the connection ends unless refreshed (the housekeeping sweep's field). */
  expires_at: string;
  retired_refresh_hashes: string[];
}

const suspended = () => new OAuthError('invalid_grant', 'the account is suspended; contact an administrator');

type RefreshOutcome = 'rotated' | 'unknown' | 'reused' | 'expired' | 'other-client' | 'wider' | 'other-resource';

/** What the token endpoint answers (RFC 6749 section 5.1). */
export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  scope: string;
}

/** What an access token stands for, when it is live. */
export interface VerifiedAccess {
  grant: OAuthGrantRecord;
  scopes: OAuthScope[];
  expiresAt: string;
}

export interface CodeExchange {
  code: string | undefined;
  redirectUri: string | undefined;
  codeVerifier: string | undefined;
  resource: string | undefined;
}

/**
 * Connections of MCP clients (docs/mcp.md): an authorization code becomes a grant holding a
 * refresh token and short-lived access tokens for `/mcp`. A refresh rotates the refresh token; a
 * rotated one presented again (as after a theft) ends the connection, as does a code used twice.
 */
export class OAuthGrants {
  private readonly endListeners: ((grantId: string) => void)[] = [];

  constructor(
    private readonly store: ObjectStore,
    private readonly audit: AuditLog,
    /** Whether the user may still sign in: a suspended user's client gets no new tokens. */
    private readonly userActive: (userId: string) => Promise<boolean>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Calls `listener` with the id of every connection that ends (its tokens must stop at once, caches included). */
  whenEnded(listener: (grantId: string) => void): void {
    this.endListeners.push(listener);
  }

  async exchangeCode(client: OAuthClientRecord, exchange: CodeExchange): Promise<TokenAnswer> {
    if (!exchange.code || !exchange.codeVerifier) throw new OAuthError('invalid_request', 'code and code_verifier are required');
    const key = layout.oauthCode(secretHash(exchange.code));
    const found = await getJson<OAuthCodeRecord>(this.store, key);
    if (!found) throw new OAuthError('invalid_grant', 'the authorization code is unknown or has expired');
    const code = found.value;
    // Only the client the code was issued to, proving it with the PKCE verifier, gets anywhere with
    // it: a used code in other hands must not end the user's connection.
    if (code.client_id !== client.client_id) throw new OAuthError('invalid_grant', 'the authorization code was issued to another client');
    if (exchange.redirectUri !== code.redirect_uri) throw new OAuthError('invalid_grant', 'redirect_uri differs from the one the code was issued for');
    if (!pkceVerifies(exchange.codeVerifier, code.code_challenge)) throw new OAuthError('invalid_grant', 'the code_verifier does not match the code_challenge');
    if (code.redeemed_grant_id !== null) {
      await this.end(code.redeemed_grant_id, 'oauth.code_replay', code.user_id);
      throw new OAuthError('invalid_grant', 'the authorization code was already used; the connection it made is ended');
    }
    const at = this.now();
    if (Date.parse(code.code_expires_at) <= at.getTime()) throw new OAuthError('invalid_grant', 'the authorization code has expired');
    if (exchange.resource !== undefined && exchange.resource !== code.resource) {
      throw new OAuthError('invalid_target', `the code was issued for ${code.resource}`);
    }
    if (!(await this.userActive(code.user_id))) throw suspended();
    const grantId = `grt-${timeOrderedId(at.getTime())}`;
    try {
      await this.store.put(key, jsonBody({ ...code, redeemed_grant_id: grantId }), { ifMatch: found.etag });
    } catch (error) {
      if (error instanceof PreconditionFailedError) throw new OAuthError('invalid_grant', 'the authorization code was already used');
      throw error;
    }
    await this.endEarlierConnections(code.user_id, client.client_id);
    const access = newToken('access', grantId);
    const refresh = newToken('refresh', grantId);
    const grant: OAuthGrantRecord = {
      schema_version: 1,
      id: grantId,
      user_id: code.user_id,
      client_id: client.client_id,
      client_name: client.client_name,
      scopes: code.scopes,
      resource: code.resource,
      context: code.context,
      created_at: at.toISOString(),
      refreshed_at: at.toISOString(),
      access_tokens: [this.accessEntry(access, code.scopes, at)],
      refresh_hash: secretHash(refresh),
      expires_at: new Date(at.getTime() + REFRESH_TOKEN_IDLE_MS).toISOString(),
      retired_refresh_hashes: [],
    };
    await this.store.put(layout.oauthGrant(grantId), jsonBody(grant), { ifNoneMatch: '*' });
    await this.store.put(layout.userOauthGrant(code.user_id, grantId), jsonBody({ grant_id: grantId }), { ifNoneMatch: '*' });
    await this.audit.append({
      event: 'oauth.connect',
      actor: code.user_id,
      metadata: { grant_id: grantId, client_id: client.client_id, client_name: client.client_name, scopes: code.scopes },
    });
    return this.answer(access, refresh, code.scopes, client);
  }

  async refresh(
    client: OAuthClientRecord,
    input: { refreshToken: string | undefined; scopes: OAuthScope[] | null; resource: string | undefined },
  ): Promise<TokenAnswer> {
    if (!client.grant_types.includes('refresh_token')) throw new OAuthError('unauthorized_client', 'this client did not register for refresh_token');
    const parsed = input.refreshToken === undefined ? null : parseToken(input.refreshToken);
    if (!parsed || parsed.kind !== 'refresh') throw new OAuthError('invalid_grant', 'the refresh token is malformed');
    const hash = secretHash(input.refreshToken!);
    const owner = (await getJson<OAuthGrantRecord>(this.store, layout.oauthGrant(parsed.grantId)))?.value.user_id;
    if (owner !== undefined && !(await this.userActive(owner))) throw suspended();
    const at = this.now();
    const access = newToken('access', parsed.grantId);
    const refresh = newToken('refresh', parsed.grantId);
    let outcome = 'unknown' as RefreshOutcome;
    let scopes: OAuthScope[] = [];
    const { value: grant } = await updateJson<OAuthGrantRecord>(this.store, layout.oauthGrant(parsed.grantId), (current) => {
      if (!current) return void (outcome = 'unknown');
      if (current.client_id !== client.client_id) return void (outcome = 'other-client');
      if (current.refresh_hash !== hash) return void (outcome = current.retired_refresh_hashes.includes(hash) ? 'reused' : 'unknown');
      if (Date.parse(current.expires_at) <= at.getTime()) return void (outcome = 'expired');
      if (input.scopes !== null && !scopesWithin(input.scopes, current.scopes)) return void (outcome = 'wider');
      if (input.resource !== undefined && input.resource !== current.resource) return void (outcome = 'other-resource');
      outcome = 'rotated';
      scopes = input.scopes ?? current.scopes;
      const live = current.access_tokens.filter((entry) => Date.parse(entry.expires_at) > at.getTime());
      return {
        ...current,
        refreshed_at: at.toISOString(),
        access_tokens: [...live, this.accessEntry(access, scopes, at)].slice(-MAX_ACCESS_TOKENS),
        refresh_hash: secretHash(refresh),
        expires_at: new Date(at.getTime() + REFRESH_TOKEN_IDLE_MS).toISOString(),
        retired_refresh_hashes: [...current.retired_refresh_hashes, hash].slice(-MAX_RETIRED_REFRESH),
      };
    });
    switch (outcome) {
      case 'rotated':
        return this.answer(access, refresh, scopes, client);
      case 'reused':
        await this.end(parsed.grantId, 'oauth.refresh_reuse', grant!.user_id);
        throw new OAuthError('invalid_grant', 'this refresh token was already used; the connection is ended, sign in again');
      case 'expired':
        throw new OAuthError('invalid_grant', 'the connection has expired; sign in again');
      case 'other-client':
        throw new OAuthError('invalid_grant', 'the refresh token was issued to another client');
      case 'wider':
        throw new OAuthError('invalid_scope', `the connection was granted only ${scopeString(grant!.scopes)}`);
      case 'other-resource':
        throw new OAuthError('invalid_target', `the connection's tokens are for ${grant!.resource}`);
      default:
        throw new OAuthError('invalid_grant', 'the refresh token is unknown or was revoked; sign in again');
    }
  }

  /** The live connection and scopes an access token stands for, or null. */
  async verifyAccess(token: string): Promise<VerifiedAccess | null> {
    const parsed = parseToken(token);
    if (!parsed || parsed.kind !== 'access') return null;
    const grant = (await getJson<OAuthGrantRecord>(this.store, layout.oauthGrant(parsed.grantId)))?.value;
    if (!grant) return null;
    const hash = secretHash(token);
    const entry = grant.access_tokens.find((candidate) => candidate.hash === hash);
    if (!entry || Date.parse(entry.expires_at) <= this.now().getTime()) return null;
    return { grant, scopes: entry.scopes, expiresAt: entry.expires_at };
  }

  /**
   * Token revocation (RFC 7009): a refresh token ends its connection, an access token only itself.
   * A token the hub does not know is already as revoked as it can be. Returns the user whose
   * connection changed, or null.
   */
  async revoke(client: OAuthClientRecord, token: string | undefined): Promise<string | null> {
    if (!token) throw new OAuthError('invalid_request', 'token is required');
    const parsed = parseToken(token);
    if (!parsed) return null;
    const key = layout.oauthGrant(parsed.grantId);
    const grant = (await getJson<OAuthGrantRecord>(this.store, key))?.value;
    if (!grant) return null;
    if (grant.client_id !== client.client_id) throw new OAuthError('unauthorized_client', 'the token was issued to another client');
    const hash = secretHash(token);
    if (parsed.kind === 'refresh') {
      if (grant.refresh_hash !== hash && !grant.retired_refresh_hashes.includes(hash)) return null;
      await this.end(grant.id, 'oauth.revoke', grant.user_id);
      return grant.user_id;
    }
    const { changed } = await updateJson<OAuthGrantRecord>(this.store, key, (current) => {
      if (!current || !current.access_tokens.some((entry) => entry.hash === hash)) return undefined;
      return { ...current, access_tokens: current.access_tokens.filter((entry) => entry.hash !== hash) };
    });
    return changed ? grant.user_id : null;
  }

  /** A user's connected clients, newest first; the index entries of ended ones are tidied away. */
  async list(userId: string): Promise<OAuthGrantRecord[]> {
    const ids = await newestNamesUnder(this.store, layout.userOauthGrantsPrefix(userId));
    const grants: OAuthGrantRecord[] = [];
    for (const id of ids) {
      const grant = (await getJson<OAuthGrantRecord>(this.store, layout.oauthGrant(id)))?.value;
      if (grant && Date.parse(grant.expires_at) > this.now().getTime()) grants.push(grant);
      else if (!grant) await this.store.delete(layout.userOauthGrant(userId, id));
    }
    return grants;
  }

  /** The user disconnects one of their clients: its tokens stop working at once. */
  async disconnect(userId: string, grantId: string): Promise<OAuthGrantRecord> {
    const grant = GRANT_ID_PATTERN.test(grantId) ? (await getJson<OAuthGrantRecord>(this.store, layout.oauthGrant(grantId)))?.value : undefined;
    if (!grant || grant.user_id !== userId) throw new HubError('NOT_FOUND', `connected client ${grantId} not found`);
    await this.end(grantId, 'oauth.disconnect', userId);
    return grant;
  }

  /** Connecting a client again replaces its earlier connection, so the account page lists it once. */
  private async endEarlierConnections(userId: string, clientId: string): Promise<void> {
    for (const grant of await this.list(userId)) if (grant.client_id === clientId) await this.end(grant.id, 'oauth.replace', userId);
  }

  /** Ends a connection: the grant first (its tokens stop working), then its index entry. */
  private async end(grantId: string, event: string, actor: string): Promise<void> {
    const grant = (await getJson<OAuthGrantRecord>(this.store, layout.oauthGrant(grantId)))?.value;
    if (!grant) return;
    await this.store.delete(layout.oauthGrant(grantId));
    for (const listener of this.endListeners) listener(grantId);
    await this.store.delete(layout.userOauthGrant(grant.user_id, grantId));
    await this.audit.append({ event, actor, metadata: { grant_id: grantId, client_id: grant.client_id, client_name: grant.client_name } });
  }

  private accessEntry(token: string, scopes: OAuthScope[], at: Date): AccessEntry {
    return { hash: secretHash(token), expires_at: new Date(at.getTime() + ACCESS_TOKEN_LIFETIME_MS).toISOString(), scopes };
  }

  private answer(access: string, refresh: string, scopes: OAuthScope[], client: OAuthClientRecord): TokenAnswer {
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_LIFETIME_MS / 1000,
      ...(client.grant_types.includes('refresh_token') ? { refresh_token: refresh } : {}),
      scope: scopeString(scopes),
    };
  }
}
