import { HubError } from '../../../../core/errors.js';
import type { SecurityContext } from '../../../../core/policy/security-labels.js';
import { PreconditionFailedError, type ObjectStore } from '../../../../core/ports/object-store.js';
import { getJson, jsonBody } from '../../../../core/store/cas.js';
import { layout } from '../../../../core/storage-layout.js';
import { randomSecret, secretHash } from '../../../../core/identity/secrets.js';
import type { OAuthClientRecord, OAuthClients } from './oauth-clients.js';
import { OAuthError } from './oauth-error.js';
import type { OAuthCodeRecord } from './oauth-grants.js';
import { parseScopes, registeredScopes, resourceAskedBy, scopesWithin, syncResourceOf, type OAuthScope } from '../../../../core/identity/oauth-scopes.js';
import { PKCE_CHALLENGE_PATTERN } from './oauth-tokens.js';
import { redirectUriMatches } from './redirect-uris.js';

/** How long the consent page may stay open. */
const REQUEST_LIFETIME_MS = 10 * 60_000;
/** How long a code may take from the browser's redirect to the client's exchange. */
const CODE_LIFETIME_MS = 60_000;
/** How long a used code is remembered, so that a replay ends the connection it made. */
const CODE_RECORD_LIFETIME_MS = 10 * 60_000;
const REQUEST_ID = /^[A-Za-z0-9_-]{43}$/;

/** An authorization request awaiting the user: `auth/oauth-requests/<hash of its id>`. */
export interface OAuthRequestRecord {
  schema_version: 1;
  client_id: string;
  redirect_uri: string;
  state: string | null;
  code_challenge: string;
  scopes: OAuthScope[];
  /** The protected resource the tokens will be for: the hub's `/mcp` or its sync API (RFC 8707). */
  resource: string;
  /** This hub as the client reached it, named in every answer (`iss`, RFC 9207). */
  issuer: string;
  created_at: string;
  expires_at: string;
}

/**
 * This hub as the client reached it: its MCP server (the resource tokens are for unless a client
 * names the sync API, `syncResourceOf(issuer)`), and the issuer of the answers.
 */
export interface HubAsServer {
  resource: string;
  issuer: string;
}

/** The query of `GET /oauth/authorize`, as the client sent it. */
export interface AuthorizeParams {
  client_id?: string;
  redirect_uri?: string;
  response_type?: string;
  state?: string;
  scope?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  resource?: string;
}

/**
 * Where the browser goes from `/oauth/authorize`: to the consent page, or back to the client with
 * an error once the client and its redirect URI are known to be genuine.
 */
export type AuthorizeOutcome = { kind: 'consent'; requestId: string } | { kind: 'redirect'; location: string };

/** An authorization request as the consent page shows it. */
export interface PendingAuthorization {
  client: OAuthClientRecord;
  request: OAuthRequestRecord;
}

/**
 * The authorization endpoint and the consent page behind it (docs/mcp.md, "Signing in with
 * OAuth"). The client and its redirect URI are checked first, and until they are, nothing is sent
 * to the redirect URI (an attacker's client must not learn anything); everything else is refused
 * back to the client, as RFC 6749 section 4.1.2.1 says. PKCE with S256 is required.
 */
export class OAuthAuthorizations {
  constructor(
    private readonly store: ObjectStore,
    private readonly clients: OAuthClients,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Throws OAuthError when the browser must not be sent to the redirect URI at all. */
  async start(params: AuthorizeParams, { resource, issuer }: HubAsServer): Promise<AuthorizeOutcome> {
    const client = params.client_id === undefined ? null : await this.clients.get(params.client_id);
    if (!client) throw new OAuthError('invalid_client', 'the client is not registered with this hub; it must register again');
    const redirectUri = params.redirect_uri ?? (client.redirect_uris.length === 1 ? client.redirect_uris[0]! : undefined);
    if (redirectUri === undefined) throw new OAuthError('invalid_request', 'redirect_uri is required: the client registered more than one');
    if (!redirectUriMatches(client.redirect_uris, redirectUri)) {
      throw new OAuthError('invalid_request', 'redirect_uri is not one the client registered');
    }
    const refuse = (error: string, description: string): AuthorizeOutcome => ({
      kind: 'redirect',
      location: redirectTo(redirectUri, issuer, { error, error_description: description, state: params.state }),
    });
    if (params.response_type !== 'code') return refuse('unsupported_response_type', 'only response_type=code is offered');
    if (params.code_challenge === undefined) return refuse('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256');
    if (params.code_challenge_method !== 'S256') return refuse('invalid_request', 'only code_challenge_method=S256 is accepted');
    if (!PKCE_CHALLENGE_PATTERN.test(params.code_challenge)) return refuse('invalid_request', 'code_challenge must be a base64url SHA-256 digest');
    // The resource named, else the one the scopes ask for: each resource grants its own scopes.
    const syncResource = syncResourceOf(issuer);
    const target = params.resource ?? (resourceAskedBy(params.scope) === 'sync' ? syncResource : resource);
    if (target !== resource && target !== syncResource) {
      return refuse('invalid_target', `this hub issues tokens only for ${resource} and ${syncResource}`);
    }
    const scopes = parseScopes(params.scope, target === resource ? 'mcp' : 'sync');
    if (!scopesWithin(scopes, registeredScopes(client.scope))) return refuse('invalid_scope', `this client registered for ${client.scope} only`);
    const at = this.now();
    const requestId = randomSecret();
    const request: OAuthRequestRecord = {
      schema_version: 1,
      client_id: client.client_id,
      redirect_uri: redirectUri,
      state: params.state ?? null,
      code_challenge: params.code_challenge,
      scopes,
      resource: target,
      issuer,
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + REQUEST_LIFETIME_MS).toISOString(),
    };
    await this.store.put(layout.oauthRequest(secretHash(requestId)), jsonBody(request), { ifNoneMatch: '*' });
    return { kind: 'consent', requestId };
  }

