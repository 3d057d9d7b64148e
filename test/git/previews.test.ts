import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAudit } from '../support/alert-fixtures.js';
import { gitNotebookSource } from '../support/git-notebook.js';
import { startGitServer, type GitServer } from '../support/git-server.js';
import { sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';

/**
 * Previews of Git notebooks against a real Git server (git http-backend on 127.0.0.1): previews of
 * branches, a commit and a pull request's ref, prepared by the preview_preparation loop's work or
 * by a session start, and preview sessions side by side on the local sandbox driver.
 */
describe.skipIf(sandboxRuntime === null)('previews of Git notebooks', () => {
  let w: SessionWorld;
  let git: GitServer;
  let nid: string;
  let first: string;
  beforeAll(async () => {
    git = await startGitServer();
    await git.createRepository('acme/previews', {
      files: { 'README.md': 'outside root_path\n', 'app/main.py': gitNotebookSource('main one'), 'app/data.csv': 'v\nmain\n' },
    });
    first = await git.head('acme/previews', 'main');
    w = await startSessionWorld({ SERVICE_GIT_ALLOW_HTTP: 'true', SERVICE_GIT_GITHUB_URL: git.url('x').replace(/\/x\.git$/, '') });
    const created = await w.api(`/api/v1/projects/${w.pid}/git-notebooks`, 'editor', {
      method: 'POST',
      body: { title: 'Previewed', repo: 'acme/previews', branch: 'main', root_path: 'app', entry_notebook: 'main.py' },
    });
    expect(created.json.data.sync_error, created.text).toBeUndefined();
    nid = created.json.data.notebook.meta.id as string;
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    await git?.close();
  });

  const previews = (rest = '') => `/api/v1/projects/${w.pid}/notebooks/${nid}/previews${rest}`;
  const create = (body: Record<string, unknown>, who: 'editor' | 'viewer' = 'editor') => w.api(previews(), who, { method: 'POST', body });
  const prepareAll = () => w.t.hub.services.previews.prepareAll(new AbortController().signal);
  const sandboxFile = async (sessionId: string, file: string) => {
    const record = await w.t.hub.services.sessionStore.get(w.pid, sessionId);
    return (await w.t.hub.services.sandboxes.readFile(record!.sandbox!.id, file)).toString();
  };

  it('previews two branches, a commit and a pull request, and runs two branches side by side beside the notebook', async () => {
    await git.commit('acme/previews', 'feature-a', { 'app/main.py': gitNotebookSource('feature a'), 'app/data.csv': 'v\nfeature a\n' });
    await git.commit('acme/previews', 'feature-b', { 'app/main.py': gitNotebookSource('feature b') });
    const pull = await git.commit('acme/previews', 'contributor', { 'app/main.py': gitNotebookSource('pull request 7') });
    await git.setRef('acme/previews', 'refs/pull/7/head', pull);
    const versionsBefore = (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions`, 'viewer')).json.data.items;

    expect((await create({ branch: 'feature-a' }, 'viewer')).status).toBe(403);
    const a = await create({ branch: 'feature-a' });
    expect(a.status, a.text).toBe(201);
    expect(a.json.data).toMatchObject({ kind: 'branch', ref: 'feature-a', title: 'Branch feature-a', status: 'pending', commit: null, root_path: 'app' });
    const b = (await create({ branch: 'feature-b', title: 'The B side' })).json.data;
    const commit = (await create({ commit: first })).json.data;
    const pr = await create({ change_request: 7 });
    expect(pr.json.data, pr.text).toMatchObject({ kind: 'change_request', ref: 'refs/pull/7/head', change_request: 7, title: 'Pull request #7' });

    // The loop's work prepares what is pending.
    expect(await prepareAll()).toMatchObject({ prepared: 4, failed: 0 });
    const listed = (await w.api(previews(), 'viewer')).json.data;
    expect(listed.items.map((item: { id: string }) => item.id)).toEqual([pr.json.data.id, commit.id, b.id, a.json.data.id]);
    expect(listed.items.every((item: { status: string }) => item.status === 'ready')).toBe(true);
    expect((await w.api(previews(`/${commit.id}`), 'viewer')).json.data).toMatchObject({ status: 'ready', commit: first });
    expect((await w.api(previews(`/${pr.json.data.id}`), 'viewer')).json.data).toMatchObject({ commit: pull });
    const paged = (await w.api(previews('?limit=3'), 'viewer')).json.data;
    expect(paged.items).toHaveLength(3);
    const rest = (await w.api(previews(`?limit=3&cursor=${paged.next_cursor}`), 'viewer')).json.data;
    expect(rest).toEqual({ items: [expect.objectContaining({ id: a.json.data.id })], next_cursor: null });

    // Two branches side by side, and the notebook's own app beside them, each with its own files.
    const start = (id: string, mode: 'app' | 'edit', who: 'editor' | 'viewer' = 'editor') =>
      w.api(previews(`/${id}/sessions`), who, { method: 'POST', body: { mode, wait: true } });
    const appA = await start(a.json.data.id, 'app', 'viewer');
    expect(appA.json.data, appA.text).toMatchObject({ state: 'running', mode: 'app', preview_id: a.json.data.id });
    expect((await start(b.id, 'edit', 'viewer')).status).toBe(403);
    const editB = await start(b.id, 'edit');
    expect(editB.json.data, editB.text).toMatchObject({ state: 'running', mode: 'edit', preview_id: b.id });
    const own = await w.start('viewer', { notebook_id: nid, mode: 'app' });
    expect(own.json.data, own.text).toMatchObject({ state: 'running', preview_id: null });
    expect(new Set([appA.json.data.id, editB.json.data.id, own.json.data.id]).size).toBe(3);
    expect(await sandboxFile(appA.json.data.id, 'main.py')).toContain('feature a');
    expect(await sandboxFile(appA.json.data.id, 'data.csv')).toContain('feature a');
    expect(await sandboxFile(editB.json.data.id, 'main.py')).toContain('feature b');
    expect(await sandboxFile(own.json.data.id, 'main.py')).toContain('main one');
    for (const session of [appA, editB]) expect((await w.api(`/s/${session.json.data.id}/`, 'editor')).status).toBe(200);
    // The preview's app is shared by whoever opens that preview, and is not the notebook's.
    expect((await start(a.json.data.id, 'app')).json.data).toMatchObject({ id: appA.json.data.id, reused: true });

    // An edit preview session never saves into the notebook, not even on stop.
    await w.t.hub.services.sandboxes.writeFile(
      (await w.t.hub.services.sessionStore.get(w.pid, editB.json.data.id))!.sandbox!.id,
      'main.py',
      gitNotebookSource('edited b'),
    );
    const saved = await w.api(`/api/v1/projects/${w.pid}/sessions/${editB.json.data.id}/save`, 'editor', { method: 'POST', body: {} });
    expect(saved.status, saved.text).toBeLessThan(300);
    for (const session of [appA, editB, own])
      await w.api(`/api/v1/projects/${w.pid}/sessions/${session.json.data.id}/stop`, 'editor', { method: 'POST', body: { save: true } });
    const versionsAfter = (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions`, 'viewer')).json.data.items;
    expect(versionsAfter).toEqual(versionsBefore);
    expect((await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/code`, 'viewer')).text).toContain('main one');

    // A branch that moves is prepared again at its new head; the commit stays.
    const moved = await git.commit('acme/previews', 'feature-a', { 'app/main.py': gitNotebookSource('feature a, later') });
    expect(await prepareAll()).toMatchObject({ refreshed: 1, prepared: 0 });
    expect((await w.api(previews(`/${a.json.data.id}`), 'viewer')).json.data).toMatchObject({ status: 'ready', commit: moved });

    // Deleting removes the record and its snapshots, and stops what runs from it.
    const fromCommit = await start(commit.id, 'app', 'viewer');
    expect(fromCommit.json.data, fromCommit.text).toMatchObject({ state: 'running', preview_id: commit.id });
    expect((await w.api(previews(`/${commit.id}`), 'viewer', { method: 'DELETE' })).status).toBe(403);
    expect((await w.api(previews(`/${commit.id}`), 'editor', { method: 'DELETE' })).status).toBe(200);
    const ended = await w.t.hub.services.sessionStore.get(w.pid, fromCommit.json.data.id);
    expect(['stopping', 'stopped']).toContain(ended?.state);
    expect(ended?.stop_reason).toBe('user');
    expect((await w.api(previews(`/${commit.id}`), 'viewer')).json.error.code).toBe('NOT_FOUND');
    const left = await w.t.hub.services.store.list(`git/${w.pid}/preview-snapshots/${nid}/${commit.id}/`);
    expect(left.items).toEqual([]);

    const events = (await projectAudit(w.t, w.pid)).filter((entry) => entry.metadata.notebook_id === nid);
    expect(events.filter((entry) => entry.event === 'preview.create')).toHaveLength(4);
    expect(events.find((entry) => entry.event === 'preview.delete')?.metadata).toMatchObject({ preview_id: commit.id });
    expect(events.find((entry) => entry.event === 'session.start' && entry.metadata.preview_id === b.id)?.metadata).toMatchObject({ mode: 'edit' });
  }, 300_000);

  it('prepares a pending preview when a session starts on it, and reports what cannot be previewed', async () => {
    await git.commit('acme/previews', 'quick', { 'app/main.py': gitNotebookSource('quick start') });
    const quick = (await create({ branch: 'quick' })).json.data;
    const started = await w.api(previews(`/${quick.id}/sessions`), 'viewer', { method: 'POST', body: { mode: 'app', wait: true } });
    expect(started.json.data, started.text).toMatchObject({ state: 'running', preview_id: quick.id });
    expect(await sandboxFile(started.json.data.id, 'main.py')).toContain('quick start');
    expect((await w.api(previews(`/${quick.id}`), 'viewer')).json.data).toMatchObject({ status: 'ready' });
    await w.api(`/api/v1/projects/${w.pid}/sessions/${started.json.data.id}/stop`, 'viewer', { method: 'POST', body: {} });

    const unknownBranch = await create({ branch: 'no-such-branch' });
    expect(unknownBranch.status).toBe(422);
    expect(unknownBranch.json.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'branch' }] });
    expect((await create({ change_request: 99 })).json.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'change_request' }] });
    expect((await create({ branch: 'main', commit: first })).status).toBe(422);

    // A commit the repository does not have fails its preparation, and a start on it fails with the reason.
    const ghost = (await create({ commit: 'f'.repeat(40) })).json.data;
    expect((await prepareAll()).failed).toBeGreaterThanOrEqual(1);
    expect((await w.api(previews(`/${ghost.id}`), 'viewer')).json.data).toMatchObject({ status: 'failed', error: { code: 'VALIDATION_ERROR' } });
    const failed = await w.api(previews(`/${ghost.id}/sessions`), 'viewer', { method: 'POST', body: { mode: 'app', wait: true } });
    expect(failed.json.data, failed.text).toMatchObject({ state: 'failed', failure: { code: 'VALIDATION_ERROR' } });

    // A notebook of the hub has no previews.
    for (const path of ['', '/prv-0000000000000000']) {
      const local = await w.api(`/api/v1/projects/${w.pid}/notebooks/${w.nid}/previews${path}`, 'viewer');
      expect(local.json.error.code).toBe('SYNC_NOT_CONFIGURED');
    }
    expect((await w.api(`/api/v1/projects/${w.pid}/notebooks/${w.nid}/previews`, 'editor', { method: 'POST', body: { branch: 'main' } })).json.error.code).toBe(
      'SYNC_NOT_CONFIGURED',
    );
  }, 180_000);

  it("removes a deleted notebook's previews and their files", async () => {
    const created = await w.api(`/api/v1/projects/${w.pid}/git-notebooks`, 'editor', {
      method: 'POST',
      body: { title: 'Short-lived', repo: 'acme/previews', branch: 'main', root_path: 'app', entry_notebook: 'main.py' },
    });
    const other = created.json.data.notebook.meta.id as string;
    const preview = (await w.api(`/api/v1/projects/${w.pid}/notebooks/${other}/previews`, 'editor', { method: 'POST', body: { branch: 'main' } })).json.data;
    await prepareAll();
    const stored = () => w.t.hub.services.store.list(`git/${w.pid}/preview-snapshots/${other}/${preview.id}/`);
    expect((await stored()).items).toHaveLength(1);
    expect((await w.api(`/api/v1/projects/${w.pid}/notebooks/${other}`, 'manager', { method: 'DELETE' })).status).toBeLessThan(300);
    expect((await prepareAll()).removed).toBe(1);
    expect((await stored()).items).toEqual([]);
    expect((await w.t.hub.services.store.list(`git/${w.pid}/previews/${other}/`)).items).toEqual([]);
  }, 120_000);
});
