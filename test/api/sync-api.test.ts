import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layout } from '../../service/src/core/storage-layout.js';
import { originHash } from '../../service/src/features/sync-api/core/sync-model.js';
import { projectAudit } from '../support/alert-fixtures.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

const SYNC = '/api/v1/sync';
const sha = (body: string | Buffer) => createHash('sha256').update(body).digest('hex');
const code = (label: string) =>
  `import marimo\n\n__generated_with = "0.10.0"\napp = marimo.App()\n\n\n@app.cell\ndef _():\n    x = ${JSON.stringify(label)}\n    return (x,)\n\n\nif __name__ == "__main__":\n    app.run()\n`;
const LIMIT = 256 * 1024;

/**
 * The team side of hub-to-hub sync over HTTP (docs/remotes.md, "The sync protocol (team side)"),
 * with personal access tokens: every route, the rights of each role, pushes made exactly once per
 * origin however they are retried, conflicts that write nothing, and blobs read only through a
 * project that names them.
 */
describe('the sync API (team side)', () => {
  let t: TestHub;
  let owner: string;
  let editor: string;
  let viewer: string;
  let outsider: string;
  let projectId: string;
  let notebookId: string;
  let firstVersion: string;
  let secondVersion: string;
  const fileBody = 'a,b\n1,2\n';

  const json = async (path: string, token: string, method = 'GET', body?: unknown) =>
    t.call(`${SYNC}${path}`, { method, token, ...(body === undefined ? {} : { body }) });
  const versionCount = async (nid = notebookId) =>
    (await t.call(`/api/v1/projects/${projectId}/notebooks/${nid}/versions?limit=100`, { token: owner })).json.data.items.length;
  const currentVersion = async () =>
    (await json(`/projects/${projectId}`, owner)).json.data.notebooks.find((n: { id: string }) => n.id === notebookId).current_version_id;

  beforeAll(async () => {
    t = await startTestHub({ env: { SERVICE_MAX_REQUEST_BYTES: String(LIMIT) } });
    owner = await t.tokenFor('owner@example.com');
    editor = await t.tokenFor('editor@example.com');
    viewer = await t.tokenFor('viewer@example.com');
    outsider = await t.tokenFor('outsider@example.com');
    const project = await t.call('/api/v1/projects', { method: 'POST', token: owner, body: { name: 'Team analysis' } });
    projectId = project.json.data.id;
    for (const [email, role] of [
      ['editor@example.com', 'editor'],
      ['viewer@example.com', 'viewer'],
    ])
      expect((await t.call(`/api/v1/projects/${projectId}/members`, { method: 'POST', token: owner, body: { email, role } })).status).toBe(201);
    const notebook = await t.call(`/api/v1/projects/${projectId}/notebooks`, { method: 'POST', token: owner, body: { title: 'Revenue', code: code('one') } });
    expect(notebook.status, notebook.text).toBe(201);
    notebookId = notebook.json.data.meta.id;
    firstVersion = notebook.json.data.source.current_version_id;
    const saved = await t.call(`/api/v1/projects/${projectId}/notebooks/${notebookId}/versions`, {
      method: 'POST',
      token: owner,
      body: { code: code('two'), base_version_id: firstVersion, message: 'second' },
    });
    expect(saved.status, saved.text).toBe(201);
    secondVersion = saved.json.data.version_id;
    const upload = await t.call(`/api/v1/projects/${projectId}/notebooks/${notebookId}/workspace/files?path=data/input.csv`, {
      method: 'PUT',
      token: owner,
      body: new TextEncoder().encode(fileBody),
    });
    expect(upload.status, upload.text).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says which hub it is, the same id every time, and points a caller without a token at how to sign in', async () => {
    const first = await json('/hub', viewer);
    expect(first.status, first.text).toBe(200);
    expect(first.json.data).toEqual({
      hub_id: expect.stringMatching(/^hub-[0-9a-z]{16}$/),
      name: new URL(t.url).host,
      version: 'dev',
      protocol: 1,
      // Who the token signs in as, as /me names them: nothing more of them.
      user: { name: null, email: 'viewer@example.com' },
    });
    const me = (await t.call('/api/v1/me', { token: viewer })).json.data;
    expect(first.json.data.user).toEqual({ name: me.name, email: me.email });
    const other = (await json('/hub', outsider)).json.data;
    expect(other.hub_id).toBe(first.json.data.hub_id);
    expect(other.user.email).toBe('outsider@example.com');
    expect(JSON.parse((await t.hub.store.get(layout.hubId))!.body.toString()).hub_id).toBe(first.json.data.hub_id);

    const anonymous = await t.call(`${SYNC}/hub`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.code).toBe('UNAUTHORIZED');
    expect(anonymous.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${t.url}/.well-known/oauth-protected-resource/api/v1/sync", scope="remote"`,
    );
    const forged = await t.call(`${SYNC}/hub`, { token: 'svc_pat_not-a-real-token' });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('www-authenticate')).toContain('error="invalid_token"');
    // A browser session is no credential here: the API is for other hubs.
    expect((await t.call(`${SYNC}/hub`, { cookie: await t.localLogin() })).status).toBe(401);

    const metadata = await (await fetch(`${t.url}/.well-known/oauth-protected-resource/api/v1/sync`)).json();
    expect(metadata).toMatchObject({ resource: `${t.url}/api/v1/sync`, authorization_servers: [t.url], scopes_supported: ['remote'] });
    const server = (await (await fetch(`${t.url}/.well-known/oauth-authorization-server`)).json()) as { scopes_supported: string[] };
    expect(server.scopes_supported).toEqual(['notebooks:read', 'notebooks:write', 'sessions', 'remote']);
  });

  it('lists the projects the caller may read, with their role', async () => {
    const roleOf = async (token: string) => (await json('/projects', token)).json.data.items.find((p: { id: string }) => p.id === projectId)?.role;
    expect(await roleOf(owner)).toBe('manager');
    expect(await roleOf(editor)).toBe('editor');
    expect(await roleOf(viewer)).toBe('viewer');
    expect(await roleOf(outsider)).toBeUndefined();
  });

  it("pulls a project: its manifest, each version's code, the workspace manifest and its blobs, whole or from an offset", async () => {
    const manifest = await json(`/projects/${projectId}`, viewer);
    expect(manifest.status, manifest.text).toBe(200);
    expect(manifest.json.data).toMatchObject({ project: { id: projectId, name: 'Team analysis', readme: null }, role: 'viewer', integrations: [] });
    const [entry] = manifest.json.data.notebooks;
    expect(entry).toMatchObject({
      id: notebookId,
      title: 'Revenue',
      entry_file: 'notebook.py',
      status: 'draft',
      current_version_id: secondVersion,
      version_ids: [secondVersion, firstVersion],
      workspace_manifest_id: expect.stringMatching(/^wsm-/),
      origin: null,
    });

    const version = await json(`/projects/${projectId}/notebooks/${notebookId}/versions/${firstVersion}`, viewer);
    expect(version.json.data).toEqual({
      version_id: firstVersion,
      notebook_id: notebookId,
      saved_at: expect.any(String),
      author: 'owner@example.com',
      message: 'Created',
      parent_id: null,
      code: code('one'),
      origin: null,
    });

    const workspace = await json(`/projects/${projectId}/notebooks/${notebookId}/workspace/manifests/${entry.workspace_manifest_id}`, viewer);
    expect(workspace.json.data).toEqual({
      id: entry.workspace_manifest_id,
      files: [{ path: 'data/input.csv', blob: sha(fileBody), size: fileBody.length, modified_at: expect.any(Number), mime_type: 'text/csv' }],
      directories: [],
    });

    const blob = await t.call(`${SYNC}/projects/${projectId}/blobs/${sha(fileBody)}`, { token: viewer });
    expect(blob.status).toBe(200);
    expect(blob.text).toBe(fileBody);
    expect(blob.headers.get('content-type')).toBe('application/octet-stream');
    expect(blob.headers.get('accept-ranges')).toBe('bytes');
    const rest = await t.call(`${SYNC}/projects/${projectId}/blobs/${sha(fileBody)}`, { token: viewer, headers: { range: 'bytes=4-' } });
    expect(rest.status).toBe(206);
    expect(rest.text).toBe(fileBody.slice(4));
    expect(rest.headers.get('content-range')).toBe(`bytes 4-${fileBody.length - 1}/${fileBody.length}`);
    const past = await t.call(`${SYNC}/projects/${projectId}/blobs/${sha(fileBody)}`, { token: viewer, headers: { range: `bytes=${fileBody.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${fileBody.length}`);

    // A manifest that a later change replaced is gone: the puller reads the project again.
    expect((await json(`/projects/${projectId}/notebooks/${notebookId}/workspace/manifests/wsm-0000000000000000`, viewer)).status).toBe(404);
    // Someone who may not see the project learns nothing of it.
    for (const path of [
      `/projects/${projectId}`,
      `/projects/${projectId}/notebooks/${notebookId}/versions/${firstVersion}`,
      `/projects/${projectId}/blobs/${sha(fileBody)}`,
    ]) {
      const refused = await json(path, outsider);
      expect(refused.status, path).toBe(404);
      expect(refused.text).not.toContain('Team analysis');
    }
  });

  it('serves a blob only through a project whose workspaces name it', async () => {
    const other = (await t.call('/api/v1/projects', { method: 'POST', token: outsider, body: { name: 'Elsewhere' } })).json.data.id;
    const notebook = (await t.call(`/api/v1/projects/${other}/notebooks`, { method: 'POST', token: outsider, body: { title: 'Secret' } })).json.data.meta.id;
    const secret = 'another project only\n';
    await t.call(`/api/v1/projects/${other}/notebooks/${notebook}/workspace/files?path=secret.txt`, {
      method: 'PUT',
      token: outsider,
      body: new TextEncoder().encode(secret),
    });
    // The store holds it, but the team project names no such file: a hash alone opens nothing.
    const through = await t.call(`${SYNC}/projects/${projectId}/blobs/${sha(secret)}`, { token: owner });
    expect(through.status).toBe(404);
    expect(through.text).not.toContain('another project only');
    expect((await t.call(`${SYNC}/projects/${other}/blobs/${sha(secret)}`, { token: outsider })).text).toBe(secret);
    expect((await t.call(`${SYNC}/projects/${projectId}/blobs/${'0'.repeat(64)}`, { token: owner })).status).toBe(404);
  });

  it('pushes a version as an editor exactly once per origin, and refuses a viewer and an outsider', async () => {
    const base = await currentVersion();
    const before = await versionCount();
    const push = { code: code('pushed'), message: 'from the laptop', base_version_id: base, origin: { hub_id: 'hub-laptop', id: 'ver-a' } };
    const path = `/projects/${projectId}/notebooks/${notebookId}/versions`;
    const created = await json(path, editor, 'POST', push);
    expect(created.status, created.text).toBe(201);
    expect(created.json.data).toEqual({ version_id: expect.stringMatching(/^ver-/), outcome: 'created' });
    const again = await json(path, editor, 'POST', push);
    expect(again.status).toBe(200);
    expect(again.json.data).toEqual({ version_id: created.json.data.version_id, outcome: 'replayed' });
    expect(await versionCount()).toBe(before + 1);

    const pulled = await json(`${path}/${created.json.data.version_id}`, viewer);
    expect(pulled.json.data).toMatchObject({
      code: code('pushed'),
      author: 'editor@example.com',
      message: 'from the laptop',
      parent_id: base,
      origin: push.origin,
    });
    const audit = await projectAudit(t, projectId);
    expect(audit.find((entry) => entry.event === 'notebook.push')?.metadata).toMatchObject({
      notebook_id: notebookId,
      version_id: created.json.data.version_id,
      origin_hub_id: 'hub-laptop',
      origin_version_id: 'ver-a',
    });

    const refusedViewer = await json(path, viewer, 'POST', { ...push, origin: { hub_id: 'hub-laptop', id: 'ver-viewer' } });
    expect(refusedViewer.status).toBe(403);
    expect(refusedViewer.json.error.code).toBe('FORBIDDEN');
    expect((await json(path, outsider, 'POST', { ...push, origin: { hub_id: 'hub-laptop', id: 'ver-outsider' } })).status).toBe(404);
    expect(await versionCount()).toBe(before + 1);
  });

  it('refuses a version on a base that is no longer current, writing nothing, and names the current one', async () => {
    const current = await currentVersion();
    const before = await versionCount();
    const stale = await json(`/projects/${projectId}/notebooks/${notebookId}/versions`, editor, 'POST', {
      code: code('stale'),
      message: 'on an old base',
      base_version_id: firstVersion,
      origin: { hub_id: 'hub-laptop', id: 'ver-stale' },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe('CONFLICT');
    expect(stale.json.error.details).toEqual([{ field: 'current_version_id', message: current }]);
    expect(await versionCount()).toBe(before);
    expect(await t.hub.store.head(layout.syncVersionOrigin(projectId, notebookId, originHash('hub-laptop', 'ver-stale')))).toBeNull();
  });

  it('answers a retried push with the version it made, even once the notebook moved on or its index entry was lost', async () => {
    const path = `/projects/${projectId}/notebooks/${notebookId}/versions`;
    const base = await currentVersion();
    const b = { code: code('b'), message: 'b', base_version_id: base, origin: { hub_id: 'hub-laptop', id: 'ver-b' } };
    const made = (await json(path, editor, 'POST', b)).json.data.version_id;
    const c = { code: code('c'), message: 'c', base_version_id: made, origin: { hub_id: 'hub-laptop', id: 'ver-c' } };
    expect((await json(path, editor, 'POST', c)).status).toBe(201);
    const before = await versionCount();
    // The notebook moved on: the retry of b still answers b.
    expect((await json(path, editor, 'POST', b)).json.data).toEqual({ version_id: made, outcome: 'replayed' });
    // A push cut off between the version and its index entry: the version itself records the origin.
    await t.hub.store.delete(layout.syncVersionOrigin(projectId, notebookId, originHash('hub-laptop', 'ver-b')));
    expect((await json(path, editor, 'POST', b)).json.data).toEqual({ version_id: made, outcome: 'replayed' });
    expect(await t.hub.store.head(layout.syncVersionOrigin(projectId, notebookId, originHash('hub-laptop', 'ver-b')))).not.toBeNull();
    // Two copies of one push racing each other make one version.
    const d = { code: code('d'), message: 'd', base_version_id: await currentVersion(), origin: { hub_id: 'hub-laptop', id: 'ver-d' } };
    const answers = await Promise.all([json(path, editor, 'POST', d), json(path, editor, 'POST', d), json(path, editor, 'POST', d)]);
    expect(new Set(answers.map((answer) => answer.json.data.version_id)).size).toBe(1);
    expect(answers.map((answer) => answer.json.data.outcome).sort()).toEqual(['created', 'replayed', 'replayed']);
    expect(await versionCount()).toBe(before + 1);
  });

  it('uploads blobs with their hash checked, says which it lacks, and keeps nothing of a refused upload', async () => {
    const a = Buffer.from('blob a\n');
    const b = Buffer.from('blob b\n');
    const missingPath = `/projects/${projectId}/missing-blobs`;
    expect((await json(missingPath, editor, 'POST', { sha256: [sha(a), sha(b), sha(a)] })).json.data).toEqual({ missing: [sha(a), sha(b)] });
    const put = (token: string, hash: string, body: Buffer) => t.call(`${SYNC}/projects/${projectId}/blobs/${hash}`, { method: 'PUT', token, body });
    const stored = await put(editor, sha(a), a);
    expect(stored.status, stored.text).toBe(201);
    expect(stored.json.data).toEqual({ created: true });
    expect((await put(editor, sha(a), a)).status).toBe(200);
    expect((await json(missingPath, editor, 'POST', { sha256: [sha(a), sha(b)] })).json.data).toEqual({ missing: [sha(b)] });

    const mismatch = await put(editor, sha(b), Buffer.from('not blob b\n'));
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.error.code).toBe('BAD_REQUEST');
    expect(await t.hub.store.head(layout.blob(sha(b)))).toBeNull();
    expect(await t.hub.store.head(layout.blob(sha('not blob b\n')))).toBeNull();

    const big = Buffer.alloc(LIMIT + 1, 7);
    const tooLarge = await put(editor, sha(big), big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await t.hub.store.head(layout.blob(sha(big)))).toBeNull();

    expect((await put(viewer, sha(b), b)).status).toBe(403);
    expect((await json(missingPath, viewer, 'POST', { sha256: [sha(b)] })).status).toBe(403);
    expect((await put(outsider, sha(b), b)).status).toBe(404);
    expect((await projectAudit(t, projectId)).filter((entry) => entry.event === 'workspace.blob_upload').map((entry) => entry.metadata)).toEqual([
      { sha256: sha(a), size: a.length, created: true },
    ]);
  });

  it("pushes a workspace on its base: blobs uploaded first, a stale base refused, the entry file left to the notebook's versions", async () => {
    const path = `/projects/${projectId}/notebooks/${notebookId}/workspace`;
    const manifestId = async () =>
      (await json(`/projects/${projectId}`, owner)).json.data.notebooks.find((n: { id: string }) => n.id === notebookId).workspace_manifest_id;
    const base = await manifestId();
    const kept = { path: 'data/input.csv', blob: sha(fileBody), size: fileBody.length, modified_at: 1, mime_type: 'text/csv' };
    const notes = 'written on the laptop\n';
    const added = { path: 'notes/today.md', blob: sha(notes), size: notes.length, modified_at: 2, mime_type: 'text/markdown' };
    const push = { base_manifest_id: base, files: [kept, added], directories: ['empty folder'] };

    const lacking = await json(path, editor, 'PUT', push);
    expect(lacking.status).toBe(422);
    expect(lacking.json.error.details).toEqual([{ field: 'files[1].blob', message: 'is not on this hub: upload it first' }]);
    expect(await manifestId()).toBe(base);

    await t.call(`${SYNC}/projects/${projectId}/blobs/${sha(notes)}`, { method: 'PUT', token: editor, body: Buffer.from(notes) });
    const written = await json(path, editor, 'PUT', push);
    expect(written.status, written.text).toBe(200);
    expect(written.json.data).toEqual({ outcome: 'written', manifest_id: expect.stringMatching(/^wsm-/) });
    expect(await manifestId()).toBe(written.json.data.manifest_id);
    const listed = await t.call(`/api/v1/projects/${projectId}/notebooks/${notebookId}/workspace/items?path=notes`, { token: viewer });
    expect(listed.json.data.map((item: { path: string }) => item.path)).toEqual(['notes/today.md']);
    expect((await t.call(`${SYNC}/projects/${projectId}/blobs/${sha(notes)}`, { token: viewer })).text).toBe(notes);

    expect((await json(path, editor, 'PUT', { ...push, base_manifest_id: written.json.data.manifest_id })).json.data).toEqual({
      outcome: 'unchanged',
      manifest_id: written.json.data.manifest_id,
    });
    const stale = await json(path, editor, 'PUT', { ...push, files: [kept] });
    expect(stale.status).toBe(409);
    expect(stale.json.error.details).toEqual([{ field: 'current_manifest_id', message: written.json.data.manifest_id }]);
    const entry = await json(path, editor, 'PUT', {
      base_manifest_id: written.json.data.manifest_id,
      files: [{ ...kept, path: 'notebook.py' }],
      directories: [],
    });
    expect(entry.status).toBe(403);
    expect((await json(path, viewer, 'PUT', { ...push, base_manifest_id: written.json.data.manifest_id })).status).toBe(403);
    expect(await manifestId()).toBe(written.json.data.manifest_id);
    expect((await projectAudit(t, projectId)).find((item) => item.event === 'workspace.push')?.metadata).toMatchObject({
      notebook_id: notebookId,
      manifest_id: written.json.data.manifest_id,
      base_manifest_id: base,
      files: 2,
    });
  });

  it('creates a notebook with its first version once per origin, and again once that one was deleted', async () => {
    const path = `/projects/${projectId}/notebooks`;
    const body = {
      title: 'From the laptop',
      description: 'started offline',
      entry_file: 'analysis/main.py',
      tags: ['laptop'],
      code: code('new'),
      message: 'first on the laptop',
      origin: { hub_id: 'hub-laptop', id: 'nb-laptop-1' },
      version_origin: { hub_id: 'hub-laptop', id: 'ver-laptop-1' },
    };
    const created = await json(path, editor, 'POST', body);
    expect(created.status, created.text).toBe(201);
    expect(created.json.data).toEqual({ notebook_id: expect.stringMatching(/^nb-/), version_id: expect.stringMatching(/^ver-/), created: true });
    const { notebook_id: id, version_id: versionId } = created.json.data;
    const retries = await Promise.all([json(path, editor, 'POST', body), json(path, editor, 'POST', body)]);
    for (const retry of retries) {
      expect(retry.status).toBe(200);
      expect(retry.json.data).toEqual({ notebook_id: id, version_id: versionId, created: false });
    }
    const entry = (await json(`/projects/${projectId}`, viewer)).json.data.notebooks.find((n: { id: string }) => n.id === id);
    expect(entry).toMatchObject({ title: 'From the laptop', entry_file: 'analysis/main.py', tags: ['laptop'], origin: body.origin, version_ids: [versionId] });
    expect((await json(`${path}/${id}/versions/${versionId}`, viewer)).json.data).toMatchObject({
      message: 'first on the laptop',
      origin: body.version_origin,
    });
    // Its first version counts as pushed.
    const first = await json(`${path}/${id}/versions`, editor, 'POST', { code: body.code, message: 'x', base_version_id: null, origin: body.version_origin });
    expect(first.json.data).toEqual({ version_id: versionId, outcome: 'replayed' });
    expect((await json(path, viewer, 'POST', { ...body, origin: { hub_id: 'hub-laptop', id: 'nb-viewer' } })).status).toBe(403);

    expect((await t.call(`/api/v1/projects/${projectId}/notebooks/${id}`, { method: 'DELETE', token: owner })).status).toBe(200);
    const anew = await json(path, editor, 'POST', body);
    expect(anew.status).toBe(201);
    expect(anew.json.data.notebook_id).not.toBe(id);
  });

  it('creates a project with the caller as its owner once per origin and caller', async () => {
    const body = { name: 'Pushed project', description: 'made on a laptop', readme: '# Notes', origin: { hub_id: 'hub-laptop', id: 'proj-laptop-1' } };
    const created = await json('/projects', editor, 'POST', body);
    expect(created.status, created.text).toBe(201);
    expect(created.json.data).toEqual({ project_id: expect.stringMatching(/^proj-/), created: true });
    expect((await json('/projects', editor, 'POST', body)).json.data).toEqual({ project_id: created.json.data.project_id, created: false });
    expect((await json(`/projects/${created.json.data.project_id}`, editor)).json.data).toMatchObject({ role: 'manager', project: { name: 'Pushed project' } });
    const audit = await projectAudit(t, created.json.data.project_id);
    expect(audit.find((entry) => entry.event === 'project.create')?.metadata).toMatchObject({
      origin_hub_id: 'hub-laptop',
      origin_project_id: 'proj-laptop-1',
    });
    // Someone else pushing the same local project gets a project of their own.
    const theirs = await json('/projects', viewer, 'POST', body);
    expect(theirs.status).toBe(201);
    expect(theirs.json.data.project_id).not.toBe(created.json.data.project_id);
  });
});