  /** A pending request for the consent page; NOT_FOUND once answered or expired. */
  async pending(requestId: string): Promise<PendingAuthorization> {
    const { request } = await this.open(requestId);
    const client = await this.clients.get(request.client_id);
    if (!client) throw expiredRequest();
    return { client, request };
  }

  /**
   * The user approves (with all or some of the scopes asked for): a one-minute code bound to the
   * user, the client, the redirect URI, the PKCE challenge and the resource. Returns where the
   * browser goes next.
   */
  async approve(requestId: string, user: { id: string; context: SecurityContext | null }, scopes: OAuthScope[] | null): Promise<string> {
    const open = await this.open(requestId);
    const { request } = open;
    const granted = scopes ?? request.scopes;
    if (granted.length === 0) throw new HubError('VALIDATION_ERROR', 'grant at least one scope', [{ field: 'scopes', message: 'must not be empty' }]);
    if (!scopesWithin(granted, request.scopes)) {
      throw new HubError('VALIDATION_ERROR', 'only the scopes the client asked for can be granted', [
        { field: 'scopes', message: `must be among ${request.scopes.join(', ')}` },
      ]);
    }
    await this.answer(open);
    const code = randomSecret();
    const at = this.now().getTime();
    const record: OAuthCodeRecord = {
      schema_version: 1,
      user_id: user.id,
      client_id: request.client_id,
      redirect_uri: request.redirect_uri,
      code_challenge: request.code_challenge,
      scopes: granted,
      resource: request.resource,
      context: user.context,
      code_expires_at: new Date(at + CODE_LIFETIME_MS).toISOString(),
      expires_at: new Date(at + CODE_RECORD_LIFETIME_MS).toISOString(),
      redeemed_grant_id: null,
    };
    await this.store.put(layout.oauthCode(secretHash(code)), jsonBody(record), { ifNoneMatch: '*' });
    return redirectTo(request.redirect_uri, request.issuer, { code, state: request.state ?? undefined });
  }

  /** The user declines: the client hears `access_denied`. */
  async deny(requestId: string): Promise<string> {
    const open = await this.open(requestId);
    await this.answer(open);
    const { request } = open;
    return redirectTo(request.redirect_uri, request.issuer, {
      error: 'access_denied',
      error_description: 'the user declined',
      state: request.state ?? undefined,
    });
  }

  /** A request still open (not answered, not expired), with the version read; NOT_FOUND otherwise. */
  private async open(requestId: string): Promise<{ key: string; request: OAuthRequestRecord; etag: string }> {
    const key = layout.oauthRequest(secretHash(requestId));
    const found = REQUEST_ID.test(requestId) ? await getJson<OAuthRequestRecord>(this.store, key) : null;
    if (!found || Date.parse(found.value.expires_at) <= this.now().getTime()) throw expiredRequest();
    return { key, request: found.value, etag: found.etag };
  }

  /** Deletes the request as it was read, so that it is answered once: a racing answer finds it gone. */
  private async answer({ key, etag }: { key: string; etag: string }): Promise<void> {
    try {
      await this.store.delete(key, { ifMatch: etag });
    } catch (error) {
      if (error instanceof PreconditionFailedError) throw expiredRequest();
      throw error;
    }
  }
}

function redirectTo(redirectUri: string, issuer: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  url.searchParams.set('iss', issuer);
  return url.toString();
}

const expiredRequest = () => new HubError('NOT_FOUND', 'this sign-in request has expired or was already answered; start connecting again from your assistant');
