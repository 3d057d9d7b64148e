import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretHash } from '../../service/src/core/identity/secrets.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { TestBrowser } from '../support/browser.js';
import { OIDC_CLIENT_ID, startOidcHub, type OidcHub } from '../support/oidc-hub.js';
import type { TestAccount } from '../support/oidc-provider.js';

const LOGIN = '/api/v1/auth/oidc/login';

const ACCOUNTS: Record<string, TestAccount> = {
  ada: { email: 'Ada@Example.com', email_verified: true, name: 'Ada Lovelace', picture: 'https://pictures.example/ada.png' },
  bob: { email: 'bob@example.com', email_verified: true, name: 'Bob' },
  carol: { email: 'carol@example.com', email_verified: true, name: 'Carol' },
  mallory: { email: 'mallory@example.com', email_verified: false, name: 'Mallory' },
  nomail: { name: 'No Mail' },
};

/** The hub and its provider, with Ada (whose address the provider spells in capitals) a super-admin. */
const startPair = (options: { idTokenCarriesProfile?: boolean; configure?: boolean } = {}): Promise<OidcHub> =>
  startOidcHub({ accounts: ACCOUNTS, env: { SERVICE_SUPER_ADMINS: 'ada@example.com' }, ...options });

interface Login {
  browser: TestBrowser;
  start: Response;
  flowCookie: string;
  /** Where the provider sent the browser back to (the hub's callback, not yet requested). */
  callback: URL;
}

/** Starts a login at the hub and goes through the provider's pages as `account`. */
async function loginAtProvider(pair: OidcHub, account: string, options: { returnTo?: string; browser?: TestBrowser; abort?: boolean } = {}): Promise<Login> {
  const browser = options.browser ?? new TestBrowser();
  const query = options.returnTo === undefined ? '' : `?return_to=${encodeURIComponent(options.returnTo)}`;
  const start = await browser.request(`${pair.url}${LOGIN}${query}`);
  expect(start.status, await start.clone().text()).toBe(302);
  const flowCookie = browser.jar.get(new URL(`${pair.url}/api/v1/auth/oidc/callback`), 'svc_login_flow');
  expect(flowCookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const callback = await pair.idp.signIn(browser, start.headers.get('location')!, account, { abort: options.abort ?? false });
  return { browser, start, flowCookie: flowCookie!, callback };
}

async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  const body = (await response.json()) as { success: boolean; error: { code: string; message: string } };
  expect(body.success).toBe(false);
  return body.error;
}

const sessionCookieOf = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith('svc_session='));

