import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '../support/test-hub.js';

const REDIRECT = 'http://127.0.0.1:9/callback';

/**
 * An authorization code used twice (docs/mcp.md): only the client it was issued to, proving it
 * with its PKCE verifier, ends the connection the code made; and then its tokens stop at once.
 */
describe('a replayed authorization code', () => {
  let t: TestHub;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestHub();
    cookie = await t.localLogin();
  });
  afterAll(() => t?.close());

  const register = async (name: string) => {
    const registered = await fetch(`${t.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: name, redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
    });
    expect(registered.status).toBe(201);
    return ((await registered.json()) as { client_id: string }).client_id;
  };
  const tokenRequest = async (form: Record<string, string>) => {
    const response = await fetch(`${t.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  };
  /** The signed-in user approves `clientId`; answers the code and the verifier behind its challenge. */
  const approvedCode = async (clientId: string) => {
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 's',
      resource: `${t.url}/mcp`,
    });
    const consent = await fetch(`${t.url}/oauth/authorize?${query}`, { redirect: 'manual' });
    const requestId = new URL(consent.headers.get('location')!, t.url).pathname.split('/').pop()!;
    const approved = await t.call(`/api/v1/oauth/requests/${requestId}/approve`, { method: 'POST', cookie, headers: { origin: t.url }, body: {} });
    expect(approved.status, approved.text).toBe(200);
    return { code: new URL(approved.json.data.redirect_to).searchParams.get('code')!, verifier };
  };
  const mcpStatus = async (token: string) =>
    (
      await fetch(`${t.url}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      })
    ).status;
  const connections = async () => (await t.call('/api/v1/me/connected-clients', { cookie })).json.data as { client_id: string }[];

  it('by another client, or without the verifier, leaves the connection working; by its own client, ends it at once', async () => {
    const legitimate = await register('Legitimate assistant');
    const other = await register('Other assistant');
    const { code, verifier } = await approvedCode(legitimate);
    const exchange = (clientId: string, codeVerifier: string) =>
      tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: codeVerifier });
    const first = await exchange(legitimate, verifier);
    expect(first.status).toBe(200);
    const accessToken = first.body.access_token!;
    expect(await mcpStatus(accessToken)).toBe(200);

    // Someone holding the used code, but not the client's verifier (or another client entirely).
    for (const [clientId, codeVerifier] of [
      [other, verifier],
      [legitimate, randomBytes(32).toString('base64url')],
    ] as const) {
      const replay = await exchange(clientId, codeVerifier);
      expect(replay.status).toBe(400);
      expect(replay.body.error).toBe('invalid_grant');
      expect(replay.body.error_description).not.toMatch(/ended/);
    }
    expect(await mcpStatus(accessToken)).toBe(200);
    expect((await connections()).map((connection) => connection.client_id)).toContain(legitimate);

    // The client itself presenting its code again (as after a theft): the connection ends, and its
    // access token is refused by the very next request, however recently it was accepted.
    const replay = await exchange(legitimate, verifier);
    expect(replay.body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/ended/) });
    expect(await mcpStatus(accessToken)).toBe(401);
    expect((await connections()).map((connection) => connection.client_id)).not.toContain(legitimate);
  });

  it('a reused refresh token stops the connection at once too', async () => {
    const client = await register('Refreshing assistant');
    const { code, verifier } = await approvedCode(client);
    const first = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: client, code_verifier: verifier });
    const second = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token!, client_id: client });
    expect(second.status).toBe(200);
    expect(await mcpStatus(second.body.access_token!)).toBe(200);
    const reused = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token!, client_id: client });
    expect(reused.body.error).toBe('invalid_grant');
    expect(await mcpStatus(second.body.access_token!)).toBe(401);
  });
});
