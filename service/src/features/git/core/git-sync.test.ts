import { describe, expect, it } from 'vitest';
import { startGitCore, type GitCore } from '../../../../../test/support/git-core.js';
import { gitNotebookSource } from '../../../../../test/support/git-notebook.js';
import { HubError } from '../../../core/errors.js';
import type { GitSource } from '../../../core/notebooks/notebook-model.js';
import { GitRemoteError } from '../../../core/ports/git-remote.js';
import type { GitNotebookInput } from './git-sync.js';

const never = new AbortController().signal;
const REPO = 'acme/reports';

/** A repository whose `app` folder holds a notebook and its files, and a pull-mode notebook synced from it. */
async function synced(w: GitCore, input: Partial<GitNotebookInput> = {}, repo = REPO) {
  const first = w.remote.createRepository(w.urlOf(repo), {
    'README.md': 'outside the folder\n',
    'app/main.py': gitNotebookSource('first'),
    'app/data.csv': 'a\n1\n',
    'app/lib/util.py': 'X = 1\n',
  });
  const created = await w.gitSync.create(
    w.projectId,
    w.projectName,
    { title: 'Reports', repo, branch: 'main', root_path: 'app', entry_notebook: 'main.py', ...input },
    w.owner,
  );
  return { first, created, notebookId: created.notebook.id };
}

const sourceOf = async (w: GitCore, notebookId: string) => (await w.services.notebooks.get(w.projectId, notebookId))!.source as GitSource;
const codeOf = async (w: GitCore, notebookId: string) =>
  w.services.notebooks.code(w.projectId, notebookId, (await sourceOf(w, notebookId)).current_version_id!);
const workspaceOf = async (w: GitCore, notebookId: string) => (await w.workspace.filesOf(w.projectId, notebookId)).map((file) => file.path).sort();
const versionCount = async (w: GitCore, notebookId: string) => (await w.services.notebooks.versions(notebookId, { limit: 100 })).items.length;

async function refusal(promise: Promise<unknown>): Promise<HubError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HubError)) throw new Error(`expected a HubError, got ${String(error)}`);
  return error;
}

