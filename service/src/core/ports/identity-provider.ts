/** Who the identity provider says signed in, as far as the hub cares. */
export interface ProviderIdentity {
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

/** What a login flow keeps to check the provider's answer against (PKCE S256, state, nonce). */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The OpenID Connect provider the hub signs users in with (the OpenID client adapter). Calls
 * that need the provider fail with SERVICE_UNAVAILABLE while it cannot be reached.
 */
export interface IdentityProvider {
  /** Where to send the browser to sign in, bound to these checks and redirect URI. */
  authorizationUrl(redirectUri: string, checks: AuthorizationChecks): Promise<URL>;
  /**
   * Redeems the code of an authorization response (`callbackUrl` is the redirect URI with the
   * response's query) and returns the identity; UNAUTHORIZED when a check fails.
   */
  identityFromCallback(callbackUrl: URL, checks: AuthorizationChecks): Promise<ProviderIdentity>;
  /** The provider's logout URL, or null when it offers none. */
  endSessionUrl(postLogoutRedirectUri: string | null): Promise<string | null>;
}
