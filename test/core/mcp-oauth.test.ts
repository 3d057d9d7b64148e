import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { FsObjectStore } from '../../service/src/adapters/store/fs-store.js';
import { createStoreServices } from '../../service/src/compose/services.js';
import { readSettings } from '../../service/src/config/settings.js';
import { AuditQueries } from '../../service/src/core/audit/audit-queries.js';
import { OAuthAuthorizations } from '../../service/src/features/mcp/core/oauth/oauth-authorizations.js';
import { OAuthClients, type OAuthClientRecord } from '../../service/src/features/mcp/core/oauth/oauth-clients.js';
import { OAuthError } from '../../service/src/features/mcp/core/oauth/oauth-error.js';
import { OAuthGrants } from '../../service/src/features/mcp/core/oauth/oauth-grants.js';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { oauthClientsTask } from '../../service/src/features/mcp/loops/oauth-clients.js';
import { makeTempDir } from '../support/temp-dir.js';
import { newSecretBox } from '../support/secret-box.js';

const HUB = { issuer: 'https://hub.example', resource: 'https://hub.example/mcp' };
const REDIRECT = 'http://127.0.0.1/callback';
const VERIFIER = 'v'.repeat(20) + 'erifier-of-forty-three-chars-at-least';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

/** Expects an OAuth refusal with this error code. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OAuthError);
  return (error as OAuthError).error;
}

/**
 * The OAuth flow of MCP clients over a real store: registration, consent, codes with PKCE,
 * rotating refresh tokens, revocation and disconnection, with a clock the test moves.
 */
