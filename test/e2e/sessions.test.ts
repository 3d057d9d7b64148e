import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAudit } from '../support/alert-fixtures.js';
import { connectKernel } from '../support/marimo-client.js';
import { editThroughProxy, eventually, sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';

describe.skipIf(sandboxRuntime === null)('sessions with real marimo (local driver)', () => {
  let w: SessionWorld;
  beforeAll(async () => {
    w = await startSessionWorld();
  });
  afterAll(() => w.close());

  it('serves an edit session only through the authenticated proxy, and saves edits as versions', async () => {
    const { t, pid, nid } = w;
    const started = await w.start('admin', { notebook_id: nid, mode: 'edit' });
    expect(started.status, started.text).toBe(201);
    const session = started.json.data;
    expect(session).toMatchObject({ state: 'running', phase: 'ready', mode: 'edit', url: `/s/${session.id}/`, reused: false });
    // Asking again gives the same live session.
    expect((await w.start('admin', { notebook_id: nid, mode: 'edit' })).json.data).toMatchObject({ id: session.id, reused: true });

    const kernel = await editThroughProxy(w, 'admin', session.id, 'import marimo as mo\nanswer = 42');

    const saved = await w.api(`/api/v1/projects/${pid}/sessions/${session.id}/save`, 'admin', { method: 'POST', body: { message: 'the answer' } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.data).toMatchObject({ saved: true, version: { message: 'the answer' } });
    const versionId = saved.json.data.version.version_id;
    const code = await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/versions/${versionId}/code`, 'admin');
    expect(code.text).toContain('answer = 42');
    // Nothing changed since: a second save makes no version.
    const unchanged = await w.api(`/api/v1/projects/${pid}/sessions/${session.id}/save`, 'admin', { method: 'POST' });
    expect(unchanged.json.data, unchanged.text).toEqual({ saved: false, version: null });

    // The HTML snapshot is rendered from the saved code in the session's sandbox.
    const snapshot = await eventually(
      () => w.api(`/api/v1/projects/${pid}/notebooks/${nid}/html`, 'admin'),
      (response) => response.headers.get('x-notebook-version') === versionId,
      60_000,
    );
    expect(snapshot.status).toBe(200);
    expect(snapshot.text).toMatch(/<html/i);

    // While the session holds the notebook, its code and workspace take no writes from outside.
    const outside = await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/versions`, 'admin', {
      method: 'POST',
      body: { code: 'x = 1\n', base_version_id: versionId },
    });
    expect(outside.status).toBe(409);
    expect(outside.json.error.code).toBe('EDIT_SESSION_OWNED');
    const upload = await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/workspace/files?path=data.csv`, 'admin', {
      method: 'PUT',
      body: 'a\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(upload.status).toBe(409);
    expect((await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/workspace/access`, 'admin')).json.data).toMatchObject({
      writable: false,
      read_only_reason: 'active_session',
    });

    // Closing the browser leaves the kernel running.
    kernel.close();
    expect((await w.api(`/api/v1/projects/${pid}/sessions/${session.id}`, 'admin')).json.data.state).toBe('running');
    expect((await w.api(`/s/${session.id}/`, 'admin')).status).toBe(200);

    // Stopping saves what changed and ends the kernel.
    const again = await connectKernel(`${t.url}/s/${session.id}`, { authorization: `Bearer ${w.tokens.admin}`, origin: t.url });
    await w.editInMarimo('admin', session.id, again, 'import marimo as mo\nanswer = 43');
    again.close();
    const stopped = await w.api(`/api/v1/projects/${pid}/sessions/${session.id}/stop`, 'admin', { method: 'POST' });
    expect(stopped.json.data).toMatchObject({ state: 'stopped', stop_reason: 'user' });
    const versions = (await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/versions`, 'admin')).json.data.items;
    expect(versions[0].message).toBe('Saved when the session stopped (user)');
    expect((await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/versions/${versions[0].version_id}/code`, 'admin')).text).toContain('answer = 43');
    const record = await t.hub.services.sessionStore.get(pid, session.id);
    expect(record!.sandbox_released).toBe(true);
    expect((await t.hub.services.sandboxes.list()).some((sandbox) => sandbox.id === record!.sandbox!.id)).toBe(false);
    expect([404, 410]).toContain((await w.api(`/s/${session.id}/`, 'admin')).status);
    // The notebook takes writes from outside again.
    const after = await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/versions`, 'admin', {
      method: 'POST',
      body: { code: 'import marimo\napp = marimo.App()\n', base_version_id: versions[0].version_id },
    });
    expect(after.status, after.text).toBe(201);
  }, 180_000);

  it('copies the workspace into the sandbox, and brings back what the session changed there', async () => {
    const { t, pid } = w;
    const nid = await w.notebook('Files');
    const files = `/api/v1/projects/${pid}/notebooks/${nid}/workspace`;
    for (const [path, body] of [
      ['data/input.csv', 'a,b\n1,2\n'],
      ['notes/keep.txt', 'first draft'],
    ] as const) {
      const uploaded = await w.api(`${files}/files?path=${encodeURIComponent(path)}`, 'editor', {
        method: 'PUT',
        body,
        headers: { 'content-type': 'text/plain' },
      });
      expect(uploaded.status, uploaded.text).toBe(201);
    }
    const sid = (await w.start('editor', { notebook_id: nid, mode: 'edit' })).json.data.id as string;
    const { sandboxes, sessionStore } = t.hub.services;
    const sandboxId = (await sessionStore.get(pid, sid))!.sandbox!.id;
    expect((await sandboxes.readFile(sandboxId, 'data/input.csv')).toString()).toBe('a,b\n1,2\n');

    // What a notebook run might do in its sandbox: new results, an edited note, a removed input,
    // Python's caches and a link (which never comes back).
    await sandboxes.writeFile(sandboxId, 'results/out.csv', 'total\n3\n');
    await sandboxes.writeFile(sandboxId, 'notes/keep.txt', 'second draft');
    await sandboxes.writeFile(sandboxId, '__pycache__/helper.cpython-311.pyc', 'bytecode');
    await sandboxes.exec(sandboxId, { argv: ['rm', 'data/input.csv'], check: true });
    await sandboxes.exec(sandboxId, { argv: ['ln', '-s', '/etc/hostname', 'link'], check: true });
    expect((await w.api(`/api/v1/projects/${pid}/sessions/${sid}/save`, 'editor', { method: 'POST' })).status).toBe(200);

    const read = async (path: string) => w.api(`${files}/files?path=${encodeURIComponent(path)}`, 'editor');
    expect((await read('results/out.csv')).text).toBe('total\n3\n');
    expect((await read('notes/keep.txt')).text).toBe('second draft');
    expect((await read('data/input.csv')).status).toBe(404);
    expect((await read('link')).status).toBe(404);
    const top = (await w.api(`${files}/items`, 'editor')).json.data.map((item: { path: string }) => item.path);
    expect(top).not.toContain('__pycache__');
    const synced = (await projectAudit(t, pid)).filter((entry) => entry.event === 'workspace.sync');
    expect(synced.at(-1)!.metadata).toMatchObject({
      session_id: sid,
      written: expect.arrayContaining(['results/out.csv', 'notes/keep.txt']),
      deleted: ['data/input.csv'],
    });
    await w.api(`/api/v1/projects/${pid}/sessions/${sid}/stop`, 'editor', { method: 'POST' });
  }, 120_000);

  it('lets viewers share one app session and keeps them out of edit sessions', async () => {
    const { pid } = w;
    const nid = await w.notebook('Dashboard');
    const first = await w.start('viewer', { notebook_id: nid, mode: 'app' });
    expect(first.status, first.text).toBe(201);
    expect(first.json.data).toMatchObject({ mode: 'app', state: 'running' });
    const second = await w.start('editor', { notebook_id: nid, mode: 'app' });
    expect(second.status).toBe(200);
    expect(second.json.data).toMatchObject({ id: first.json.data.id, reused: true });
    const app = await w.api(`/s/${first.json.data.id}/`, 'viewer');
    expect(app.status).toBe(200);
    const kernel = await w.kernel('viewer', first.json.data.id);
    await kernel.waitFor('kernel-ready');
    kernel.close();
    // A browser signed in with the session cookie gets in the same way, WebSocket included.
    const cookie = await w.t.localLogin();
    expect((await w.t.call(`/s/${first.json.data.id}/`, { cookie })).status).toBe(200);
    const browser = await connectKernel(`${w.t.url}/s/${first.json.data.id}`, { cookie: `svc_session=${cookie}`, origin: w.t.url });
    await browser.waitFor('kernel-ready');
    browser.close();

    const edit = await w.start('viewer', { notebook_id: nid, mode: 'edit' });
    expect([403, 404]).toContain(edit.status);
    const stopped = await w.api(`/api/v1/projects/${pid}/sessions/${first.json.data.id}/stop`, 'manager', { method: 'POST' });
    expect(stopped.json.data?.state, stopped.text).toBe('stopped');
  }, 120_000);

  it("refuses proxying to strangers, to other editors' sessions, across origins and into unknown sessions", async () => {
    const { t, pid } = w;
    const nid = await w.notebook('Private');
    const started = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    const sid = started.json.data.id as string;
    expect((await w.api(`/s/${sid}/`, 'editor')).status).toBe(200);
    // An exclusive edit session belongs to its editor; the viewer may not even see it.
    expect([403, 404]).toContain((await w.api(`/s/${sid}/`, 'viewer')).status);
    expect([403, 404]).toContain((await w.api(`/s/${sid}/`, 'manager')).status);
    const stranger = await t.tokenFor('stranger@sessions.test');
    expect((await t.call(`/s/${sid}/`, { token: stranger })).status).toBe(404);
    expect((await t.call(`/s/${sid.slice(0, -1)}/`, { token: w.tokens.editor })).status).toBe(404);
    expect((await t.call(`/s/ses-0000000000000000/`, { token: w.tokens.editor })).status).toBe(404);

    const refusedWith = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(`${t.url.replace('http', 'ws')}/s/${sid}/ws?session_id=s_x&file=notebook.py`, { headers });
        socket.once('open', () => reject(new Error('the upgrade was accepted')));
        socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.once('error', () => resolve(-1));
      });
    expect(await refusedWith({ authorization: `Bearer ${w.tokens.editor}`, origin: 'http://evil.example' })).toBe(403);
    expect(await refusedWith({ origin: t.url })).toBe(401);
    expect([403, 404]).toContain(await refusedWith({ authorization: `Bearer ${w.tokens.viewer}`, origin: t.url }));

    await w.api(`/api/v1/projects/${pid}/sessions/${sid}/stop`, 'editor', { method: 'POST', body: { save: false } });
    expect([404, 410]).toContain((await w.api(`/s/${sid}/`, 'editor')).status);
  }, 120_000);

  it('enforces the per-user session limit', async () => {
    const limited = await startSessionWorld({ SERVICE_MAX_SESSIONS_PER_USER: '1', SERVICE_MAX_APPS_PER_PROJECT: '1' });
    try {
      const other = await limited.notebook('Second');
      const first = await limited.start('editor', { notebook_id: limited.nid, mode: 'edit', wait: false });
      expect(first.status).toBe(201);
      const second = await limited.start('editor', { notebook_id: other, mode: 'edit', wait: false });
      expect(second.status).toBe(429);
      expect(second.json.error.code).toBe('RESOURCE_EXHAUSTED');
      // Opening the notebook again reuses the session the limit already counts.
      const again = await limited.start('editor', { notebook_id: limited.nid, mode: 'edit', wait: false });
      expect([again.status, again.json.data.id, again.json.data.reused]).toEqual([200, first.json.data.id, true]);
      const app = await limited.start('viewer', { notebook_id: limited.nid, mode: 'app', wait: false });
      expect(app.status).toBe(201);
      const secondApp = await limited.start('manager', { notebook_id: other, mode: 'app', wait: false });
      expect(secondApp.status).toBe(429);
      expect(secondApp.json.error.code).toBe('RESOURCE_EXHAUSTED');
    } finally {
      await limited.close();
    }
  }, 120_000);
});
