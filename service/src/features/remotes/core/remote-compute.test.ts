import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Principal } from '../../../core/identity/authenticator.js';
import { localCodes, localNotebooks, notebookCode } from '../../../../../test/support/remote-checks.js';
import { startRemoteWorld, type RemoteWorld } from '../../../../../test/support/remote-world.js';

/** A team project with one notebook, pulled into a local project by ada (an editor there, or a viewer). */
async function pulledWorld(role: 'editor' | 'viewer' = 'editor') {
  const w = await startRemoteWorld();
  const ada = await w.world.browser('ada@example.com');
  await w.remoteOf(ada, 'ada-team');
  const teamProject = w.team.createProject('Forecasts', { 'ada-team': role });
  const teamNotebook = w.team.createNotebook(teamProject, 'Analysis', notebookCode('a1'), 'bob');
  const pulled = await w.finished(w.sync.pull(ada, { remote: 'team', remoteProjectId: teamProject, history: 'all' }));
  const projectId = pulled.project_id!;
  const notebookId = (await localNotebooks(w.world.services, projectId)).Analysis!.id;
  return { w, ada, teamProject, teamNotebook, projectId, notebookId };
}

async function saveLocally(w: RemoteWorld, ada: Principal, projectId: string, notebookId: string, value: string): Promise<void> {
  const notebook = (await w.world.services.notebooks.get(projectId, notebookId))!;
  await w.world.services.notebooks.save(
    projectId,
    notebookId,
    { code: notebookCode(value), baseVersionId: notebook.source.current_version_id, message: value },
    ada.user,
  );
}

describe('running a linked notebook on the team hub', () => {
  let world: Awaited<ReturnType<typeof pulledWorld>>;
  beforeEach(async () => {
    world = await pulledWorld();
  });
  afterEach(async () => {
    await world.w.close();
  });

  it('pushes what is new first, starts a session on the profile asked for, and brings the saved result back as a local version', async () => {
    const { w, ada, teamProject, teamNotebook, projectId, notebookId } = world;
    await saveLocally(w, ada, projectId, notebookId, 'local-1');
    const { run, launch } = await w.compute.startSession(ada, { projectId, notebookId, mode: 'edit', computeProfile: 'gpu' });
    expect(run).toMatchObject({ kind: 'session', state: 'running', compute_profile: 'gpu', team: { compute_profile: 'gpu' } });
    expect(run.push_operation_id).not.toBeNull();
    expect(w.team.codes(teamProject, teamNotebook)).toEqual([notebookCode('a1'), notebookCode('local-1')]);
    expect(launch.launch_url).toMatch(/^https:\/\/team\.example\/api\/v1\/sync\/launches\//);

    w.team.compute.edit(run.team.session_id!, notebookCode('from-the-team'));
    // Still running: reading asks the team hub, nothing comes back yet.
    expect(await w.compute.read(ada, run.id)).toMatchObject({ state: 'running', result: null });
    const ended = await w.compute.stop(ada, run.id);
    expect(ended.state).toBe('ended');
    const head = (await w.world.services.notebooks.get(projectId, notebookId))!.source.current_version_id;
    const teamHead = w.team.versionsOf(teamProject, teamNotebook).at(-1)!.version_id;
    expect(ended.result).toMatchObject({ outcome: 'updated', local_version_id: head, remote_version_id: teamHead });
    expect((await localCodes(w.world.services, projectId, notebookId)).at(-1)).toBe(notebookCode('from-the-team'));
    expect((await w.sync.status(ada, { projectId })).status.notebooks[0]).toMatchObject({ state: 'in_step' });
    // Once ended, it stays so without asking the team hub, and opens nothing.
    w.team.unreachable = true;
    expect(await w.compute.read(ada, run.id)).toMatchObject({ state: 'ended', result: ended.result });
    await expect(w.compute.launch(ada, run.id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('brings the result back when the session was stopped on the team hub, and notes an unreachable team hub without failing', async () => {
    const { w, ada, projectId, notebookId } = world;
    const audited = vi.spyOn(w.context.audit, 'append');
    const { run } = await w.compute.startSession(ada, { projectId, notebookId, mode: 'edit', computeProfile: null });
    expect(run.push_operation_id).toBeNull();
    w.team.compute.edit(run.team.session_id!, notebookCode('stopped-there'));
    w.team.unreachable = true;
    expect(await w.compute.read(ada, run.id)).toMatchObject({ state: 'running', error: { code: 'SERVICE_UNAVAILABLE' } });
    w.team.unreachable = false;
    w.team.compute.stopSession('ada-team', run.team.session_id!);
    const ended = await w.compute.read(ada, run.id);
    expect(ended).toMatchObject({ state: 'ended', error: null, result: { outcome: 'updated' } });
    expect((await localCodes(w.world.services, projectId, notebookId)).at(-1)).toBe(notebookCode('stopped-there'));
    const events = audited.mock.calls.map(([entry]) => entry.event);
    expect(events.filter((event) => event.startsWith('remote.run.'))).toEqual(['remote.run.start', 'remote.run.end']);
  });

  it('refuses a notebook changed on both sides, and leaves the team hub alone', async () => {
    const { w, ada, teamProject, teamNotebook, projectId, notebookId } = world;
    w.team.saveVersion(teamProject, teamNotebook, notebookCode('theirs'), 'bob');
    await saveLocally(w, ada, projectId, notebookId, 'mine');
    await expect(w.compute.startSession(ada, { projectId, notebookId, mode: 'edit', computeProfile: null })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('resolve the conflict'),
    });
    expect(w.team.compute.sessions.size).toBe(0);
    expect(w.team.codes(teamProject, teamNotebook)).toEqual([notebookCode('a1'), notebookCode('theirs')]);
  });

  it('runs a job there and keeps its output and log here; with jobs off, says so', async () => {
    const { w, ada, projectId, notebookId } = world;
    const run = await w.compute.runJob(ada, { projectId, notebookId, computeProfile: null });
    expect(run).toMatchObject({ kind: 'job', state: 'starting', output: null });
    await expect(w.compute.file(ada, run.id, 'output')).rejects.toMatchObject({ code: 'NO_RUN_OUTPUT' });
    w.team.compute.finishRun(run.team.run_id!, { output: '<html>42</html>', log: 'ran\n' });
    const ended = await w.compute.read(ada, run.id);
    expect(ended).toMatchObject({ state: 'ended', output: { output_bytes: 15, log_bytes: 4 } });
    expect((await w.compute.file(ada, run.id, 'output')).toString()).toBe('<html>42</html>');
    expect((await w.compute.file(ada, run.id, 'log')).toString()).toBe('ran\n');

    w.team.compute.jobsOn = false;
    await expect(w.compute.runJob(ada, { projectId, notebookId, computeProfile: null })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('jobs are off'),
    });
  });

  it("keeps runs to their owner: another person's read is NOT_FOUND", async () => {
    const { w, ada, projectId, notebookId } = world;
    const run = await w.compute.runJob(ada, { projectId, notebookId, computeProfile: null });
    const bob = await w.world.browser('bob@example.com');
    await expect(w.compute.read(bob, run.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await w.compute.list(ada, { projectId })).map((item) => item.id)).toEqual([run.id]);
  });
});

describe('running on the team hub as a viewer there', () => {
  it("passes on the team hub's refusal of an edit session", async () => {
    const { w, ada, projectId, notebookId } = await pulledWorld('viewer');
    try {
      await expect(w.compute.startSession(ada, { projectId, notebookId, mode: 'edit', computeProfile: null })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      expect(w.team.compute.sessions.size).toBe(0);
    } finally {
      await w.close();
    }
  });
});