describe('MCP OAuth connections', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function world() {
    const temp = await makeTempDir('oauth');
    cleanups.push(temp.cleanup);
    const store = new FsObjectStore(temp.dir);
    const services = createStoreServices(readSettings({ SERVICE_DATA_DIR: temp.dir }), store, newSecretBox(), { publish: () => {} });
    await services.catalog.initialize();
    // From the real time: the audit log dates its entries by it, and the audit page ends at the clock.
    let now = Date.now();
    const clock = () => new Date(now);
    const clients = new OAuthClients(store, services.audit);
    const authorizations = new OAuthAuthorizations(store, clients, clock);
    const grants = new OAuthGrants(store, services.audit, async (userId) => !(await services.users.get(userId))?.suspended_at, clock);
    const user = await services.users.ensureByEmail('ada@example.com', { name: 'Ada', superAdmin: false }, 'test');
    const register = async (metadata: Record<string, unknown> = {}) => {
      const registered = await clients.register({ client_name: 'Test client', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', ...metadata });
      return (await clients.get(registered.client_id))!;
    };
    /** Runs the authorization request and the user's approval; answers the code from the redirect. */
    const codeFor = async (client: OAuthClientRecord, options: { scope?: string; grant?: string[]; redirect?: string } = {}) => {
      const started = await authorizations.start(
        {
          client_id: client.client_id,
          redirect_uri: options.redirect ?? REDIRECT,
          response_type: 'code',
          state: 'st-1',
          scope: options.scope,
          code_challenge: CHALLENGE,
          code_challenge_method: 'S256',
          resource: HUB.resource,
        },
        HUB,
      );
      if (started.kind !== 'consent') throw new Error(`refused: ${started.location}`);
      const location = new URL(await authorizations.approve(started.requestId, { id: user.id, context: null }, (options.grant as never) ?? null));
      expect(location.searchParams.get('state')).toBe('st-1');
      expect(location.searchParams.get('iss')).toBe(HUB.issuer);
      return location.searchParams.get('code')!;
    };
    const exchange = (client: OAuthClientRecord, code: string, overrides: Partial<Parameters<OAuthGrants['exchangeCode']>[1]> = {}) =>
      grants.exchangeCode(client, { code, redirectUri: REDIRECT, codeVerifier: VERIFIER, resource: HUB.resource, ...overrides });
    const auditEvents = async () => {
      // The audit log writes at the real time, not the test's clock: read it at the real time too.
      const page = await new AuditQueries(store).deploymentPage({ limit: 100 });
      return page.items.map((entry) => entry.event);
    };
    return { services, store, clients, authorizations, grants, user, register, codeFor, exchange, auditEvents, tick: (ms: number) => (now += ms) };
  }

  it('turns an approved request into a connection whose access token stands for the user, the client and the scopes', async () => {
    const w = await world();
    const client = await w.register();
    const tokens = await w.exchange(client, await w.codeFor(client, { grant: ['notebooks:read'] }));
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'notebooks:read' });
    expect(tokens.access_token).toMatch(/^svc_mcp_at_grt-[0-9a-z]{16}_/);
    const verified = await w.grants.verifyAccess(tokens.access_token);
    expect(verified).toMatchObject({ scopes: ['notebooks:read'], grant: { user_id: w.user.id, client_id: client.client_id, resource: HUB.resource } });
    expect(await w.grants.verifyAccess(tokens.refresh_token!)).toBeNull();
    expect((await w.grants.list(w.user.id)).map((grant) => grant.client_name)).toEqual(['Test client']);
    expect(await w.auditEvents()).toEqual(expect.arrayContaining(['oauth.client_register', 'oauth.connect']));
    // An hour later the access token has ended.
    w.tick(3600_000);
    expect(await w.grants.verifyAccess(tokens.access_token)).toBeNull();
  });

  it('refuses a code without the right verifier, redirect URI, client or resource, and after a minute', async () => {
    const w = await world();
    const client = await w.register();
    const other = await w.register({ client_name: 'Other' });
    const code = await w.codeFor(client);
    expect(await refusal(w.exchange(client, code, { codeVerifier: 'x'.repeat(43) }))).toBe('invalid_grant');
    expect(await refusal(w.exchange(client, code, { codeVerifier: undefined }))).toBe('invalid_request');
    expect(await refusal(w.exchange(client, code, { redirectUri: 'http://127.0.0.1:9999/callback' }))).toBe('invalid_grant');
    expect(await refusal(w.exchange(other, code))).toBe('invalid_grant');
    expect(await refusal(w.exchange(client, code, { resource: 'https://elsewhere.example/mcp' }))).toBe('invalid_target');
    // None of those used the code up.
    await w.exchange(client, code);
    const late = await w.codeFor(client);
    w.tick(61_000);
    expect(await refusal(w.exchange(client, late))).toBe('invalid_grant');
  });

  it('ends the connection a code made when the code comes again', async () => {
    const w = await world();
    const client = await w.register();
    const code = await w.codeFor(client);
    const tokens = await w.exchange(client, code);
    expect(await refusal(w.exchange(client, code))).toBe('invalid_grant');
    expect(await w.grants.verifyAccess(tokens.access_token)).toBeNull();
    expect(await w.grants.list(w.user.id)).toEqual([]);
    expect(await w.auditEvents()).toContain('oauth.code_replay');
  });

  it('rotates the refresh token, and ends the connection when a rotated one is used again', async () => {
    const w = await world();
    const client = await w.register();
    const first = await w.exchange(client, await w.codeFor(client));
    w.tick(1000);
    const second = await w.grants.refresh(client, { refreshToken: first.refresh_token, scopes: null, resource: undefined });
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await w.grants.verifyAccess(second.access_token)).not.toBeNull();
    // The earlier access token lives out its hour.
    expect(await w.grants.verifyAccess(first.access_token)).not.toBeNull();
    const narrowed = await w.grants.refresh(client, { refreshToken: second.refresh_token, scopes: ['notebooks:read'], resource: HUB.resource });
    expect(narrowed.scope).toBe('notebooks:read');
    expect(await refusal(w.grants.refresh(client, { refreshToken: narrowed.refresh_token, scopes: null, resource: 'https://x.example/mcp' }))).toBe(
      'invalid_target',
    );
    // A stolen, already rotated token presented again: the whole connection ends.
    expect(await refusal(w.grants.refresh(client, { refreshToken: first.refresh_token, scopes: null, resource: undefined }))).toBe('invalid_grant');
    expect(await w.grants.verifyAccess(narrowed.access_token)).toBeNull();
    expect(await refusal(w.grants.refresh(client, { refreshToken: narrowed.refresh_token, scopes: null, resource: undefined }))).toBe('invalid_grant');
    expect(await w.auditEvents()).toContain('oauth.refresh_reuse');
  });

  it('refuses a wider scope, another client, and a connection left unrenewed for 30 days', async () => {
    const w = await world();
    const client = await w.register();
    const other = await w.register({ client_name: 'Other' });
    const tokens = await w.exchange(client, await w.codeFor(client, { scope: 'notebooks:read' }));
    expect(await refusal(w.grants.refresh(client, { refreshToken: tokens.refresh_token, scopes: ['sessions'], resource: undefined }))).toBe('invalid_scope');
    expect(await refusal(w.grants.refresh(other, { refreshToken: tokens.refresh_token, scopes: null, resource: undefined }))).toBe('invalid_grant');
    w.tick(30 * 24 * 3600_000);
    expect(await refusal(w.grants.refresh(client, { refreshToken: tokens.refresh_token, scopes: null, resource: undefined }))).toBe('invalid_grant');
  });

  it('revokes an access token alone, a refresh token with its connection, and only for the client it was issued to', async () => {
    const w = await world();
    const client = await w.register();
    const other = await w.register({ client_name: 'Other' });
    const tokens = await w.exchange(client, await w.codeFor(client));
    expect(await refusal(w.grants.revoke(other, tokens.refresh_token))).toBe('unauthorized_client');
    expect(await w.grants.revoke(client, tokens.access_token)).toBe(w.user.id);
    expect(await w.grants.verifyAccess(tokens.access_token)).toBeNull();
    const renewed = await w.grants.refresh(client, { refreshToken: tokens.refresh_token, scopes: null, resource: undefined });
    expect(await w.grants.revoke(client, renewed.refresh_token)).toBe(w.user.id);
    expect(await w.grants.verifyAccess(renewed.access_token)).toBeNull();
    expect(await w.grants.revoke(client, 'svc_mcp_rt_not-a-token')).toBeNull();
    expect(await w.auditEvents()).toContain('oauth.revoke');
  });

  it('gives a suspended user no tokens, and lets a user disconnect a client or replace it by connecting again', async () => {
    const w = await world();
    const client = await w.register();
    const first = await w.exchange(client, await w.codeFor(client));
    const second = await w.exchange(client, await w.codeFor(client));
    // Connecting the same client again replaces the earlier connection.
    expect(await w.grants.verifyAccess(first.access_token)).toBeNull();
    const [connection] = await w.grants.list(w.user.id);
    expect((await w.grants.list(w.user.id)).length).toBe(1);
    const code = await w.codeFor(client);
    await w.services.users.setSuspended(w.user.id, true, 'test');
    expect(await refusal(w.exchange(client, code))).toBe('invalid_grant');
    expect(await refusal(w.grants.refresh(client, { refreshToken: second.refresh_token, scopes: null, resource: undefined }))).toBe('invalid_grant');
    await w.services.users.setSuspended(w.user.id, false, 'test');
    await expect(w.grants.disconnect('usr-someone-else00', connection!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await w.grants.disconnect(w.user.id, connection!.id);
    expect(await w.grants.verifyAccess(second.access_token)).toBeNull();
    expect(await w.grants.list(w.user.id)).toEqual([]);
    expect(await w.auditEvents()).toEqual(expect.arrayContaining(['oauth.replace', 'oauth.disconnect']));
  });

  it('answers a consent request once, refuses what the client did not ask for, and forgets it after ten minutes', async () => {
    const w = await world();
    const client = await w.register();
    const start = () =>
      w.authorizations.start(
        {
          client_id: client.client_id,
          redirect_uri: REDIRECT,
          response_type: 'code',
          scope: 'notebooks:read',
          code_challenge: CHALLENGE,
          code_challenge_method: 'S256',
        },
        HUB,
      );
    const first = await start();
    if (first.kind !== 'consent') throw new Error('refused');
    expect((await w.authorizations.pending(first.requestId)).request.scopes).toEqual(['notebooks:read']);
    await expect(w.authorizations.approve(first.requestId, { id: w.user.id, context: null }, ['sessions'])).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    const denied = new URL(await w.authorizations.deny(first.requestId));
    expect(denied.searchParams.get('error')).toBe('access_denied');
    await expect(w.authorizations.approve(first.requestId, { id: w.user.id, context: null }, null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const second = await start();
    if (second.kind !== 'consent') throw new Error('refused');
    w.tick(10 * 60_000);
    await expect(w.authorizations.pending(second.requestId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends refusals back to a genuine client only: an unknown client or redirect URI never leaves the hub', async () => {
    const w = await world();
    const client = await w.register();
    const base = { client_id: client.client_id, redirect_uri: REDIRECT, response_type: 'code', code_challenge: CHALLENGE, code_challenge_method: 'S256' };
    await expect(w.authorizations.start({ ...base, client_id: 'mcpc-0000000000000000' }, HUB)).rejects.toMatchObject({ error: 'invalid_client' });
    await expect(w.authorizations.start({ ...base, redirect_uri: 'https://attacker.example/cb' }, HUB)).rejects.toMatchObject({ error: 'invalid_request' });
    const errorOf = async (params: Record<string, string | undefined>) => {
      const outcome = await w.authorizations.start({ ...base, ...params }, HUB);
      if (outcome.kind !== 'redirect') throw new Error('not refused');
      const location = new URL(outcome.location);
      expect(location.origin + location.pathname).toBe(REDIRECT);
      return location.searchParams.get('error');
    };
    expect(await errorOf({ code_challenge: undefined })).toBe('invalid_request');
    expect(await errorOf({ code_challenge_method: 'plain' })).toBe('invalid_request');
    expect(await errorOf({ code_challenge_method: undefined })).toBe('invalid_request');
    expect(await errorOf({ response_type: 'token' })).toBe('unsupported_response_type');
    expect(await errorOf({ resource: 'https://elsewhere.example/mcp' })).toBe('invalid_target');
    // A loopback redirect on another port is the same redirect URI (RFC 8252).
    expect((await w.authorizations.start({ ...base, redirect_uri: 'http://127.0.0.1:43210/callback' }, HUB)).kind).toBe('consent');
  });

  it('registers public and confidential clients and authenticates them as they registered', async () => {
    const w = await world();
    const registered = await w.clients.register({ client_name: 'Server app', redirect_uris: ['https://app.example/cb'] });
    expect(registered).toMatchObject({ token_endpoint_auth_method: 'client_secret_basic', grant_types: ['authorization_code', 'refresh_token'] });
    expect(registered.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const presented = { clientId: registered.client_id, clientSecret: registered.client_secret, method: 'client_secret_basic' as const };
    expect((await w.clients.authenticate(presented)).client_id).toBe(registered.client_id);
    expect(await refusal(w.clients.authenticate({ ...presented, clientSecret: 'wrong' }))).toBe('invalid_client');
    expect(await refusal(w.clients.authenticate({ ...presented, method: 'none', clientSecret: undefined }))).toBe('invalid_client');
    const publicClient = await w.register();
    expect(await refusal(w.clients.authenticate({ clientId: publicClient.client_id, clientSecret: 'x', method: 'client_secret_post' }))).toBe('invalid_client');
    expect(await refusal(w.clients.register({ redirect_uris: [] }))).toBe('invalid_redirect_uri');
    expect(await refusal(w.clients.register({ redirect_uris: ['http://evil.example/cb'] }))).toBe('invalid_redirect_uri');
    expect(await refusal(w.clients.register({ redirect_uris: [REDIRECT], grant_types: ['client_credentials'] }))).toBe('invalid_client_metadata');
    expect(await refusal(w.clients.register({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'private_key_jwt' }))).toBe('invalid_client_metadata');
    expect(await refusal(w.clients.register({ redirect_uris: [REDIRECT], client_name: 'x'.repeat(101) }))).toBe('invalid_client_metadata');
  });

  it('forgets, a month on, the registrations that never got a connection', async () => {
    const w = await world();
    const idle = await w.register({ client_name: 'Never approved' });
    const connected = await w.register({ client_name: 'Connected' });
    await w.exchange(connected, await w.codeFor(connected));
    const task = oauthClientsTask(w.store);
    const run = (days: number) => task.run({ signal: new AbortController().signal, logger: createLogger('silent'), now: Date.now() + days * 24 * 3600_000 });
    expect(await run(29)).toMatchObject({ deleted: 0 });
    expect(await run(31)).toMatchObject({ examined: 2, deleted: 1 });
    expect(await w.clients.get(idle.client_id)).toBeNull();
    expect(await w.clients.get(connected.client_id)).not.toBeNull();
    expect(await refusal(w.clients.authenticate({ clientId: idle.client_id, clientSecret: undefined, method: 'none' }))).toBe('invalid_client');
  });
});
