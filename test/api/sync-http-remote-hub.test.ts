import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundClients } from '../../service/src/adapters/outbound/outbound-clients.js';
import { readSettings } from '../../service/src/config/settings.js';
import { createHttpRemoteHub, DEFAULT_TIMINGS, HttpRemoteHub } from '../../service/src/features/remotes/adapters/http-remote-hub.js';
import { RemoteHubError, type RemoteHub, type RemoteHubConnection, type RemoteFailure } from '../../service/src/features/remotes/core/remote-hub.js';
import { authorizeClient, oauthForm, registerClient } from '../support/sync-oauth.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { unusedPort } from '../support/unused-port.js';

const sha = (body: Uint8Array | string) => createHash('sha256').update(body).digest('hex');
const code = (label: string) =>
  `import marimo\n\n__generated_with = "0.10.0"\napp = marimo.App()\n\n\n@app.cell\ndef _():\n    x = ${JSON.stringify(label)}\n    return (x,)\n\n\nif __name__ == "__main__":\n    app.run()\n`;

async function bytesOf(stream: AsyncIterable<Uint8Array>): Promise<{ body: Buffer; chunks: number }> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk));
  return { body: Buffer.concat(parts), chunks: parts.length };
}

async function failureOf(promise: Promise<unknown>): Promise<RemoteFailure> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RemoteHubError);
  return (error as RemoteHubError).failure;
}

/**
 * The HTTP client of the remotes feature against a real team hub (docs/remotes.md, "The HTTP
 * client"): every method of the RemoteHub port with a personal access token, the refresh on 401
 * and a revoked connection (with the hub's real OAuth token endpoint too), its refusals as the
 * port's failures, blobs streamed and resumed, and a hub that is not there.
 */
