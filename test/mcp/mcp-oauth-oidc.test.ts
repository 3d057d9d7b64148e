import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../support/browser.js';
import { startOidcHub, type OidcHub } from '../support/oidc-hub.js';

const VERIFIER = 'a-verifier-long-enough-for-the-pkce-rules-0123456789';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const REDIRECT = 'http://127.0.0.1:9/callback';

/**
 * The consent page's sign-in on a hub that signs people in with OpenID Connect: the browser
 * leaves for the provider and comes back to the same consent request, and the connection acts as
 * the provider's user.
 */
describe('connecting an MCP client on a hub with OIDC sign-in', () => {
  let pair: OidcHub;
  beforeAll(async () => {
    pair = await startOidcHub({ accounts: { ada: { email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace' } } });
  });
  afterAll(async () => {
    expect(pair.idp.serverErrors).toEqual([]);
    await pair.close();
  });

  it('signs the user in through the provider on the way to the consent page', async () => {
    const registered = await fetch(`${pair.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Assistant', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
    });
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const browser = new TestBrowser();
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
      state: 's',
    });
    const authorize = await browser.request(`${pair.url}/oauth/authorize?${query}`);
    const consentPath = new URL(authorize.headers.get('location')!, pair.url).pathname;
    expect(consentPath).toMatch(/^\/connect\/[A-Za-z0-9_-]{43}$/);

    // Signed out, the consent page sends the browser to sign in with return_to pointing back at it.
    const login = await browser.request(`${pair.url}/api/v1/auth/oidc/login?return_to=${encodeURIComponent(consentPath)}`);
    const callback = await pair.idp.signIn(browser, login.headers.get('location')!, 'ada');
    const landed = await browser.request(callback);
    expect(new URL(landed.headers.get('location')!, pair.url).pathname).toBe(consentPath);

    const requestId = consentPath.split('/').pop()!;
    const pending = await browser.request(`${pair.url}/api/v1/oauth/requests/${requestId}`);
    expect(((await pending.json()) as { data: { client_name: string } }).data.client_name).toBe('Assistant');
    const approved = await browser.request(`${pair.url}/api/v1/oauth/requests/${requestId}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: pair.url },
      body: '{}',
    });
    expect(approved.status).toBe(200);
    const code = new URL(((await approved.json()) as { data: { redirect_to: string } }).data.redirect_to).searchParams.get('code')!;
    const tokens = (await (
      await fetch(`${pair.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: VERIFIER }),
      })
    ).json()) as { access_token: string };
    const ada = await pair.hub.services.users.findByEmail('ada@example.com');
    const connections = await pair.hub.services.oauth.grants.list(ada!.id);
    expect(connections.map((connection) => connection.client_name)).toEqual(['Assistant']);
    const listed = await fetch(`${pair.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_my_sessions', arguments: {} } }),
    });
    expect(listed.status).toBe(200);
  });
});
