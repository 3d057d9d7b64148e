import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../../core/identity/authenticator.js';
import { layout } from '../../../core/storage-layout.js';
import { localNotebooks, notebookCode } from '../../../../../test/support/remote-checks.js';
import { startRemoteWorld, TEAM_URL, type RemoteWorld } from '../../../../../test/support/remote-world.js';
import { REVOKED_MESSAGE } from './remote-records.js';

/** The raw bytes the store keeps under every key with this prefix. */
async function storedText(w: RemoteWorld, prefix: string): Promise<string> {
  const store = w.world.services.store;
  const page = await store.list(prefix);
  const bodies = await Promise.all(page.items.map(async (item) => (await store.get(item.key))!.body.toString()));
  return bodies.join('\n');
}

describe('remotes and signing in to a team hub', () => {
  let w: RemoteWorld;
  let ada: Principal;
  beforeEach(async () => {
    w = await startRemoteWorld();
    ada = await w.world.browser('ada@example.com');
  });
  afterEach(async () => {
    await w.close();
  });

  /** Signs `ada` in through the browser flow, as the team hub's consent page sends the browser back. */
  async function signIn(name = 'team'): Promise<void> {
    const added = await w.remotes.add(ada, { name, url: `${TEAM_URL}/`, redirectUri: `http://127.0.0.1:8123/api/v1/remotes/${name}/callback` });
    expect(added.remote).toMatchObject({ name, url: TEAM_URL, state: 'signing_in', sign_in: 'oauth' });
    const authorize = new URL(added.authorize_url!);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      redirect_uri: `http://127.0.0.1:8123/api/v1/remotes/${name}/callback`,
      resource: `${TEAM_URL}/api/v1/sync`,
      scope: 'remote',
    });
    const state = authorize.searchParams.get('state')!;
    const remote = await w.remotes.completeSignIn({ query: `code=good-code&state=${state}&iss=${encodeURIComponent(TEAM_URL)}`, remote: name });
    expect(remote).toMatchObject({ state: 'connected', hub: { id: w.team.info.hub_id, name: 'Fake team hub' } });
  }

  it('signs in with authorization code and PKCE, and keeps the tokens sealed', async () => {
    w.authorization.signedIn = 'ada-team';
    await signIn();
    expect(w.authorization.registrations).toEqual([{ baseUrl: TEAM_URL, redirectUri: 'http://127.0.0.1:8123/api/v1/remotes/team/callback' }]);
    const remote = (await w.records.get('team'))!;
    expect(remote.access_token).toMatch(/^team-token-ada-team/);
    expect(remote.refresh_token).toMatch(/^refresh-/);
    const stored = await storedText(w, layout.remotesPrefix);
    expect(stored).not.toContain(remote.access_token!);
    expect(stored).not.toContain(remote.refresh_token!);
    expect(stored).toContain('nbh-sealed-v1');
    expect(JSON.stringify(await w.remotes.list(ada))).not.toContain(remote.access_token!);
    expect(await storedText(w, layout.remoteSignInsPrefix)).toBe('');
  });

  it('keeps the PKCE verifier of a pending sign-in sealed, and takes each callback once', async () => {
    const added = await w.remotes.add(ada, { name: 'team', url: TEAM_URL, redirectUri: 'http://127.0.0.1:8123/callback' });
    const state = new URL(added.authorize_url!).searchParams.get('state')!;
    const pending = await storedText(w, layout.remoteSignInsPrefix);
    expect(pending).toContain('nbh-sealed-v1');
    expect(pending).not.toContain(state);
    await w.remotes.completeSignIn({ query: `code=good-code&state=${state}` });
    await expect(w.remotes.completeSignIn({ query: `code=good-code&state=${state}` })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(w.remotes.completeSignIn({ query: 'code=good-code&state=made-up' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a callback for another remote than the sign-in was for, and a code the team hub refuses', async () => {
    const added = await w.remotes.add(ada, { name: 'team', url: TEAM_URL, redirectUri: 'http://127.0.0.1:8123/callback' });
    const state = new URL(added.authorize_url!).searchParams.get('state')!;
    await expect(w.remotes.completeSignIn({ query: `code=good-code&state=${state}`, remote: 'other' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const again = await w.remotes.signIn(ada, 'team', { redirectUri: 'http://127.0.0.1:8123/callback' });
    const next = new URL(again.authorize_url!).searchParams.get('state')!;
    await expect(w.remotes.completeSignIn({ query: `error=access_denied&state=${next}` })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('access_denied'),
    });
    expect((await w.records.get('team'))!.state).toBe('signing_in');
  });

  it('adds a remote with a personal access token of the team hub, checked first', async () => {
    await expect(w.remotes.add(ada, { name: 'team', url: TEAM_URL, token: 'not-a-team-token' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await w.records.get('team')).toBeNull();
    const added = await w.remotes.add(ada, { name: 'team', url: TEAM_URL, token: w.team.tokenFor('ada-team') });
    expect(added).toMatchObject({ authorize_url: null, remote: { state: 'connected', sign_in: 'token', hub: { id: w.team.info.hub_id } } });
  });

  it('refuses a bad name, a taken name and an unreachable team hub, storing nothing', async () => {
    await expect(w.remotes.add(ada, { name: 'Team Hub', url: TEAM_URL, token: 't' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await w.remoteOf(ada, 'ada-team');
    await expect(w.remotes.add(ada, { name: 'team', url: TEAM_URL, token: w.team.tokenFor('ada-team') })).rejects.toMatchObject({ code: 'CONFLICT' });
    w.authorization.unreachable = true;
    await expect(w.remotes.add(ada, { name: 'other', url: TEAM_URL, redirectUri: 'http://127.0.0.1:1/callback' })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(await w.records.get('other')).toBeNull();
  });

  it('shows each person their own remotes; a super admin sees and removes anyone’s', async () => {
    await w.remoteOf(ada, 'ada-team');
    const bob = await w.world.browser('bob@example.com');
    await w.remoteOf(bob, 'bob-team', 'bobs');
    expect((await w.remotes.list(ada)).map((remote) => remote.name)).toEqual(['team']);
    await expect(w.remotes.get(ada, 'bobs')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(w.remotes.remove(ada, 'bobs')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const root = await w.world.browser('root@example.com', { superAdmin: true });
    expect((await w.remotes.list(root)).map((remote) => remote.name)).toEqual(['bobs', 'team']);
    await w.remotes.remove(root, 'bobs');
    expect(await w.records.get('bobs')).toBeNull();
    // A super admin still pulls only through remotes of their own.
    await expect(w.remotes.teamProjects(root, 'team')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a scoped personal access token: remotes act with a sign-in to another hub', async () => {
    const scoped = await w.world.token('ada@example.com', { actions: ['project.read'], projects: '*' });
    await expect(w.remotes.list(scoped)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lists the team projects the remote’s user may pull, with their role there', async () => {
    await w.remoteOf(ada, 'ada-team');
    w.team.createProject('Forecasts', { 'ada-team': 'viewer' });
    w.team.createProject('Not mine', { someone: 'manager' });
    expect((await w.remotes.teamProjects(ada, 'team')).map((project) => [project.name, project.role])).toEqual([['Forecasts', 'viewer']]);
  });

  it('renews a refused access token with the refresh token, which rotates', async () => {
    w.authorization.signedIn = 'ada-team';
    await signIn();
    w.team.createProject('Forecasts', { 'ada-team': 'editor' });
    const before = (await w.records.get('team'))!;
    w.team.accessTokens.delete(before.access_token!);
    expect((await w.remotes.teamProjects(ada, 'team')).map((project) => project.name)).toEqual(['Forecasts']);
    const after = (await w.records.get('team'))!;
    expect(after.state).toBe('connected');
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    // The spent refresh token is no good any more, the new one is.
    await expect(w.authorization.refresh(null as never, { refreshToken: before.refresh_token! })).rejects.toMatchObject({ reason: 'revoked' });
  });

  it('stops syncing with a clear message once the team hub revoked the connection', async () => {
    w.authorization.signedIn = 'ada-team';
    await signIn();
    const teamProject = w.team.createProject('Forecasts', { 'ada-team': 'editor' });
    w.team.createNotebook(teamProject, 'Analysis', notebookCode('a1'), 'bob');
    const pulled = await w.finished(w.sync.pull(ada, { remote: 'team', remoteProjectId: teamProject, history: 'all' }));
    const projectId = pulled.project_id!;
    const notebookId = (await localNotebooks(w.world.services, projectId)).Analysis!.id;
    const notebook = (await w.world.services.notebooks.get(projectId, notebookId))!;
    await w.world.services.notebooks.save(projectId, notebookId, { code: notebookCode('b1'), baseVersionId: notebook.source.current_version_id }, ada.user);

    w.authorization.revokeAll('ada-team');
    const failed = await w.finished(w.sync.push(ada, { projectId }), true);
    expect(failed.error).toEqual({ code: 'CONFLICT', message: `${REVOKED_MESSAGE} (remote team)` });
    expect((await w.remotes.get(ada, 'team')).state).toBe('revoked');
    expect((await w.records.get('team'))!.access_token).toBeNull();
    await expect(w.sync.push(ada, { projectId })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining(REVOKED_MESSAGE) });
    await expect(w.sync.fetch(ada, { projectId })).rejects.toMatchObject({ message: expect.stringContaining(REVOKED_MESSAGE) });
    // Offline work goes on: the status is still there, the notebook ahead.
    expect((await w.sync.status(ada, { projectId })).status.notebooks[0]).toMatchObject({ state: 'ahead' });

    // Signing in again brings it back.
    const again = await w.remotes.signIn(ada, 'team', { redirectUri: 'http://127.0.0.1:8123/callback' });
    await w.remotes.completeSignIn({ query: `code=good-code&state=${new URL(again.authorize_url!).searchParams.get('state')!}` });
    await w.finished(w.sync.push(ada, { projectId }));
    expect(w.team.codes(teamProject, [...w.team.projects.get(teamProject)!.notebooks.keys()][0]!)).toEqual([notebookCode('a1'), notebookCode('b1')]);
  });
});
