import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAudit } from '../support/alert-fixtures.js';
import { useAlertingSessionWorld } from '../support/alerting-session-world.js';
import { gitNotebookSource } from '../support/git-notebook.js';
import { startGitServer, type GitServer } from '../support/git-server.js';
import { sandboxRuntime } from '../support/session-world.js';

/** Settings that wait for a sync, the hub's own pull, and `sync.failed` delivered to a real receiver. */
describe.skipIf(sandboxRuntime === null)('keeping Git notebooks in sync', () => {
  const alerting = useAlertingSessionWorld({ SERVICE_GIT_ALLOW_HTTP: 'true' });
  let git: GitServer;
  beforeAll(async () => {
    git = await startGitServer();
    await git.createRepository('pipeline', { files: { 'nb/main.py': gitNotebookSource('main one'), 'nb/other.py': gitNotebookSource('other on main') } });
    await git.commit('pipeline', 'staging', { 'nb/main.py': gitNotebookSource('staging one') });
  }, 60_000);
  afterAll(() => git?.close());

  const notebooks = () => `/api/v1/projects/${alerting.w.pid}/notebooks`;
  const source = (nid: string, part = '') => `${notebooks()}/${nid}/source${part}`;
  const code = async (nid: string) => (await alerting.w.api(`${notebooks()}/${nid}/code`, 'viewer')).text;
  const create = async (body: Record<string, unknown>) => {
    const created = await alerting.w.api(`/api/v1/projects/${alerting.w.pid}/git-notebooks`, 'editor', {
      method: 'POST',
      body: { repo: git.url('pipeline'), branch: 'main', root_path: 'nb', ...body },
    });
    expect(created.status, created.text).toBe(201);
    return created.json.data as { notebook: { meta: { id: string }; source: Record<string, unknown> }; sync_url?: string; sync_token?: string };
  };

  it('keeps changed settings pending until a sync applies them', async () => {
    const { w } = alerting;
    const nid = (await create({ title: 'Pending', entry_notebook: 'main.py' })).notebook.meta.id;
    const changed = await w.api(source(nid), 'editor', { method: 'PATCH', body: { branch: 'staging' } });
    expect(changed.json.data.source, changed.text).toMatchObject({
      branch: 'main',
      pending_config: { branch: 'staging', root_path: 'nb', entry_notebook: 'main.py' },
    });
    expect(await code(nid)).toContain('main one');
    expect((await w.api(source(nid, '/drift'), 'viewer')).json.data).toMatchObject({
      pending_config: true,
      in_sync: false,
      remote_commit: await git.head('pipeline', 'staging'),
    });
    // Back to what it reads now: nothing is pending any more.
    const undone = await w.api(source(nid), 'editor', { method: 'PATCH', body: { branch: 'main' } });
    expect(undone.json.data.source.pending_config).toBeUndefined();

    await w.api(source(nid), 'editor', { method: 'PATCH', body: { branch: 'staging' } });
    const synced = await w.api(source(nid, '/sync'), 'editor', { method: 'POST' });
    expect(synced.json.data, synced.text).toMatchObject({ synced: true, commit: await git.head('pipeline', 'staging') });
    expect(await code(nid)).toContain('staging one');
    const detail = (await w.api(`${notebooks()}/${nid}`, 'viewer')).json.data;
    expect(detail.source).toMatchObject({ branch: 'staging' });
    expect(detail.source.pending_config).toBeUndefined();
    const bad = await w.api(source(nid), 'editor', { method: 'PATCH', body: { entry_notebook: '../x.py' } });
    expect(bad.json.error.details).toEqual([expect.objectContaining({ field: 'entry_notebook' })]);
  }, 120_000);

  it('pulls pull-mode notebooks in the maintenance loop, and alerts once when pulls start failing', async () => {
    const { w, receiver } = alerting;
    await alerting.subscribe('/sync', ['sync.failed'], 'sync-alert-secret');
    const pulled = (await create({ title: 'Pulled', entry_notebook: 'other.py' })).notebook.meta.id;
    const pushed = await create({ title: 'Pushed', entry_notebook: 'other.py', sync_mode: 'push' });
    const head = await git.commit('pipeline', 'main', { 'nb/other.py': gitNotebookSource('other, second') });
    const pullAll = () => w.t.hub.services.gitSync.pullAll(new AbortController().signal);

    const first = await pullAll();
    expect(first.failed).toBe(0);
    expect((await w.api(source(pulled, '/sync-health'), 'viewer')).json.data).toEqual({ failing_since: null, last_error: null });
    expect(await code(pulled)).toContain('other, second');
    // The push-mode notebook waits for its repository to call.
    expect(await code(pushed.notebook.meta.id)).toContain('other on main');
    expect((await w.api(`${notebooks()}/${pulled}`, 'viewer')).json.data.source.commit).toBe(head);

    // The notebook's file goes away: every pull fails from now on, and the destination hears it once.
    await git.commit('pipeline', 'main', { 'nb/other.py': '' });
    await w.api(source(pulled), 'editor', { method: 'PATCH', body: { entry_notebook: 'gone.py' } });
    expect((await pullAll()).failed).toBeGreaterThanOrEqual(1);
    expect((await pullAll()).failed).toBeGreaterThanOrEqual(1);
    const [delivery] = await receiver.waitFor('/sync', 1);
    expect(delivery!.signatureValid).toBe(true);
    expect(delivery!.json).toMatchObject({
      kind: 'sync.failed',
      project_id: w.pid,
      data: { notebook_id: pulled, title: 'Pulled', branch: 'main', trigger: 'schedule', code: 'VALIDATION_ERROR' },
    });
    expect(delivery!.json.data.message).toContain('nb/gone.py');
    const health = (await w.api(source(pulled, '/sync-health'), 'viewer')).json.data;
    expect(health).toMatchObject({ last_error: { code: 'VALIDATION_ERROR' } });
    expect(health.last_error.message).toContain('nb/gone.py');
    expect(Date.parse(health.failing_since)).toBeLessThanOrEqual(Date.now());
    const failures = (await projectAudit(w.t, w.pid)).filter((entry) => entry.event === 'notebook.sync_failed' && entry.metadata.notebook_id === pulled);
    expect(failures).toHaveLength(2);

    // A failed push is told at once, as the repository's CI may not be watched.
    await w.api(source(pushed.notebook.meta.id), 'editor', { method: 'PATCH', body: { branch: 'no-such-branch' } });
    const answer = await fetch(pushed.sync_url!, { method: 'POST', headers: { authorization: `Bearer ${pushed.sync_token!}` } });
    expect(answer.status).toBe(422);
    const deliveries = await receiver.waitFor('/sync', 2);
    expect(deliveries.map((entry) => entry.json.data.trigger)).toEqual(['schedule', 'push']);
    expect(receiver.at('/sync')).toHaveLength(2);
  }, 120_000);
});
