import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeClient, oauthForm, registerClient } from '../support/sync-oauth.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

/**
 * Another hub signing in to the sync API with the hub's OAuth server (docs/remotes.md, "Signing
 * in"), the consent given through the consent page's API as the browser gives it: a token for the
 * sync API is taken there only, an MCP token is not, refresh rotates, and a disconnected
 * connection stops at once.
 */
describe('signing in to the sync API with OAuth', () => {
  let t: TestHub;
  let cookie: string;
  let projectId: string;

  const form = (path: string, fields: Record<string, string>) => oauthForm(t, path, fields);
  const register = (scope?: string) => registerClient(t, scope);
  const connect = (clientId: string, params: Record<string, string>) => authorizeClient(t, cookie, clientId, params);
  const syncStatus = async (token: string) => (await t.call('/api/v1/sync/projects', { token })).status;
  const mcpStatus = async (token: string) =>
    (
      await fetch(`${t.url}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      })
    ).status;

  beforeAll(async () => {
    t = await startTestHub();
    cookie = await t.localLogin();
    const created = await t.call('/api/v1/projects', { method: 'POST', cookie, headers: { origin: t.url }, body: { name: 'Signed-in project' } });
    expect(created.status).toBe(201);
    projectId = created.json.data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('grants the remote scope for the sync API, shown on the consent page for what it means', async () => {
    const clientId = await register('remote');
    const tokens = await connect(clientId, { resource: `${t.url}/api/v1/sync`, scope: 'remote' });
    expect(tokens.asked.scopes).toEqual([
      {
        name: 'remote',
        description: "Pull this hub's projects you can read, push versions to those you can edit, and run their notebooks here in sessions and jobs",
      },
    ]);
    expect(tokens.scope).toBe('remote');
    const listed = await t.call('/api/v1/sync/projects', { token: tokens.access_token });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.data.items.map((project: { id: string }) => project.id)).toContain(projectId);
    // Only the sync API takes it.
    expect((await t.call(`/api/v1/projects/${projectId}`, { token: tokens.access_token })).status).toBe(401);
    expect(await mcpStatus(tokens.access_token)).toBe(401);
  });

  it('refuses an MCP token on the sync API, and takes it at /mcp still', async () => {
    const clientId = await register();
    const tokens = await connect(clientId, { resource: `${t.url}/mcp` });
    expect(tokens.scope).toBe('notebooks:read notebooks:write sessions');
    expect(await mcpStatus(tokens.access_token)).toBe(200);
    const refused = await t.call('/api/v1/sync/projects', { token: tokens.access_token });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('refreshes a sync connection with rotation, lists it among the connected clients, and stops it at once when disconnected', async () => {
    const clientId = await register('remote');
    const first = await connect(clientId, { scope: 'remote' });
    const refreshed = await form('/oauth/token', { grant_type: 'refresh_token', client_id: clientId, refresh_token: first.refresh_token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.scope).toBe('remote');
    expect(refreshed.json.refresh_token).not.toBe(first.refresh_token);
    expect(await syncStatus(refreshed.json.access_token!)).toBe(200);

    const connected = await t.call('/api/v1/me/connected-clients', { cookie });
    const entry = connected.json.data.find((client: { client_id: string }) => client.client_id === clientId);
    expect(entry).toMatchObject({ client_name: 'Laptop hub', scopes: ['remote'] });
    const disconnected = await t.call(`/api/v1/me/connected-clients/${entry.id}`, { method: 'DELETE', cookie, headers: { origin: t.url } });
    expect(disconnected.status).toBe(200);
    expect(await syncStatus(refreshed.json.access_token!)).toBe(401);
    expect(await syncStatus(first.access_token)).toBe(401);
    const again = await form('/oauth/token', { grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshed.json.refresh_token! });
    expect(again.json.error).toBe('invalid_grant');
  });

  it('answers 401 once the client revokes its refresh token', async () => {
    const clientId = await register('remote');
    const tokens = await connect(clientId, { resource: `${t.url}/api/v1/sync` });
    expect(await syncStatus(tokens.access_token)).toBe(200);
    expect((await form('/oauth/revoke', { client_id: clientId, token: tokens.refresh_token })).status).toBe(200);
    expect(await syncStatus(tokens.access_token)).toBe(401);
  });
});