describe('OIDC login against a real provider', () => {
  let pair: OidcHub;
  beforeAll(async () => {
    pair = await startPair();
  });
  afterAll(async () => {
    expect(pair.idp.serverErrors).toEqual([]);
    await pair.close();
  });

  it('reports OIDC as the sign-in method', async () => {
    const methods = await fetch(`${pair.url}/api/v1/auth/methods`);
    expect(await methods.json()).toEqual({ success: true, data: { kind: 'oidc', login_url: LOGIN } });
  });

  it('signs in through the provider, lands on return_to, and logout ends both sessions', async () => {
    const { browser, start, flowCookie, callback } = await loginAtProvider(pair, 'ada', { returnTo: '/projects?tab=members' });

    // The authorization request: code flow with S256 PKCE, state and nonce, for the hub's callback.
    const authorization = new URL(start.headers.get('location')!);
    expect(authorization.origin).toBe(pair.idp.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: OIDC_CLIENT_ID,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: `${pair.url}/api/v1/auth/oidc/callback`,
      code_challenge_method: 'S256',
    });
    for (const parameter of ['code_challenge', 'state', 'nonce']) expect(authorization.searchParams.get(parameter)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const flowSetCookie = start.headers.getSetCookie().find((cookie) => cookie.startsWith('svc_login_flow='))!;
    expect(flowSetCookie).toMatch(/; HttpOnly/);
    expect(flowSetCookie).toMatch(/; SameSite=Lax/);
    expect(flowSetCookie).toMatch(/; Path=\/api\/v1\/auth\/oidc(;|$)/);
    expect(flowSetCookie).toMatch(/; Max-Age=600/);
    expect(start.headers.get('cache-control')).toBe('no-store');

    // The pending flow lives in the store under the hash of the cookie, never under the cookie itself.
    const flowKey = layout.loginFlow(secretHash(flowCookie));
    const flow = JSON.parse((await pair.hub.store.get(flowKey))!.body.toString()) as Record<string, string>;
    expect(flow).toMatchObject({
      state: authorization.searchParams.get('state'),
      nonce: authorization.searchParams.get('nonce'),
      return_to: '/projects?tab=members',
    });
    expect(Date.parse(flow.expires_at!) - Date.parse(flow.created_at!)).toBe(600_000);
    expect(JSON.stringify(flow)).not.toContain(flowCookie);

    expect(callback.href.startsWith(`${pair.url}/api/v1/auth/oidc/callback?`)).toBe(true);
    expect(callback.searchParams.get('code')).toBeTruthy();
    const done = await browser.request(callback);
    expect(done.status, await done.clone().text()).toBe(303);
    expect(done.headers.get('location')).toBe('/projects?tab=members');
    expect(sessionCookieOf(done)).toMatch(/^svc_session=[A-Za-z0-9_-]{43}; .*HttpOnly; SameSite=Lax/);
    expect(done.headers.getSetCookie().find((cookie) => cookie.startsWith('svc_login_flow='))).toMatch(/^svc_login_flow=;/);
    expect(await pair.hub.store.get(flowKey)).toBeNull();
    // The ID token of a code flow carries no profile here, so it came from userinfo.
    expect(pair.idp.requestedPaths).toContain('/me');

    const me = await browser.request(`${pair.url}/api/v1/me`);
    expect(me.status).toBe(200);
    const user = ((await me.json()) as { data: Record<string, unknown> }).data;
    expect(user).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      picture_url: 'https://pictures.example/ada.png',
      is_super_admin: true,
      logout_url: '/api/v1/auth/logout',
    });
    const stored = await pair.hub.services.users.findByEmail('ada@example.com');
    expect(stored?.subject).toBe(`${pair.idp.issuer}#ada`);

    const audit = await pair.hub.store.list(layout.deploymentAuditPrefix());
    const events = await Promise.all(
      audit.items.map(async (item) => JSON.parse((await pair.hub.store.get(item.key))!.body.toString()) as { event: string; actor: string; metadata: unknown }),
    );
    expect(events).toContainEqual(expect.objectContaining({ event: 'auth.login', actor: user.id, metadata: { provider: 'oidc' } }));

    const logout = await browser.request(`${pair.url}/api/v1/auth/logout`, { method: 'POST', headers: { origin: pair.url } });
    expect(logout.status).toBe(200);
    const endSessionUrl = ((await logout.json()) as { data: { end_session_url: string } }).data.end_session_url;
    const endSession = new URL(endSessionUrl);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${pair.idp.issuer}/session/end`);
    expect(Object.fromEntries(endSession.searchParams)).toEqual({ client_id: OIDC_CLIENT_ID, post_logout_redirect_uri: `${pair.url}/` });
    expect((await browser.request(`${pair.url}/api/v1/me`)).status).toBe(401);

    // The provider accepts the end-session request and sends the browser back to the hub.
    expect((await pair.idp.confirmLogout(browser, endSessionUrl))?.href).toBe(`${pair.url}/`);
  });

  it('is not a super admin unless configured as one', async () => {
    const { browser, callback } = await loginAtProvider(pair, 'bob');
    const done = await browser.request(callback);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/');
    const me = (await (await browser.request(`${pair.url}/api/v1/me`)).json()) as { data: Record<string, unknown> };
    expect(me.data).toMatchObject({ email: 'bob@example.com', name: 'Bob', picture_url: null, is_super_admin: false });
  });

  it('never redirects off the hub after login', async () => {
    for (const returnTo of ['//evil.example', 'https://evil.example/x', '/\\evil.example']) {
      const { browser, callback } = await loginAtProvider(pair, 'bob', { returnTo });
      const done = await browser.request(callback);
      expect(done.status).toBe(303);
      expect(done.headers.get('location'), returnTo).toBe('/');
    }
  });

  it('refuses a callback whose state does not match the one started in this browser', async () => {
    const { browser, callback, flowCookie } = await loginAtProvider(pair, 'bob');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state-value-of-the-right-shape-000000');
    const refused = await browser.request(forged);
    expect(refused.status).toBe(401);
    expect(sessionCookieOf(refused)).toBeUndefined();
    expect(await errorOf(refused)).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringMatching(/state mismatch/) });
    // A refused callback uses the flow up: the genuine answer cannot be slipped in afterwards.
    expect(await pair.hub.store.get(layout.loginFlow(secretHash(flowCookie)))).toBeNull();
    expect((await browser.request(callback, { headers: { cookie: `svc_login_flow=${flowCookie}` } })).status).toBe(401);
  });

  it('refuses a callback in a browser that did not start the login', async () => {
    const { callback } = await loginAtProvider(pair, 'bob');
    const elsewhere = await new TestBrowser().request(callback);
    expect(elsewhere.status).toBe(401);
    expect(sessionCookieOf(elsewhere)).toBeUndefined();
    expect((await errorOf(elsewhere)).message).toMatch(/no sign-in was started in this browser/);
  });

  it('refuses a replayed callback', async () => {
    const { browser, callback, flowCookie } = await loginAtProvider(pair, 'bob');
    expect((await browser.request(callback)).status).toBe(303);
    // Even with the flow cookie captured and sent again, the flow was used up.
    const replayed = await new TestBrowser().request(callback, { headers: { cookie: `svc_login_flow=${flowCookie}` } });
    expect(replayed.status).toBe(401);
    expect(sessionCookieOf(replayed)).toBeUndefined();
    expect(await errorOf(replayed)).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringMatching(/already completed/) });
  });

  it('refuses a login that took longer than ten minutes', async () => {
    const { browser, callback, flowCookie } = await loginAtProvider(pair, 'bob');
    const key = layout.loginFlow(secretHash(flowCookie));
    const flow = JSON.parse((await pair.hub.store.get(key))!.body.toString()) as Record<string, string>;
    await pair.hub.store.put(key, JSON.stringify({ ...flow, expires_at: new Date(Date.now() - 1000).toISOString() }));
    const late = await browser.request(callback);
    expect(late.status).toBe(401);
    expect((await errorOf(late)).message).toMatch(/longer than 10 minutes/);
  });

  it('reports the provider refusing the sign-in', async () => {
    const { browser, callback } = await loginAtProvider(pair, 'bob', { abort: true });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const refused = await browser.request(callback);
    expect(refused.status).toBe(401);
    expect(await errorOf(refused)).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringMatching(/refused the sign-in: access_denied/) });
  });

  it('answers a malformed callback with BAD_REQUEST', async () => {
    const browser = new TestBrowser();
    expect(await errorOf(await browser.request(`${pair.url}/api/v1/auth/oidc/callback?code=abc`))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await errorOf(await browser.request(`${pair.url}/api/v1/auth/oidc/callback?state=abc`))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await errorOf(await browser.request(`${pair.url}/api/v1/auth/oidc/callback?state=a&state=b&code=c`))).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refuses an e-mail the provider has not verified, and creates no user', async () => {
    const { browser, callback } = await loginAtProvider(pair, 'mallory');
    const refused = await browser.request(callback);
    expect(refused.status).toBe(401);
    expect(sessionCookieOf(refused)).toBeUndefined();
    expect((await errorOf(refused)).message).toMatch(/not verified the e-mail address mallory@example.com/);
    expect(await pair.hub.services.users.findByEmail('mallory@example.com')).toBeNull();
  });

  it('refuses an identity without an e-mail address', async () => {
    const { browser, callback } = await loginAtProvider(pair, 'nomail');
    const refused = await browser.request(callback);
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).message).toMatch(/did not share an e-mail address/);
  });

  it('refuses a suspended user at the callback', async () => {
    const first = await loginAtProvider(pair, 'carol');
    expect((await first.browser.request(first.callback)).status).toBe(303);
    const carol = (await pair.hub.services.users.findByEmail('carol@example.com'))!;
    await pair.hub.services.users.setSuspended(carol.id, true, 'test');

    const again = await loginAtProvider(pair, 'carol');
    const refused = await again.browser.request(again.callback);
    expect(refused.status).toBe(403);
    expect(sessionCookieOf(refused)).toBeUndefined();
    expect(await errorOf(refused)).toMatchObject({ code: 'USER_SUSPENDED' });
  });
});

describe('OIDC login with profile claims in the ID token', () => {
  it('reads the identity from the ID token without asking userinfo', async () => {
    const pair = await startPair({ idTokenCarriesProfile: true });
    try {
      const { browser, callback } = await loginAtProvider(pair, 'bob');
      expect((await browser.request(callback)).status).toBe(303);
      expect(pair.idp.requestedPaths).not.toContain('/me');
      const me = (await (await browser.request(`${pair.url}/api/v1/me`)).json()) as { data: Record<string, unknown> };
      expect(me.data).toMatchObject({ email: 'bob@example.com', name: 'Bob', is_super_admin: false });
    } finally {
      await pair.close();
    }
  });
});

describe('OIDC login while the provider is unavailable', () => {
  it('answers SERVICE_UNAVAILABLE, writes nothing, and discovers the provider once it is back', async () => {
    const pair = await startPair({ configure: false });
    try {
      const browser = new TestBrowser();
      const unavailable = await browser.request(`${pair.url}${LOGIN}`);
      expect(unavailable.status).toBe(503);
      expect((await errorOf(unavailable)).code).toBe('SERVICE_UNAVAILABLE');
      expect(unavailable.headers.getSetCookie()).toEqual([]);
      expect((await pair.hub.store.list('auth/login-flows/')).items).toEqual([]);

      await pair.configureProvider();
      const { callback } = await loginAtProvider(pair, 'bob', { browser });
      expect((await browser.request(callback)).status).toBe(303);
    } finally {
      await pair.close();
    }
  });
});
