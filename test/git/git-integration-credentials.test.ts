import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAudit } from '../support/alert-fixtures.js';
import { startFakeGitHub, type FakeGitHost } from '../support/fake-git-hosts.js';
import { gitNotebookSource } from '../support/git-notebook.js';
import { startGitServer, type GitServer } from '../support/git-server.js';
import { saveNotebookCode } from '../support/job-world.js';
import { sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';

const READ_TOKEN = 'integration-read-token-5f1c';
const WRITE_TOKEN = 'integration-write-token-9a7e';
const USER = 'ci-bot';

/**
 * Git credentials kept as a `git` integration (docs/git.md, "Credentials"): the hub syncs the Git
 * notebooks of its repository and of the repositories it lists with its token, opens change
 * requests with its write token, sends them nowhere else, and gives notebooks nothing of them when
 * `in_notebooks` is off. Against a real Git server (git http-backend on 127.0.0.1) and fake-github.
 */
describe.skipIf(sandboxRuntime === null)('Git credentials as an integration', () => {
  let w: SessionWorld;
  let git: GitServer;
  let github: FakeGitHost;
  beforeAll(async () => {
    git = await startGitServer();
    // The read token reads every repository of the server; the write token also reads and pushes team/reports.
    for (const repo of ['team/reports', 'team/other', 'elsewhere/secret']) {
      const credentials = [{ user: USER, password: READ_TOKEN }, ...(repo === 'team/reports' ? [{ user: USER, password: WRITE_TOKEN }] : [])];
      await git.createRepository(repo, { files: { 'notebook.py': gitNotebookSource(repo) }, credentials });
    }
    github = await startFakeGitHub(WRITE_TOKEN, ['team/reports']);
    const gitBase = git.url('x').replace(/\/x\.git$/, '');
    w = await startSessionWorld({
      SERVICE_GIT_ALLOW_HTTP: 'true',
      SERVICE_GIT_GITHUB_URL: gitBase,
      SERVICE_GIT_GITHUB_API_URL: github.apiUrl,
    });
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    await github?.close();
    await git?.close();
  });

  const integrations = () => `/api/v1/projects/${w.pid}/integrations`;
  const createNotebook = async (repo: string) => {
    const created = await w.api(`/api/v1/projects/${w.pid}/git-notebooks`, 'editor', {
      method: 'POST',
      body: { title: repo, repo, branch: 'main', entry_notebook: 'notebook.py' },
    });
    expect(created.status, created.text).toBe(201);
    return { nid: created.json.data.notebook.meta.id as string, syncError: created.json.data.sync_error as { code: string } | undefined };
  };
  const sync = (nid: string) => w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/source/sync`, 'editor', { method: 'POST' });

  it('syncs the notebooks of its repositories with its token, and sends it nowhere else', async () => {
    const reports = await createNotebook('team/reports');
    expect(reports.syncError).toMatchObject({ code: 'SYNC_NOT_CONFIGURED' });

    const badPaths = await w.api(integrations(), 'manager', {
      method: 'POST',
      body: {
        kind: 'git',
        name: 'Team repositories',
        config: { repository_url: git.url('team/reports'), username: USER, repositories: 'team/* ../up' },
        secrets: { token: { source: 'stored', value: READ_TOKEN } },
      },
    });
    expect(badPaths.status).toBe(422);
    expect(badPaths.json.error.details, badPaths.text).toEqual([expect.objectContaining({ field: 'config.repositories' })]);

    const created = await w.api(integrations(), 'manager', {
      method: 'POST',
      body: {
        kind: 'git',
        name: 'Team repositories',
        config: { repository_url: git.url('team/reports'), username: USER, repositories: 'team/other', in_notebooks: false },
        secrets: { token: { source: 'stored', value: READ_TOKEN }, write_token: { source: 'stored', value: WRITE_TOKEN } },
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.data.config).toMatchObject({ token_set: true, write_token_set: true, in_notebooks: false, repositories: 'team/other' });
    expect(created.text).not.toContain(READ_TOKEN);
    expect(created.text).not.toContain(WRITE_TOKEN);

    const synced = await sync(reports.nid);
    expect(synced.json.data, synced.text).toMatchObject({ synced: true, commit: await git.head('team/reports', 'main') });
    const other = await createNotebook('team/other');
    expect(other.syncError).toBeUndefined();
    // Not listed: the server would take the token, but the hub does not send it there.
    const secret = await createNotebook('elsewhere/secret');
    expect(secret.syncError).toMatchObject({ code: 'SYNC_NOT_CONFIGURED' });

    // The project's own Git credentials are still there to read as before: none set.
    expect((await w.api(`/api/v1/projects/${w.pid}/git-credentials`, 'viewer')).json.data).toMatchObject({ read_token_set: false });
    // Notebooks receive nothing of credentials only the hub uses.
    const rendered = await w.t.hub.services.integrationsForSandboxes.renderFor({
      projectId: w.pid,
      notebookId: reports.nid,
      userId: w.userIds.editor,
      mode: 'edit',
      use: 'all',
    });
    expect(rendered).toEqual([]);
    expect(JSON.stringify(await projectAudit(w.t, w.pid))).not.toContain(READ_TOKEN);
  }, 180_000);

  it('opens a change request with its write token, and follows a replaced token', async () => {
    const { nid } = await createNotebook('team/reports');
    const edited = await saveNotebookCode(w, nid, gitNotebookSource('edited in the hub'));
    const proposed = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/change-requests`, 'editor', {
      method: 'POST',
      body: { title: 'From the integration', version_id: edited },
    });
    expect(proposed.status, proposed.text).toBe(201);
    expect(github.opened.at(-1)!.headers.authorization).toBe(`Bearer ${WRITE_TOKEN}`);
    expect(await git.head('team/reports', proposed.json.data.branch)).toBe(proposed.json.data.commit);
    // The branch was pushed with the write token; reads went with the read token.
    const basic = (token: string) => `Basic ${Buffer.from(`${USER}:${token}`).toString('base64')}`;
    const pushes = git.requests.filter((request) => request.path.includes('team/reports.git') && request.path.includes('git-receive-pack'));
    expect(pushes.length).toBeGreaterThan(0);
    expect(pushes.every((request) => request.authorization === null || request.authorization === basic(WRITE_TOKEN))).toBe(true);
    expect(pushes.some((request) => request.authorization === basic(WRITE_TOKEN))).toBe(true);

    // A token replaced in the integration (a new version) is the one the next sync uses.
    const [integration] = (await w.api(integrations(), 'viewer')).json.data.items as { id: string }[];
    const read = await w.api(`${integrations()}/${integration!.id}`, 'manager');
    const replaced = await w.api(`${integrations()}/${integration!.id}`, 'manager', {
      method: 'PUT',
      headers: { 'if-match': read.headers.get('etag')! },
      body: {
        name: read.json.data.name,
        config: { ...pick(read.json.data.config), in_notebooks: false },
        secrets: { token: { source: 'stored', value: 'not-the-token' } },
      },
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect((await sync(nid)).json.error).toMatchObject({ code: 'SYNC_NOT_CONFIGURED' });
  }, 180_000);
});

/** The non-secret configuration of a read integration, without its `<key>_set` flags. */
function pick(config: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).filter(([key]) => !key.endsWith('_set')));
}
