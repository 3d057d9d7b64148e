import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerequisite } from '../setup/prerequisites.js';
import { runHubCommand } from '../support/hub-process.js';
import { notebookCode } from '../support/remote-checks.js';
import { dataOf, DesktopHub, notebooksOf, putFile, saveVersion, TeamHub, versionsOf, workspaceFile } from '../support/two-hubs.js';

const seaweed = prerequisite('seaweedfs');
const SUITE = 'notebook-hub remote between two headless hubs';

/**
 * The command line moving a project between two deployments (docs/remotes.md, "The command
 * line"): a headless hub (filesystem store; stopped while the commands run, as a hub an operator
 * works on) signs in to the team hub (S3 on SeaweedFS) with a personal access token, pulls a
 * project, pushes its own versions back, and tells a conflict by its exit code.
 */
describe.skipIf(seaweed === null)(SUITE, () => {
  let team: TeamHub;
  let headless: DesktopHub;
  let adaToken: string;
  let teamProject: string;
  let localProject: string;
  const teamNotebooks: Record<string, string> = {};

  const asAda = (route: string, options: Parameters<TeamHub['call']>[1] = {}) => team.call(route, { token: adaToken, ...options });
  const local = (route: string, options: Parameters<DesktopHub['call']>[1] = {}) => headless.call(route, options);
  const remote = (...args: string[]) => runHubCommand(['remote', '--as', 'ada@laptop.example', ...args], headless.env);
  /** Runs `work` against the headless hub while it serves, then stops it again. */
  const whileServing = async <T>(work: () => Promise<T>): Promise<T> => {
    await headless.startAgain();
    try {
      return await work();
    } finally {
      await headless.stopped();
    }
  };

  beforeAll(async () => {
    team = await TeamHub.start({ seaweed: seaweed!, accounts: {} });
    adaToken = await team.tokenFor('ada@example.com');
    teamProject = dataOf(await asAda('/api/v1/projects', { method: 'POST', body: { name: 'Moved between deployments' } }), 201).id;
    for (const title of ['One', 'Two']) {
      teamNotebooks[title] = dataOf(
        await asAda(`/api/v1/projects/${teamProject}/notebooks`, { method: 'POST', body: { title, code: notebookCode(`${title}-1`) } }),
        201,
      ).meta.id;
      await saveVersion(asAda, teamProject, teamNotebooks[title]!, notebookCode(`${title}-2`), `${title} 2`);
    }
    await putFile(asAda, teamProject, teamNotebooks.One!, 'input.csv', Buffer.from('a,b\n1,2\n'));
    headless = await DesktopHub.start();
    await headless.stopped();
  }, 120_000);
  afterAll(async () => {
    await headless?.close();
    await team?.close();
  });

  it('adds the team hub with a token, lists its projects and pulls one', async () => {
    const added = await remote('add', 'team', team.url, '--token', await team.tokenFor('ada@example.com'));
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toBe(`remote team: ${new URL(team.url).host}, signed in with a token\n`);
    const listed = await remote('list');
    expect(listed.stdout).toBe(`team\t${team.url}\tconnected\t${new URL(team.url).host}\n`);
    const projects = await remote('projects', 'team');
    expect(projects.stdout).toBe(`${teamProject}\tmanager\tMoved between deployments\n`);

    const pulled = await remote('pull', 'team', teamProject);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stderr).toMatch(/\[pull\] 5\/5 files, 0\.0 MB\/0\.0 MB/);
    localProject = /^project (proj-[0-9a-z]{16})$/m.exec(pulled.stdout)?.[1] ?? '';
    expect(localProject, pulled.stdout).not.toBe('');
    expect(pulled.stdout.split('\n').filter((line) => /\tcreated\t/.test(line))).toHaveLength(2);
    const status = await remote('status', localProject);
    expect(status.code, status.stderr).toBe(0);
    expect(
      status.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\t')[1]),
    ).toEqual(['in_step', 'in_step']);

    await whileServing(async () => {
      const notebooks = await notebooksOf(local, localProject);
      for (const title of ['One', 'Two']) {
        const codes = (await versionsOf(local, localProject, notebooks[title]!)).map((version) => version.code);
        expect(codes).toEqual([notebookCode(`${title}-1`), notebookCode(`${title}-2`)]);
      }
      expect((await workspaceFile(local, localProject, notebooks.One!, 'input.csv'))?.toString()).toBe('a,b\n1,2\n');
    });
  });

  it('sees the team move on with --fetch, pulls it into the same project, and pushes its own versions back', async () => {
    await saveVersion(asAda, teamProject, teamNotebooks.One!, notebookCode('One-3'), 'One 3 on the team hub');
    const fetched = await remote('status', localProject, '--fetch');
    expect(fetched.code, fetched.stderr).toBe(0);
    expect(fetched.stdout).toMatch(/\tbehind\t.*\tOne\n/);
    const pulled = await remote('pull', 'team', teamProject, '--into', localProject);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stdout).toMatch(/\tupdated\t1 version\(s\)\tOne\n/);

    await whileServing(async () => {
      const one = (await notebooksOf(local, localProject)).One!;
      await saveVersion(local, localProject, one, notebookCode('One-headless'), 'made on the headless hub');
    });
    const pushed = await remote('push', localProject);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stdout).toMatch(/\tupdated\t1 version\(s\)\tOne\n/);
    expect((await versionsOf(asAda, teamProject, teamNotebooks.One!)).map((version) => version.code)).toEqual([
      notebookCode('One-1'),
      notebookCode('One-2'),
      notebookCode('One-3'),
      notebookCode('One-headless'),
    ]);
    // Pushing again sends nothing twice.
    const again = await remote('push', localProject);
    expect(again.code, again.stderr).toBe(0);
    expect(await versionsOf(asAda, teamProject, teamNotebooks.One!)).toHaveLength(4);
  });

  it('ends with exit code 2 when a notebook changed on both sides, and 1 with the reason when the team hub is down', async () => {
    await saveVersion(asAda, teamProject, teamNotebooks.Two!, notebookCode('Two-team'), 'changed on the team hub');
    await whileServing(async () => {
      const two = (await notebooksOf(local, localProject)).Two!;
      await saveVersion(local, localProject, two, notebookCode('Two-headless'), 'changed on the headless hub');
    });
    const pushed = await remote('push', localProject);
    expect(pushed.code, pushed.stderr).toBe(2);
    expect(pushed.stdout).toMatch(/\tconflict\t0 version\(s\)\tTwo\t/);
    expect(pushed.stderr).toContain('1 notebook(s) changed on both sides');
    const status = await remote('status', localProject);
    expect(status.code).toBe(2);
    expect(status.stdout).toMatch(/\tdiverged\t.*\tconflict\tTwo\n/);
    expect((await versionsOf(asAda, teamProject, teamNotebooks.Two!)).at(-1)!.code).toBe(notebookCode('Two-team'));

    await team.stop();
    try {
      const down = await remote('push', localProject);
      expect(down.code).toBe(1);
      expect(down.stderr).toContain(`the team hub of remote team (${team.url}) is unreachable`);
      expect(down.stderr).toContain('run the command again to go on from where it stopped');
    } finally {
      await team.startAgain();
    }
    const removed = await remote('remove', 'team');
    expect(removed.code, removed.stderr).toBe(0);
    expect((await remote('list')).stdout).toBe('');
  });
});
