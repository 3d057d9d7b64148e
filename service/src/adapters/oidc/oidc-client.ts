import * as client from 'openid-client';
import type { OidcSettings } from '../../config/settings.js';
import { HubError } from '../../core/errors.js';
import { emailClaim, pictureClaim, textClaim, verifiedClaim } from '../../core/identity/claims.js';
import type { AuthorizationChecks, IdentityProvider, ProviderIdentity } from '../../core/ports/identity-provider.js';
import type { OutboundClient } from '../outbound/outbound-client.js';

/** Who the provider says signed in (the identity provider port's identity). */
export type OidcIdentity = ProviderIdentity;
export type { AuthorizationChecks };

const REQUEST_TIMEOUT_SECONDS = 10;

/**
 * The hub's side of one OpenID Connect provider. Discovery runs on first use rather than at boot,
 * so a provider outage never keeps the hub from starting (deep health reports it instead); a
 * failed discovery is not cached, so the next login tries again. Every request to the provider
 * (discovery, token, userinfo, keys) goes through the outbound-request policy
 * (docs/outbound-requests.md), so endpoints named by the provider's metadata are checked too.
 */
export class OidcClient implements IdentityProvider {
  private discovered: Promise<client.Configuration> | null = null;

  constructor(
    private readonly settings: OidcSettings,
    private readonly outbound: OutboundClient,
  ) {}

  configuration(): Promise<client.Configuration> {
    this.discovered ??= this.discover().catch((error: unknown) => {
      this.discovered = null;
      throw new HubError(
        'SERVICE_UNAVAILABLE',
        `the identity provider ${this.settings.issuer} cannot be reached (${messageOf(error)}); retry shortly`,
        undefined,
        { cause: error, retryAfterSeconds: 5 },
      );
    });
    return this.discovered;
  }

  async authorizationUrl(redirectUri: string, checks: AuthorizationChecks): Promise<URL> {
    const config = await this.configuration();
    return client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.settings.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
  }

  /**
   * Redeems the code of an authorization response (`callbackUrl` is the registered redirect URI
   * with the response's query) and returns the identity, checking state, issuer, PKCE and nonce.
   */
  async identityFromCallback(callbackUrl: URL, checks: AuthorizationChecks): Promise<OidcIdentity> {
    const config = await this.configuration();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
      });
    } catch (error) {
      throw new HubError('UNAUTHORIZED', `sign-in could not be completed: ${describeProviderError(error)}; start again`, undefined, { cause: error });
    }
    const idToken = tokens.claims();
    if (!idToken) throw new HubError('UNAUTHORIZED', 'sign-in could not be completed: the identity provider returned no ID token');

    // Many providers keep profile claims out of the ID token of a code flow and serve them only
    // from userinfo; e-mail and its verification flag must then come from the same answer.
    let profile: Record<string, unknown> = idToken;
    if (typeof idToken.email !== 'string') {
      try {
        profile = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
      } catch (error) {
        throw new HubError(
          'UNAUTHORIZED',
          `sign-in could not be completed: the identity provider's userinfo could not be read (${describeProviderError(error)})`,
          undefined,
          { cause: error },
        );
      }
    }
    return {
      issuer: config.serverMetadata().issuer,
      sub: idToken.sub,
      email: emailClaim(profile.email),
      emailVerified: verifiedClaim(profile.email_verified),
      name: textClaim(idToken.name) ?? textClaim(profile.name),
      pictureUrl: pictureClaim(idToken.picture) ?? pictureClaim(profile.picture),
      claims: { ...profile, ...idToken },
    };
  }

  /** The provider's RP-initiated logout URL, or null when it offers none. */
  async endSessionUrl(postLogoutRedirectUri: string | null): Promise<string | null> {
    const config = await this.configuration();
    if (!config.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(config, postLogoutRedirectUri ? { post_logout_redirect_uri: postLogoutRedirectUri } : {}).href;
  }

  private discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret, allowHttp } = this.settings;
    return client.discovery(new URL(issuer), clientId, clientSecret ? { client_secret: clientSecret } : undefined, clientAuthentication(clientSecret), {
      execute: allowHttp ? [client.allowInsecureRequests] : [],
      timeout: REQUEST_TIMEOUT_SECONDS,
      [client.customFetch]: this.outbound.fetchFunction,
    });
  }
}

/**
 * `client_secret_basic` is the OpenID Connect default, so it is used unless the provider's
 * metadata lists only other methods; without a secret the hub is a public client (PKCE only).
 */
function clientAuthentication(secret: string | undefined): client.ClientAuth {
  if (!secret) return client.None();
  const basic = client.ClientSecretBasic(secret);
  const post = client.ClientSecretPost(secret);
  return (server, metadata, body, headers) => {
    const supported = server.token_endpoint_auth_methods_supported;
    const method = supported === undefined || supported.includes('client_secret_basic') || !supported.includes('client_secret_post') ? basic : post;
    method(server, metadata, body, headers);
  };
}

function describeProviderError(error: unknown): string {
  if (error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError) {
    return `the identity provider answered ${error.error}${error.error_description ? ` (${truncate(error.error_description, 200)})` : ''}`;
  }
  return messageOf(error);
}

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return truncate(`${message}${cause}`, 300);
}

function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
