import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTeamHub } from '../support/fake-remote-hub.js';
import { notebookCode } from '../support/remote-checks.js';
import { startTestHub, type CallResult, type TestHub } from '../support/test-hub.js';
import { unusedPort } from '../support/unused-port.js';

const TEAM_URL = 'https://team.example.com';

/**
 * The remotes routes over a real local hub (fs store, HTTP), with the team hub a fake behind the
 * RemoteHub port (test/support/fake-remote-hub.ts): adding a remote, pulling, the offline status,
 * pushing, conflicts and their resolution, and the failures a person sees.
 */
describe('remotes over HTTP', () => {
  let t: TestHub;
  let team: FakeTeamHub;
  let token: string;
  let teamProject: string;
  let teamNotebook: string;
  let projectId: string;
  let notebookId: string;

  const call = (path: string, options: Parameters<TestHub['call']>[1] = {}) => t.call(path, { token, ...options });
  const ok = (result: CallResult, status = 200) => {
    expect(result.status, result.text).toBe(status);
    return result.json.data;
  };

  /** Waits for an operation to end and answers it. */
  async function finished(operationId: string) {
    for (;;) {
      const operation = ok(await call(`/api/v1/remote-operations/${operationId}`));
      if (operation.state !== 'running') return operation;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function saveHere(value: string) {
    const notebook = ok(await call(`/api/v1/projects/${projectId}/notebooks/${notebookId}`));
    return ok(
      await call(`/api/v1/projects/${projectId}/notebooks/${notebookId}/versions`, {
        method: 'POST',
        body: { code: notebookCode(value), base_version_id: notebook.source.current_version_id, message: value },
      }),
      201,
    );
  }

  beforeAll(async () => {
    team = new FakeTeamHub();
    t = await startTestHub({ env: { SERVICE_REMOTES_ALLOW_HTTP: 'true' }, hub: () => ({ remoteHubs: team.factory }) });
    token = await t.tokenFor('ada@example.com');
    teamProject = team.createProject('Forecasts', { 'ada-team': 'editor' });
    teamNotebook = team.createNotebook(teamProject, 'Analysis', notebookCode('a1'), 'bob');
    team.saveVersion(teamProject, teamNotebook, notebookCode('a2'), 'bob', 'second');
    team.writeWorkspace(teamProject, teamNotebook, { 'data.csv': 'x\n1\n' });
  });
  afterAll(() => t?.close());

  it('adds a remote with a team token, never showing the token', async () => {
    const teamToken = team.tokenFor('ada-team');
    const added = ok(await call('/api/v1/remotes', { method: 'POST', body: { name: 'team', url: TEAM_URL, token: teamToken } }), 201);
    expect(added).toMatchObject({
      authorize_url: null,
      remote: { name: 'team', url: TEAM_URL, state: 'connected', sign_in: 'token', hub: { name: 'Fake team hub' } },
    });
    const listed = await call('/api/v1/remotes');
    expect(ok(listed).map((remote: { name: string }) => remote.name)).toEqual(['team']);
    expect(listed.text).not.toContain(teamToken);
    expect(JSON.stringify(added)).not.toContain(teamToken);
    expect(ok(await call('/api/v1/remotes/team/projects'))).toEqual([expect.objectContaining({ id: teamProject, name: 'Forecasts', role: 'editor' })]);
    // Another person sees none of it.
    const eve = await t.tokenFor('eve@example.com');
    expect(ok(await t.call('/api/v1/remotes', { token: eve }))).toEqual([]);
    expect((await t.call('/api/v1/remotes/team', { token: eve })).status).toBe(404);
  });

  it('refuses a team hub address this hub may not call, and a name taken', async () => {
    for (const url of ['http://10.1.2.3', 'http://169.254.169.254/latest', 'ftp://team.example.com', 'https://team.example.com/?x=1']) {
      const refused = await call('/api/v1/remotes', { method: 'POST', body: { name: 'other', url, token: 'x' } });
      expect(refused.status, url).toBe(422);
      expect(refused.json.error.code).toBe('VALIDATION_ERROR');
    }
    const taken = await call('/api/v1/remotes', { method: 'POST', body: { name: 'team', url: TEAM_URL, token: team.tokenFor('ada-team') } });
    expect(taken.status).toBe(409);
    expect((await call('/api/v1/remotes/other')).status).toBe(404);
  });

  it('answers 503 when the team hub’s authorization server does not answer, storing nothing', async () => {
    const port = await unusedPort();
    const refused = await call('/api/v1/remotes', { method: 'POST', body: { name: 'offline', url: `http://127.0.0.1:${port}` } });
    expect(refused.status, refused.text).toBe(503);
    expect(refused.json.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('is unreachable') });
    expect((await call('/api/v1/remotes/offline')).status).toBe(404);
  });

  it('pulls a team project into a new local project, reporting progress', async () => {
    const started = await call('/api/v1/remotes/team/pulls', { method: 'POST', body: { remote_project_id: teamProject } });
    const operation = ok(started, 202);
    expect(operation).toMatchObject({ kind: 'pull', remote: 'team', remote_project_id: teamProject });
    const done = await finished(operation.id);
    expect(done).toMatchObject({ state: 'succeeded', progress: { files_done: 3, files_total: 3, bytes_done: 4, bytes_total: 4, eta_seconds: 0 } });
    projectId = done.project_id;
    const project = ok(await call(`/api/v1/projects/${projectId}`));
    expect(project).toMatchObject({ name: 'Forecasts', your_role: 'admin' });
    const notebooks = ok(await call(`/api/v1/projects/${projectId}/notebooks`)).items;
    notebookId = notebooks[0].id;
    const versions = ok(await call(`/api/v1/projects/${projectId}/notebooks/${notebookId}/versions`)).items;
    expect(versions.map((version: { message: string }) => version.message)).toEqual(['second', 'Saved']);
    const file = await call(`/api/v1/projects/${projectId}/notebooks/${notebookId}/workspace/files?path=data.csv`);
    expect(file.text).toBe('x\n1\n');
    const remote = ok(await call(`/api/v1/projects/${projectId}/remote`));
    expect(remote).toMatchObject({ linked: true, link: { remote: 'team', remote_project_id: teamProject }, summary: { in_step: 1 } });
    expect(ok(await call('/api/v1/remote-operations')).map((entry: { id: string }) => entry.id)).toContain(operation.id);
  });

  it('shows the offline status, pushes local versions and records every step in the audit log', async () => {
    await saveHere('b1');
    expect(ok(await call(`/api/v1/projects/${projectId}/remote`)).notebooks[0]).toMatchObject({ state: 'ahead' });
    const pushed = await finished(ok(await call(`/api/v1/projects/${projectId}/remote/push`, { method: 'POST' }), 202).id);
    expect(pushed).toMatchObject({ state: 'succeeded', notebooks: [expect.objectContaining({ outcome: 'updated', versions: 1 })] });
    expect(team.codes(teamProject, teamNotebook).at(-1)).toBe(notebookCode('b1'));
    expect(ok(await call(`/api/v1/projects/${projectId}/remote`)).notebooks[0]).toMatchObject({ state: 'in_step' });
    const events = ok(await call(`/api/v1/projects/${projectId}/events`)).map((entry: { event: string }) => entry.event);
    expect(events).toEqual(expect.arrayContaining(['remote.pull', 'remote.push', 'notebook.pull', 'workspace.pull']));
  });

  it('fetches the team heads, and says so clearly when the team hub is unreachable', async () => {
    team.saveVersion(teamProject, teamNotebook, notebookCode('c1'), 'bob');
    expect(ok(await call(`/api/v1/projects/${projectId}/remote/fetch`, { method: 'POST' })).notebooks[0]).toMatchObject({ state: 'behind' });
    team.unreachable = true;
    const refused = await call(`/api/v1/projects/${projectId}/remote/fetch`, { method: 'POST' });
    expect(refused.status).toBe(503);
    expect(refused.json.error.message).toMatch(/^the team hub of remote team \(https:\/\/team\.example\.com\) is unreachable/);
    expect(ok(await call(`/api/v1/projects/${projectId}/remote`)).notebooks[0]).toMatchObject({ state: 'behind' });
    team.unreachable = false;
  });

  it('keeps a conflict with base, mine and theirs, and resolves it keeping both', async () => {
    await saveHere('mine');
    const pushed = await finished(ok(await call(`/api/v1/projects/${projectId}/remote/push`, { method: 'POST' }), 202).id);
    expect(pushed.notebooks[0]).toMatchObject({ outcome: 'conflict' });
    // The finished push says the conflict it kept waits, in the operation and in the list of them.
    expect(pushed).toMatchObject({ state: 'succeeded', conflicts_waiting: [notebookId] });
    const listed = async () =>
      (ok(await call('/api/v1/remote-operations')) as { id: string; conflicts_waiting: string[] }[]).find((item) => item.id === pushed.id);
    expect((await listed())?.conflicts_waiting).toEqual([notebookId]);
    expect(ok(await call(`/api/v1/projects/${projectId}/remote/conflicts`))).toEqual([
      expect.objectContaining({ notebook_id: notebookId, code: true, detected_by: 'push' }),
    ]);
    const conflict = ok(await call(`/api/v1/projects/${projectId}/remote/conflicts/${notebookId}`));
    expect(conflict).toMatchObject({
      base: { code: notebookCode('b1') },
      mine: { code: notebookCode('mine') },
      theirs: { code: notebookCode('c1'), author: 'bob' },
    });
    const refused = await call(`/api/v1/projects/${projectId}/remote/conflicts/${notebookId}/resolve`, { method: 'POST', body: { choice: 'merged' } });
    expect(refused.status).toBe(422);
    const resolved = ok(await call(`/api/v1/projects/${projectId}/remote/conflicts/${notebookId}/resolve`, { method: 'POST', body: { choice: 'keep_both' } }));
    expect(resolved).toMatchObject({ choice: 'keep_both', pushed: true });
    expect(team.codes(teamProject, teamNotebook).slice(-2)).toEqual([notebookCode('c1'), notebookCode('mine')]);
    expect(ok(await call(`/api/v1/projects/${projectId}/remote/conflicts`))).toEqual([]);
    // Resolved: nothing waits any more, though the push still tells how that notebook came out.
    expect(ok(await call(`/api/v1/remote-operations/${pushed.id}`))).toMatchObject({
      conflicts_waiting: [],
      notebooks: [expect.objectContaining({ outcome: 'conflict' })],
    });
    expect((await listed())?.conflicts_waiting).toEqual([]);
    const events = ok(await call(`/api/v1/projects/${projectId}/events`)).map((entry: { event: string }) => entry.event);
    expect(events).toContain('remote.conflict.resolve');
  });

  it('stops with a clear message when the team hub revoked the connection', async () => {
    await saveHere('after revocation');
    team.revokeTokensOf('ada-team');
    const failed = await finished(ok(await call(`/api/v1/projects/${projectId}/remote/push`, { method: 'POST' }), 202).id);
    expect(failed.error).toEqual({ code: 'CONFLICT', message: 'the team hub revoked this connection: sign in again (remote team)' });
    expect(ok(await call('/api/v1/remotes/team')).state).toBe('revoked');
    const again = await call(`/api/v1/projects/${projectId}/remote/push`, { method: 'POST' });
    expect(again.status).toBe(409);
    // A new token signs it in again.
    const signedIn = ok(await call('/api/v1/remotes/team/sign-in', { method: 'POST', body: { token: team.tokenFor('ada-team') } }));
    expect(signedIn.remote.state).toBe('connected');
    expect((await finished(ok(await call(`/api/v1/projects/${projectId}/remote/push`, { method: 'POST' }), 202).id)).state).toBe('succeeded');
  });

  it('answers a browser that comes back with an unknown sign-in with a page saying so, without a credential', async () => {
    const page = await t.call('/api/v1/remotes/team/callback?code=x&state=unknown-state');
    expect(page.status).toBe(401);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('expired or was already used');
  });

  it('removes a remote; the project stays linked, and says how to go on', async () => {
    ok(await call('/api/v1/remotes/team', { method: 'DELETE' }));
    expect(ok(await call('/api/v1/remotes'))).toEqual([]);
    const push = await call(`/api/v1/projects/${projectId}/remote/push`, { method: 'POST' });
    expect(push.status).toBe(409);
    expect(push.json.error.message).toContain('add one');
    ok(await call(`/api/v1/projects/${projectId}/remote`, { method: 'DELETE' }));
    expect(ok(await call(`/api/v1/projects/${projectId}/remote`))).toMatchObject({ linked: false, link: null });
  });
});

describe('a hub whose team hub does not answer', () => {
  it('answers 503 and keeps no remote, through the HTTP client every hub has', async () => {
    const t = await startTestHub({ env: { SERVICE_REMOTES_ALLOW_HTTP: 'true' } });
    try {
      const token = await t.tokenFor('ada@example.com');
      // A loopback port nobody listens on: the connection is refused on this machine.
      const url = `http://127.0.0.1:${await unusedPort()}`;
      const refused = await t.call('/api/v1/remotes', { method: 'POST', token, body: { name: 'team', url, token: 'svc_pat_x' } });
      expect(refused.status).toBe(503);
      expect(refused.json.error.message).toMatch(/unreachable|did not answer|refused/i);
      expect((await t.call('/api/v1/remotes', { token })).json.data).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
