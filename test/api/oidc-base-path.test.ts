import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsObjectStore } from '../../service/src/adapters/store/fs-store.js';
import { createHub, type Hub } from '../../service/src/compose/hub.js';
import { readSettings } from '../../service/src/config/settings.js';
import { TestBrowser } from '../support/browser.js';
import { TestOidcProvider } from '../support/oidc-provider.js';
import { makeTempDir } from '../support/temp-dir.js';
import { unusedPort } from '../support/unused-port.js';

const CLIENT_ID = 'notebook-hub';
const CLIENT_SECRET = 'a-client-secret-only-the-hub-and-the-provider-know';

/**
 * OIDC sign-in of a hub served under `/notebooks` (docs/deploy.md, "Behind a reverse proxy"), against
 * a real provider whose client knows only the prefixed redirect URI: the flow cookie, the redirect
 * URI, the landing place and the post-logout address all carry the base.
 */
describe('OIDC login under a path prefix', () => {
  let idp: TestOidcProvider;
  let hub: Hub;
  let root: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    idp = await TestOidcProvider.listen();
    const temp = await makeTempDir('oidc-prefix');
    const port = await unusedPort();
    root = `http://127.0.0.1:${port}/notebooks`;
    const settings = readSettings({
      SERVICE_DATA_DIR: temp.dir,
      SERVICE_PORT: String(port),
      SERVICE_PUBLIC_URL: root,
      SERVICE_LOG_LEVEL: 'silent',
      SERVICE_AUTH: 'oidc',
      SERVICE_OIDC_ISSUER: idp.issuer,
      SERVICE_OIDC_CLIENT_ID: CLIENT_ID,
      SERVICE_OIDC_CLIENT_SECRET: CLIENT_SECRET,
      SERVICE_OIDC_ALLOW_HTTP: 'true',
    });
    hub = await createHub({ settings, store: new FsObjectStore(path.join(temp.dir, 'store')) });
    await hub.listen();
    await idp.configure({
      clients: [
        { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [`${root}/api/v1/auth/oidc/callback`], post_logout_redirect_uris: [`${root}/`] },
      ],
      accounts: { ada: { email: 'ada@example.com', email_verified: true, name: 'Ada' } },
    });
    cleanup = temp.cleanup;
  });
  afterAll(async () => {
    expect(idp?.serverErrors ?? []).toEqual([]);
    await hub?.close();
    await idp?.stop();
    await cleanup?.();
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

    const callback = await idp.signIn(browser, authorization, 'ada');
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
