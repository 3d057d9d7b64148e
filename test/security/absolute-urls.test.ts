import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectWithRoles, type ProjectWithRoles } from '../support/alert-fixtures.js';
import { gitNotebookSource } from '../support/git-notebook.js';
import { startGitServer, type GitServer } from '../support/git-server.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

const FORGED = 'attacker.example';

/** A request to the hub with a Host header of the caller's choosing (fetch does not let one set it). */
function withHost(
  t: TestHub,
  path: string,
  options: { method?: string; host: string; token?: string; body?: unknown },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const { hostname, port } = new URL(t.url);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        hostname,
        port: Number(port),
        path,
        method: options.method ?? 'GET',
        headers: {
          host: options.host,
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
          accept: 'application/json, text/event-stream',
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/**
 * Absolute URLs in answers (sync URLs, the OAuth and MCP metadata, surface tickets) come from the
 * configured public URL or the hub's listen address, never from a Host header a client made up
 * (docs/deploy.md, docs/mcp.md).
 */
describe('absolute URLs ignore a forged Host header', () => {
  let t: TestHub;
  let p: ProjectWithRoles;
  let git: GitServer;
  beforeAll(async () => {
    git = await startGitServer();
    await git.createRepository('reports', { files: { 'notebook.py': gitNotebookSource('reports') } });
    t = await startTestHub({ env: { SERVICE_GIT_ALLOW_HTTP: 'true' } });
    p = await projectWithRoles(t, 'absolute-urls');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await git?.close();
  });

  it("gives a push-mode notebook's sync URL on the hub's own address", async () => {
    const created = await withHost(t, `/api/v1/projects/${p.id}/git-notebooks`, {
      method: 'POST',
      host: FORGED,
      token: p.tokens.editor,
      body: { title: 'Pushed', repo: git.url('reports'), branch: 'main', entry_notebook: 'notebook.py', sync_mode: 'push' },
    });
    expect(created.status, created.text).toBe(201);
    const { sync_url, notebook } = JSON.parse(created.text).data;
    expect(sync_url).toBe(`${t.url}/api/v1/git-sync/${p.id}/${notebook.meta.id}`);
    const rotated = await withHost(t, `/api/v1/projects/${p.id}/notebooks/${notebook.meta.id}/source/sync-token`, {
      method: 'POST',
      host: `${FORGED}:${new URL(t.url).port}`,
      token: p.tokens.editor,
    });
    expect(JSON.parse(rotated.text).data.sync_url).toBe(sync_url);
  });

  it('names the hub in the OAuth and MCP metadata, which no shared cache keeps', async () => {
    for (const host of [FORGED, `${FORGED}:${new URL(t.url).port}`]) {
      const server = await withHost(t, '/.well-known/oauth-authorization-server', { host });
      expect(JSON.parse(server.text)).toMatchObject({
        issuer: t.url,
        token_endpoint: `${t.url}/oauth/token`,
        authorization_endpoint: `${t.url}/oauth/authorize`,
      });
      expect(server.headers['cache-control']).toBe('private, no-cache');
      const resource = await withHost(t, '/.well-known/oauth-protected-resource/mcp', { host });
      expect(JSON.parse(resource.text)).toMatchObject({ resource: `${t.url}/mcp`, authorization_servers: [t.url] });
      expect(resource.headers['cache-control']).toBe('private, no-cache');
      const unauthenticated = await withHost(t, '/mcp', { method: 'POST', host, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
      expect(unauthenticated.status).toBe(401);
      expect(String(unauthenticated.headers['www-authenticate'])).toContain(`resource_metadata="${t.url}/.well-known/oauth-protected-resource/mcp"`);
      expect(JSON.stringify([server, resource, unauthenticated])).not.toContain(FORGED);
    }
  });
});

describe('absolute URLs with a configured public URL', () => {
  let t: TestHub;
  beforeAll(async () => {
    t = await startTestHub({ env: { SERVICE_PUBLIC_URL: 'https://hub.example.org' } });
  });
  afterAll(() => t?.close());

  it('name the public URL, and the metadata may be cached', async () => {
    const server = await withHost(t, '/.well-known/oauth-authorization-server', { host: FORGED });
    expect(JSON.parse(server.text)).toMatchObject({ issuer: 'https://hub.example.org' });
    expect(server.headers['cache-control']).toBe('public, max-age=300');
  });
});
