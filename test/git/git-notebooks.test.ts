import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAudit } from '../support/alert-fixtures.js';
import { startGitServer, type GitServer } from '../support/git-server.js';
import { gitNotebookSource } from '../support/git-notebook.js';
import { sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';

const notebook = gitNotebookSource;

const CREDENTIALS = { user: 'ci-bot', password: 'read-secret-token' };

/** Git-synced notebooks against a real Git server (git http-backend on 127.0.0.1). */
describe.skipIf(sandboxRuntime === null)('Git-synced notebooks', () => {
  let w: SessionWorld;
  let git: GitServer;
  beforeAll(async () => {
    git = await startGitServer();
    await git.createRepository('analysis', {
      files: {
        'README.md': '# not synced: outside root_path\n',
        'reports/weekly.py': notebook('first'),
        'reports/data/values.csv': 'day,value\nmonday,1\n',
        'reports/helpers/util.py': 'ANSWER = 42\n',
      },
    });
    await git.createRepository('private', { files: { 'notebook.py': notebook('private') }, credentials: CREDENTIALS });
    w = await startSessionWorld({ SERVICE_GIT_ALLOW_HTTP: 'true' });
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    await git?.close();
  });

  const notebooks = () => `/api/v1/projects/${w.pid}/notebooks`;
  const create = (body: Record<string, unknown>) =>
    w.api(`/api/v1/projects/${w.pid}/git-notebooks`, 'editor', { method: 'POST', body: { title: 'Weekly', ...body } });
  const source = (nid: string, part: string) => `${notebooks()}/${nid}/source/${part}`;
  /** The paths of a workspace folder's items. */
  const workspaceItems = async (nid: string, folder = '') =>
    ((await w.api(`${notebooks()}/${nid}/workspace/items?path=${encodeURIComponent(folder)}`, 'viewer')).json.data as { path: string }[]).map(
      (item) => item.path,
    );

  it('creates a notebook from a folder of a repository: the entry notebook is its code, the neighbours its read-only workspace', async () => {
    const head = await git.head('analysis', 'main');
    const created = await create({ repo: git.url('analysis'), branch: 'main', root_path: 'reports/', entry_notebook: 'weekly.py', status: 'active' });
    expect(created.status, created.text).toBe(201);
    const { notebook: detail, sync_error, sync_token } = created.json.data;
    expect(sync_error).toBeUndefined();
    expect(detail.meta.status).toBe('active');
    expect(sync_token).toBeUndefined();
    expect(detail.source).toMatchObject({
      type: 'git',
      provider: null,
      repo: git.url('analysis'),
      branch: 'main',
      root_path: 'reports',
      entry_notebook: 'weekly.py',
      sync_mode: 'pull',
      commit: head,
    });
    const nid = detail.meta.id as string;
    const code = await w.api(`${notebooks()}/${nid}/code`, 'viewer');
    expect(code.text).toContain('label = "first"');
    const versions = (await w.api(`${notebooks()}/${nid}/versions`, 'viewer')).json.data.items;
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      commit: head,
      git_source: { repo: git.url('analysis'), branch: 'main', root_path: 'reports', entry_notebook: 'weekly.py' },
    });

    expect(await workspaceItems(nid)).toEqual(['data', 'helpers', 'weekly.py']);
    expect(await workspaceItems(nid, 'data')).toEqual(['data/values.csv']);
    const upload = await w.api(`${notebooks()}/${nid}/workspace/files?path=notes.txt`, 'editor', { method: 'PUT', body: 'x' });
    expect(upload.json.error?.code, upload.text).toBe('CONFLICT');
    const access = (await w.api(`${notebooks()}/${nid}/workspace/access`, 'editor')).json.data;
    expect(access).toMatchObject({ writable: false, read_only_reason: 'git_source' });

    // A session on it gets the synced folder's files beside the notebook.
    const started = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    expect(started.json.data.state, started.text).toBe('running');
    const sandboxId = started.json.data.sandbox_id ?? (await w.t.hub.services.sessionStore.get(w.pid, started.json.data.id))?.sandbox?.id;
    const csv = await w.t.hub.services.sandboxes.readFile(sandboxId, 'data/values.csv');
    expect(csv.toString()).toContain('monday,1');
    await w.api(`/api/v1/projects/${w.pid}/sessions/${started.json.data.id}/stop`, 'editor', { method: 'POST', body: { save: false } });

    // Drift, then a pull after a new commit, then nothing to do.
    expect((await w.api(source(nid, 'drift'), 'viewer')).json.data).toMatchObject({
      current_commit: head,
      remote_commit: head,
      in_sync: true,
      pending_config: false,
    });
    const next = await git.commit('analysis', 'main', { 'reports/weekly.py': notebook('second'), 'reports/data/values.csv': 'day,value\ntuesday,2\n' });
    expect((await w.api(source(nid, 'drift'), 'viewer')).json.data).toMatchObject({ current_commit: head, remote_commit: next, in_sync: false });
    expect((await w.api(source(nid, 'sync'), 'viewer', { method: 'POST' })).status).toBe(403);
    const synced = await w.api(source(nid, 'sync'), 'editor', { method: 'POST' });
    expect(synced.json.data, synced.text).toMatchObject({ synced: true, commit: next });
    expect((await w.api(`${notebooks()}/${nid}/code`, 'viewer')).text).toContain('label = "second"');
    expect((await w.api(source(nid, 'sync'), 'editor', { method: 'POST' })).json.data).toEqual({
      synced: false,
      commit: next,
      version_id: synced.json.data.version_id,
    });

    await git.commit('analysis', 'experiment', { 'reports/weekly.py': notebook('experiment') });
    const refs = (await w.api(source(nid, 'refs'), 'viewer')).json.data;
    expect(refs.branches.map((branch: { name: string }) => branch.name)).toEqual(['main', 'experiment']);
    expect(refs.commits.map((commit: { commit: string }) => commit.commit)).toEqual([next, head]);
    expect(refs.commits[0]).toMatchObject({ title: 'Change notebooks', author: 'Notebook Hub Tests' });

    const events = (await projectAudit(w.t, w.pid)).filter((entry) => entry.metadata.notebook_id === nid).map((entry) => entry.event);
    expect(events).toEqual(expect.arrayContaining(['notebook.create', 'notebook.sync', 'workspace.sync']));
  }, 180_000);

  it('keeps the notebook (a draft unless asked otherwise) when the first pull fails, and syncs once the project has credentials', async () => {
    const created = await create({ title: 'Private', repo: git.url('private'), branch: 'main', entry_notebook: 'notebook.py' });
    expect(created.status, created.text).toBe(201);
    expect(created.json.data.sync_error).toMatchObject({ code: 'SYNC_NOT_CONFIGURED' });
    expect(created.json.data.notebook.source).toMatchObject({ current_version_id: null, commit: null });
    expect(created.json.data.notebook.meta.status).toBe('draft');
    const nid = created.json.data.notebook.meta.id as string;

    const credentials = `/api/v1/projects/${w.pid}/git-credentials`;
    expect((await w.api(credentials, 'editor', { method: 'PUT', body: { read_token: 'x' } })).status).toBe(403);
    // A token needs somewhere to go: the repositories it may be sent with.
    const unbound = await w.api(credentials, 'manager', { method: 'PUT', body: { username: CREDENTIALS.user, read_token: CREDENTIALS.password } });
    expect(unbound.json.error, unbound.text).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'repositories' }] });
    const set = await w.api(credentials, 'manager', {
      method: 'PUT',
      body: { username: CREDENTIALS.user, read_token: CREDENTIALS.password, repositories: [git.url('private')] },
    });
    expect(set.json.data, set.text).toMatchObject({
      username: CREDENTIALS.user,
      read_token_set: true,
      write_token_set: false,
      provider: null,
      host_url: new URL(git.url('private')).origin,
      repositories: ['private'],
    });
    expect(set.text).not.toContain(CREDENTIALS.password);
    expect((await w.api(credentials, 'viewer')).text).not.toContain(CREDENTIALS.password);

    const synced = await w.api(source(nid, 'sync'), 'editor', { method: 'POST' });
    expect(synced.json.data, synced.text).toMatchObject({ synced: true, commit: await git.head('private', 'main') });
    expect((await w.api(`${notebooks()}/${nid}/code`, 'viewer')).text).toContain('label = "private"');
    const failed = (await projectAudit(w.t, w.pid)).find((entry) => entry.event === 'notebook.sync_failed' && entry.metadata.notebook_id === nid);
    expect(failed?.metadata).toMatchObject({ trigger: 'create', code: 'SYNC_NOT_CONFIGURED' });
    expect(JSON.stringify(await projectAudit(w.t, w.pid))).not.toContain(CREDENTIALS.password);
    await w.api(credentials, 'manager', { method: 'DELETE' });
    expect((await w.api(credentials, 'viewer')).json.data).toMatchObject({ read_token_set: false });
  }, 120_000);

  it("syncs a push-mode notebook when the repository's CI calls its sync URL with its token, and only then", async () => {
    await git.createRepository('pushed', { files: { 'notebook.py': notebook('pushed one') } });
    const created = await create({ title: 'Pushed', repo: git.url('pushed'), branch: 'main', entry_notebook: 'notebook.py', sync_mode: 'push' });
    const { notebook: detail, sync_url, sync_token } = created.json.data;
    const nid = detail.meta.id as string;
    expect(sync_url).toBe(`${w.t.url}/api/v1/git-sync/${w.pid}/${nid}`);
    expect(sync_token).toMatch(/^nhs_/);
    const callSyncUrl = (token: string) => fetch(sync_url, { method: 'POST', headers: { authorization: `Bearer ${token}` } });

    const next = await git.commit('pushed', 'main', { 'notebook.py': notebook('pushed two') });
    expect((await callSyncUrl('nhs_wrong')).status).toBe(401);
    expect((await fetch(sync_url, { method: 'POST' })).status).toBe(401);
    const synced = await callSyncUrl(sync_token);
    expect(await synced.json()).toMatchObject({ data: { synced: true, commit: next } });

    const rotated = await w.api(source(nid, 'sync-token'), 'editor', { method: 'POST' });
    expect(rotated.json.data.sync_url).toBe(sync_url);
    expect((await callSyncUrl(sync_token)).status).toBe(401);
    expect((await callSyncUrl(rotated.json.data.sync_token)).status).toBe(200);
    const events = (await projectAudit(w.t, w.pid)).filter((entry) => entry.metadata.notebook_id === nid);
    expect(events.find((entry) => entry.event === 'notebook.sync' && entry.metadata.trigger === 'push')).toMatchObject({ metadata: { commit: next } });
    expect(events.map((entry) => entry.event)).toContain('notebook.sync_token.rotate');
  }, 120_000);

  it('refuses bad sources field by field, and Git operations on a local notebook', async () => {
    const bad = await create({ repo: 'not a repository', branch: '../main', root_path: '../up', entry_notebook: 'notes.txt' });
    expect(bad.status).toBe(422);
    expect(bad.json.error.details.map((problem: { field: string }) => problem.field).sort()).toEqual(['branch', 'entry_notebook', 'repo', 'root_path']);
    const metadata = await create({ repo: 'http://169.254.169.254/latest.git', branch: 'main', entry_notebook: 'n.py' });
    expect(metadata.status).toBe(422);
    expect(metadata.json.error.message).toContain('link-local');

    const local = await w.notebook('Local');
    expect((await w.api(source(local, 'sync'), 'editor', { method: 'POST' })).json.error.code).toBe('SYNC_NOT_CONFIGURED');
    expect((await w.api(source(local, 'drift'), 'viewer')).json.error.code).toBe('SYNC_NOT_CONFIGURED');

    const missing = await create({ repo: git.url('analysis'), branch: 'main', root_path: 'reports', entry_notebook: 'absent.py' });
    expect(missing.json.data.sync_error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(missing.json.data.sync_error.message).toContain('reports/absent.py');
    const pullToken = await w.api(source(missing.json.data.notebook.meta.id, 'sync-token'), 'editor', { method: 'POST' });
    expect(pullToken.json.error.code).toBe('CONFLICT');
  }, 60_000);
});