/** Git-synced notebooks (docs/git.md) against a fake Git remote. */
describe('Git sync', () => {
  it('creates a notebook from a folder: the entry notebook is its first version, the other files its workspace', async () => {
    const w = await startGitCore();
    const { first, created, notebookId } = await synced(w);
    expect(created.sync_error).toBeUndefined();
    expect(created.sync_token).toBeUndefined();
    const source = await sourceOf(w, notebookId);
    expect(source).toMatchObject({ provider: 'github', repo: REPO, branch: 'main', root_path: 'app', sync_mode: 'pull', commit: first });
    expect(await codeOf(w, notebookId)).toBe(gitNotebookSource('first'));
    expect(await w.services.notebooks.version(w.projectId, notebookId, source.current_version_id!)).toMatchObject({
      commit: first,
      git_source: { repo: REPO, branch: 'main', root_path: 'app', entry_notebook: 'main.py' },
    });
    expect(await workspaceOf(w, notebookId)).toEqual(['data.csv', 'lib/util.py']);
    expect(await w.auditEvents()).toEqual(expect.arrayContaining(['notebook.create', 'notebook.sync', 'workspace.sync']));
  });

  it('pulls a new commit into a new version, and leaves a notebook at its branch head alone', async () => {
    const w = await startGitCore();
    const { notebookId } = await synced(w);
    const second = w.remote.commit(w.urlOf(REPO), 'main', { 'app/main.py': gitNotebookSource('second'), 'app/data.csv': null }, 'Drop the data');
    expect(await w.gitSync.drift(w.projectId, notebookId)).toMatchObject({ remote_commit: second, in_sync: false, pending_config: false });

    expect(await w.gitSync.pullAll(never)).toEqual({ synced: 1, unchanged: 0, failed: 0 });
    expect(await codeOf(w, notebookId)).toBe(gitNotebookSource('second'));
    expect(await workspaceOf(w, notebookId)).toEqual(['lib/util.py']);
    expect((await sourceOf(w, notebookId)).commit).toBe(second);
    const versions = await versionCount(w, notebookId);

    expect(await w.gitSync.pullAll(never)).toEqual({ synced: 0, unchanged: 1, failed: 0 });
    expect(await w.gitSync.sync(w.projectId, notebookId, 'manual', w.owner.id)).toMatchObject({ synced: false, commit: second });
    expect(await versionCount(w, notebookId)).toBe(versions);
    expect(await w.gitSync.drift(w.projectId, notebookId)).toMatchObject({ in_sync: true });
  });

  it('keeps its version when a commit lacks the entry notebook, and alerts once while the pull keeps failing', async () => {
    const w = await startGitCore();
    const { first, notebookId } = await synced(w);
    w.remote.commit(w.urlOf(REPO), 'main', { 'app/main.py': null }, 'Move the notebook away');
    expect(await w.gitSync.pullAll(never)).toEqual({ synced: 0, unchanged: 0, failed: 1 });
    expect((await sourceOf(w, notebookId)).commit).toBe(first);
    const health = await w.gitSync.health(w.projectId, notebookId);
    expect(health).toMatchObject({
      failing_since: '2026-03-02T10:00:00.000Z',
      last_error: { code: 'VALIDATION_ERROR', message: expect.stringContaining('app/main.py is not in the repository') },
    });

    w.clock.advance(60_000);
    expect((await w.gitSync.pullAll(never)).failed).toBe(1);
    const manual = await refusal(w.gitSync.sync(w.projectId, notebookId, 'manual', w.owner.id));
    expect(manual.code).toBe('VALIDATION_ERROR');
    expect(w.events.filter((event) => event.kind === 'sync.failed').map((event) => event.data)).toEqual([
      expect.objectContaining({ notebook_id: notebookId, trigger: 'schedule', code: 'VALIDATION_ERROR', repo: REPO, branch: 'main' }),
    ]);
    expect((await w.gitSync.health(w.projectId, notebookId)).failing_since).toBe('2026-03-02T10:00:00.000Z');
    expect((await w.auditEvents()).filter((event) => event === 'notebook.sync_failed')).toHaveLength(3);

    w.remote.commit(w.urlOf(REPO), 'main', { 'app/main.py': gitNotebookSource('back') });
    expect((await w.gitSync.pullAll(never)).synced).toBe(1);
    expect(await w.gitSync.health(w.projectId, notebookId)).toEqual({ failing_since: null, last_error: null });
  });

  it('makes one version when two syncs of the same commit race, and the slower one is no failure', async () => {
    const w = await startGitCore();
    const { notebookId } = await synced(w);
    const second = w.remote.commit(w.urlOf(REPO), 'main', { 'app/main.py': gitNotebookSource('second') });
    const versions = await versionCount(w, notebookId);
    const outcomes = await Promise.all([
      w.gitSync.sync(w.projectId, notebookId, 'manual', w.owner.id),
      w.gitSync.sync(w.projectId, notebookId, 'schedule', 'system'),
    ]);
    expect(outcomes.map((outcome) => outcome.synced).sort()).toEqual([false, true]);
    expect(outcomes.every((outcome) => outcome.commit === second)).toBe(true);
    expect(await versionCount(w, notebookId)).toBe(versions + 1);
    expect(await w.gitSync.health(w.projectId, notebookId)).toEqual({ failing_since: null, last_error: null });
    expect(w.events).toEqual([]);
  });

  it('syncs a push-mode notebook only when its repository calls with the current token', async () => {
    const w = await startGitCore();
    const { first, created, notebookId } = await synced(w, { sync_mode: 'push' });
    expect(created).toMatchObject({ sync_url: `https://hub.example/api/v1/git-sync/${w.projectId}/${notebookId}`, sync_token: expect.stringMatching(/^nhs_/) });
    const second = w.remote.commit(w.urlOf(REPO), 'main', { 'app/main.py': gitNotebookSource('second') });
    // The hub's pull leaves a push-mode notebook to its repository.
    expect(await w.gitSync.pullAll(never)).toEqual({ synced: 0, unchanged: 0, failed: 0 });
    expect((await sourceOf(w, notebookId)).commit).toBe(first);

    expect((await refusal(w.gitSync.syncWithToken(w.projectId, notebookId, 'nhs_not-the-token'))).code).toBe('UNAUTHORIZED');
    expect(await w.gitSync.syncWithToken(w.projectId, notebookId, created.sync_token!)).toMatchObject({ synced: true, commit: second });
    const rotated = await w.gitSync.rotateToken(w.projectId, notebookId, w.owner.id);
    expect(rotated.sync_token).not.toBe(created.sync_token);
    expect((await refusal(w.gitSync.syncWithToken(w.projectId, notebookId, created.sync_token!))).code).toBe('UNAUTHORIZED');
    expect(await w.gitSync.syncWithToken(w.projectId, notebookId, rotated.sync_token)).toMatchObject({ synced: false });

    // Nobody waits on the repository's call but its CI: every failure of it alerts.
    w.remote.commit(w.urlOf(REPO), 'main', { 'app/main.py': null });
    for (let i = 0; i < 2; i++) await refusal(w.gitSync.syncWithToken(w.projectId, notebookId, rotated.sync_token));
    expect(w.events.filter((event) => event.kind === 'sync.failed').map((event) => event.data.trigger)).toEqual(['push', 'push']);
    expect(await w.auditEvents()).toEqual(expect.arrayContaining(['notebook.sync_token.rotate']));
  });

  it('refuses a sync token for a pull-mode notebook, and switches modes at once', async () => {
    const w = await startGitCore();
    const { notebookId } = await synced(w);
    expect((await refusal(w.gitSync.rotateToken(w.projectId, notebookId, w.owner.id))).code).toBe('CONFLICT');
    await w.gitSync.updateSource(w.projectId, notebookId, { sync_mode: 'push' }, w.owner.id);
    expect(await sourceOf(w, notebookId)).toMatchObject({ sync_mode: 'push' });
    expect((await sourceOf(w, notebookId)).pending_config).toBeUndefined();
    expect((await w.gitSync.rotateToken(w.projectId, notebookId, w.owner.id)).sync_token).toMatch(/^nhs_/);
  });

  it('keeps changed settings pending until a sync applies them, and forgets them when set back', async () => {
    const w = await startGitCore();
    const { first, notebookId } = await synced(w);
    const release = w.remote.commit(w.urlOf(REPO), 'release', { 'app/main.py': gitNotebookSource('release') });

    await w.gitSync.updateSource(w.projectId, notebookId, { branch: 'release' }, w.owner.id);
    expect(await sourceOf(w, notebookId)).toMatchObject({ branch: 'main', commit: first, pending_config: { branch: 'release', repo: REPO } });
    expect(await codeOf(w, notebookId)).toBe(gitNotebookSource('first'));
    expect(await w.gitSync.drift(w.projectId, notebookId)).toMatchObject({ remote_commit: release, in_sync: false, pending_config: true });
    await w.gitSync.updateSource(w.projectId, notebookId, { branch: 'main' }, w.owner.id);
    expect((await sourceOf(w, notebookId)).pending_config).toBeUndefined();

    await w.gitSync.updateSource(w.projectId, notebookId, { branch: 'release' }, w.owner.id);
    expect(await w.gitSync.sync(w.projectId, notebookId, 'manual', w.owner.id)).toMatchObject({ synced: true, commit: release });
    const applied = await sourceOf(w, notebookId);
    expect(applied).toMatchObject({ branch: 'release', commit: release });
    expect(applied.pending_config).toBeUndefined();
    expect(await codeOf(w, notebookId)).toBe(gitNotebookSource('release'));

    for (const [patch, field] of [
      [{ branch: '..bad' }, 'branch'],
      [{ root_path: '../outside' }, 'root_path'],
      [{ entry_notebook: 'main.txt' }, 'entry_notebook'],
      [{ repo: 'http://10.0.0.1/acme/x.git' }, 'repo'],
    ] as const) {
      expect((await refusal(w.gitSync.updateSource(w.projectId, notebookId, patch, w.owner.id))).details?.[0]?.field, field).toBe(field);
    }
  });

  it('reports what the host said: unreachable, refused credentials, a folder too large, a branch it lacks', async () => {
    const w = await startGitCore({ SERVICE_GIT_MAX_FILES: '2' });
    const { created, notebookId } = await synced(w);
    // Three files in the folder: over the limit from the start.
    expect(created.sync_error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    w.remote.commit(w.urlOf(REPO), 'main', { 'app/lib/util.py': null });
    expect((await w.gitSync.pullAll(never)).synced).toBe(1);

    const sync = () => refusal(w.gitSync.sync(w.projectId, notebookId, 'manual', w.owner.id));
    w.remote.failure = new GitRemoteError('UNREACHABLE', 'connection refused');
    expect(await sync()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('connection refused') });
    w.remote.failure = new GitRemoteError('UNAUTHORIZED', 'authentication failed');
    expect((await sync()).code).toBe('SYNC_NOT_CONFIGURED');
    w.remote.failure = null;
    await w.gitSync.updateSource(w.projectId, notebookId, { branch: 'gone' }, w.owner.id);
    expect(await sync()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'branch gone is not in the repository' });
  });

  it('creates the notebook as a draft without a version when the first sync fails, and syncs it later', async () => {
    const w = await startGitCore();
    w.remote.createRepository(w.urlOf(REPO), { 'README.md': 'no notebook yet\n' });
    const created = await w.gitSync.create(w.projectId, w.projectName, { title: 'Later', repo: REPO, branch: 'main', entry_notebook: 'main.py' }, w.owner);
    expect(created.sync_error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(created.notebook.status).toBe('draft');
    expect((await sourceOf(w, created.notebook.id)).current_version_id).toBeNull();
    w.remote.commit(w.urlOf(REPO), 'main', { 'main.py': gitNotebookSource('arrived') });
    expect(await w.gitSync.pullAll(never)).toEqual({ synced: 1, unchanged: 0, failed: 0 });
    expect(await codeOf(w, created.notebook.id)).toBe(gitNotebookSource('arrived'));
    expect(await workspaceOf(w, created.notebook.id)).toEqual(['README.md']);
  });

  it("pulls every notebook, one's failure stopping none of the others", async () => {
    const w = await startGitCore();
    const broken = await synced(w, {}, 'acme/broken');
    const healthy = await synced(w, {}, 'acme/healthy');
    w.remote.commit(w.urlOf('acme/broken'), 'main', { 'app/main.py': null });
    w.remote.commit(w.urlOf('acme/healthy'), 'main', { 'app/main.py': gitNotebookSource('newer') });
    expect(await w.gitSync.pullAll(never)).toEqual({ synced: 1, unchanged: 0, failed: 1 });
    expect(await codeOf(w, healthy.notebookId)).toBe(gitNotebookSource('newer'));
    expect(await codeOf(w, broken.notebookId)).toBe(gitNotebookSource('first'));
  });

  it("lists the repository's branches, the notebook's own first, with its branch's newest commits", async () => {
    const w = await startGitCore();
    const { first, notebookId } = await synced(w, { branch: 'main' });
    w.remote.commit(w.urlOf(REPO), 'alpha', { 'app/main.py': gitNotebookSource('alpha') });
    const second = w.remote.commit(w.urlOf(REPO), 'main', { 'app/data.csv': 'a\n2\n' }, 'More data');
    const refs = await w.gitSync.refs(w.projectId, notebookId);
    expect(refs.branches.map((branch) => branch.name)).toEqual(['main', 'alpha']);
    expect(refs.commits.map((commit) => [commit.commit, commit.title])).toEqual([
      [second, 'More data'],
      [first, 'Initial commit'],
    ]);
  });

  it('does nothing while Git is turned off in the deployment', async () => {
    const w = await startGitCore({ SERVICE_GIT: 'off' });
    w.remote.createRepository(w.urlOf(REPO), { 'main.py': gitNotebookSource('x') });
    const create = w.gitSync.create(w.projectId, w.projectName, { title: 'Off', repo: REPO, branch: 'main', entry_notebook: 'main.py' }, w.owner);
    expect((await refusal(create)).code).toBe('SYNC_NOT_CONFIGURED');
    expect(await w.gitSync.pullAll(never)).toEqual({ synced: 0, unchanged: 0, failed: 0 });
    expect(w.remote.calls).toEqual([]);
  });

  it("hands the project's credentials only to the repositories a manager bound them to", async () => {
    const w = await startGitCore();
    const { notebookId } = await synced(w);
    w.remote.createRepository(w.urlOf('acme/other'), { 'app/main.py': gitNotebookSource('other') });
    const other = await w.gitSync.create(
      w.projectId,
      w.projectName,
      { title: 'Other', repo: 'acme/other', branch: 'main', root_path: 'app', entry_notebook: 'main.py' },
      w.owner,
    );
    await w.credentials.set(w.projectId, { username: 'ci-bot', read_token: 'read-token', repositories: [REPO] }, w.owner.id);
    const given = async (id: string) => {
      w.remote.credentialsGiven.length = 0;
      await w.gitSync.sync(w.projectId, id, 'manual', w.owner.id);
      await w.gitSync.drift(w.projectId, id);
      await w.gitSync.refs(w.projectId, id);
      return [...new Set(w.remote.credentialsGiven.map((call) => call.username))];
    };
    expect(await given(notebookId)).toEqual(['ci-bot']);
    expect(await given(other.notebook.id)).toEqual([null]);
    // Repointed at an unlisted repository, the listed notebook gets none either.
    w.remote.createRepository('https://git.example.com/acme/reports', { 'app/main.py': gitNotebookSource('elsewhere') });
    await w.gitSync.updateSource(w.projectId, notebookId, { repo: 'https://git.example.com/acme/reports' }, w.owner.id);
    expect(await given(notebookId)).toEqual([null]);
    // A token needs repositories to go with.
    await w.credentials.remove(w.projectId, w.owner.id);
    expect((await refusal(w.credentials.set(w.projectId, { read_token: 'read-token' }, w.owner.id))).details).toEqual([
      { field: 'repositories', message: expect.stringContaining('name the repositories') },
    ]);
  });
});