describe('the HTTP client of a team hub', () => {
  let t: TestHub;
  let outbound: OutboundClients;
  let editor: string;
  let viewer: string;
  let projectId: string;
  let notebookId: string;
  const big = Buffer.alloc(3 * 1024 * 1024 + 17);

  const connection = (token: string, refresh: () => Promise<string | null> = async () => null): RemoteHubConnection => ({
    baseUrl: t.url,
    accessToken: async () => token,
    refresh,
  });
  const remote = (token: string, refresh?: () => Promise<string | null>): RemoteHub => createHttpRemoteHub(outbound)(connection(token, refresh));

  beforeAll(async () => {
    t = await startTestHub();
    // The pulling hub's outbound clients: its `remotes` policy opens this machine, as a test must.
    outbound = OutboundClients.quiet(readSettings({ SERVICE_REMOTES_ALLOW_HTTP: 'true' }));
    const owner = await t.tokenFor('owner@example.com');
    editor = await t.tokenFor('editor@example.com');
    viewer = await t.tokenFor('viewer@example.com');
    projectId = (await t.call('/api/v1/projects', { method: 'POST', token: owner, body: { name: 'Shared' } })).json.data.id;
    for (const [email, role] of [
      ['editor@example.com', 'editor'],
      ['viewer@example.com', 'viewer'],
    ])
      await t.call(`/api/v1/projects/${projectId}/members`, { method: 'POST', token: owner, body: { email, role } });
    notebookId = (await t.call(`/api/v1/projects/${projectId}/notebooks`, { method: 'POST', token: owner, body: { title: 'Model', code: code('one') } })).json
      .data.meta.id;
    for (let i = 0; i < big.length; i++) big[i] = (i * 31 + (i >> 11)) & 0xff;
    const upload = await t.call(`/api/v1/projects/${projectId}/notebooks/${notebookId}/workspace/files?path=data/big.bin`, {
      method: 'PUT',
      token: owner,
      body: big,
    });
    expect(upload.status, upload.text).toBe(201);
  });
  afterAll(async () => {
    await outbound?.close();
    await t?.close();
  });

  it('pulls through every reading call of the port', async () => {
    const hub = remote(viewer);
    const info = await hub.hub();
    expect(info).toMatchObject({ hub_id: expect.stringMatching(/^hub-/), protocol: 1, name: new URL(t.url).host });
    expect((await hub.listProjects()).map((project) => [project.id, project.role])).toEqual([[projectId, 'viewer']]);
    const manifest = await hub.project(projectId);
    const notebook = manifest.notebooks.find((entry) => entry.id === notebookId)!;
    expect(notebook.version_ids).toHaveLength(1);
    expect((await hub.version(projectId, notebookId, notebook.current_version_id!)).code).toBe(code('one'));
    const workspace = await hub.manifest(projectId, notebookId, notebook.workspace_manifest_id!);
    expect(workspace.files).toEqual([expect.objectContaining({ path: 'data/big.bin', blob: sha(big), size: big.length })]);

    const whole = await bytesOf(await hub.readBlob(projectId, sha(big)));
    expect(sha(whole.body)).toBe(sha(big));
    // Streamed as it came, not handed over in one piece.
    expect(whole.chunks).toBeGreaterThan(1);
    const offset = 1024 * 1024 + 3;
    const rest = await bytesOf(await hub.readBlob(projectId, sha(big), offset));
    expect(rest.body.equals(big.subarray(offset))).toBe(true);
    // A reader that stops early ends the download; the next one works.
    for await (const chunk of await hub.readBlob(projectId, sha(big))) if (chunk.length > 0) break;
    expect(sha((await bytesOf(await hub.readBlob(projectId, sha(big)))).body)).toBe(sha(big));
  });

  it('pushes through every writing call of the port, once per origin', async () => {
    const hub = remote(editor);
    const notes = new TextEncoder().encode('pushed notes\n');
    const unknown = Array.from({ length: 1001 }, (_, i) => sha(`never stored ${i}`));
    // More than one call's worth of hashes: the client asks in batches.
    expect(await hub.missingBlobs(projectId, [sha(big), sha(notes), ...unknown])).toEqual([sha(notes), ...unknown]);

    const notebook = (await hub.project(projectId)).notebooks.find((entry) => entry.id === notebookId)!;
    const files = [
      { path: 'data/big.bin', blob: sha(big), size: big.length, modified_at: 1, mime_type: 'application/octet-stream' },
      { path: 'notes.md', blob: sha(notes), size: notes.length, modified_at: 2, mime_type: 'text/markdown' },
    ];
    const workspace = { base_manifest_id: notebook.workspace_manifest_id, files, directories: [] };
    expect(await hub.pushWorkspace(projectId, notebookId, workspace)).toEqual({ outcome: 'missing_blobs', missing: [sha(notes)] });
    await hub.putBlob(projectId, sha(notes), notes);
    await hub.putBlob(projectId, sha(notes), notes);
    const written = await hub.pushWorkspace(projectId, notebookId, workspace);
    expect(written).toEqual({ outcome: 'written', manifest_id: expect.stringMatching(/^wsm-/) });
    expect(
      await hub.pushWorkspace(projectId, notebookId, { ...workspace, base_manifest_id: written.outcome === 'written' ? written.manifest_id : null }),
    ).toMatchObject({
      outcome: 'unchanged',
    });
    expect(await hub.pushWorkspace(projectId, notebookId, { ...workspace, files: [] })).toEqual({
      outcome: 'conflict',
      current_manifest_id: written.outcome === 'written' ? written.manifest_id : null,
    });

    const push = { code: code('two'), message: 'from the laptop', base_version_id: notebook.current_version_id, origin: { hub_id: 'hub-laptop', id: 'ver-1' } };
    const created = await hub.pushVersion(projectId, notebookId, push);
    expect(created).toEqual({ outcome: 'created', version_id: expect.stringMatching(/^ver-/) });
    expect(await hub.pushVersion(projectId, notebookId, push)).toEqual({ ...created, outcome: 'replayed' });
    expect(await hub.pushVersion(projectId, notebookId, { ...push, origin: { hub_id: 'hub-laptop', id: 'ver-2' } })).toEqual({
      outcome: 'conflict',
      current_version_id: created.outcome === 'created' ? created.version_id : null,
    });

    const newNotebook = {
      title: 'Offline',
      description: '',
      entry_file: 'notebook.py',
      tags: [],
      code: code('offline'),
      message: 'started offline',
      origin: { hub_id: 'hub-laptop', id: 'nb-1' },
      version_origin: { hub_id: 'hub-laptop', id: 'ver-nb-1' },
    };
    const made = await hub.createNotebook(projectId, newNotebook);
    expect(made).toMatchObject({ created: true });
    expect(await hub.createNotebook(projectId, newNotebook)).toEqual({ ...made, created: false });
    const project = await hub.createProject({ name: 'From the laptop', description: '', readme: null, origin: { hub_id: 'hub-laptop', id: 'proj-1' } });
    expect(project).toMatchObject({ created: true });
    expect(await hub.createProject({ name: 'From the laptop', description: '', readme: null, origin: { hub_id: 'hub-laptop', id: 'proj-1' } })).toEqual({
      ...project,
      created: false,
    });
  });

  it("answers the team hub's refusals as the port's failures", async () => {
    const push = { code: code('x'), message: 'x', base_version_id: null, origin: { hub_id: 'hub-laptop', id: 'ver-viewer' } };
    expect(await failureOf(remote(viewer).pushVersion(projectId, notebookId, push))).toBe('forbidden');
    const outsider = await t.tokenFor('outsider@example.com');
    expect(await failureOf(remote(outsider).project(projectId))).toBe('not_found');
    expect(await failureOf(remote(viewer).readBlob(projectId, sha('nothing like it')))).toBe('not_found');
    expect(await failureOf(remote(editor).putBlob(projectId, sha('one thing'), new TextEncoder().encode('another thing')))).toBe('protocol');
  });

  it('refreshes the token once on a 401 and retries; no new token, or one refused again, is a revoked connection', async () => {
    let refreshes = 0;
    const refreshed = remote('svc_pat_expired-long-ago', async () => (refreshes++, viewer));
    expect((await refreshed.hub()).protocol).toBe(1);
    expect(refreshes).toBe(1);
    expect(await failureOf(remote('svc_pat_expired-long-ago').listProjects())).toBe('revoked');
    expect(await failureOf(remote('svc_pat_expired-long-ago', async () => 'svc_pat_still-not-good').listProjects())).toBe('revoked');
  });

  it('keeps a connection going with OAuth refresh, and says revoked once the user disconnects it', async () => {
    const cookie = await t.localLogin();
    const clientId = await registerClient(t, 'remote');
    const first = await authorizeClient(t, cookie, clientId, { resource: `${t.url}/api/v1/sync` });
    let tokens = { access: first.access_token, refresh: first.refresh_token };
    const oauthConnection: RemoteHubConnection = {
      baseUrl: t.url,
      accessToken: async () => tokens.access,
      async refresh() {
        const answer = await oauthForm(t, '/oauth/token', { grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.refresh });
        if (answer.status !== 200) return null;
        tokens = { access: answer.json.access_token!, refresh: answer.json.refresh_token! };
        return tokens.access;
      },
    };
    const hub = createHttpRemoteHub(outbound)(oauthConnection);
    expect((await hub.hub()).protocol).toBe(1);
    // The access token is revoked alone (RFC 7009): the client refreshes and goes on.
    expect((await oauthForm(t, '/oauth/revoke', { client_id: clientId, token: tokens.access })).status).toBe(200);
    const before = tokens.refresh;
    expect(Array.isArray(await hub.listProjects())).toBe(true);
    expect(tokens.refresh).not.toBe(before);
    const connected = (await t.call('/api/v1/me/connected-clients', { cookie })).json.data.find(
      (client: { client_id: string }) => client.client_id === clientId,
    );
    await t.call(`/api/v1/me/connected-clients/${connected.id}`, { method: 'DELETE', cookie, headers: { origin: t.url } });
    expect(await failureOf(hub.listProjects())).toBe('revoked');
  });

  it('gives up a blob download that stalls, however long the whole may take', async () => {
    // fake-stalling-hub: a real hub never stalls on purpose; this one sends a few bytes of a blob, then nothing.
    const stalling = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': '1000' });
      response.write(Buffer.alloc(10, 1));
    });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = stalling.address() as AddressInfo;
      const hub = new HttpRemoteHub(
        { baseUrl: `http://127.0.0.1:${port}`, accessToken: async () => viewer, refresh: async () => null },
        { client: outbound.client('remotes'), policy: outbound.policy('remotes') },
        { ...DEFAULT_TIMINGS, idleTimeoutMs: 300 },
      );
      const received: number[] = [];
      const reading = (async () => {
        for await (const chunk of await hub.readBlob(projectId, sha('stalls'))) received.push(chunk.length);
      })();
      expect(await failureOf(reading)).toBe('unreachable');
      expect(received.reduce((sum, length) => sum + length, 0)).toBe(10);
    } finally {
      stalling.closeAllConnections();
      await new Promise((resolve) => stalling.close(resolve));
    }
  });

  it('says unreachable for a hub that is not there, and for an address the policy refuses, without connecting', async () => {
    const port = await unusedPort();
    const closed = createHttpRemoteHub(outbound)({ baseUrl: `http://127.0.0.1:${port}`, accessToken: async () => viewer, refresh: async () => null });
    const error = await closed.hub().catch((caught: unknown) => caught as RemoteHubError);
    expect(error).toMatchObject({ failure: 'unreachable' });
    expect((error as Error).message).not.toContain(String(port));
    // A hub whose policy does not open this machine refuses the address before any connection.
    const strict = OutboundClients.quiet(readSettings({}));
    try {
      const refused = new HttpRemoteHub(connection(viewer), { client: strict.client('remotes'), policy: strict.policy('remotes') });
      expect(await failureOf(refused.hub())).toBe('unreachable');
    } finally {
      await strict.close();
    }
  });
});
