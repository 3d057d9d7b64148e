import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localCodes, localNotebooks, notebookCode } from '../../../../../test/support/remote-checks.js';
import { startRemoteWorld, type RemoteWorld } from '../../../../../test/support/remote-world.js';
import { remoteRunsFollowTask } from './remote-runs-follow.js';
import type { Principal } from '../../../core/identity/authenticator.js';

describe('the maintenance cycle following runs on a team hub', () => {
  let world: { w: RemoteWorld; ada: Principal; projectId: string; notebookId: string };
  beforeEach(async () => {
    const w = await startRemoteWorld();
    const ada = await w.world.browser('ada@example.com');
    await w.remoteOf(ada, 'ada-team');
    const teamProject = w.team.createProject('Forecasts', { 'ada-team': 'editor' });
    w.team.createNotebook(teamProject, 'Analysis', notebookCode('a1'), 'bob');
    const pulled = await w.finished(w.sync.pull(ada, { remote: 'team', remoteProjectId: teamProject, history: 'all' }));
    const projectId = pulled.project_id!;
    world = { w, ada, projectId, notebookId: (await localNotebooks(w.world.services, projectId)).Analysis!.id };
  });
  afterEach(async () => {
    await world.w.close();
  });

  it('brings back the result of a session nobody reads, in the maintenance cycle', async () => {
    const { w, ada, projectId, notebookId } = world;
    const { run } = await w.compute.startSession(ada, { projectId, notebookId, mode: 'edit', computeProfile: null });
    const follow = remoteRunsFollowTask({ runs: w.runs, compute: w.compute, user: (id) => w.world.services.users.get(id), isSuperAdmin: () => false });
    const cycle = () => follow.run({ signal: new AbortController().signal, logger: w.world.services.logger, now: Date.now() });
    expect(await cycle()).toEqual({ followed: 1, ended: 0, failed: 0 });
    w.team.compute.edit(run.team.session_id!, notebookCode('while-away'));
    w.team.compute.stopSession('ada-team', run.team.session_id!);
    expect(await cycle()).toEqual({ followed: 1, ended: 1, failed: 0 });
    expect((await w.runs.get(ada.user.id, run.id))!.state).toBe('ended');
    expect((await localCodes(w.world.services, projectId, notebookId)).at(-1)).toBe(notebookCode('while-away'));
    expect(await cycle()).toEqual({ followed: 0, ended: 0, failed: 0 });
  });
});
