import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prerequisite } from '../setup/prerequisites.js';
import { runHubCommand } from '../support/hub-process.js';
import { notebookCode } from '../support/remote-checks.js';
import {
  callHub,
  dataOf,
  DesktopHub,
  notebooksOf,
  operationEnd,
  putFile,
  saveVersion,
  signInThroughApi,
  SYNC_PATHS,
  TeamHub,
  versionsOf,
  workspaceFile,
  type TeamTap,
} from '../support/two-hubs.js';

const seaweed = prerequisite('seaweedfs');
const SUITE = 'remotes between two real hubs: interrupted pushes, refusals, revocation, progress';

const ADA = 'ada@example.com';
const VIC = 'vic@example.com';

/**
 * The desktop hub (a process of its own, so that it can be killed) and the team hub (S3 on
 * SeaweedFS, OIDC) when things go wrong: a push killed with SIGKILL at chosen and random points and
 * run again, a viewer's push, a connection the team hub's user disconnects, and the progress a
 * long transfer reports (docs/remotes.md).
 */
describe.skipIf(seaweed === null)(SUITE, () => {
  let team: TeamHub;
  let desktop: DesktopHub;
  let adaToken: string;
  let teamProject: string;
  let localProject: string;
  let failed = false;

  const asAda = (route: string, options: Parameters<TeamHub['call']>[1] = {}) => team.call(route, { token: adaToken, ...options });
  const local = (route: string, options: Parameters<DesktopHub['call']>[1] = {}) => desktop.call(route, options);
  const startPush = async () => dataOf(await local(`/api/v1/projects/${localProject}/remote/push`, { method: 'POST' }), 202).id as string;

  beforeAll(async () => {
    team = await TeamHub.start({ seaweed: seaweed!, accounts: {} });
    desktop = await DesktopHub.start();
    adaToken = await team.tokenFor(ADA);
    teamProject = dataOf(await asAda('/api/v1/projects', { method: 'POST', body: { name: 'Moves' } }), 201).id;
    const made = dataOf(
      await asAda(`/api/v1/projects/${teamProject}/notebooks`, { method: 'POST', body: { title: 'Base', code: notebookCode('base-1') } }),
      201,
    );
    await putFile(asAda, teamProject, made.meta.id, 'start.txt', Buffer.from('from the team\n'));

    const added = dataOf(await local('/api/v1/remotes', { method: 'POST', body: { name: 'team', url: team.url } }), 201);
    expect((await signInThroughApi(team, desktop, await team.cookieFor(ADA), added.authorize_url)).state).toBe('connected');
    const pulled = await operationEnd(
      local,
      dataOf(await local('/api/v1/remotes/team/pulls', { method: 'POST', body: { remote_project_id: teamProject } }), 202).id,
    );
    expect(pulled.state, JSON.stringify(pulled.error)).toBe('succeeded');
    localProject = pulled.project_id;
  }, 120_000);
  afterEach((context) => {
    if (context.task.result?.state === 'fail') failed = true;
  });
  afterAll(async () => {
    if (failed) {
      for (const line of team?.logs ?? []) console.log('team hub:', JSON.stringify(line).slice(0, 2000));
      for (const line of desktop?.logs().filter((entry) => ['warn', 'error', 'fatal'].includes(String(entry.level))) ?? [])
        console.log('desktop hub:', JSON.stringify(line).slice(0, 2000));
    }
    await desktop?.close();
    await team?.close();
  });

  /** Every local notebook against its team notebook: the same versions, each once, and the same files. */
  async function expectSameOnBothSides(files: Record<string, Record<string, Buffer>>) {
    const localNotebooks = await notebooksOf(local, localProject);
    const teamNotebooks = await notebooksOf(asAda, teamProject);
    expect(Object.keys(teamNotebooks).sort()).toEqual(Object.keys(localNotebooks).sort());
    const teamList = dataOf(await asAda(`/api/v1/projects/${teamProject}/notebooks?limit=200`)).items;
    expect(teamList).toHaveLength(Object.keys(localNotebooks).length);
    for (const [title, localId] of Object.entries(localNotebooks)) {
      const mine = (await versionsOf(local, localProject, localId)).map((version) => version.code);
      const theirs = (await versionsOf(asAda, teamProject, teamNotebooks[title]!)).map((version) => version.code);
      expect(theirs, title).toEqual(mine);
      expect(new Set(theirs).size, title).toBe(theirs.length);
      for (const [file, bytes] of Object.entries(files[title] ?? {}))
        expect(await workspaceFile(asAda, teamProject, teamNotebooks[title]!, file), file).toEqual(bytes);
    }
    const view = dataOf(await local(`/api/v1/projects/${localProject}/remote`));
    expect(
      view.notebooks.map((notebook: { state: string }) => notebook.state).every((state: string) => state === 'in_step'),
      JSON.stringify(view.notebooks),
    ).toBe(true);
  }

  it('reports a transfer’s progress as it goes: files and bytes that grow and end complete', async () => {
    const base = (await notebooksOf(local, localProject)).Base!;
    const files = Array.from({ length: 5 }, (_, index) => ({ name: `part-${index}.bin`, bytes: randomBytes(128 * 1024 + index) }));
    for (const file of files) await putFile(local, localProject, base, file.name, file.bytes);
    await saveVersion(local, localProject, base, notebookCode('base-progress'), 'with parts');
    // The team hub takes the uploads one at a time, each a little after the last: the progress,
    // written at most twice a second, has moments to show a transfer under way.
    let queue = Promise.resolve();
    const remove = team.tap({
      method: 'PUT',
      path: SYNC_PATHS.blobUpload,
      at: 'request',
      run: () => (queue = queue.then(() => new Promise((resolve) => setTimeout(resolve, 600)))),
    });
    const seen: { files_done: number; files_total: number; bytes_done: number; bytes_total: number; eta_seconds: number | null }[] = [];
    try {
      const done = await operationEnd(local, await startPush(), (operation) => seen.push(operation.progress));
      expect(done.state, JSON.stringify(done.error)).toBe('succeeded');
      const bytes = files.reduce((sum, file) => sum + file.bytes.length, 0);
      expect(done.progress).toEqual({ files_done: 6, files_total: 6, bytes_done: bytes, bytes_total: bytes, eta_seconds: 0 });
    } finally {
      remove();
    }
    for (const [index, progress] of seen.entries()) {
      if (index === 0) continue;
      expect(progress.files_done).toBeGreaterThanOrEqual(seen[index - 1]!.files_done);
      expect(progress.bytes_done).toBeGreaterThanOrEqual(seen[index - 1]!.bytes_done);
    }
    const underWay = seen.filter((progress) => progress.bytes_done > 0 && progress.bytes_done < progress.bytes_total);
    expect(underWay.length, JSON.stringify(seen)).toBeGreaterThan(0);
    expect(underWay.some((progress) => progress.eta_seconds !== null)).toBe(true);
    await expectSameOnBothSides({ Base: Object.fromEntries(files.map((file) => [file.name, file.bytes])) });
  });

  /** Where a push is killed: which request of the sync API, the how-manieth, and whether the team hub acted on it first. */
  const killPoints: (Pick<TeamTap, 'method' | 'path' | 'at'> & { name: string; count: number })[] = [
    { name: 'before the team hub takes the first version', method: 'POST', path: SYNC_PATHS.versionPush, at: 'request', count: 1 },
    { name: 'after the team hub made the second version, before its answer', method: 'POST', path: SYNC_PATHS.versionPush, at: 'send', count: 2 },
    { name: 'after the team hub made a new notebook, before its answer', method: 'POST', path: SYNC_PATHS.notebookPush, at: 'send', count: 1 },
    { name: 'after the second blob upload', method: 'PUT', path: SYNC_PATHS.blobUpload, at: 'send', count: 2 },
    { name: 'after the team hub wrote the workspace, before its answer', method: 'PUT', path: SYNC_PATHS.workspacePush, at: 'send', count: 1 },
  ];
  const randomPoint = () => {
    const kinds = [
      { method: 'POST', path: SYNC_PATHS.versionPush, most: 4 },
      { method: 'PUT', path: SYNC_PATHS.blobUpload, most: 3 },
    ] as const;
    const kind = kinds[randomInt(kinds.length)]!;
    const at = randomInt(2) === 0 ? ('request' as const) : ('send' as const);
    const count = 1 + randomInt(kind.most);
    return { name: `at random: ${kind.method} ${String(kind.path)} #${count} at ${at}`, method: kind.method, path: kind.path, at, count };
  };

  // Each of the rounds restarts the desktop hub process: on a loaded two-core machine they take minutes.
  it('keeps each version exactly once on the team hub when a push is killed with SIGKILL anywhere and run again', async () => {
    const files: Record<string, Record<string, Buffer>> = {};
    for (const [round, point] of [...killPoints, randomPoint(), randomPoint()].entries()) {
      // Something of every kind to push: versions of a notebook the team has, a new notebook with
      // versions of its own, and workspace files (blobs the team lacks).
      const base = (await notebooksOf(local, localProject)).Base!;
      for (let index = 1; index <= 4; index++) await saveVersion(local, localProject, base, notebookCode(`base-round-${round}-${index}`), `round ${round}`);
      const title = `Made in round ${round}`;
      const made = dataOf(
        await local(`/api/v1/projects/${localProject}/notebooks`, { method: 'POST', body: { title, code: notebookCode(`new-${round}-1`) } }),
        201,
      ).meta.id;
      await saveVersion(local, localProject, made, notebookCode(`new-${round}-2`), 'second');
      for (const [notebook, key, count] of [
        [base, 'Base', 3],
        [made, title, 1],
      ] as const) {
        for (let index = 0; index < count; index++) {
          const bytes = randomBytes(32 * 1024);
          const file = `round-${round}/file-${index}.bin`;
          await putFile(local, localProject, notebook, file, bytes);
          files[key] = { ...files[key], [file]: bytes };
        }
      }

      let killed = false;
      const remove = team.tap({
        ...point,
        run: (count) => {
          if (count !== point.count || killed) return;
          killed = true;
          desktop.killNow();
        },
      });
      try {
        // The answer may be cut off too when the kill comes early.
        await startPush().catch((error: unknown) => {
          if (!killed) throw error;
        });
        await desktop.stopped();
      } finally {
        remove();
        if (!desktop.running) await desktop.startAgain();
      }
      expect(killed, point.name).toBe(true);

      const again = await operationEnd(local, await startPush());
      expect(again.state, `${point.name}: ${JSON.stringify(again.error)}`).toBe('succeeded');
      expect(
        again.notebooks.filter((notebook: { outcome: string }) => notebook.outcome === 'conflict'),
        point.name,
      ).toEqual([]);
      await expectSameOnBothSides(files);
    }
  }, 300_000);

  it('refuses a viewer’s push on the team hub with a clear message, and writes nothing there', async () => {
    const vic = await team.hub.services.users.ensureByEmail(VIC, { name: 'Vic', superAdmin: false }, 'test');
    dataOf(await asAda(`/api/v1/projects/${teamProject}/members`, { method: 'POST', body: { user_id: vic.id, role: 'viewer' } }), 201);
    const issued = await runHubCommand(['token', 'create', '--email', 'vic@laptop.example'], desktop.env);
    expect(issued.code, issued.stderr).toBe(0);
    const asVicHere = (route: string, options: Parameters<DesktopHub['call']>[1] = {}) =>
      callHub(desktop.url, route, { token: issued.stdout.trim(), ...options });
    dataOf(await asVicHere('/api/v1/remotes', { method: 'POST', body: { name: 'team-vic', url: team.url, token: await team.tokenFor(VIC) } }), 201);
    expect(dataOf(await asVicHere('/api/v1/remotes/team-vic/projects'))).toEqual([expect.objectContaining({ id: teamProject, role: 'viewer' })]);
    // A viewer may pull.
    const pulled = await operationEnd(
      asVicHere,
      dataOf(await asVicHere('/api/v1/remotes/team-vic/pulls', { method: 'POST', body: { remote_project_id: teamProject } }), 202).id,
    );
    expect(pulled.state, JSON.stringify(pulled.error)).toBe('succeeded');
    const vicProject = pulled.project_id;
    const base = (await notebooksOf(asVicHere, vicProject)).Base!;
    await saveVersion(asVicHere, vicProject, base, notebookCode('a viewer’s change'), 'not allowed there');
    const teamBase = (await notebooksOf(asAda, teamProject)).Base!;
    const before = await versionsOf(asAda, teamProject, teamBase);

    const pushed = await operationEnd(asVicHere, dataOf(await asVicHere(`/api/v1/projects/${vicProject}/remote/push`, { method: 'POST' }), 202).id);
    expect(pushed.state).toBe('failed');
    expect(pushed.error.code).toBe('FORBIDDEN');
    expect(pushed.error.message).toMatch(new RegExp(`^the team hub of remote team-vic \\(${team.url.replaceAll('.', '\\.')}\\) refused: `));
    expect(await versionsOf(asAda, teamProject, teamBase)).toEqual(before);
    expect(
      dataOf(await asVicHere(`/api/v1/projects/${vicProject}/remote`)).notebooks.find((notebook: { title: string }) => notebook.title === 'Base'),
    ).toMatchObject({
      state: 'ahead',
    });
  });

  it('stops syncing with “sign in again” once the team hub’s user disconnects the desktop hub, and goes on after a new sign-in', async () => {
    const cookie = await team.cookieFor(ADA);
    const clients = dataOf(await team.call('/api/v1/me/connected-clients', { cookie }));
    expect(clients).toHaveLength(1);
    dataOf(await team.call(`/api/v1/me/connected-clients/${clients[0].id}`, { method: 'DELETE', cookie, headers: { origin: team.url } }));

    const base = (await notebooksOf(local, localProject)).Base!;
    await saveVersion(local, localProject, base, notebookCode('after the disconnection'), 'kept here meanwhile');
    const refused = await operationEnd(local, await startPush());
    expect(refused).toMatchObject({
      state: 'failed',
      error: { code: 'CONFLICT', message: 'the team hub revoked this connection: sign in again (remote team)' },
    });
    expect(dataOf(await local('/api/v1/remotes/team')).state).toBe('revoked');
    const fetched = await local(`/api/v1/projects/${localProject}/remote/fetch`, { method: 'POST' });
    expect(fetched.status).toBe(409);
    expect(fetched.json.error.message).toBe('the team hub revoked this connection: sign in again (remote team)');
    // Offline work and the status go on.
    expect(
      dataOf(await local(`/api/v1/projects/${localProject}/remote`)).notebooks.find((notebook: { title: string }) => notebook.title === 'Base'),
    ).toMatchObject({
      state: 'ahead',
    });

    const again = dataOf(await local('/api/v1/remotes/team/sign-in', { method: 'POST', body: {} }));
    expect((await signInThroughApi(team, desktop, cookie, again.authorize_url)).state).toBe('connected');
    const pushed = await operationEnd(local, await startPush());
    expect(pushed.state, JSON.stringify(pushed.error)).toBe('succeeded');
    expect((await versionsOf(asAda, teamProject, (await notebooksOf(asAda, teamProject)).Base!)).at(-1)!.code).toBe(notebookCode('after the disconnection'));
  });
});
