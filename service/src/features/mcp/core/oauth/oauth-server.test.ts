import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testClock } from '../../../../../../test/support/job-core.js';
import { startMemoryCore } from '../../../../../../test/support/memory-core.js';
import { layout } from '../../../../core/storage-layout.js';
import { getJson } from '../../../../core/store/cas.js';
import { OAuthAuthorizations, type AuthorizeParams } from './oauth-authorizations.js';
import type { OAuthClientRecord } from './oauth-clients.js';
import { OAuthError } from './oauth-error.js';
import { OAuthGrants } from './oauth-grants.js';
import { parseScopes, registeredScopes, resourceAskedBy, type OAuthScope } from '../../../../core/identity/oauth-scopes.js';
import { pkceVerifies } from './oauth-tokens.js';

const HUB = { issuer: 'https://hub.example', resource: 'https://hub.example/mcp' };
const SYNC = 'https://hub.example/api/v1/sync';
const REDIRECT = 'http://127.0.0.1/callback';
const VERIFIER = 'a-verifier-of-at-least-forty-three-characters-0123';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OAuthError);
  return (error as OAuthError).error;
}

/**
 * The OAuth server's rules that test/core/mcp-oauth.test.ts leaves out, on an in-memory store with
 * a clock the test moves.
 */
async function world() {
  const core = await startMemoryCore();
  const { store, services } = core;
  const clock = testClock('2026-11-27T10:00:00Z');
  const { clients } = services.oauth;
  const authorizations = new OAuthAuthorizations(store, clients, clock.now);
  const grants = new OAuthGrants(store, services.audit, async (userId) => !(await services.users.get(userId))?.suspended_at, clock.now);
  const register = async (metadata: Record<string, unknown> = {}) => {
    const registered = await clients.register({ client_name: 'Client', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', ...metadata });
    return (await clients.get(registered.client_id))!;
  };
  const start = (client: OAuthClientRecord, params: Partial<AuthorizeParams> = {}) =>
    authorizations.start(
      {
        client_id: client.client_id,
        redirect_uri: REDIRECT,
        response_type: 'code',
        state: 's',
        code_challenge: CHALLENGE,
        code_challenge_method: 'S256',
        ...params,
      },
      HUB,
    );
  const consent = async (client: OAuthClientRecord, params: Partial<AuthorizeParams> = {}) => {
    const started = await start(client, params);
    if (started.kind !== 'consent') throw new Error(`refused: ${started.location}`);
    return started.requestId;
  };
  const connect = async (client: OAuthClientRecord, scopes: OAuthScope[] | null = null) => {
    const location = new URL(await authorizations.approve(await consent(client), { id: core.owner.id, context: null }, scopes));
    return grants.exchangeCode(client, { code: location.searchParams.get('code')!, redirectUri: REDIRECT, codeVerifier: VERIFIER, resource: undefined });
  };
  return { ...core, clock, clients, authorizations, grants, register, start, consent, connect };
}

const errorOf = (outcome: Awaited<ReturnType<OAuthAuthorizations['start']>>) => {
  if (outcome.kind !== 'redirect') throw new Error('not refused');
  return new URL(outcome.location);
};

describe('the OAuth authorization server', () => {
  it('sends the browser to the one redirect URI a client registered, and needs one named when it registered several', async () => {
    const w = await world();
    const single = await w.register();
    const requestId = await w.consent(single, { redirect_uri: undefined });
    expect((await w.authorizations.pending(requestId)).request.redirect_uri).toBe(REDIRECT);
    const several = await w.register({ redirect_uris: [REDIRECT, 'https://app.example/cb'] });
    expect(await refusal(w.start(several, { redirect_uri: undefined }))).toBe('invalid_request');
    expect((await w.start(several, { redirect_uri: 'https://app.example/cb' })).kind).toBe('consent');
  });

  it('refuses back to the client a scope beyond its registration or a malformed challenge, naming the issuer, with no state it did not send', async () => {
    const w = await world();
    const narrow = await w.register({ scope: 'notebooks:read' });
    const wider = errorOf(await w.start(narrow, { scope: 'notebooks:read sessions', state: undefined }));
    expect(Object.fromEntries(wider.searchParams)).toEqual({
      error: 'invalid_scope',
      error_description: expect.stringContaining('notebooks:read'),
      iss: HUB.issuer,
    });
    expect(errorOf(await w.start(narrow, { code_challenge: 'too-short' })).searchParams.get('error')).toBe('invalid_request');
    expect((await w.start(narrow, { scope: 'notebooks:read' })).kind).toBe('consent');
  });

  it('grants what the user approves, which may be less than asked, and never nothing', async () => {
    const w = await world();
    const client = await w.register();
    const requestId = await w.consent(client, { scope: 'notebooks:read notebooks:write' });
    await expect(w.authorizations.approve(requestId, { id: w.owner.id, context: null }, [])).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    // A refused answer leaves the request open.
    expect((await w.authorizations.pending(requestId)).request.scopes).toEqual(['notebooks:read', 'notebooks:write']);
    const tokens = await w.connect(client, ['notebooks:write']);
    expect(tokens.scope).toBe('notebooks:write');
    expect((await w.grants.verifyAccess(tokens.access_token))?.scopes).toEqual(['notebooks:write']);
  });

  it('issues tokens for the sync API, with its one scope, to a client that registered for it', async () => {
    const w = await world();
    const syncing = await w.register({ client_name: 'Laptop hub', scope: 'remote' });
    // Named by `resource`, or asked for by the scope alone (RFC 8707 makes `resource` optional).
    const named = await w.consent(syncing, { resource: SYNC, scope: 'notebooks:read remote' });
    expect((await w.authorizations.pending(named)).request).toMatchObject({ resource: SYNC, scopes: ['remote'] });
    const byScope = await w.consent(syncing, { scope: 'remote' });
    expect((await w.authorizations.pending(byScope)).request).toMatchObject({ resource: SYNC, scopes: ['remote'] });
    // A client registered for the MCP scopes only is not granted `remote`, and no other hub's resource is served.
    const assistant = await w.register();
    expect(errorOf(await w.start(assistant, { resource: SYNC })).searchParams.get('error')).toBe('invalid_scope');
    expect(errorOf(await w.start(syncing, { resource: 'https://other.example/api/v1/sync' })).searchParams.get('error')).toBe('invalid_target');
    // An MCP request leaves `remote` out: each resource grants its own scopes.
    const both = await w.register({ scope: 'notebooks:read remote' });
    expect((await w.authorizations.pending(await w.consent(both, { resource: HUB.resource, scope: 'notebooks:read remote' }))).request).toMatchObject({
      resource: HUB.resource,
      scopes: ['notebooks:read'],
    });

    const location = new URL(await w.authorizations.approve(named, { id: w.owner.id, context: null }, null));
    const code = location.searchParams.get('code')!;
    expect(await refusal(w.grants.exchangeCode(syncing, { code, redirectUri: REDIRECT, codeVerifier: VERIFIER, resource: HUB.resource }))).toBe(
      'invalid_target',
    );
    const tokens = await w.grants.exchangeCode(syncing, { code, redirectUri: REDIRECT, codeVerifier: VERIFIER, resource: SYNC });
    expect(tokens.scope).toBe('remote');
    expect((await w.grants.verifyAccess(tokens.access_token))?.grant).toMatchObject({ resource: SYNC, scopes: ['remote'], client_name: 'Laptop hub' });
    // Refreshed with rotation, as an MCP connection is; never widened to the MCP scopes, never moved to /mcp.
    const refreshed = await w.grants.refresh(syncing, {
      refreshToken: tokens.refresh_token,
      scopes: parseScopes('remote', resourceAskedBy('remote')),
      resource: SYNC,
    });
    expect(refreshed.scope).toBe('remote');
    expect(await refusal(w.grants.refresh(syncing, { refreshToken: refreshed.refresh_token, scopes: ['notebooks:read'], resource: undefined }))).toBe(
      'invalid_scope',
    );
    expect(await refusal(w.grants.refresh(syncing, { refreshToken: refreshed.refresh_token, scopes: null, resource: HUB.resource }))).toBe('invalid_target');
    expect(await refusal(w.grants.refresh(syncing, { refreshToken: tokens.refresh_token, scopes: null, resource: undefined }))).toBe('invalid_grant');
  });

  it('takes one answer to a consent request when approval and refusal race', async () => {
    const w = await world();
    const client = await w.register();
    const requestId = await w.consent(client);
    const answers = await Promise.allSettled([
      w.authorizations.approve(requestId, { id: w.owner.id, context: null }, null),
      w.authorizations.deny(requestId),
      w.authorizations.approve(requestId, { id: w.owner.id, context: null }, null),
    ]);
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
    for (const answer of answers) if (answer.status === 'rejected') expect(answer.reason).toMatchObject({ code: 'NOT_FOUND' });
    await expect(w.authorizations.pending('x'.repeat(43))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(w.authorizations.pending('not-a-request-id')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('binds the connection to the security context of the session that approved it', async () => {
    const w = await world();
    const client = await w.register();
    const context = {
      schemaVersion: 1 as const,
      classification: 'internal',
      compartments: ['finance'],
      policyVersion: 'v1',
      expiresAt: '2026-11-27T18:00:00.000Z',
    };
    const location = new URL(await w.authorizations.approve(await w.consent(client), { id: w.owner.id, context }, null));
    const tokens = await w.grants.exchangeCode(client, {
      code: location.searchParams.get('code')!,
      redirectUri: REDIRECT,
      codeVerifier: VERIFIER,
      resource: HUB.resource,
    });
    expect((await w.grants.verifyAccess(tokens.access_token))?.grant.context).toEqual(context);
  });

  it('gives a client registered without refresh_token no refresh token, and no refresh', async () => {
    const w = await world();
    const client = await w.register({ grant_types: ['authorization_code'] });
    const tokens = await w.connect(client);
    expect(tokens.refresh_token).toBeUndefined();
    expect(await refusal(w.grants.refresh(client, { refreshToken: 'svc_mcp_rt_x', scopes: null, resource: undefined }))).toBe('unauthorized_client');
  });

  it('keeps the ten newest access tokens of a connection, and lets a narrowed refresh narrow only its own token', async () => {
    const w = await world();
    const client = await w.register();
    const first = await w.connect(client);
    const access = [first.access_token];
    let refresh = first.refresh_token!;
    for (let i = 0; i < 10; i++) {
      w.clock.advance(1000);
      const next = await w.grants.refresh(client, { refreshToken: refresh, scopes: i === 9 ? ['notebooks:read'] : null, resource: undefined });
      access.push(next.access_token);
      refresh = next.refresh_token!;
    }
    expect(await w.grants.verifyAccess(access[0]!)).toBeNull();
    expect(await w.grants.verifyAccess(access[1]!)).not.toBeNull();
    expect((await w.grants.verifyAccess(access[10]!))?.scopes).toEqual(['notebooks:read']);
    // The connection keeps what was granted: a refresh that names no scope gets all of it again (RFC 6749 section 6).
    const again = await w.grants.refresh(client, { refreshToken: refresh, scopes: null, resource: undefined });
    expect(again.scope).toBe('notebooks:read notebooks:write sessions');
  });

  it('lists live connections only, and tidies away the index entry of a connection that is gone', async () => {
    const w = await world();
    const client = await w.register();
    const tokens = await w.connect(client);
    const grantId = (await w.grants.verifyAccess(tokens.access_token))!.grant.id;
    expect((await w.grants.list(w.owner.id)).map((grant) => grant.id)).toEqual([grantId]);
    w.clock.advance(30 * 24 * 3600_000);
    expect(await w.grants.list(w.owner.id)).toEqual([]);
    expect(await w.store.head(layout.userOauthGrant(w.owner.id, grantId))).not.toBeNull();
    // The housekeeping sweep deletes the expired grant; the next listing drops its index entry.
    await w.store.delete(layout.oauthGrant(grantId));
    expect(await w.grants.list(w.owner.id)).toEqual([]);
    expect(await w.store.head(layout.userOauthGrant(w.owner.id, grantId))).toBeNull();
    await expect(w.grants.disconnect(w.owner.id, 'not-a-grant-id')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('needs a token to revoke, and revokes an access token once; a token it never issued changes nothing', async () => {
    const w = await world();
    const client = await w.register();
    const tokens = await w.connect(client);
    expect(await refusal(w.grants.revoke(client, undefined))).toBe('invalid_request');
    expect(await w.grants.revoke(client, tokens.access_token)).toBe(w.owner.id);
    expect(await w.grants.revoke(client, tokens.access_token)).toBeNull();
    expect(await w.grants.revoke(client, `svc_mcp_at_grt-0000000000000000_${'a'.repeat(43)}`)).toBeNull();
    expect(await w.grants.revoke(client, 'not a token at all')).toBeNull();
    // The refresh token still works: revoking an access token leaves the connection.
    expect((await w.grants.refresh(client, { refreshToken: tokens.refresh_token, scopes: null, resource: undefined })).access_token).toMatch(/^svc_mcp_at_/);
  });

  it('registers the scopes it offers out of what a client asks, an https client_uri only, and at most ten redirect URIs', async () => {
    const w = await world();
    const registered = await w.clients.register({
      redirect_uris: [REDIRECT],
      scope: 'openid notebooks:read profile',
      grant_types: ['authorization_code', 'authorization_code'],
    });
    expect(registered).toMatchObject({ scope: 'notebooks:read', grant_types: ['authorization_code'], client_name: 'An unnamed MCP client' });
    expect((await w.clients.register({ redirect_uris: [REDIRECT], scope: 'openid' })).scope).toBe('notebooks:read notebooks:write sessions');
    expect(await refusal(w.clients.register({ redirect_uris: [REDIRECT], client_uri: 'http://app.example' }))).toBe('invalid_client_metadata');
    expect((await w.clients.register({ redirect_uris: [REDIRECT], client_uri: 'https://app.example' })).client_uri).toBe('https://app.example');
    const eleven = Array.from({ length: 11 }, (_, i) => `https://app.example/cb${i}`);
    expect(await refusal(w.clients.register({ redirect_uris: eleven }))).toBe('invalid_redirect_uri');
    expect(await refusal(w.clients.register({ redirect_uris: [REDIRECT], response_types: ['token'] }))).toBe('invalid_client_metadata');
    expect(await refusal(w.clients.register({ redirect_uris: [REDIRECT], client_name: 'bell\u0007' }))).toBe('invalid_client_metadata');
    expect(await refusal(w.clients.register({ redirect_uris: 'https://app.example/cb' }))).toBe('invalid_redirect_uri');
  });

  it("keeps only a hash of a confidential client's secret, and takes the secret in the form body when it registered so", async () => {
    const w = await world();
    const registered = await w.clients.register({ redirect_uris: ['https://app.example/cb'], token_endpoint_auth_method: 'client_secret_post' });
    const stored = (await getJson<OAuthClientRecord>(w.store, layout.oauthClient(registered.client_id)))!.value;
    expect(JSON.stringify(stored)).not.toContain(registered.client_secret);
    expect(stored.client_secret_hash).toMatch(/^[0-9a-f]{64}$/);
    const presented = { clientId: registered.client_id, clientSecret: registered.client_secret, method: 'client_secret_post' as const };
    expect((await w.clients.authenticate(presented)).client_id).toBe(registered.client_id);
    expect(await refusal(w.clients.authenticate({ ...presented, method: 'client_secret_basic' }))).toBe('invalid_client');
    expect(await refusal(w.clients.authenticate({ ...presented, clientId: undefined }))).toBe('invalid_client');
  });

  it('reads scopes and PKCE verifiers as the RFCs say', () => {
    expect(parseScopes(undefined)).toEqual(['notebooks:read', 'notebooks:write', 'sessions']);
    expect(parseScopes('sessions notebooks:read')).toEqual(['notebooks:read', 'sessions']);
    expect(parseScopes('remote notebooks:read', 'sync')).toEqual(['remote']);
    expect(parseScopes(undefined, 'sync')).toEqual(['remote']);
    expect(resourceAskedBy('openid remote')).toBe('sync');
    expect(resourceAskedBy('remote sessions')).toBe('mcp');
    expect(registeredScopes('openid')).toEqual(['notebooks:read', 'notebooks:write', 'sessions']);
    expect(registeredScopes('remote sessions')).toEqual(['sessions', 'remote']);
    expect(pkceVerifies(VERIFIER, CHALLENGE)).toBe(true);
    expect(pkceVerifies(VERIFIER.slice(0, 42), createHash('sha256').update(VERIFIER.slice(0, 42)).digest('base64url'))).toBe(false);
    expect(pkceVerifies(`${VERIFIER} `, CHALLENGE)).toBe(false);
  });
});
