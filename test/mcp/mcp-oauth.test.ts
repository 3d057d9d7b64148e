import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { auth, UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Page } from 'playwright-core';
import { callTool } from '../support/mcp-calls.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAudit } from '../support/alert-fixtures.js';
import { launchChromium, type Chromium } from '../support/browser.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { startCallbackServer, type CallbackServer } from '../support/oauth-callback.js';
import { prerequisite } from '../setup/prerequisites.js';

const chromium = prerequisite('chromium');
const UI_DIR = path.resolve(import.meta.dirname, '../../renderer/dist');

/** What an MCP client keeps between runs, in memory: the SDK's OAuth client provider. */
class MemoryOAuthProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  authorizationUrl: URL | undefined;
  private verifier = '';

  constructor(
    readonly redirectUrl: string,
    private readonly name = 'Test assistant',
  ) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state = () => 'state-of-the-test';
  clientInformation = () => this.client;
  saveClientInformation = (information: OAuthClientInformationMixed) => void (this.client = information);
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => void (this.saved = tokens);
  redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier;
}

/**
 * MCP clients connecting with OAuth, end to end: the SDK's own client discovers the hub, registers,
 * sends the user to the consent page (driven in Chromium), exchanges the code and calls tools; then
 * refresh, revocation, disconnection on the account page's API, narrowed scopes, and the refusals
 * a hostile client meets.
 */
