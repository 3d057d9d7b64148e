import type * as OpenIdClient from 'openid-client';
import { OutboundError, type OutboundClient } from '../../../adapters/outbound/outbound-client.js';
import { TeamAuthorizationError, type TeamAuthorization, type TeamAuthorizationServer, type TeamTokens } from '../core/team-authorization.js';

const TIMEOUT_SECONDS = 15;

type Client = typeof OpenIdClient;
let loaded: Promise<Client> | null = null;
/** openid-client is loaded when a remote first signs in or renews, not when the hub starts. */
const openIdClient = (): Promise<Client> => (loaded ??= import('openid-client'));

/**
 * The local hub as an OAuth 2.1 client of a team hub's authorization server (docs/remotes.md,
 * "Signing in"), with openid-client: RFC 8414 discovery, RFC 7591 registration as a public client,
 * PKCE S256, RFC 8707 resource indicators, refresh and RFC 7009 revocation. Every request goes
 * through the outbound-request policy (docs/outbound-requests.md); redirects are never followed.
 * The library is loaded on first use.
 */
export class OpenIdTeamAuthorization implements TeamAuthorization {
  constructor(private readonly outbound: OutboundClient) {}

  async register(baseUrl: string, input: { redirectUri: string; clientName: string; scope: string }): Promise<TeamAuthorizationServer> {
    const client = await openIdClient();
    const config = await this.attempt(() =>
      client.dynamicClientRegistration(
        new URL(baseUrl),
        {
          client_name: input.clientName,
          redirect_uris: [input.redirectUri],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none',
          scope: input.scope,
        },
        client.None(),
        {
          algorithm: 'oauth2',
          timeout: TIMEOUT_SECONDS,
          [client.customFetch]: this.outbound.fetchFunction,
          execute: baseUrl.startsWith('http:') ? [client.allowInsecureRequests] : [],
        },
      ),
    );
    const server = config.serverMetadata();
    if (!server.authorization_endpoint || !server.token_endpoint) {
      throw new TeamAuthorizationError('refused', 'the team hub\u2019s authorization server names no authorization or token endpoint');
    }
    return {
      issuer: server.issuer,
      authorization_endpoint: server.authorization_endpoint,
      token_endpoint: server.token_endpoint,
      revocation_endpoint: server.revocation_endpoint ?? null,
      client_id: config.clientMetadata().client_id,
    };
  }

  async authorizationUrl(
    server: TeamAuthorizationServer,
    input: { redirectUri: string; state: string; codeVerifier: string; resource: string; scope: string },
  ): Promise<string> {
    const client = await openIdClient();
    return client
      .buildAuthorizationUrl(this.configuration(client, server), {
        redirect_uri: input.redirectUri,
        scope: input.scope,
        state: input.state,
        code_challenge: await client.calculatePKCECodeChallenge(input.codeVerifier),
        code_challenge_method: 'S256',
        resource: input.resource,
      })
      .toString();
  }

  async exchangeCode(
    server: TeamAuthorizationServer,
    input: { callbackUrl: string; state: string; codeVerifier: string; resource: string },
  ): Promise<TeamTokens> {
    const client = await openIdClient();
    const answer = await this.attempt(() =>
      client.authorizationCodeGrant(
        this.configuration(client, server),
        new URL(input.callbackUrl),
        { pkceCodeVerifier: input.codeVerifier, expectedState: input.state },
        { resource: input.resource },
      ),
    );
    return tokensOf(answer);
  }

  async refresh(server: TeamAuthorizationServer, input: { refreshToken: string; resource: string }): Promise<TeamTokens> {
    const client = await openIdClient();
    const answer = await this.attempt(
      () => client.refreshTokenGrant(this.configuration(client, server), input.refreshToken, { resource: input.resource }),
      true,
    );
    return tokensOf(answer);
  }

  async revoke(server: TeamAuthorizationServer, token: string): Promise<void> {
    if (!server.revocation_endpoint) return;
    const client = await openIdClient();
    await this.attempt(() => client.tokenRevocation(this.configuration(client, server), token));
  }

  private configuration(client: Client, server: TeamAuthorizationServer): OpenIdClient.Configuration {
    const config = new client.Configuration(
      {
        issuer: server.issuer,
        authorization_endpoint: server.authorization_endpoint,
        token_endpoint: server.token_endpoint,
        ...(server.revocation_endpoint ? { revocation_endpoint: server.revocation_endpoint } : {}),
      },
      server.client_id,
      undefined,
      client.None(),
    );
    config[client.customFetch] = this.outbound.fetchFunction;
    config.timeout = TIMEOUT_SECONDS;
    if (server.issuer.startsWith('http:')) client.allowInsecureRequests(config);
    return config;
  }

  /** Runs a request, its failure told as the port tells it; `refreshing`: an `invalid_grant` means the connection is gone. */
  private async attempt<T>(run: () => Promise<T>, refreshing = false): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw translate(await openIdClient(), error, refreshing);
    }
  }
}

function tokensOf(answer: OpenIdClient.TokenEndpointResponse & OpenIdClient.TokenEndpointResponseHelpers): TeamTokens {
  return { access_token: answer.access_token, refresh_token: answer.refresh_token ?? null, expires_in: answer.expiresIn() ?? null };
}

function translate(client: Client, error: unknown, refreshing: boolean): TeamAuthorizationError {
  if (error instanceof TeamAuthorizationError) return error;
  if (error instanceof OutboundError) return new TeamAuthorizationError('unreachable', error.message);
  if (error instanceof client.ResponseBodyError) {
    if (refreshing && error.error === 'invalid_grant') return new TeamAuthorizationError('revoked', 'the team hub no longer honours this connection');
    return new TeamAuthorizationError(
      'refused',
      `the team hub answered ${error.error}${error.error_description ? ` (${truncate(error.error_description)})` : ''}`,
    );
  }
  if (error instanceof client.AuthorizationResponseError) {
    return new TeamAuthorizationError(
      'refused',
      `the team hub answered ${error.error}${error.error_description ? ` (${truncate(error.error_description)})` : ''}`,
    );
  }
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof OutboundError) return new TeamAuthorizationError('unreachable', cause.message);
  if (error instanceof client.ClientError)
    return new TeamAuthorizationError('refused', `the team hub\u2019s authorization server answered unexpectedly: ${truncate(error.message)}`);
  return new TeamAuthorizationError('unreachable', truncate(error instanceof Error ? error.message : String(error)));
}

function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
