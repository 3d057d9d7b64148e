/**
 * What signing in to a team hub needs of its OAuth 2.1 authorization server (docs/remotes.md,
 * "Signing in"): discovery (RFC 8414), dynamic registration of a public client (RFC 7591), the
 * authorization URL with PKCE S256 and a resource indicator (RFC 8707), the code exchange, refresh
 * with rotation, revocation (RFC 7009). The adapter calls out through the outbound-request policy.
 */

/** The team hub's authorization server as this hub registered with it. */
export interface TeamAuthorizationServer {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  revocation_endpoint: string | null;
  client_id: string;
}

export interface TeamTokens {
  access_token: string;
  /** Null when the server gave none (the connection then ends with the access token). */
  refresh_token: string | null;
  /** Seconds the access token lives, when the server said. */
  expires_in: number | null;
}

/** Why the authorization server refused, in words a person can act on. */
export class TeamAuthorizationError extends Error {
  constructor(
    /** `unreachable`: no answer; `refused`: the server said no (an OAuth error); `revoked`: the refresh token is no good. */
    readonly reason: 'unreachable' | 'refused' | 'revoked',
    message: string,
  ) {
    super(message);
    this.name = 'TeamAuthorizationError';
  }
}

export interface TeamAuthorization {
  /** Discovers the team hub's authorization server and registers this hub as a public client redirecting to `redirectUri`. */
  register(baseUrl: string, input: { redirectUri: string; clientName: string; scope: string }): Promise<TeamAuthorizationServer>;
  /** Where the browser goes to sign in and consent. */
  authorizationUrl(
    server: TeamAuthorizationServer,
    input: { redirectUri: string; state: string; codeVerifier: string; resource: string; scope: string },
  ): Promise<string>;
  /**
   * Redeems the code of the authorization response that reached `callbackUrl` (the redirect URI with
   * the response's query), checking its state and issuer.
   */
  exchangeCode(server: TeamAuthorizationServer, input: { callbackUrl: string; state: string; codeVerifier: string; resource: string }): Promise<TeamTokens>;
  /** New tokens for a refresh token (rotated: the old one is spent); `revoked` when it is no good. */
  refresh(server: TeamAuthorizationServer, input: { refreshToken: string; resource: string }): Promise<TeamTokens>;
  /** Tells the server a token is no longer wanted; best effort. */
  revoke(server: TeamAuthorizationServer, token: string): Promise<void>;
}
