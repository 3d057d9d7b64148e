import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../../core/identity/authenticator.js';
import { localCodes, localFiles, localNotebooks, localVersions, notebookCode } from '../../../../../test/support/remote-checks.js';
import { FakeDyingStore } from '../../../../../test/support/fake-dying-store.js';
import { startRemoteWorld, type RemoteWorld } from '../../../../../test/support/remote-world.js';
import { versionsToPull } from './remote-pull.js';

describe('which versions a pull brings', () => {
  const ids = ['v5', 'v4', 'v3', 'v2', 'v1'];

  it('brings every version of a new notebook oldest first, or its newest N', () => {
    expect(versionsToPull(ids, null, 'all')).toEqual(['v1', 'v2', 'v3', 'v4', 'v5']);
    expect(versionsToPull(ids, null, { latest: 2 })).toEqual(['v4', 'v5']);
  });

  it('brings only what is newer than the base', () => {
    expect(versionsToPull(ids, 'v3', 'all')).toEqual(['v4', 'v5']);
    expect(versionsToPull(ids, 'v5', 'all')).toEqual([]);
    expect(versionsToPull(ids, 'v1', { latest: 1 })).toEqual(['v5']);
  });
});

describe('pulling a team project', () => {
  let w: RemoteWorld;
  let ada: Principal;
  let teamProject: string;
  let analysis: string;

  beforeEach(async () => {
    w = await startRemoteWorld();
    ada = await w.world.browser('ada@example.com');
    await w.remoteOf(ada, 'ada-team');
    teamProject = w.team.createProject(
      'Forecasts',
      { 'ada-team': 'editor' },
      {
        description: 'Team forecasts',
        readme: '# Forecasts',
        integrations: [{ id: 'intg-1', name: 'warehouse', kind: 'postgres', scope: 'project' }],
      },
    );
    analysis = w.team.createNotebook(teamProject, 'Analysis', notebookCode('a1'), 'bob');
    w.team.saveVersion(teamProject, analysis, notebookCode('a2'), 'bob', 'second');
    w.team.saveVersion(teamProject, analysis, notebookCode('a3'), 'carol', 'third');
    w.team.writeWorkspace(teamProject, analysis, { 'data/input.csv': 'a,b\n1,2\n', 'README.md': '# Analysis\n' }, ['empty folder']);
    w.team.createNotebook(teamProject, 'Report', notebookCode('r1'), 'bob');
  });
  afterEach(async () => {
    await w.close();
  });

  const pull = (history: 'all' | { latest: number } = 'all', projectId?: string) =>
    w.finished(w.sync.pull(ada, { remote: 'team', remoteProjectId: teamProject, history, projectId }));

  it('makes a local project with every notebook, its history in order, its workspace, and a link in step', async () => {
    const operation = await pull();
    const services = w.world.services;
    const projectId = operation.project_id!;
    const project = await services.projects.get(projectId);
    expect(project).toMatchObject({ name: 'Forecasts', description: 'Team forecasts', owner: ada.user.id });
    const notebooks = await localNotebooks(services, projectId);
    expect(Object.keys(notebooks).sort()).toEqual(['Analysis', 'Report']);
    expect(await localCodes(services, projectId, notebooks.Analysis!.id)).toEqual(w.team.codes(teamProject, analysis));
    expect((await localVersions(services, notebooks.Analysis!.id)).map((version) => version.message)).toEqual(['Saved', 'second', 'third']);
    expect(await localCodes(services, projectId, notebooks.Report!.id)).toEqual([notebookCode('r1')]);
    expect(await localFiles(services, projectId, notebooks.Analysis!.id)).toEqual({ 'README.md': '# Analysis\n', 'data/input.csv': 'a,b\n1,2\n' });
    expect((await services.workspace.manifest((await services.notebooks.get(projectId, notebooks.Analysis!.id))!)).directories).toEqual(['empty folder']);

    expect(operation.progress).toMatchObject({ files_done: 6, files_total: 6, bytes_done: 19, bytes_total: 19, eta_seconds: 0 });
    expect(operation.notebooks.map((notebook) => [notebook.title, notebook.outcome, notebook.versions])).toEqual([
      ['Analysis', 'created', 3],
      ['Report', 'created', 1],
    ]);
    const status = await w.sync.status(ada, { projectId });
    expect(status.status.notebooks.map((notebook) => notebook.state)).toEqual(['in_step', 'in_step']);
    expect(status.status.notebooks.every((notebook) => notebook.workspace === 'in_step')).toBe(true);
    expect(status.link).toMatchObject({
      remote: 'team',
      remote_project_id: teamProject,
      readme: '# Forecasts',
      integrations: [{ name: 'warehouse', kind: 'postgres' }],
    });
  });

  it('brings the newest N versions when asked for them', async () => {
    const operation = await pull({ latest: 2 });
    const notebooks = await localNotebooks(w.world.services, operation.project_id!);
    expect(await localCodes(w.world.services, operation.project_id!, notebooks.Analysis!.id)).toEqual([notebookCode('a2'), notebookCode('a3')]);
  });

  it('fetches only the blobs the local store lacks', async () => {
    await pull();
    const reads = w.team.calls.filter((call) => call.method === 'readBlob').length;
    expect(reads).toBe(2);
    // A second team project naming the same files: nothing crosses the network again.
    const copy = w.team.createProject('Copy', { 'ada-team': 'viewer' });
    const notebook = w.team.createNotebook(copy, 'Same files', notebookCode('c1'), 'bob');
    w.team.writeWorkspace(copy, notebook, { 'data/input.csv': 'a,b\n1,2\n', 'README.md': '# Analysis\n' });
    const again = await w.finished(w.sync.pull(ada, { remote: 'team', remoteProjectId: copy, history: 'all' }));
    expect(w.team.calls.filter((call) => call.method === 'readBlob').length).toBe(reads);
    expect(again.progress.bytes_total).toBe(0);
    const notebooks = await localNotebooks(w.world.services, again.project_id!);
    expect(await localFiles(w.world.services, again.project_id!, notebooks['Same files']!.id)).toEqual({
      'README.md': '# Analysis\n',
      'data/input.csv': 'a,b\n1,2\n',
    });
  });

  it('brings the new team versions, notebooks and files when pulled again', async () => {
    const first = await pull();
    const projectId = first.project_id!;
    w.team.saveVersion(teamProject, analysis, notebookCode('a4'), 'bob', 'fourth');
    w.team.writeWorkspace(teamProject, analysis, { 'data/input.csv': 'a,b\n1,2\n3,4\n' });
    w.team.createNotebook(teamProject, 'Appendix', notebookCode('x1'), 'carol');

    const fetched = await w.sync.fetch(ada, { projectId });
    const states = Object.fromEntries(fetched.status.notebooks.map((notebook) => [notebook.title, notebook.state]));
    expect(states).toEqual({ Analysis: 'behind', Report: 'in_step', Appendix: 'remote_only' });

    const again = await pull('all', projectId);
    expect(again.project_id).toBe(projectId);
    const notebooks = await localNotebooks(w.world.services, projectId);
    expect(await localCodes(w.world.services, projectId, notebooks.Analysis!.id)).toEqual(w.team.codes(teamProject, analysis));
    expect(await localFiles(w.world.services, projectId, notebooks.Analysis!.id)).toEqual({ 'data/input.csv': 'a,b\n1,2\n3,4\n' });
    expect(await localCodes(w.world.services, projectId, notebooks.Appendix!.id)).toEqual([notebookCode('x1')]);
    const status = await w.sync.status(ada, { projectId });
    expect(status.status.summary).toMatchObject({ in_step: 3, ahead: 0, behind: 0, remote_only: 0 });
  });

  it('keeps a notebook changed on both sides as it is, with its conflict', async () => {
    const projectId = (await pull()).project_id!;
    const notebooks = await localNotebooks(w.world.services, projectId);
    const local = notebooks.Analysis!;
    await w.world.services.notebooks.save(projectId, local.id, { code: notebookCode('mine'), baseVersionId: local.current_version_id }, ada.user);
    w.team.saveVersion(teamProject, analysis, notebookCode('theirs'), 'bob');

    const again = await pull('all', projectId);
    expect(again.notebooks.find((notebook) => notebook.title === 'Analysis')).toMatchObject({ outcome: 'conflict', versions: 0 });
    expect((await localCodes(w.world.services, projectId, local.id)).at(-1)).toBe(notebookCode('mine'));
    const conflict = await w.sync.conflict(ada, { projectId, notebookId: local.id });
    expect(conflict).toMatchObject({
      detected_by: 'pull',
      base: { code: notebookCode('a3') },
      mine: { code: notebookCode('mine') },
      theirs: { code: notebookCode('theirs') },
    });
    const status = await w.sync.status(ada, { projectId });
    expect(status.status.notebooks.find((notebook) => notebook.title === 'Analysis')).toMatchObject({ state: 'diverged', conflict: true });
  });

  it('leaves workspace files changed on both sides as they are, with the conflict', async () => {
    const projectId = (await pull()).project_id!;
    const notebooks = await localNotebooks(w.world.services, projectId);
    const notebook = (await w.world.services.notebooks.get(projectId, notebooks.Analysis!.id))!;
    await w.world.services.workspace.upload(notebook, 'notes.txt', Buffer.from('mine'), ada.user.id);
    w.team.writeWorkspace(teamProject, analysis, { 'data/input.csv': 'changed there' });

    const again = await pull('all', projectId);
    expect(again.notebooks.find((entry) => entry.title === 'Analysis')).toMatchObject({ outcome: 'conflict' });
    expect(await localFiles(w.world.services, projectId, notebook.id)).toMatchObject({ 'notes.txt': 'mine', 'data/input.csv': 'a,b\n1,2\n' });
    expect(await w.sync.conflict(ada, { projectId, notebookId: notebook.id })).toMatchObject({
      mine: null,
      theirs: null,
      workspace: { theirs_manifest_id: expect.any(String) },
    });
    const status = await w.sync.status(ada, { projectId });
    expect(status.status.notebooks.find((entry) => entry.title === 'Analysis')).toMatchObject({ state: 'in_step', workspace: 'diverged', conflict: true });
  });

  it('resumes a pull cut off at any call: every version and file arrives once', async () => {
    let cutsThatFailed = 0;
    for (let cut = 0; ; cut++) {
      const world = await startRemoteWorld();
      try {
        const person = await world.world.browser('ada@example.com');
        await world.remoteOf(person, 'ada-team');
        const project = world.team.createProject('Forecasts', { 'ada-team': 'editor' });
        const nb = world.team.createNotebook(project, 'Analysis', notebookCode('a1'), 'bob');
        world.team.saveVersion(project, nb, notebookCode('a2'), 'bob');
        world.team.writeWorkspace(project, nb, { 'x.txt': 'x', 'y.txt': 'y' });
        const other = world.team.createNotebook(project, 'Other', notebookCode('o1'), 'bob');
        world.team.cutOffCallsAfter(cut);
        const failed = await world.finished(world.sync.pull(person, { remote: 'team', remoteProjectId: project, history: 'all' }), true);
        world.team.restore();
        // Past the pull's last call: the cut never happened.
        if (failed.state === 'succeeded') break;
        cutsThatFailed++;
        expect(failed.error?.code, `cut after ${cut}`).toBe('SERVICE_UNAVAILABLE');
        const resumed = await world.finished(world.sync.pull(person, { remote: 'team', remoteProjectId: project, history: 'all' }));
        expect(resumed.id, `cut after ${cut}: the same operation goes on`).toBe(failed.id);
        const projectId = resumed.project_id!;
        expect((await world.world.services.projects.get(projectId))?.name).toBe('Forecasts');
        const notebooks = await localNotebooks(world.world.services, projectId);
        expect(Object.keys(notebooks).sort(), `cut after ${cut}`).toEqual(['Analysis', 'Other']);
        expect(await localCodes(world.world.services, projectId, notebooks.Analysis!.id), `cut after ${cut}`).toEqual(world.team.codes(project, nb));
        expect(await localCodes(world.world.services, projectId, notebooks.Other!.id), `cut after ${cut}`).toEqual(world.team.codes(project, other));
        expect(await localFiles(world.world.services, projectId, notebooks.Analysis!.id), `cut after ${cut}`).toEqual({ 'x.txt': 'x', 'y.txt': 'y' });
        const projects = await world.world.services.useCases.projects.list(person, {});
        expect(projects.items.length, `cut after ${cut}: one local project`).toBe(1);
      } finally {
        await world.close();
      }
    }
    expect(cutsThatFailed).toBeGreaterThan(5);
  });

  it('resumes a pull after the hub died between any two of its writes: every version arrives once', async () => {
    let deaths = 0;
    for (let writes = 0; ; writes++) {
      let store: FakeDyingStore | null = null;
      const world = await startRemoteWorld({}, { store: (inner) => (store = new FakeDyingStore(inner)) });
      try {
        const person = await world.world.browser('ada@example.com');
        await world.remoteOf(person, 'ada-team');
        const project = world.team.createProject('Forecasts', { 'ada-team': 'editor' });
        const nb = world.team.createNotebook(project, 'Analysis', notebookCode('a1'), 'bob');
        world.team.saveVersion(project, nb, notebookCode('a2'), 'bob');
        world.team.writeWorkspace(project, nb, { 'x.txt': 'x' });
        const pull = () => world.finished(world.sync.pull(person, { remote: 'team', remoteProjectId: project, history: 'all' }), true);
        store!.dieAfterWrites(writes);
        const first = await pull().catch(() => null);
        if (!store!.hasDied) {
          expect(first?.state).toBe('succeeded');
          break;
        }
        deaths++;
        store!.restart();
        // The dead process's operation looks as one cut off looks: running, its runner silent.
        for (const record of await world.operations.list(person.user.id, 10)) {
          await world.operations.update(person.user.id, record.id, (current) => ({
            ...current,
            heartbeat_at: new Date(Date.now() - 5 * 60_000).toISOString(),
          }));
        }
        const resumed = await pull();
        expect(resumed.state, `died after ${writes} writes: ${JSON.stringify(resumed.error)}`).toBe('succeeded');
        const projects = (await world.world.services.useCases.projects.list(person, {})).items;
        // Killed in the instant between making the local project and noting it in the operation (or
        // after the pull ended), a second pull makes another: the first is then left empty, or whole.
        for (const other of projects.filter((candidate) => candidate.id !== resumed.project_id)) {
          const held = Object.keys(await localNotebooks(world.world.services, other.id));
          expect(held.length === 0 || first?.state === 'succeeded', `died after ${writes} writes: ${held.join(', ')}`).toBe(true);
        }
        const notebooks = await localNotebooks(world.world.services, resumed.project_id!);
        expect(Object.keys(notebooks), `died after ${writes} writes`).toEqual(['Analysis']);
        expect(await localCodes(world.world.services, resumed.project_id!, notebooks.Analysis!.id), `died after ${writes} writes`).toEqual(
          world.team.codes(project, nb),
        );
        expect(await localFiles(world.world.services, resumed.project_id!, notebooks.Analysis!.id), `died after ${writes} writes`).toEqual({ 'x.txt': 'x' });
      } finally {
        await world.close();
      }
    }
    expect(deaths).toBeGreaterThan(10);
  });

  it('takes up a pull whose process ended while it ran', async () => {
    w.team.cutOffCallsAfter(4);
    const cut = await w.finished(w.sync.pull(ada, { remote: 'team', remoteProjectId: teamProject, history: 'all' }), true);
    w.team.restore();
    // As a hub killed mid-run leaves it: still running, its runner silent for minutes.
    await w.operations.update(ada.user.id, cut.id, (current) => ({
      ...current,
      state: 'running',
      error: null,
      heartbeat_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    }));
    const resumed = await pull();
    expect(resumed.id).toBe(cut.id);
    const notebooks = await localNotebooks(w.world.services, resumed.project_id!);
    expect(await localCodes(w.world.services, resumed.project_id!, notebooks.Analysis!.id)).toEqual(w.team.codes(teamProject, analysis));
  });

  it('refuses a second pull of the same team project while the first runs', async () => {
    const operation = await w.operations.create(
      { kind: 'pull', user_id: ada.user.id, remote: 'team', remote_project_id: teamProject, project_id: null, history: 'all', publish: null },
      'another-replica',
    );
    await expect(w.sync.pull(ada, { remote: 'team', remoteProjectId: teamProject, history: 'all' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(operation.id),
    });
  });

  it('reports a team hub that cannot be reached, and changes nothing', async () => {
    w.team.unreachable = true;
    const failed = await w.finished(w.sync.pull(ada, { remote: 'team', remoteProjectId: teamProject, history: 'all' }), true);
    expect(failed).toMatchObject({
      state: 'failed',
      project_id: null,
      error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/team hub of remote team \(https:\/\/team\.example\.com\) is unreachable/) },
    });
    expect((await w.world.services.useCases.projects.list(ada, {})).items).toEqual([]);
  });

  it('refuses to pull through a remote of someone else', async () => {
    const eve = await w.world.browser('eve@example.com');
    await expect(w.sync.pull(eve, { remote: 'team', remoteProjectId: teamProject, history: 'all' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('needs manager rights on the local project to pull into it', async () => {
    const projectId = (await pull()).project_id!;
    const bob = await w.world.browser('bob@example.com');
    await w.world.services.useCases.members.add(ada, { projectId, userId: bob.user.id, role: 'editor' });
    await w.remoteOf(bob, 'bob-team', 'bobs');
    await expect(w.sync.pull(bob, { remote: 'bobs', remoteProjectId: teamProject, history: 'all', projectId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
