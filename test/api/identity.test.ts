import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '../support/test-hub.js';

describe('authentication and tokens', () => {
  let t: TestHub;
  let origin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestHub();
    origin = { origin: t.url };
  });
  afterAll(() => t.close());

  describe('local login', () => {
    it('signs in through the link, sets a protected session cookie and redirects only within the hub', async () => {
      const login = await t.call(`${t.hub.localLoginPath!}&return_to=${encodeURIComponent('/projects?tab=1')}`);
      expect(login.status).toBe(303);
      expect(login.headers.get('location')).toBe('/projects?tab=1');
      const cookie = login.headers.get('set-cookie')!;
      expect(cookie).toMatch(/^svc_session=[A-Za-z0-9_-]{43};/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(login.headers.get('cache-control')).toBe('no-store');

      for (const evil of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
        const redirected = await t.call(`${t.hub.localLoginPath!}&return_to=${encodeURIComponent(evil)}`);
        expect(redirected.headers.get('location'), evil).toBe('/');
      }
    });

    it('refuses a wrong login token', async () => {
      const wrong = await t.call('/api/v1/auth/local/login?token=guess');
      expect(wrong.status).toBe(401);
      expect(wrong.json.error.code).toBe('UNAUTHORIZED');
      const posted = await t.call('/api/v1/auth/local/login', { method: 'POST', body: { token: 'guess' } });
      expect(posted.status).toBe(401);
    });

    it('makes the local identity a super admin, and logout ends the session', async () => {
      const cookie = await t.localLogin();
      const me = await t.call('/api/v1/me', { cookie });
      expect(me.status).toBe(200);
      expect(me.json.data).toMatchObject({ email: 'admin@localhost', is_super_admin: true, can_create_projects: true, logout_url: '/api/v1/auth/logout' });
      const methods = await t.call('/api/v1/auth/methods');
      expect(methods.json.data).toEqual({ kind: 'local', login_url: '/api/v1/auth/local/login' });

      const logout = await t.call('/api/v1/auth/logout', { method: 'POST', cookie, headers: origin });
      expect(logout.status).toBe(200);
      expect(logout.json.data).toEqual({ end_session_url: null });
      expect(logout.headers.get('set-cookie')).toMatch(/svc_session=;/);
      expect((await t.call('/api/v1/me', { cookie })).status).toBe(401);
    });
  });

  describe('cross-site protection', () => {
    it('refuses cookie-authenticated changes without a same-origin Origin', async () => {
      const cookie = await t.localLogin();
      const body = { name: 'csrf probe' };
      expect((await t.call('/api/v1/me/tokens', { method: 'POST', cookie, body })).status).toBe(403);
      expect((await t.call('/api/v1/me/tokens', { method: 'POST', cookie, body, headers: { origin: 'http://evil.example' } })).status).toBe(403);
      expect((await t.call('/api/v1/me/tokens', { method: 'POST', cookie, body, headers: { ...origin, 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
      expect((await t.call('/api/v1/me/tokens', { method: 'POST', cookie, body, headers: { referer: `${t.url}/settings` } })).status).toBe(201);
      expect((await t.call('/api/v1/me/tokens', { method: 'POST', cookie, body, headers: origin })).status).toBe(201);
    });
  });

  describe('behind an https proxy (SERVICE_PUBLIC_URL)', () => {
    const PUBLIC_URL = 'https://hub.example.test';
    let behind: TestHub;
    beforeAll(async () => {
      behind = await startTestHub({ env: { SERVICE_PUBLIC_URL: PUBLIC_URL } });
    });
    afterAll(() => behind.close());

    it('marks the session cookie Secure, also when clearing it', async () => {
      const login = await behind.call(behind.hub.localLoginPath!);
      expect(login.headers.get('set-cookie')).toMatch(/^svc_session=[^;]+;.*; Secure/);
      const cookie = await behind.localLogin();
      const logout = await behind.call('/api/v1/auth/logout', { method: 'POST', cookie, headers: { origin: PUBLIC_URL } });
      expect(logout.status).toBe(200);
      expect(logout.headers.get('set-cookie')).toMatch(/^svc_session=;.*; Secure/);
      // Without a public https URL the cookie must stay usable over plain http.
      expect((await t.call(t.hub.localLoginPath!)).headers.get('set-cookie')).not.toMatch(/Secure/);
    });

    it('accepts cookie changes from the public origin only, not from the address it listens on', async () => {
      const cookie = await behind.localLogin();
      const body = { name: 'behind the proxy' };
      const fromPublic = await behind.call('/api/v1/me/tokens', { method: 'POST', cookie, body, headers: { origin: PUBLIC_URL } });
      expect(fromPublic.status).toBe(201);
      expect((await behind.call('/api/v1/me/tokens', { method: 'POST', cookie, body, headers: { referer: `${PUBLIC_URL}/settings` } })).status).toBe(201);
      for (const origin of [behind.url, 'http://hub.example.test', 'https://evil.example', `${PUBLIC_URL}:8443`]) {
        const refused = await behind.call('/api/v1/me/tokens', { method: 'POST', cookie, body, headers: { origin } });
        expect(refused.status, origin).toBe(403);
        expect(refused.json.error.code, origin).toBe('FORBIDDEN');
      }
    });
  });

  describe('personal access tokens', () => {
    it('shows the value once, stores only its hash, and authenticates as its user', async () => {
      const cookie = await t.localLogin();
      const created = await t.call('/api/v1/me/tokens', { method: 'POST', cookie, headers: origin, body: { name: 'laptop' } });
      expect(created.status).toBe(201);
      expect(created.headers.get('cache-control')).toBe('private, no-store');
      const { token, id } = created.json.data;
      expect(token).toMatch(/^svc_pat_[A-Za-z0-9_-]{43}$/);
      const listed = await t.call('/api/v1/me/tokens', { cookie });
      expect(listed.headers.get('cache-control')).toBe('private, no-store');
      expect(listed.json.data.find((entry: { id: string }) => entry.id === id)).toMatchObject({
        name: 'laptop',
        expired: false,
        scope: { actions: '*', projects: '*' },
      });
      expect(listed.text).not.toContain(token);
      expect(await storeContains(t.dataDir, token.slice('svc_pat_'.length))).toBe(false);

      const me = await t.call('/api/v1/me', { token });
      expect(me.json.data).toMatchObject({ email: 'admin@localhost', logout_url: null });
    });

    it('cannot manage tokens or reach session-only routes', async () => {
      const token = await t.tokenFor('dev@example.com');
      const create = await t.call('/api/v1/me/tokens', { method: 'POST', token, body: { name: 'more' } });
      expect(create.status).toBe(403);
      expect(create.json.error.code).toBe('FORBIDDEN');
      expect((await t.call('/api/v1/me/tokens', { token })).status).toBe(403);
      expect((await t.call('/api/v1/auth/logout', { method: 'POST', token })).status).toBe(403);
    });

    it('stops working when revoked', async () => {
      const cookie = await t.localLogin();
      const { token, id } = (await t.call('/api/v1/me/tokens', { method: 'POST', cookie, headers: origin, body: { name: 'short-lived' } })).json.data;
      expect((await t.call('/api/v1/me', { token })).status).toBe(200);
      expect((await t.call(`/api/v1/me/tokens/${id}`, { method: 'DELETE', cookie, headers: origin })).json).toEqual({ success: true });
      const after = await t.call('/api/v1/me', { token });
      expect(after.status).toBe(401);
      expect(after.json.error.code).toBe('UNAUTHORIZED');
      expect((await t.call(`/api/v1/me/tokens/${id}`, { method: 'DELETE', cookie, headers: origin })).status).toBe(404);
    });

    it('stops working when expired', async () => {
      const token = await t.tokenFor('expiring@example.com', { expiresAt: new Date(Date.now() + 1500) });
      expect((await t.call('/api/v1/me', { token })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1700));
      expect((await t.call('/api/v1/me', { token })).status).toBe(401);
      const cookie = await t.localLogin();
      const past = await t.call('/api/v1/me/tokens', { method: 'POST', cookie, headers: origin, body: { name: 'x', expires_at: '2020-01-01T00:00:00Z' } });
      expect(past.status).toBe(422);
    });

    it('narrows what a scoped token may do, and validates scopes', async () => {
      const narrow = await t.tokenFor('scoped@example.com', { scope: { actions: ['project.read'], projects: '*' } });
      const denied = await t.call('/api/v1/users/search?q=a', { token: narrow });
      expect(denied.status).toBe(403);
      expect(denied.json.error.message).toMatch(/scope/);
      expect((await t.call('/api/v1/me', { token: narrow })).status).toBe(200);
      const wide = await t.tokenFor('scoped@example.com', { scope: { actions: ['directory.search'], projects: '*' } });
      expect((await t.call('/api/v1/users/search?q=a', { token: wide })).status).toBe(200);
      // A scope never adds permissions: a plain user's token naming admin.access is still refused.
      const escalate = await t.tokenFor('scoped@example.com', { scope: { actions: ['admin.access'], projects: '*' } });
      expect((await t.call('/api/v1/admin/users', { token: escalate })).status).toBe(403);

      const cookie = await t.localLogin();
      const tooMany = Array.from({ length: 101 }, (_, i) => `proj-${String(i).padStart(16, '0')}`);
      for (const scope of [
        { actions: ['no.such.action'], projects: '*' },
        { actions: '*', projects: tooMany },
        { actions: '*', projects: ['../x'] },
        { actions: [], projects: '*' },
      ]) {
        const refused = await t.call('/api/v1/me/tokens', { method: 'POST', cookie, headers: origin, body: { name: 'scoped', scope } });
        expect(refused.status, JSON.stringify(scope).slice(0, 80)).toBe(422);
        expect(refused.json.error.code).toBe('VALIDATION_ERROR');
      }
    });
  });

  describe('suspension', () => {
    it('answers USER_SUSPENDED on every route until lifted', async () => {
      const admin = await t.tokenFor('root@example.com', { superAdmin: true });
      const token = await t.tokenFor('suspect@example.com');
      const user = (await t.call('/api/v1/me', { token })).json.data;
      const suspended = await t.call(`/api/v1/admin/users/${user.id}/suspend`, { method: 'POST', token: admin });
      expect(suspended.status).toBe(200);
      expect(suspended.json.data.suspended_at).not.toBeNull();
      for (const route of ['/api/v1/me', '/api/v1/users/search?q=s', '/api/v1/capabilities', '/api/v1/no-such-route']) {
        const refused = await t.call(route, { token });
        expect(refused.status, route).toBe(403);
        expect(refused.json.error.code, route).toBe('USER_SUSPENDED');
      }
      await t.call(`/api/v1/admin/users/${user.id}/unsuspend`, { method: 'POST', token: admin });
      expect((await t.call('/api/v1/me', { token })).status).toBe(200);
    });

    it('does not let an admin suspend themselves', async () => {
      const admin = await t.tokenFor('self@example.com', { superAdmin: true });
      const me = (await t.call('/api/v1/me', { token: admin })).json.data;
      const refused = await t.call(`/api/v1/admin/users/${me.id}/suspend`, { method: 'POST', token: admin });
      expect(refused.status).toBe(409);
      expect(refused.json.error.code).toBe('CONFLICT');
    });
  });
});

/** True when any file of the store contains `needle`. */
async function storeContains(dataDir: string, needle: string): Promise<boolean> {
  const walk = async (dir: string): Promise<boolean> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() ? await walk(full) : (await readFile(full, 'utf8')).includes(needle)) return true;
    }
    return false;
  };
  return walk(dataDir);
}
