import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { TestHub } from './test-hub.js';

const REDIRECT = 'http://127.0.0.1:53682/callback';
const VERIFIER = 'a-verifier-of-the-laptop-hub-at-least-forty-three-characters';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

export interface OAuthTokens {
  access_token: string;
  refresh_token: string;
  scope: string;
}

/** An OAuth token endpoint (or revocation) call: its status and JSON answer. */
export async function oauthForm(t: TestHub, path: string, fields: Record<string, string>): Promise<{ status: number; json: Record<string, string> }> {
  const response = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, json: (await response.json()) as Record<string, string> };
}

/** Registers a public client with a loopback redirect, as a desktop or headless hub does (RFC 8252). */
export async function registerClient(t: TestHub, scope?: string, name = 'Laptop hub'): Promise<string> {
  const registered = await t.call('/oauth/register', {
    method: 'POST',
    body: { client_name: name, redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', ...(scope ? { scope } : {}) },
  });
  expect(registered.status, registered.text).toBe(201);
  return registered.json.client_id as string;
}

/**
 * The authorization request with PKCE, the signed-in user's Allow through the consent page's API
 * (what the page sends), and the code exchanged: the client's tokens, and the request as the
 * consent page showed it.
 */
export async function authorizeClient(
  t: TestHub,
  cookie: string,
  clientId: string,
  params: Record<string, string>,
): Promise<OAuthTokens & { asked: { scopes: { name: string; description: string }[] } }> {
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    state: 's',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    ...params,
  });
  const authorize = await t.call(`/oauth/authorize?${query}`);
  expect(authorize.status).toBe(302);
  const requestId = /\/connect\/([A-Za-z0-9_-]{43})$/.exec(authorize.headers.get('location') ?? '')?.[1];
  expect(requestId, authorize.headers.get('location') ?? '').toBeDefined();
  const asked = await t.call(`/api/v1/oauth/requests/${requestId}`, { cookie });
  const approved = await t.call(`/api/v1/oauth/requests/${requestId}/approve`, { method: 'POST', cookie, headers: { origin: t.url }, body: {} });
  expect(approved.status, approved.text).toBe(200);
  const code = new URL(approved.json.data.redirect_to).searchParams.get('code')!;
  const exchanged = await oauthForm(t, '/oauth/token', {
    grant_type: 'authorization_code',
    client_id: clientId,
    code,
    redirect_uri: REDIRECT,
    code_verifier: VERIFIER,
    ...(params.resource ? { resource: params.resource } : {}),
  });
  expect(exchanged.status, JSON.stringify(exchanged.json)).toBe(200);
  return { ...(exchanged.json as unknown as OAuthTokens), asked: asked.json.data };
}
