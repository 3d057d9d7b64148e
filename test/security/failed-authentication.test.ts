import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { gitNotebookSource } from '../support/git-notebook.js';
import { startGitServer } from '../support/git-server.js';
import { startSessionWorld } from '../support/session-world.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

const LIMIT = 5;
const THROTTLED = { SERVICE_AUTH_FAILURES_PER_ADDRESS: String(LIMIT), SERVICE_AUTH_FAILURE_WINDOW_SECONDS: '600' };
const BAD_PAT = `svc_pat_${'A'.repeat(43)}`;

/**
 * Guessing at credentials (docs/security.md, "Throttling"): an address that failed to
 * authenticate too often gets 429 RESOURCE_EXHAUSTED with Retry-After for credentials that have
 * not worked lately, whatever the kind; a credential in use keeps working.
 */
describe('failed authentications per address', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const hub = async (env: Record<string, string> = {}) => {
    const t = await startTestHub({ env: { ...THROTTLED, ...env } });
    cleanups.push(() => t.close());
    return t;
  };
  const expectThrottled = (response: { status: number; headers: Headers }) => {
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(600);
  };

  it('answers 429 with Retry-After to repeated bad personal access tokens, while a token in use still works', async () => {
    const t = await hub();
    const good = await t.tokenFor('ada@example.com');
    expect((await t.call('/api/v1/me', { token: good })).status).toBe(200);
    for (let i = 0; i < LIMIT; i++) expect((await t.call('/api/v1/me', { token: BAD_PAT })).status).toBe(401);
    const refused = await t.call('/api/v1/me', { token: BAD_PAT });
    expectThrottled(refused);
    expect(refused.json.error.code).toBe('RESOURCE_EXHAUSTED');
    // Unchecked: even a good token the hub has not seen work lately waits for the window to end.
    const unseen = await t.tokenFor('bob@example.com');
    expectThrottled(await t.call('/api/v1/me', { token: unseen }));
    expect((await t.call('/api/v1/me', { token: good })).status).toBe(200);
    // Requests without a credential, and browser sessions, are not what is throttled.
    expect((await t.call('/api/v1/me')).status).toBe(401);
  });

  it('counts guesses at the local login token, and at the MCP endpoint and the OAuth token endpoint', async () => {
    const t = await hub();
    const cookie = await t.localLogin();
    for (let i = 0; i < 2; i++) expect((await t.call('/api/v1/auth/local/login?token=guess')).status).toBe(401);
    const mcp = (token: string) =>
      fetch(`${t.url}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    expect((await mcp(`svc_mcp_at_grt-0000000000000000_${'A'.repeat(43)}`)).status).toBe(401);
    const oauthToken = () =>
      fetch(`${t.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'svc_mcp_rt_guess', client_id: 'mcpc-0000000000000000' }),
      });
    expect((await oauthToken()).status).toBe(401);
    expect((await mcp(BAD_PAT)).status).toBe(401);

    expectThrottled(await t.call('/api/v1/auth/local/login?token=guess'));
    const mcpRefused = await mcp(BAD_PAT);
    expectThrottled(mcpRefused);
    const oauthRefused = await oauthToken();
    expectThrottled(oauthRefused);
    expect(await oauthRefused.json()).toMatchObject({ error: 'slow_down' });
    // The local login link that worked still does; the browser session it made is not throttled.
    expect((await t.call(t.hub.localLoginPath!)).status).toBe(303);
    expect((await t.call('/api/v1/me', { cookie })).status).toBe(200);
  });

  it('counts wrong sync tokens at a sync URL, and lets the notebook’s own through', async () => {
    const git = await startGitServer();
    cleanups.push(() => git.close());
    await git.createRepository('pushed', { files: { 'notebook.py': gitNotebookSource('one') } });
    const w = await startSessionWorld({ ...THROTTLED, SERVICE_GIT_ALLOW_HTTP: 'true' }, { driverEnv: {} });
    cleanups.push(() => w.close());
    const created = await w.api(`/api/v1/projects/${w.pid}/git-notebooks`, 'editor', {
      method: 'POST',
      body: { title: 'Pushed', repo: git.url('pushed'), branch: 'main', entry_notebook: 'notebook.py', sync_mode: 'push' },
    });
    const { sync_url: syncUrl, sync_token: token } = created.json.data as { sync_url: string; sync_token: string };
    const sync = (bearer: string) => fetch(syncUrl, { method: 'POST', headers: { authorization: `Bearer ${bearer}` } });
    expect((await sync(token)).status).toBe(200);
    for (let i = 0; i < LIMIT; i++) expect((await sync(`nhs_guess${i}`)).status).toBe(401);
    expectThrottled(await sync('nhs_guess'));
    expect((await sync(token)).status).toBe(200);
  });

  it('takes the client address from X-Forwarded-For only behind a trusted proxy', async () => {
    const direct = await hub();
    const from = (address: string) => ({ token: BAD_PAT, headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < LIMIT; i++) await direct.call('/api/v1/me', from(`203.0.113.${i}`));
    // A client naming another address is still the connection's own.
    expectThrottled(await direct.call('/api/v1/me', from('203.0.113.99')));

    const proxied = await hub({ SERVICE_TRUSTED_PROXIES: 'loopback' });
    for (let i = 0; i < LIMIT; i++) expect((await proxied.call('/api/v1/me', from('203.0.113.7'))).status).toBe(401);
    expectThrottled(await proxied.call('/api/v1/me', from('203.0.113.7')));
    expect((await proxied.call('/api/v1/me', from('203.0.113.8'))).status).toBe(401);
  });

  it('answers the managed AI endpoint 401 for a bad credential before reading the body', async () => {
    const t: TestHub = await hub({ SERVICE_AI_BASE_URL: 'http://127.0.0.1:9/v1', SERVICE_AI_MODELS: 'hub-model' });
    const port = new URL(t.url).port;
    // A body that never ends: the hub would wait for all of it (or its 16 MiB limit) before answering.
    const { status, sent } = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/ai/v1/chat/completions',
        headers: { authorization: 'Bearer nbhai.p.s.guess', 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      request.on('response', (response) => {
        answered = true;
        response.resume();
        resolve({ status: response.statusCode ?? 0, sent });
        request.destroy();
      });
      request.on('error', (error) => (answered ? undefined : reject(error)));
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const write = () => {
        while (!answered && sent < 64 * 1024 * 1024) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', write);
        }
      };
      request.write('{"model": "hub-model", "messages": [');
      write();
    });
    expect(status).toBe(401);
    expect(sent).toBeLessThan(16 * 1024 * 1024);
  });
});
