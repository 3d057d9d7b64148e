import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../support/browser.js';
import { startOidcHub, type OidcHub } from '../support/oidc-hub.js';

/**
 * OIDC sign-in of a hub served under `/notebooks` (docs/deploy.md, "Behind a reverse proxy"), against
 * a real provider whose client knows only the prefixed redirect URI: the flow cookie, the redirect
 * URI, the landing place and the post-logout address all carry the base.
 */
describe('OIDC login under a path prefix', () => {
  let oidc: OidcHub;
  let root: string;
  beforeAll(async () => {
    oidc = await startOidcHub({ basePath: '/notebooks', accounts: { ada: { email: 'ada@example.com', email_verified: true, name: 'Ada' } } });
    root = oidc.url;
  });
  afterAll(async () => {
    expect(oidc?.idp.serverErrors ?? []).toEqual([]);
    await oidc?.close();
  });

  it('signs in with the prefixed redirect URI and lands under the base', async () => {
    const methods = await fetch(`${root}/api/v1/auth/methods`);
    expect(((await methods.json()) as { data: unknown }).data).toEqual({ kind: 'oidc', login_url: '/notebooks/api/v1/auth/oidc/login' });

    const browser = new TestBrowser();
    const start = await browser.request(`${root}/api/v1/auth/oidc/login?return_to=${encodeURIComponent('/projects')}`);
    expect(start.status, await start.clone().text()).toBe(302);
    const authorization = new URL(start.headers.get('location')!);
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${root}/api/v1/auth/oidc/callback`);
    const flowSetCookie = start.headers.getSetCookie().find((cookie) => cookie.startsWith('svc_login_flow='))!;
    expect(flowSetCookie).toMatch(/; Path=\/notebooks\/api\/v1\/auth\/oidc(;|$)/);

    const callback = await oidc.idp.signIn(browser, authorization, 'ada');
    expect(callback.href.startsWith(`${root}/api/v1/auth/oidc/callback?`)).toBe(true);
    const done = await browser.request(callback);
    expect(done.status, await done.clone().text()).toBe(303);
    expect(done.headers.get('location')).toBe('/notebooks/projects');
    expect(done.headers.getSetCookie().find((cookie) => cookie.startsWith('svc_session='))).toMatch(/; Path=\/notebooks\/(;|$)/);

    const me = await browser.request(`${root}/api/v1/me`);
    expect(me.status).toBe(200);
    const origin = new URL(root).origin;
    const logout = await browser.request(`${root}/api/v1/auth/logout`, { method: 'POST', headers: { origin } });
    expect(logout.status).toBe(200);
    const endSession = new URL(((await logout.json()) as { data: { end_session_url: string } }).data.end_session_url);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${root}/`);
  });
});
