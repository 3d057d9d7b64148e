/**
 * The OpenID Connect provider the hub signs users in with (the login flow of the HTTP surface
 * drives it). Implemented by the OIDC client adapter.
 */
export interface IdentityProvider {
  /** Fresh state, nonce and PKCE code verifier for one login. */
  newChecks(): AuthorizationChecks;
  /** Where to send the browser to sign in; the provider comes back to `redirectUri`. */
  authorizationUrl(redirectUri: string, checks: AuthorizationChecks): Promise<URL>;
  /** Checks the provider's answer at the callback URL against the login's checks. */
  identityFromCallback(callbackUrl: URL, checks: AuthorizationChecks): Promise<OidcIdentity>;
  /** Where the browser ends the provider's session; null if the provider has no such endpoint. */
  endSessionUrl(postLogoutRedirectUri: string | null): Promise<string | null>;
}

/** Who the provider says signed in, as far as the hub cares. */
export interface OidcIdentity {
  /** The issuer named by the provider's own metadata (the `iss` of its ID tokens). */
  issuer: string;
  sub: string;
  email: string | null;
  /** Null when the provider does not say. */
  emailVerified: boolean | null;
  name: string | null;
  pictureUrl: string | null;
  /** Every claim of the ID token, completed from userinfo (groups, clearance). */
  claims: Record<string, unknown>;
}

/** What the login flow kept to check the provider's answer against. */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}
