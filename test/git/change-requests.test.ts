import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitCliRemote } from '../../service/src/adapters/git/git-cli-remote.js';
import { projectAudit } from '../support/alert-fixtures.js';
import { startFakeGitHub, startFakeGitLab, type FakeGitHost } from '../support/fake-git-hosts.js';
import { gitNotebookSource } from '../support/git-notebook.js';
import { startGitServer, type GitServer } from '../support/git-server.js';
import { saveNotebookCode } from '../support/job-world.js';
import { outboundClientForTests } from '../support/outbound.js';
import { sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';

const TOKEN = 'write-token-of-the-project';
const CREDENTIALS = { user: 'ci-bot', password: TOKEN };

/**
 * Change requests: the branch is pushed to a real Git server (git http-backend), and the pull or
 * merge request goes to fake-github or fake-gitlab, which check the requests as the providers'
 * APIs document them.
 */
describe.skipIf(sandboxRuntime === null)('change requests from Git notebooks', () => {
  let w: SessionWorld;
  let git: GitServer;
  let github: FakeGitHost;
  let gitlab: FakeGitHost;
  beforeAll(async () => {
    git = await startGitServer();
    await git.createRepository('acme/reports', { files: { 'weekly/report.py': gitNotebookSource('from the repository') }, credentials: CREDENTIALS });
    await git.createRepository('data/team-notebooks', { files: { 'notebook.py': gitNotebookSource('gitlab one') }, credentials: CREDENTIALS });
    github = await startFakeGitHub(TOKEN, ['acme/reports']);
    gitlab = await startFakeGitLab(TOKEN, ['data/team-notebooks']);
    const gitBase = git.url('x').replace(/\/x\.git$/, '');
    w = await startSessionWorld({
      SERVICE_GIT_ALLOW_HTTP: 'true',
      SERVICE_GIT_GITHUB_URL: gitBase,
      SERVICE_GIT_GITLAB_URL: gitBase,
      SERVICE_GIT_GITHUB_API_URL: github.apiUrl,
      SERVICE_GIT_GITLAB_API_URL: `${gitlab.apiUrl}/api/v4`,
    });
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    await github?.close();
    await gitlab?.close();
    await git?.close();
  });

  const notebookPath = (nid: string, rest = '') => `/api/v1/projects/${w.pid}/notebooks/${nid}${rest}`;
  const propose = (nid: string, body: Record<string, unknown>, who: 'editor' | 'viewer' = 'editor') =>
    w.api(notebookPath(nid, '/change-requests'), who, { method: 'POST', body: { title: 'Better chart', ...body } });
  const branchFile = async (repo: string, branch: string, file: string) => {
    const snapshot = await new GitCliRemote(outboundClientForTests()).snapshot(
      git.url(repo),
      branch,
      '',
      { username: CREDENTIALS.user, password: TOKEN },
      { maxFiles: 100, maxBytes: 1e6 },
    );
    return snapshot.files.find((entry) => entry.path === file)?.content.toString();
  };
  const createNotebook = async (body: Record<string, unknown>) => {
    const created = await w.api(`/api/v1/projects/${w.pid}/git-notebooks`, 'editor', { method: 'POST', body: { title: 'Reports', branch: 'main', ...body } });
    expect(created.json.data.sync_error, created.text).toBeUndefined();
    return created.json.data.notebook.meta.id as string;
  };

  it('pushes a version as a branch on top of the synced commit and opens a GitHub pull request', async () => {
    const credentials = `/api/v1/projects/${w.pid}/git-credentials`;
    // Both providers are the one test server here: one binding serves the GitHub and the GitLab repository.
    await w.api(credentials, 'manager', {
      method: 'PUT',
      body: { username: CREDENTIALS.user, read_token: TOKEN, repositories: ['acme/reports', 'data/team-notebooks'] },
    });
    const nid = await createNotebook({ repo: 'acme/reports', root_path: 'weekly', entry_notebook: 'report.py' });
    const edited = await saveNotebookCode(w, nid, gitNotebookSource('edited in the hub'));

    // No write token yet: the project's managers must set one.
    expect((await propose(nid, { version_id: edited })).json.error.code).toBe('SYNC_NOT_CONFIGURED');
    await w.api(credentials, 'manager', { method: 'PUT', body: { write_token: TOKEN } });
    expect((await propose(nid, { version_id: edited }, 'viewer')).status).toBe(403);

    const base = await git.head('acme/reports', 'main');
    const created = await propose(nid, { version_id: edited, description: 'Shows the weekly totals.' });
    expect(created.status, created.text).toBe(201);
    const record = created.json.data;
    expect(record).toMatchObject({ provider: 'github', repo: 'acme/reports', number: 1, base_branch: 'main', base_commit: base, from: { version_id: edited } });
    expect(record.url).toBe('https://github.example/acme/reports/pull/1');
    expect(await git.head('acme/reports', record.branch)).toBe(record.commit);
    expect(await branchFile('acme/reports', record.branch, 'weekly/report.py')).toContain('edited in the hub');
    expect(await git.head('acme/reports', 'main')).toBe(base);
    expect(github.opened[0]!.body).toMatchObject({ title: 'Better chart', head: record.branch, base: 'main' });
    expect(github.opened[0]!.body.body).toContain('Shows the weekly totals.');

    // The synced version itself changes nothing.
    const versions = (await w.api(notebookPath(nid, '/versions'), 'viewer')).json.data.items as { version_id: string; commit?: string }[];
    const synced = versions.find((version) => version.commit === base)!.version_id;
    expect((await propose(nid, { version_id: synced })).json.error).toMatchObject({ code: 'CONFLICT' });
    expect((await propose(nid, {})).json.error.code).toBe('VALIDATION_ERROR');

    // The branch moved on: the proposal must be made again on top of it.
    await git.commit('acme/reports', 'main', { 'weekly/notes.md': 'moved on\n' });
    const moved = await propose(nid, { version_id: edited });
    expect(moved.status).toBe(409);
    expect(moved.json.error.code).toBe('PROPOSAL_RETRY_REQUIRED');
    await w.api(notebookPath(nid, '/source/sync'), 'editor', { method: 'POST' });
    const again = await propose(nid, { version_id: edited, title: 'Better chart, again' });
    expect(again.status, again.text).toBe(201);
    expect(again.json.data.base_commit).toBe(await git.head('acme/reports', 'main'));

    // The host's own refusal comes back with its reason.
    github.failNext(422, { message: 'Validation Failed', errors: [{ message: 'A pull request already exists for acme:topic.' }] });
    const refused = await propose(nid, { version_id: edited, title: 'Once more' });
    expect(refused.json.error.code).toBe('CONFLICT');
    expect(refused.json.error.message).toContain('A pull request already exists');

    // Moving to the other provider waits as the repository's URL there, which names its host.
    const otherHost = await w.api(notebookPath(nid, '/source'), 'editor', { method: 'PATCH', body: { provider: 'gitlab' } });
    expect(otherHost.json.data.source, otherHost.text).toMatchObject({
      provider: 'github',
      repo: 'acme/reports',
      pending_config: { repo: git.url('acme/reports').replace(/\.git$/, '') },
    });
    await w.api(notebookPath(nid, '/source'), 'editor', { method: 'PATCH', body: { provider: 'github' } });
    expect((await w.api(notebookPath(nid), 'viewer')).json.data.source.pending_config).toBeUndefined();

    const listed = (await w.api(notebookPath(nid, '/change-requests'), 'viewer')).json.data as { number: number }[];
    expect(listed.map((entry) => entry.number)).toEqual([2, 1]);
    const audit = await projectAudit(w.t, w.pid);
    expect(audit.filter((entry) => entry.event === 'notebook.change_request.publish')).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain(TOKEN);
  }, 180_000);

  it("opens a GitLab merge request from a running edit session's notebook", async () => {
    const nid = await createNotebook({ title: 'Team', repo: 'data/team-notebooks', provider: 'gitlab', entry_notebook: 'notebook.py' });
    const started = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    expect(started.json.data.state, started.text).toBe('running');
    const sessionId = started.json.data.id as string;
    const record = await w.t.hub.services.sessionStore.get(w.pid, sessionId);
    await w.t.hub.services.sandboxes.writeFile(record!.sandbox!.id, record!.entry_file, gitNotebookSource('edited in marimo'));

    const created = await propose(nid, { session_id: sessionId, title: 'From my session' });
    expect(created.status, created.text).toBe(201);
    expect(created.json.data).toMatchObject({ provider: 'gitlab', repo: 'data/team-notebooks', number: 1, from: { session_id: sessionId } });
    expect(created.json.data.url).toBe('https://gitlab.example/data/team-notebooks/-/merge_requests/1');
    expect(gitlab.opened[0]!.body).toMatchObject({ source_branch: created.json.data.branch, target_branch: 'main', title: 'From my session' });
    expect(await branchFile('data/team-notebooks', created.json.data.branch, 'notebook.py')).toContain('edited in marimo');
    await w.api(`/api/v1/projects/${w.pid}/sessions/${sessionId}/stop`, 'editor', { method: 'POST', body: { save: false } });
    expect((await propose(nid, { session_id: sessionId })).json.error.code).toBe('CONFLICT');
  }, 180_000);
});
