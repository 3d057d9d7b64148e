import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTeamHub } from '../../../test/support/fake-remote-hub.js';
import { notebookCode } from '../../../test/support/remote-checks.js';
import { startTestHub, type TestHub } from '../../../test/support/test-hub.js';
import { OpenIdTeamAuthorization } from '../features/remotes/adapters/team-oauth-client.js';
import { serverOf } from '../features/remotes/core/remote-connections.js';
import { RemoteRecords } from '../features/remotes/core/remote-records.js';
import { TeamAuthorizationError } from '../features/remotes/core/team-authorization.js';
import { REMOTE_EXIT, runRemote, type RemoteCommand, type RemoteIo } from './remote.js';

/** Runs one `notebook-hub remote` command against `hub`, answering its exit code and output. */
async function remote(hub: TestHub, action: RemoteCommand['action'], args: string[], options: RemoteCommand['options'] = {}, io: Partial<RemoteIo> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runRemote({ action, args, options }, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), hub: hub.hub, ...io });
  return { code, stdout, stderr };
}

describe('notebook-hub remote add: signing in through the browser and a loopback listener', () => {
  let team: TestHub;
  let local: TestHub;
  let teamCookie: string;
  beforeAll(async () => {
    team = await startTestHub();
    teamCookie = await team.localLogin();
    local = await startTestHub({ env: { SERVICE_REMOTES_ALLOW_HTTP: 'true' } });
    await local.localLogin();
  });
  afterAll(async () => {
    await local?.close();
    await team?.close();
  });

  /** The person in the browser: the team hub's consent page, approve, back to the redirect URI. */
  async function consent(authorizeUrl: string): Promise<{ status: number; text: string }> {
    const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    const consentPath = new URL(authorize.headers.get('location')!, team.url).pathname;
    expect(consentPath).toMatch(/^\/connect\/[A-Za-z0-9_-]{43}$/);
    const pending = await team.call(`/api/v1/oauth/requests/${consentPath.split('/').pop()}`, { cookie: teamCookie });
    expect(pending.json.data.client_name).toMatch(/^Notebook Hub on /);
    const approved = await team.call(`/api/v1/oauth/requests/${consentPath.split('/').pop()}/approve`, {
      method: 'POST',
      cookie: teamCookie,
      headers: { origin: team.url },
      body: {},
    });
    expect(approved.status, approved.text).toBe(200);
    const back = await fetch(approved.json.data.redirect_to as string);
    return { status: back.status, text: await back.text() };
  }

  it('registers with the team hub, waits for the browser, redeems the code with PKCE and keeps the tokens sealed', async () => {
    let page: Promise<{ status: number; text: string }> | null = null;
    const added = await remote(local, 'add', ['team', team.url], {}, { openBrowser: (url) => void (page = consent(url)) });
    expect(added.code, added.stderr).toBe(REMOTE_EXIT.ok);
    expect(added.stderr).toContain(`${team.url}/oauth/authorize?`);
    // Signed in, the local hub asks the team hub what it is: its host.
    expect(added.stdout).toBe(`remote team: ${new URL(team.url).host}, signed in\n`);
    expect(await page).toMatchObject({ status: 200, text: expect.stringContaining('You can close this window') });

    const records = new RemoteRecords(local.hub.store, local.hub.services.secrets);
    const stored = (await records.get('team'))!;
    expect(stored).toMatchObject({ state: 'connected', authorization: { kind: 'oauth', resource: `${team.url}/api/v1/sync`, scope: 'remote' } });
    expect(stored.access_token).toMatch(/^[A-Za-z0-9_.-]{20,}$/);
    expect((await local.hub.store.get('remotes/team'))!.body.toString()).not.toContain(stored.access_token!);

    // The team hub lists the connection on its connected-clients page.
    const connections = (await team.call('/api/v1/me/connected-clients', { cookie: teamCookie })).json.data;
    expect(connections).toEqual([expect.objectContaining({ client_name: expect.stringMatching(/^Notebook Hub on /), scopes: ['remote'] })]);

    // Refresh rotates the refresh token, against the real server.
    const authorization = new OpenIdTeamAuthorization(local.hub.services.outbound.client('remotes'));
    const server = serverOf(stored)!;
    const renewed = await authorization.refresh(server, { refreshToken: stored.refresh_token!, resource: `${team.url}/api/v1/sync` });
    expect(renewed.refresh_token).not.toBe(stored.refresh_token);
    expect(renewed.expires_in).toBeGreaterThan(0);

    // Disconnected on the team hub's page, the connection is gone for good.
    const disconnected = await team.call(`/api/v1/me/connected-clients/${connections[0].id}`, {
      method: 'DELETE',
      cookie: teamCookie,
      headers: { origin: team.url },
    });
    expect(disconnected.status, disconnected.text).toBe(200);
    await expect(authorization.refresh(server, { refreshToken: renewed.refresh_token!, resource: `${team.url}/api/v1/sync` })).rejects.toSatisfy(
      (error) => error instanceof TeamAuthorizationError && error.reason === 'revoked',
    );
  });

  it('shows a browser that comes back with an answer the team hub refuses why, and fails', async () => {
    const declined = async (authorizeUrl: string) => {
      const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
      const requestId = new URL(authorize.headers.get('location')!, team.url).pathname.split('/').pop();
      const denied = await team.call(`/api/v1/oauth/requests/${requestId}/deny`, { method: 'POST', cookie: teamCookie, headers: { origin: team.url } });
      return fetch(denied.json.data.redirect_to as string).then(async (response) => ({ status: response.status, text: await response.text() }));
    };
    let page: Promise<{ status: number; text: string }> | null = null;
    const added = await remote(local, 'add', ['declined', team.url], {}, { openBrowser: (url) => void (page = declined(url)) });
    expect(added.code).toBe(REMOTE_EXIT.failed);
    expect(added.stderr).toMatch(/refused the sign-in: the team hub answered access_denied/);
    expect(await page).toMatchObject({ status: 500, text: expect.stringContaining('access_denied') });
    expect((await remote(local, 'list', [])).stdout).toMatch(/^declined\t.*\tsigning_in\t/m);
  });

  it('lists and removes remotes', async () => {
    expect((await remote(local, 'list', [])).stdout).toMatch(/^team\t/m);
    const removed = await remote(local, 'remove', ['team']);
    expect(removed).toMatchObject({ code: 0, stdout: 'removed remote team\n' });
    expect((await remote(local, 'list', [])).stdout).not.toMatch(/^team\t/m);
  });

  it('names the user it acts as, or says who is missing', async () => {
    const nobody = await remote(local, 'list', [], { as: 'nobody@example.com' });
    expect(nobody.code).toBe(REMOTE_EXIT.failed);
    expect(nobody.stderr).toContain('no user nobody@example.com on this hub');
  });
});

