import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { UI_CONTENT_SECURITY_POLICY } from '../../service/src/http/ui.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { FIXTURE_SCRIPT, makeUiFixture } from '../support/ui-fixture.js';
import { unusedPort } from '../support/unused-port.js';

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** The status line of a WebSocket handshake to `path` (the hub answers a refusal and closes). */
function upgradeStatus(port: number, path: string, origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      path,
      headers: { connection: 'Upgrade', upgrade: 'websocket', origin, 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' },
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * A hub whose SERVICE_PUBLIC_URL has a path (docs/deploy.md, "Behind a reverse proxy"), asked
 * directly as the proxy in front of it would: with the path as the browser sent it.
 */
describe('a hub served under a path prefix', () => {
  let t: TestHub;
  let origin: string;
  let port: number;
  let fixture: { dir: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    port = await unusedPort();
    origin = `http://127.0.0.1:${port}`;
    fixture = await makeUiFixture();
    t = await startTestHub({
      env: { SERVICE_PORT: String(port), SERVICE_PUBLIC_URL: `${origin}/notebooks/` },
      hub: () => ({ uiDir: fixture.dir }),
      captureLogs: true,
    });
  });
  afterAll(async () => {
    await t?.close();
    await fixture?.cleanup();
  });

  it('reads the base from SERVICE_PUBLIC_URL, without its trailing slash', () => {
    expect(t.hub.services.settings).toMatchObject({ publicUrl: origin, basePath: '/notebooks' });
    expect(t.hub.localLoginPath).toMatch(/^\/notebooks\/api\/v1\/auth\/local\/login\?token=/);
  });

  it('serves every route under the base and nothing outside it', async () => {
    expect((await t.call('/notebooks/api/health')).status).toBe(200);
    // The request line names the path as it came and the route it matched.
    await expect
      .poll(() => t.logs.find((line) => line.event === 'http_request' && line.url === '/notebooks/api/health'))
      .toMatchObject({ route: '/api/health', status: 200 });
    const token = await t.tokenFor('ada@example.com');
    expect((await t.call('/notebooks/api/v1/me', { token })).json.data.email).toBe('ada@example.com');

    for (const outside of ['/api/health', '/api/v1/me', '/notebooksx/api/health', '/other/notebooks/api/health', '/s/ses-0123456789abcdef/', '/assets/x.js']) {
      const response = await t.call(outside, { token });
      expect(response.status, outside).toBe(404);
      expect(response.json, outside).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
      expect(response.json.error.message, outside).toContain('served under /notebooks/');
    }
    // A session's address without its slash is sent to the one with it, under the base.
    const session = await t.call('/notebooks/s/ses-0123456789abcdef?x=1', { token });
    expect(session.status).toBe(308);
    expect(session.headers.get('location')).toBe('/notebooks/s/ses-0123456789abcdef/?x=1');
    const post = await t.call('/api/v1/projects', { method: 'POST', token, body: { name: 'Outside' } });
    expect(post.status).toBe(404);
    expect((await t.call('/notebooks/api/v1/projects', { token })).json.data.items).toEqual([]);
  });

  it('redirects the bare host and the base without its slash to the base', async () => {
    for (const [path, location] of [
      ['/', '/notebooks/'],
      ['/notebooks', '/notebooks/'],
      ['/notebooks?x=1', '/notebooks/?x=1'],
    ] as const) {
      const response = await t.call(path, { headers: HTML });
      expect(response.status, path).toBe(308);
      expect(response.headers.get('location'), path).toBe(location);
    }
  });

  it('signs in with a cookie for the base path and redirects under it', async () => {
    const login = await t.call(`${t.hub.localLoginPath!}&return_to=${encodeURIComponent('/projects?tab=x')}`);
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/notebooks/projects?tab=x');
    const setCookie = login.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^svc_session=[^;]+;/);
    expect(setCookie).toContain('Path=/notebooks/');
    // A return_to elsewhere is still refused: the browser lands on the base.
    const foreign = await t.call(`${t.hub.localLoginPath!}&return_to=${encodeURIComponent('//evil.example/')}`);
    expect(foreign.headers.get('location')).toBe('/notebooks/');

    const cookie = /svc_session=([^;]+)/.exec(setCookie)![1]!;
    const me = await t.call('/notebooks/api/v1/me', { cookie });
    expect(me.json.data.logout_url).toBe('/notebooks/api/v1/auth/logout');
    const logout = await t.call('/notebooks/api/v1/auth/logout', { method: 'POST', cookie, headers: { origin } });
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie')).toContain('Path=/notebooks/');
  });

  it('tells the browser where to sign in, under the base', async () => {
    const methods = await t.call('/notebooks/api/v1/auth/methods');
    expect(methods.json.data).toEqual({ kind: 'local', login_url: '/notebooks/api/v1/auth/local/login' });
  });

  it("checks a cookie's changes against the public origin", async () => {
    const cookie = await t.localLogin();
    const create = (headers: Record<string, string>) => t.call('/notebooks/api/v1/projects', { method: 'POST', cookie, body: { name: 'Mine' }, headers });
    const foreign = await create({ origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error.code).toBe('FORBIDDEN');
    expect((await create({ origin })).status).toBe(201);
    // WebSockets into sessions: outside the base they name nothing; inside, a foreign page is refused before anything else.
    expect(await upgradeStatus(port, '/s/ses-0123456789abcdef/ws', origin)).toBe(404);
    expect(await upgradeStatus(port, '/notebooks/s/ses-0123456789abcdef/ws', 'http://evil.example')).toBe(403);
    expect(await upgradeStatus(port, '/notebooks/s/ses-0123456789abcdef/ws', origin)).toBe(401);
  });

  it('roots the OpenAPI document at the base, its paths as they are', async () => {
    const response = await t.call('/notebooks/openapi.yaml');
    expect(response.status).toBe(200);
    const document = parseYaml(response.text) as { servers?: { url: string }[]; paths: Record<string, unknown> };
    expect(document.servers?.map((server) => server.url)).toEqual([`${origin}/notebooks`]);
    expect(Object.keys(document.paths)).toContain('/api/v1/projects');
    expect(Object.keys(document.paths).some((path) => path.startsWith('/notebooks'))).toBe(false);
  });

  it('serves the UI under the base, with the base written into its page', async () => {
    for (const path of ['/notebooks/', '/notebooks/projects/x/notebooks']) {
      const page = await t.call(path, { headers: HTML });
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-security-policy')).toBe(UI_CONTENT_SECURITY_POLICY);
      expect(page.text).toContain('<meta name="notebook-hub-base" content="/notebooks">');
    }
    const script = await t.call(`/notebooks${FIXTURE_SCRIPT}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await t.call('/notebooks/api/v1/nope', { headers: HTML })).status).toBe(401);
  });
});
