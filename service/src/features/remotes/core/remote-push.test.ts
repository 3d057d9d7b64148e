import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../../core/identity/authenticator.js';
import { localCodes, localFiles, localNotebooks, notebookCode } from '../../../../../test/support/remote-checks.js';
import type { CutOff } from '../../../../../test/support/fake-remote-hub.js';
import { startRemoteWorld, type RemoteWorld } from '../../../../../test/support/remote-world.js';

/** A team project with one notebook pulled into a local project, then edited here. */
async function pulledWorld(role: 'editor' | 'viewer' = 'editor') {
  const w = await startRemoteWorld();
  const ada = await w.world.browser('ada@example.com');
  await w.remoteOf(ada, 'ada-team');
  const teamProject = w.team.createProject('Forecasts', { 'ada-team': role });
  const teamNotebook = w.team.createNotebook(teamProject, 'Analysis', notebookCode('a1'), 'bob');
  w.team.writeWorkspace(teamProject, teamNotebook, { 'data.csv': 'x\n1\n' });
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

describe('pushing a linked project', () => {
  let world: Awaited<ReturnType<typeof pulledWorld>>;
  beforeEach(async () => {
    world = await pulledWorld();
  });
  afterEach(async () => {
    await world.w.close();
  });

  it('sends the local versions in order, with their origin, then the workspace, and leaves the project in step', async () => {
    const { w, ada, teamProject, teamNotebook, projectId, notebookId } = world;
    await saveLocally(w, ada, projectId, notebookId, 'b1');
    await saveLocally(w, ada, projectId, notebookId, 'b2');
    const notebook = (await w.world.services.notebooks.get(projectId, notebookId))!;
    await w.world.services.workspace.upload(notebook, 'results/out.txt', Buffer.from('42'), ada.user.id);
    expect((await w.sync.status(ada, { projectId })).status.notebooks[0]).toMatchObject({ state: 'ahead', workspace: 'ahead' });

    const pushed = await w.finished(w.sync.push(ada, { projectId }));
    expect(pushed.notebooks).toEqual([expect.objectContaining({ title: 'Analysis', outcome: 'updated', versions: 2 })]);
    expect(pushed.progress).toMatchObject({ files_done: 3, files_total: 3, bytes_done: 2, bytes_total: 2 });
    expect(w.team.codes(teamProject, teamNotebook)).toEqual([notebookCode('a1'), notebookCode('b1'), notebookCode('b2')]);
    const hubId = await w.context.hubId();
    expect(
      w.team
        .versionsOf(teamProject, teamNotebook)
        .slice(1)
        .map((version) => [version.message, version.origin?.hub_id, version.author]),
    ).toEqual([
      ['b1', hubId, 'ada-team'],
      ['b2', hubId, 'ada-team'],
    ]);
    expect(w.team.workspaceOf(teamProject, teamNotebook)).toEqual({ 'data.csv': 'x\n1\n', 'results/out.txt': '42' });
    const pairs = (await w.context.links.get(projectId))!.notebooks[0]!.versions;
    expect(pairs.map((pair) => [pair.direction, pair.remote_version_id, pair.author])).toEqual([
      ['pulled', w.team.versionsOf(teamProject, teamNotebook)[0]!.version_id, 'bob'],
      ['pushed', w.team.versionsOf(teamProject, teamNotebook)[1]!.version_id, ada.user.id],
      ['pushed', w.team.versionsOf(teamProject, teamNotebook)[2]!.version_id, ada.user.id],
    ]);
    // Only the blob the team lacked crossed.
    expect(w.team.calls.filter((call) => call.method === 'putBlob')).toHaveLength(1);
    const status = await w.sync.status(ada, { projectId });
    expect(status.status.notebooks[0]).toMatchObject({ state: 'in_step', workspace: 'in_step' });

    // Nothing more to send: a second push changes nothing there.
    const again = await w.finished(w.sync.push(ada, { projectId }));
    expect(again.notebooks[0]).toMatchObject({ outcome: 'unchanged', versions: 0 });
    expect(w.team.codes(teamProject, teamNotebook)).toHaveLength(3);
  });

  it('creates on the team hub a notebook made here', async () => {
    const { w, ada, teamProject, projectId } = world;
    const { notebook: local } = await w.world.services.useCases.notebooks.create(ada, { projectId, notebook: { title: 'New here', code: notebookCode('n1') } });
    await saveLocally(w, ada, projectId, local.id, 'n2');
    const pushed = await w.finished(w.sync.push(ada, { projectId }));
    expect(pushed.notebooks.find((notebook) => notebook.title === 'New here')).toMatchObject({ outcome: 'created', versions: 2 });
    const created = [...w.team.projects.get(teamProject)!.notebooks.values()].find((notebook) => notebook.entry.title === 'New here')!;
    expect(created.versions.map((version) => version.code)).toEqual([notebookCode('n1'), notebookCode('n2')]);
    expect(created.entry.origin).toEqual({ hub_id: await w.context.hubId(), id: local.id });
  });

  it('is refused for a viewer of the team project, and changes nothing there', async () => {
    await world.w.close();
    world = await pulledWorld('viewer');
    const { w, ada, teamProject, teamNotebook, projectId, notebookId } = world;
    await saveLocally(w, ada, projectId, notebookId, 'b1');
    const failed = await w.finished(w.sync.push(ada, { projectId }), true);
    expect(failed.error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('a viewer may not change notebooks') });
    expect(w.team.codes(teamProject, teamNotebook)).toEqual([notebookCode('a1')]);
    expect((await w.sync.status(ada, { projectId })).status.notebooks[0]).toMatchObject({ state: 'ahead' });
  });

  it('needs editor rights on the local project', async () => {
    const { w, ada, projectId } = world;
    const vic = await w.world.browser('vic@example.com');
    await w.world.services.useCases.members.add(ada, { projectId, userId: vic.user.id, role: 'viewer' });
    await expect(w.sync.push(vic, { projectId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('asks someone without a remote of that team hub to add one', async () => {
    const { w, ada, projectId } = world;
    const ed = await w.world.browser('ed@example.com');
    await w.world.services.useCases.members.add(ada, { projectId, userId: ed.user.id, role: 'editor' });
    await expect(w.sync.push(ed, { projectId })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('add one') });
    // Their own remote of the same team hub stands in for the one the project was linked through.
    w.team.projects.get(world.teamProject)!.roles.set('ed-team', 'editor');
    await w.remoteOf(ed, 'ed-team', 'mine');
    await saveLocally(w, ed, projectId, world.notebookId, 'by ed');
    await w.finished(w.sync.push(ed, { projectId }));
    expect(w.team.versionsOf(world.teamProject, world.teamNotebook).at(-1)).toMatchObject({ author: 'ed-team', code: notebookCode('by ed') });
  });

  it('reports an unreachable team hub on fetch, and the statuses stay as recorded', async () => {
    const { w, ada, projectId, notebookId } = world;
    await saveLocally(w, ada, projectId, notebookId, 'b1');
    w.team.unreachable = true;
    await expect(w.sync.fetch(ada, { projectId })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('is unreachable') });
    expect((await w.sync.status(ada, { projectId })).status.notebooks[0]).toMatchObject({ state: 'ahead' });
  });
});

describe('a push cut off at any point and run again', () => {
  for (const at of ['before', 'after'] as CutOff[]) {
    it(`makes each version and file once on the team hub (cut off ${at} the team hub applied a call)`, async () => {
      let cuts = 0;
      for (let after = 0; ; after++) {
        const { w, ada, teamProject, teamNotebook, projectId, notebookId } = await pulledWorld();
        try {
          await saveLocally(w, ada, projectId, notebookId, 'b1');
          await saveLocally(w, ada, projectId, notebookId, 'b2');
          await saveLocally(w, ada, projectId, notebookId, 'b3');
          const notebook = (await w.world.services.notebooks.get(projectId, notebookId))!;
          await w.world.services.workspace.upload(notebook, 'a.txt', Buffer.from('a'), ada.user.id);
          await w.world.services.workspace.upload(notebook, 'b.txt', Buffer.from('b'), ada.user.id);
          await w.world.services.useCases.notebooks.create(ada, { projectId, notebook: { title: 'New here', code: notebookCode('n1') } });

          w.team.cutOffAfter(after, at);
          const first = await w.finished(w.sync.push(ada, { projectId }), true);
          w.team.restore();
          if (first.state === 'succeeded') break;
          cuts++;
          expect(first.error?.code, `cut after ${after}`).toBe('SERVICE_UNAVAILABLE');
          await w.finished(w.sync.push(ada, { projectId }));

          const expected = [notebookCode('a1'), notebookCode('b1'), notebookCode('b2'), notebookCode('b3')];
          expect(w.team.codes(teamProject, teamNotebook), `cut ${at} after ${after}`).toEqual(expected);
          expect(w.team.workspaceOf(teamProject, teamNotebook), `cut ${at} after ${after}`).toEqual({ 'a.txt': 'a', 'b.txt': 'b', 'data.csv': 'x\n1\n' });
          const titles = [...w.team.projects.get(teamProject)!.notebooks.values()].map((entry) => entry.entry.title).sort();
          expect(titles, `cut ${at} after ${after}`).toEqual(['Analysis', 'New here']);
          expect((await w.sync.status(ada, { projectId })).status.summary, `cut ${at} after ${after}`).toMatchObject({ in_step: 2, ahead: 0, local_only: 0 });
        } finally {
          await w.close();
        }
      }
      expect(cuts).toBeGreaterThan(5);
    });
  }
});

describe('conflicts', () => {
  let world: Awaited<ReturnType<typeof pulledWorld>>;
  beforeEach(async () => {
    world = await pulledWorld();
    const { w, ada, teamProject, teamNotebook, projectId, notebookId } = world;
    await saveLocally(w, ada, projectId, notebookId, 'mine');
    w.team.saveVersion(teamProject, teamNotebook, notebookCode('theirs'), 'bob', 'by bob');
    const pushed = await w.finished(w.sync.push(ada, { projectId }));
    expect(pushed.notebooks[0]).toMatchObject({ outcome: 'conflict', versions: 0 });
  });
  afterEach(async () => {
    await world.w.close();
  });

  it('keeps base, mine and theirs, and overwrites nothing', async () => {
    const { w, ada, teamProject, teamNotebook, projectId, notebookId } = world;
    expect(w.team.codes(teamProject, teamNotebook)).toEqual([notebookCode('a1'), notebookCode('theirs')]);
    const conflicts = await w.sync.conflicts(ada, { projectId });
    expect(conflicts.map((conflict) => conflict.notebook_id)).toEqual([notebookId]);
    const conflict = await w.sync.conflict(ada, { projectId, notebookId });
    expect(conflict).toMatchObject({
      detected_by: 'push',
      base: { code: notebookCode('a1') },
      mine: { code: notebookCode('mine'), message: 'mine' },
      theirs: { code: notebookCode('theirs'), message: 'by bob', author: 'bob' },
      workspace: null,
    });
    expect((await w.sync.status(ada, { projectId })).status.notebooks[0]).toMatchObject({ state: 'diverged', conflict: true });
  });

  it('keep both: theirs becomes a local version, mine is saved after it and pushed', async () => {
    const { w, ada, teamProject, teamNotebook, projectId, notebookId } = world;
    const resolved = await w.sync.resolve(ada, { projectId, notebookId, choice: 'keep_both' });
    expect(resolved).toMatchObject({ pushed: true, push: { outcome: 'updated', versions: 1 } });
    expect(await localCodes(w.world.services, projectId, notebookId)).toEqual([
      notebookCode('a1'),
      notebookCode('mine'),
      notebookCode('theirs'),
      notebookCode('mine'),
    ]);
    expect(w.team.codes(teamProject, teamNotebook)).toEqual([notebookCode('a1'), notebookCode('theirs'), notebookCode('mine')]);
    expect(await w.sync.conflicts(ada, { projectId })).toEqual([]);
    expect((await w.sync.status(ada, { projectId })).status.notebooks[0]).toMatchObject({ state: 'in_step', conflict: false });
  });

  it('take theirs: the team version becomes the local head, mine stays in the history, nothing is sent', async () => {
    const { w, ada, teamProject, teamNotebook, projectId, notebookId } = world;
    const calls = w.team.calls.length;
    w.team.unreachable = true;
    const resolved = await w.sync.resolve(ada, { projectId, notebookId, choice: 'take_theirs' });
    w.team.unreachable = false;
    expect(resolved).toMatchObject({ pushed: false, push: null });
    expect(await localCodes(w.world.services, projectId, notebookId)).toEqual([notebookCode('a1'), notebookCode('mine'), notebookCode('theirs')]);
    expect(w.team.calls.length).toBe(calls);
    expect(w.team.codes(teamProject, teamNotebook)).toEqual([notebookCode('a1'), notebookCode('theirs')]);
    const fetched = await w.sync.fetch(ada, { projectId });
    expect(fetched.status.notebooks[0]).toMatchObject({ state: 'in_step', conflict: false });
  });

  it('merged: the given code is saved after theirs and pushed', async () => {
    const { w, ada, teamProject, teamNotebook, projectId, notebookId } = world;
    await expect(w.sync.resolve(ada, { projectId, notebookId, choice: 'merged' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    const before = await localCodes(w.world.services, projectId, notebookId);
    await expect(w.sync.resolve(ada, { projectId, notebookId, choice: 'merged', code: 'print("not a marimo notebook")' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    expect(await localCodes(w.world.services, projectId, notebookId)).toEqual(before);
    const resolved = await w.sync.resolve(ada, { projectId, notebookId, choice: 'merged', code: notebookCode('merged') });
    expect(resolved.pushed).toBe(true);
    expect(w.team.codes(teamProject, teamNotebook)).toEqual([notebookCode('a1'), notebookCode('theirs'), notebookCode('merged')]);
    expect(await localCodes(w.world.services, projectId, notebookId)).toEqual([
      notebookCode('a1'),
      notebookCode('mine'),
      notebookCode('theirs'),
      notebookCode('merged'),
    ]);
  });

  it('keeps the resolution here when the team hub cannot be reached to push it: the notebook is ahead', async () => {
    const { w, ada, projectId, notebookId } = world;
    w.team.unreachable = true;
    const resolved = await w.sync.resolve(ada, { projectId, notebookId, choice: 'keep_both' });
    expect(resolved).toMatchObject({ pushed: false, push: { outcome: 'failed', note: expect.stringContaining('unreachable') } });
    w.team.unreachable = false;
    expect((await w.sync.status(ada, { projectId })).status.notebooks[0]).toMatchObject({ state: 'ahead', conflict: false });
    await w.finished(w.sync.push(ada, { projectId }));
    expect(w.team.codes(world.teamProject, world.teamNotebook).at(-1)).toBe(notebookCode('mine'));
  });

  it('answers NOT_FOUND for a notebook without a conflict', async () => {
    const { w, ada, projectId } = world;
    await expect(w.sync.conflict(ada, { projectId, notebookId: 'nb-0000000000000000' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('workspace conflicts', () => {
  it('keep both joins the files (the local one wins where both have a path); take theirs takes the team files', async () => {
    for (const choice of ['keep_both', 'take_theirs'] as const) {
      const { w, ada, teamProject, teamNotebook, projectId, notebookId } = await pulledWorld();
      try {
        const notebook = (await w.world.services.notebooks.get(projectId, notebookId))!;
        await w.world.services.workspace.upload(notebook, 'data.csv', Buffer.from('mine'), ada.user.id);
        await w.world.services.workspace.upload(notebook, 'mine.txt', Buffer.from('only here'), ada.user.id);
        w.team.writeWorkspace(teamProject, teamNotebook, { 'data.csv': 'theirs', 'theirs.txt': 'only there' });
        const pushed = await w.finished(w.sync.push(ada, { projectId }));
        expect(pushed.notebooks[0]).toMatchObject({ outcome: 'conflict' });
        const resolved = await w.sync.resolve(ada, { projectId, notebookId, choice });
        const local = await localFiles(w.world.services, projectId, notebookId);
        if (choice === 'keep_both') {
          expect(local).toEqual({ 'data.csv': 'mine', 'mine.txt': 'only here', 'theirs.txt': 'only there' });
          expect(resolved.pushed).toBe(true);
          expect(w.team.workspaceOf(teamProject, teamNotebook)).toEqual(local);
        } else {
          expect(local).toEqual({ 'data.csv': 'theirs', 'theirs.txt': 'only there' });
          expect(w.team.workspaceOf(teamProject, teamNotebook)).toEqual(local);
        }
        expect((await w.sync.status(ada, { projectId })).status.notebooks[0]).toMatchObject({ workspace: 'in_step', conflict: false });
      } finally {
        await w.close();
      }
    }
  });
});

describe('publishing a project the team hub lacks', () => {
  it('creates the team project, links it and pushes every notebook; a retry finds what the first made', async () => {
    const w = await startRemoteWorld();
    try {
      const ada = await w.world.browser('ada@example.com');
      await w.remoteOf(ada, 'ada-team');
      const { project } = await w.world.services.useCases.projects.create(ada, { name: 'Made here', description: 'on a plane' });
      await w.world.services.useCases.notebooks.create(ada, { projectId: project.id, notebook: { title: 'One', code: notebookCode('o1') } });
      await w.world.services.useCases.notebooks.create(ada, { projectId: project.id, notebook: { title: 'Two', code: notebookCode('t1') } });
      w.team.cutOffAfter(2, 'after');
      const cut = await w.finished(w.sync.publish(ada, { projectId: project.id, remote: 'team' }), true);
      expect(cut.state).toBe('failed');
      w.team.restore();
      const link = await w.context.links.get(project.id);
      const retried = link
        ? await w.finished(w.sync.push(ada, { projectId: project.id }))
        : await w.finished(w.sync.publish(ada, { projectId: project.id, remote: 'team' }));
      expect(retried.state).toBe('succeeded');
      const made = [...w.team.projects.values()].filter((candidate) => candidate.name === 'Made here');
      expect(made).toHaveLength(1);
      expect(made[0]!.roles.get('ada-team')).toBe('manager');
      expect([...made[0]!.notebooks.values()].map((notebook) => [notebook.entry.title, notebook.versions.length]).sort()).toEqual([
        ['One', 1],
        ['Two', 1],
      ]);
      expect((await w.sync.status(ada, { projectId: project.id })).status.summary).toMatchObject({ in_step: 2 });
      await expect(w.sync.publish(ada, { projectId: project.id, remote: 'team' })).rejects.toMatchObject({ code: 'CONFLICT' });
    } finally {
      await w.close();
    }
  });
});