describe('notebook-hub remote pull, status and push', () => {
  let team: FakeTeamHub;
  let local: TestHub;
  let teamProject: string;
  let teamNotebook: string;
  beforeAll(async () => {
    team = new FakeTeamHub();
    local = await startTestHub({ hub: () => ({ remoteHubs: team.factory }) });
    await local.localLogin();
    teamProject = team.createProject('Forecasts', { 'ada-team': 'editor' });
    teamNotebook = team.createNotebook(teamProject, 'Analysis', notebookCode('a1'), 'bob');
    team.writeWorkspace(teamProject, teamNotebook, { 'data.csv': 'x\n' });
  });
  afterAll(() => local?.close());

  it('pulls, shows the status offline, pushes, and exits 2 on a conflict', async () => {
    const token = team.tokenFor('ada-team');
    const added = await remote(local, 'add', ['team', 'https://team.example.com'], { token: '-' }, { readStdin: async () => `${token}\n` });
    expect(added).toMatchObject({ code: 0, stdout: 'remote team: Fake team hub, signed in with a token\n' });
    expect((await remote(local, 'projects', ['team'])).stdout).toBe(`${teamProject}\teditor\tForecasts\n`);

    const pulled = await remote(local, 'pull', ['team', teamProject]);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stderr).toMatch(/\[pull\] 2\/2 files, 0\.0 MB\/0\.0 MB/);
    const projectId = /^project (proj-[0-9a-z]{16})$/m.exec(pulled.stdout)![1]!;
    const status = await remote(local, 'status', [projectId]);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^nb-[0-9a-z]{16}\tin_step\tin_step\t-\tAnalysis$/m);

    const { notebooks } = local.hub.services;
    const [entry] = (await notebooks.list(projectId, { limit: 10 })).items;
    const admin = (await local.hub.services.users.findByEmail('admin@localhost'))!;
    await notebooks.save(projectId, entry!.value.id, { code: notebookCode('b1'), baseVersionId: entry!.value.current_version_id }, admin);
    expect((await remote(local, 'status', [projectId])).stdout).toMatch(/\tahead\t/);
    const pushed = await remote(local, 'push', [projectId]);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(team.codes(teamProject, teamNotebook)).toEqual([notebookCode('a1'), notebookCode('b1')]);

    const head = (await notebooks.get(projectId, entry!.value.id))!.source.current_version_id;
    await notebooks.save(projectId, entry!.value.id, { code: notebookCode('mine'), baseVersionId: head }, admin);
    team.saveVersion(teamProject, teamNotebook, notebookCode('theirs'), 'bob');
    const conflicted = await remote(local, 'push', [projectId]);
    expect(conflicted.code).toBe(REMOTE_EXIT.conflicts);
    expect(conflicted.stdout).toMatch(/\tconflict\t0 version\(s\)\tAnalysis\t/);
    expect((await remote(local, 'status', [projectId], { fetch: true })).code).toBe(REMOTE_EXIT.conflicts);

    team.unreachable = true;
    const offline = await remote(local, 'push', [projectId]);
    expect(offline.code).toBe(REMOTE_EXIT.failed);
    expect(offline.stderr).toContain('is unreachable');
    expect(offline.stderr).toContain('run the command again');
    team.unreachable = false;
  });
});