describe.skipIf(chromium === null)('MCP clients connecting with OAuth', () => {
  let t: TestHub;
  let browser: Chromium;
  let page: Page;
  let cookie: string;
  let callback: CallbackServer;
  let projectId: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await startTestHub({ hub: () => ({ uiDir: UI_DIR }), captureLogs: true });
    callback = await startCallbackServer();
    browser = await launchChromium(chromium!.executablePath);
    page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await browser.signIn(page, t.url, t.hub.localLoginPath!);
    cookie = await t.localLogin();
    const created = await t.call('/api/v1/projects', { method: 'POST', cookie, headers: { origin: t.url }, body: { name: 'Assistants' } });
    expect(created.status).toBe(201);
    projectId = created.json.data.id;
  }, 60_000);
  afterAll(async () => {
    for (const line of t.logs) if (line.event === 'unhandled_error') console.log(JSON.stringify(line).slice(0, 2000));
    for (const client of clients) await client.close().catch(() => {});
    await browser?.close();
    await callback?.close();
    await t?.close();
  });

  const mcpUrl = () => new URL(`${t.url}/mcp`);
  const connectWith = async (provider: OAuthClientProvider) => {
    const client = new Client({ name: 'notebook-hub-oauth-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }));
    clients.push(client);
    return client;
  };
  const call = callTool;
  /** A raw MCP request with a bearer token: its status. */
  const mcpStatus = async (token: string, url = `${t.url}/mcp`) =>
    (
      await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      })
    ).status;
  const tokenRequest = (form: Record<string, string>) =>
    fetch(`${t.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });

  /**
   * The SDK's first attempt fails with UnauthorizedError after registering and preparing the
   * authorization URL; the user approves in the browser; the code goes back to the SDK.
   */
  const authorizeInBrowser = async (provider: MemoryOAuthProvider): Promise<string> => {
    const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
    await expect(new Client({ name: 'probe', version: '1' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const arrived = callback.next();
    await page.goto(provider.authorizationUrl!.href);
    await page.getByRole('button', { name: 'Allow' }).click();
    const { query } = await arrived;
    // The next flow's navigation must not race this one's arrival.
    await page.waitForURL((url) => url.href.startsWith(callback.redirectUri));
    expect(query.get('state')).toBe('state-of-the-test');
    expect(query.get('iss')).toBe(t.url);
    const code = query.get('code')!;
    await transport.finishAuth(code);
    return code;
  };

  it('discovers the hub as its own authorization server', async () => {
    const resource = await (await fetch(`${t.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(resource).toMatchObject({
      resource: `${t.url}/mcp`,
      authorization_servers: [t.url],
      scopes_supported: ['notebooks:read', 'notebooks:write', 'sessions'],
    });
    const metadata = await (await fetch(`${t.url}/.well-known/oauth-authorization-server`)).json();
    expect(metadata).toMatchObject({
      issuer: t.url,
      authorization_endpoint: `${t.url}/oauth/authorize`,
      token_endpoint: `${t.url}/oauth/token`,
      registration_endpoint: `${t.url}/oauth/register`,
      revocation_endpoint: `${t.url}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    });
  });

  it('lets a client running in a browser call the endpoints it needs, and nothing that takes a cookie', async () => {
    const origin = 'https://inspector.example';
    for (const path of ['/mcp', '/oauth/token', '/oauth/register', '/.well-known/oauth-authorization-server']) {
      const preflight = await fetch(`${t.url}${path}`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      });
      expect(preflight.status, path).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    }
    const challenged = await fetch(`${t.url}/mcp`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: '{}' });
    expect(challenged.status).toBe(401);
    expect(challenged.headers.get('access-control-allow-origin')).toBe('*');
    expect(challenged.headers.get('access-control-expose-headers')).toMatch(/WWW-Authenticate/);
    const metadata = await fetch(`${t.url}/.well-known/oauth-protected-resource/mcp`, { headers: { origin } });
    expect(metadata.headers.get('access-control-allow-origin')).toBe('*');
    // The consent page's API and the rest of the hub stay same-origin.
    expect((await fetch(`${t.url}/api/v1/me`, { headers: { origin } })).headers.get('access-control-allow-origin')).toBeNull();
    expect((await fetch(`${t.url}/oauth/authorize`, { headers: { origin }, redirect: 'manual' })).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('registers, signs in on the consent page, and works with notebooks through the tools', async () => {
    const provider = new MemoryOAuthProvider(callback.redirectUri);
    await authorizeInBrowser(provider);
    const authorization = provider.authorizationUrl!.searchParams;
    expect(authorization.get('code_challenge_method')).toBe('S256');
    expect(authorization.get('resource')).toBe(`${t.url}/mcp`);
    expect(provider.saved).toMatchObject({ token_type: 'Bearer', scope: 'notebooks:read notebooks:write sessions' });

    const client = await connectWith(provider);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['list_projects', 'create_notebook', 'save_notebook', 'start_session']));
    const listed = await call(client, 'list_projects');
    expect(listed.isError, listed.text).toBe(false);
    expect(listed.json.items.map((project: { id: string }) => project.id)).toContain(projectId);
    const created = await call(client, 'create_notebook', { project_id: projectId, title: 'Written over OAuth' });
    expect(created.isError).toBe(false);
    const read = await call(client, 'read_notebook', { project_id: projectId, notebook_id: created.json.meta.id });
    expect(read.json.meta.title).toBe('Written over OAuth');
    // Malformed input is the protocol's refusal, not the hub's failure.
    expect((await call(client, 'read_notebook', { project_id: projectId })).isError).toBe(true);
    // The change is the user's, in the project's audit log.
    const audit = await projectAudit(t, projectId);
    const entry = audit.find((item) => item.event === 'notebook.create' && item.metadata.notebook_id === created.json.meta.id);
    const me = await t.call('/api/v1/me', { cookie });
    expect(JSON.parse(entry!.raw).actor).toBe(me.json.data.id);
    // The user sees the client on the account page, once.
    const connected = await t.call('/api/v1/me/connected-clients', { cookie });
    expect(connected.json.data.map((item: { client_name: string }) => item.client_name)).toEqual(['Test assistant']);
  });

  it('refreshes with rotation; a rotated refresh token used again ends the connection', async () => {
    const provider = new MemoryOAuthProvider(callback.redirectUri, 'Refreshing assistant');
    await authorizeInBrowser(provider);
    const first = provider.saved!;
    expect(await auth(provider, { serverUrl: mcpUrl() })).toBe('AUTHORIZED');
    const second = provider.saved!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await mcpStatus(second.access_token)).toBe(200);
    const replay = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token!, client_id: provider.client!.client_id });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    await expect.poll(() => mcpStatus(second.access_token), { timeout: 5000 }).toBe(401);
  });

  it('stops a revoked connection, and one the user disconnected', async () => {
    const revoking = new MemoryOAuthProvider(callback.redirectUri, 'Revoking assistant');
    await authorizeInBrowser(revoking);
    const revoke = await fetch(`${t.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: revoking.saved!.refresh_token!, client_id: revoking.client!.client_id }),
    });
    expect(revoke.status).toBe(200);
    expect(await mcpStatus(revoking.saved!.access_token)).toBe(401);

    const disconnected = new MemoryOAuthProvider(callback.redirectUri, 'Disconnected assistant');
    await authorizeInBrowser(disconnected);
    expect(await mcpStatus(disconnected.saved!.access_token)).toBe(200);
    const listed = await t.call('/api/v1/me/connected-clients', { cookie });
    const connection = listed.json.data.find((item: { client_name: string }) => item.client_name === 'Disconnected assistant');
    const removed = await t.call(`/api/v1/me/connected-clients/${connection.id}`, { method: 'DELETE', cookie, headers: { origin: t.url } });
    expect(removed.status).toBe(200);
    expect(await mcpStatus(disconnected.saved!.access_token)).toBe(401);
    // Its refresh token is gone with it: the client has to ask the user again.
    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: disconnected.saved!.refresh_token!,
      client_id: disconnected.client!.client_id,
    });
    expect(refreshed.status).toBe(400);
  });

  it('holds a client to the scopes the user granted', async () => {
    const provider = new MemoryOAuthProvider(callback.redirectUri, 'Reading assistant');
    const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
    await expect(new Client({ name: 'probe', version: '1' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const consent = await fetch(provider.authorizationUrl!, { redirect: 'manual' });
    const requestId = new URL(consent.headers.get('location')!, t.url).pathname.split('/').pop()!;
    const approved = await t.call(`/api/v1/oauth/requests/${requestId}/approve`, {
      method: 'POST',
      cookie,
      headers: { origin: t.url },
      body: { scopes: ['notebooks:read'] },
    });
    expect(approved.status).toBe(200);
    await transport.finishAuth(new URL(approved.json.data.redirect_to).searchParams.get('code')!);
    expect(provider.saved!.scope).toBe('notebooks:read');
    const client = await connectWith(provider);
    expect((await call(client, 'list_projects')).isError).toBe(false);
    const refused = await call(client, 'create_notebook', { project_id: projectId, title: 'Not allowed' });
    expect(refused.text).toMatch(/^FORBIDDEN: this connection was not granted notebooks:write/);
    expect((await call(client, 'stop_session', { project_id: projectId, session_id: 'ses-0000000000000000' })).text).toMatch(/^FORBIDDEN: .*sessions/);
  });

  describe('refuses a hostile or mistaken client', () => {
    const verifier = 'a-verifier-that-is-long-enough-for-pkce-rules-0123';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    let clientId: string;

    beforeAll(async () => {
      const registered = await fetch(`${t.url}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'Hostile', redirect_uris: [callback.redirectUri], token_endpoint_auth_method: 'none' }),
      });
      expect(registered.status).toBe(201);
      clientId = ((await registered.json()) as { client_id: string }).client_id;
    });

    const authorize = (params: Record<string, string | undefined>) => {
      const query = new URLSearchParams();
      const all = {
        client_id: clientId,
        redirect_uri: callback.redirectUri,
        response_type: 'code',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 's',
        ...params,
      };
      for (const [name, value] of Object.entries(all)) if (value !== undefined) query.set(name, value);
      return fetch(`${t.url}/oauth/authorize?${query}`, { redirect: 'manual' }).then((response) => new URL(response.headers.get('location')!, t.url));
    };
    /** A code the signed-in user approved for this client. */
    const approvedCode = async () => {
      const consent = await authorize({});
      const requestId = consent.pathname.split('/').pop()!;
      const approved = await t.call(`/api/v1/oauth/requests/${requestId}/approve`, { method: 'POST', cookie, headers: { origin: t.url }, body: {} });
      return new URL(approved.json.data.redirect_to).searchParams.get('code')!;
    };
    const exchange = (code: string, overrides: Record<string, string> = {}) =>
      tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: callback.redirectUri, client_id: clientId, code_verifier: verifier, ...overrides });

    it('a redirect URI it did not register: the browser stays on the hub', async () => {
      const location = await authorize({ redirect_uri: 'http://127.0.0.1:1/stolen' });
      expect(location.origin).toBe(t.url);
      expect(location.pathname).toBe('/connect');
      expect(location.searchParams.get('problem')).toBe('redirect_uri');
      const unknown = await authorize({ client_id: 'mcpc-0000000000000000' });
      expect(unknown.searchParams.get('problem')).toBe('unknown_client');
    });

    it('a missing or plain PKCE challenge', async () => {
      for (const params of [
        { code_challenge: undefined, code_challenge_method: undefined },
        { code_challenge_method: 'plain', code_challenge: verifier },
      ]) {
        const location = await authorize(params);
        expect(location.href.startsWith(callback.redirectUri)).toBe(true);
        expect(location.searchParams.get('error')).toBe('invalid_request');
      }
      const code = await approvedCode();
      const wrong = await exchange(code, { code_verifier: 'b'.repeat(50) });
      expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    });

    it('a token for another resource', async () => {
      const location = await authorize({ resource: 'https://other.example/mcp' });
      expect(location.searchParams.get('error')).toBe('invalid_target');
      const tokens = (await (await exchange(await approvedCode())).json()) as OAuthTokens;
      expect(await mcpStatus(tokens.access_token)).toBe(200);
      // Not a credential of the REST API…
      expect((await t.call('/api/v1/projects', { token: tokens.access_token })).status).toBe(401);
      // …nor of this hub's /mcp reached as another resource (another of its names)…
      const port = new URL(t.url).port;
      expect(await rawMcpStatus(`127.0.0.1:${port}`, `localhost:${port}`, tokens.access_token)).toBe(401);
      expect(await rawMcpStatus(`127.0.0.1:${port}`, `127.0.0.1:${port}`, tokens.access_token)).toBe(200);
      // …while a Host header naming no address of the hub changes nothing: the hub's address is its own.
      expect(await rawMcpStatus(`127.0.0.1:${port}`, `hub.other.example:${port}`, tokens.access_token)).toBe(200);
    });

    it('a replayed authorization code, which also ends the connection it made', async () => {
      const code = await approvedCode();
      const first = await exchange(code);
      expect(first.status).toBe(200);
      const tokens = (await first.json()) as OAuthTokens;
      const replay = await exchange(code);
      expect(replay.status).toBe(400);
      expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
      await expect.poll(() => mcpStatus(tokens.access_token), { timeout: 5000 }).toBe(401);
    });

    it('a token of a suspended user', async () => {
      const { users, oauth } = t.hub.services;
      const ada = await users.ensureByEmail('ada.suspended@example.com', { name: 'Ada', superAdmin: false }, 'test');
      const consent = await authorize({});
      // Ada approves (her browser is not this test's); the code is hers.
      const redirect = await oauth.authorizations.approve(consent.pathname.split('/').pop()!, { id: ada.id, context: null }, null);
      const tokens = (await (await exchange(new URL(redirect).searchParams.get('code')!)).json()) as OAuthTokens;
      expect(await mcpStatus(tokens.access_token)).toBe(200);
      await users.setSuspended(ada.id, true, 'test');
      t.hub.services.authenticator.forgetUser(ada.id);
      expect(await mcpStatus(tokens.access_token)).toBe(403);
      const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: clientId });
      expect(await refreshed.json()).toMatchObject({ error: 'invalid_grant' });
    });

    it('malformed registrations and token requests', async () => {
      const register = (body: unknown) =>
        fetch(`${t.url}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const bad = await register({ redirect_uris: ['http://evil.example/cb'] });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error: 'invalid_redirect_uri' });
      expect((await register(['not', 'an', 'object'])).status).toBe(400);
      expect(await (await tokenRequest({ grant_type: 'password', client_id: clientId })).json()).toMatchObject({ error: 'unsupported_grant_type' });
      const unknownClient = await tokenRequest({ grant_type: 'authorization_code', code: 'x', client_id: 'mcpc-0000000000000000' });
      expect(unknownClient.status).toBe(401);
      const json = await fetch(`${t.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(await json.json()).toMatchObject({ error: 'invalid_request' });
    });
  });
});

/** A raw request to /mcp with a chosen Host header (fetch does not let a caller set one). */
function rawMcpStatus(address: string, host: string, token: string): Promise<number> {
  const [hostname, port] = address.split(':');
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        hostname,
        port: Number(port),
        path: '/mcp',
        method: 'POST',
        headers: {
          host,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
