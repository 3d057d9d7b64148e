import type { Authenticator, Principal } from '../../../core/identity/authenticator.js';
import type { AuthorizeOutcome, AuthorizeParams, HubAsServer, OAuthAuthorizations, PendingAuthorization } from './oauth/oauth-authorizations.js';
import type { OAuthClients, PresentedClient, RegisteredClient } from './oauth/oauth-clients.js';
import { OAuthError } from './oauth/oauth-error.js';
import type { OAuthGrantRecord, OAuthGrants, TokenAnswer } from './oauth/oauth-grants.js';
import { parseScopes, resourceAskedBy, type OAuthScope } from '../../../core/identity/oauth-scopes.js';
import { assertBrowserSession } from '../../../core/access/credential-rules.js';

export interface McpConnectionDeps {
  clients: OAuthClients;
  authorizations: OAuthAuthorizations;
  grants: OAuthGrants;
  authenticator: Authenticator;
}

/** The form of a token request (RFC 6749 sections 4.1.3 and 6). */
export interface TokenRequest {
  grant_type?: string;
  code?: string;
  redirect_uri?: string;
  code_verifier?: string;
  refresh_token?: string;
  scope?: string;
  resource?: string;
}

/**
 * Connecting MCP clients to the hub with OAuth (docs/mcp.md): registration, the consent page's
 * answers, the token and revocation endpoints, and the account page's connected clients. The
 * consent page and the account page need a browser session: a token can never approve a client
 * nor disconnect one. Every method is `async`, so that each is a use case with its span where the
 * hub traces (docs/telemetry.md).
 */
export class McpConnectionUseCases {
  constructor(private readonly deps: McpConnectionDeps) {}

  async register(metadata: Record<string, unknown>): Promise<RegisteredClient> {
    return this.deps.clients.register(metadata);
  }

  async authorize(params: AuthorizeParams, hub: HubAsServer): Promise<AuthorizeOutcome> {
    return this.deps.authorizations.start(params, hub);
  }

  async pending(principal: Principal, requestId: string): Promise<PendingAuthorization> {
    assertBrowserSession(principal);
    return this.deps.authorizations.pending(requestId);
  }

  /** The signed-in user lets the client in with `scopes` (all it asked for when null); returns the redirect. */
  async approve(principal: Principal, requestId: string, scopes: OAuthScope[] | null): Promise<string> {
    assertBrowserSession(principal);
    return this.deps.authorizations.approve(requestId, { id: principal.user.id, context: principal.credential.context }, scopes);
  }

  async deny(principal: Principal, requestId: string): Promise<string> {
    assertBrowserSession(principal);
    return this.deps.authorizations.deny(requestId);
  }

  async token(presented: PresentedClient, form: TokenRequest): Promise<TokenAnswer> {
    if (form.grant_type !== 'authorization_code' && form.grant_type !== 'refresh_token') {
      throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
    }
    const client = await this.deps.clients.authenticate(presented);
    if (form.grant_type === 'authorization_code') {
      return this.deps.grants.exchangeCode(client, {
        code: form.code,
        redirectUri: form.redirect_uri,
        codeVerifier: form.code_verifier,
        resource: form.resource,
      });
    }
    // Read against the resource the words ask for: a sync connection narrows to `remote` or nothing.
    const scopes = form.scope === undefined || form.scope.trim() === '' ? null : parseScopes(form.scope, resourceAskedBy(form.scope));
    return this.deps.grants.refresh(client, { refreshToken: form.refresh_token, scopes, resource: form.resource });
  }

  async revoke(presented: PresentedClient, token: string | undefined): Promise<void> {
    const client = await this.deps.clients.authenticate(presented);
    const userId = await this.deps.grants.revoke(client, token);
    // The connection's tokens may still sit in this process's short cache; drop them there too.
    if (userId !== null) this.deps.authenticator.forgetUser(userId);
  }

  /** The caller's connected clients, newest first. */
  async connections(principal: Principal): Promise<OAuthGrantRecord[]> {
    assertBrowserSession(principal);
    return this.deps.grants.list(principal.user.id);
  }

  async disconnect(principal: Principal, grantId: string): Promise<OAuthGrantRecord> {
    assertBrowserSession(principal);
    const grant = await this.deps.grants.disconnect(principal.user.id, grantId);
    this.deps.authenticator.forgetUser(principal.user.id);
    return grant;
  }
}
