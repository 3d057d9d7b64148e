import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prerequisite } from '../setup/prerequisites.js';
import { launchChromium, type Chromium } from '../support/browser.js';
import { notebookCode } from '../support/remote-checks.js';
import {
  dataOf,
  DesktopHub,
  headOf,
  notebooksOf,
  operationEnd,
  putFile,
  saveVersion,
  SYNC_PATHS,
  TeamHub,
  versionsOf,
  workspaceFile,
} from '../support/two-hubs.js';

const seaweed = prerequisite('seaweedfs');
const chromium = prerequisite('chromium');
const SUITE = 'remotes between two real hubs: sign-in, pull, offline work, push, conflicts';

const ADA = 'ada@example.com';
const BOB = 'bob@example.com';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * A desktop hub (a `notebook-hub serve` process on a filesystem store) and a team hub (S3 on
 * SeaweedFS, OIDC sign-in with the test provider) keeping one project in step through the sync
 * API (docs/remotes.md). The tests run in order, each on what the one before left: the sign-in in
 * Chromium, a pull with history and workspace files, work while the team hub is down and a push
 * once it is back, and conflicts a second person on the team hub makes, resolved each way.
 */
describe.skipIf(seaweed === null || chromium === null)(SUITE, () => {
  let team: TeamHub;
  let desktop: DesktopHub;
  let browser: Chromium;
  let page: Page;
  let adaToken: string;
  let teamProject: string;
  let localProject: string;
  let failed = false;

  const teamAs =
    (token: string) =>
    (route: string, options: Parameters<TeamHub['call']>[1] = {}) =>
      team.call(route, { token, ...options });
  const local = (route: string, options: Parameters<DesktopHub['call']>[1] = {}) => desktop.call(route, options);
  const teamCodes = async (notebookId: string) => (await versionsOf(teamAs(adaToken), teamProject, notebookId)).map((version) => version.code);
  const localCodes = async (notebookId: string) => (await versionsOf(local, localProject, notebookId)).map((version) => version.code);
  const status = async () => dataOf(await local(`/api/v1/projects/${localProject}/remote`));
  const stateOf = (view: { notebooks: { notebook_id: string | null; state: string }[] }, notebookId: string) =>
    view.notebooks.find((notebook) => notebook.notebook_id === notebookId)?.state;
  const push = async () => operationEnd(local, dataOf(await local(`/api/v1/projects/${localProject}/remote/push`, { method: 'POST' }), 202).id);

  beforeAll(async () => {
    team = await TeamHub.start({
      seaweed: seaweed!,
      accounts: { ada: { email: ADA, email_verified: true, name: 'Ada Lovelace' } },
    });
    desktop = await DesktopHub.start();
    browser = await launchChromium(chromium!.executablePath);
    page = await browser.newPage();
    page.setDefaultTimeout(20_000);
  }, 120_000);
  afterEach((context) => {
    if (context.task.result?.state === 'fail') failed = true;
  });
  afterAll(async () => {
    if (failed) {
      for (const line of team?.logs ?? []) console.log('team hub:', JSON.stringify(line).slice(0, 2000));
      for (const line of desktop?.logs().filter((entry) => ['warn', 'error', 'fatal'].includes(String(entry.level))) ?? [])
        console.log('desktop hub:', JSON.stringify(line).slice(0, 2000));
      console.log('browser console:', browser?.console.join('\n'));
    }
    await browser?.close();
    await desktop?.close();
    await team?.close();
  });

  it('signs the desktop hub in to the team hub in the browser: OIDC sign-in, consent, callback, connected', async () => {
    const added = dataOf(await local('/api/v1/remotes', { method: 'POST', body: { name: 'team', url: team.url } }), 201);
    expect(added.remote).toMatchObject({ name: 'team', url: team.url, state: 'signing_in', sign_in: 'oauth' });
    const authorize = new URL(added.authorize_url);
    expect(authorize.origin).toBe(team.url);
    expect(authorize.searchParams.get('resource')).toBe(`${team.url}/api/v1/sync`);
    expect(authorize.searchParams.get('scope')).toBe('remote');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${desktop.url}/api/v1/remotes/team/callback`);

    // Signed out of the team hub: its consent page sends the browser to the identity provider first.
    await page.goto(added.authorize_url);
    await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
    await page.locator('input[name="login"]').fill('ada');
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').click();
    const providerConsent = page.locator('input[name="prompt"][value="consent"]');
    const allow = page.getByRole('button', { name: 'Allow' });
    await providerConsent.or(allow).first().waitFor({ state: 'attached' });
    if (await providerConsent.count()) await page.locator('button[type="submit"]').click();
    // The team hub's own consent page names the desktop hub and what it may do.
    await expect.poll(() => page.getByText('Notebook Hub on').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText("Pull this hub's projects you can read").count()).toBeGreaterThan(0);
    await allow.click();
    await page.waitForURL((url) => url.href.startsWith(`${desktop.url}/api/v1/remotes/team/callback`));
    await expect.poll(() => page.locator('body').innerText()).toContain('You can close this window');

    const remote = dataOf(await local('/api/v1/remotes/team'));
    expect(remote).toMatchObject({ state: 'connected', sign_in: 'oauth', hub: { id: expect.stringMatching(/^hub-/) } });
    expect(JSON.stringify(remote)).not.toMatch(/access_token|refresh_token/);
    // Who signed in, as the team hub names them (the identity provider's name and the email).
    expect(remote.user_name).toBe(`Ada Lovelace (${ADA})`);
    // The team hub lists the desktop hub among Ada's connected clients, with the remote scope only.
    const connected = dataOf(await team.call('/api/v1/me/connected-clients', { cookie: await team.cookieFor(ADA) }));
    expect(connected).toEqual([expect.objectContaining({ client_name: expect.stringMatching(/^Notebook Hub on /), scopes: ['remote'] })]);
    // A used sign-in cannot be replayed.
    const replay = await local(`/api/v1/remotes/team/callback?${new URL(page.url()).searchParams}`, { token: '' });
    expect(replay.status).toBe(401);
  });

  /** The team project: three notebooks with several versions each, workspace files, one binary and shared. */
  const binary = randomBytes(300 * 1024);
  const summary = Buffer.from('# Summary\n\nWritten on the team hub.\n');
  const csv = Buffer.from('day,value\n1,10\n2,20\n');
  const team0: Record<string, string> = {};
  const local0: Record<string, string> = {};

  it('pulls a team project with its history and workspace files, then only what is new', async () => {
    adaToken = await team.tokenFor(ADA);
    const asAda = teamAs(adaToken);
    teamProject = dataOf(await asAda('/api/v1/projects', { method: 'POST', body: { name: 'Forecasts', description: 'Kept in step' } }), 201).id;
    const bobUser = await team.hub.services.users.ensureByEmail(BOB, { name: 'Bob', superAdmin: false }, 'test');
    dataOf(await asAda(`/api/v1/projects/${teamProject}/members`, { method: 'POST', body: { user_id: bobUser.id, role: 'editor' } }), 201);
    const plan: Record<string, number> = { Analysis: 3, Report: 4, Scratch: 2 };
    for (const [title, count] of Object.entries(plan)) {
      const made = dataOf(await asAda(`/api/v1/projects/${teamProject}/notebooks`, { method: 'POST', body: { title, code: notebookCode(`${title}-1`) } }), 201);
      team0[title] = made.meta.id;
      for (let index = 2; index <= count; index++) await saveVersion(asAda, teamProject, made.meta.id, notebookCode(`${title}-${index}`), `${title} ${index}`);
    }
    await putFile(asAda, teamProject, team0.Analysis!, 'data.csv', csv);
    await putFile(asAda, teamProject, team0.Analysis!, 'model.bin', binary);
    await putFile(asAda, teamProject, team0.Report!, 'model.bin', binary);
    await putFile(asAda, teamProject, team0.Report!, 'notes/summary.md', summary);

    const before = team.requests.length;
    const started = dataOf(await local('/api/v1/remotes/team/pulls', { method: 'POST', body: { remote_project_id: teamProject } }), 202);
    const pulled = await operationEnd(local, started.id);
    expect(pulled.state, JSON.stringify(pulled.error)).toBe('succeeded');
    localProject = pulled.project_id;
    expect(dataOf(await local(`/api/v1/projects/${localProject}`))).toMatchObject({ name: 'Forecasts', description: 'Kept in step' });
    Object.assign(local0, await notebooksOf(local, localProject));
    expect(Object.keys(local0).sort()).toEqual(['Analysis', 'Report', 'Scratch']);
    for (const title of Object.keys(plan)) {
      const theirs = await versionsOf(asAda, teamProject, team0[title]!);
      const mine = await versionsOf(local, localProject, local0[title]!);
      expect(mine.map((version) => version.code)).toEqual(theirs.map((version) => version.code));
      expect(mine.map((version) => version.message)).toEqual(theirs.map((version) => version.message));
      expect(mine).toHaveLength(plan[title]!);
    }
    expect(await workspaceFile(local, localProject, local0.Analysis!, 'data.csv')).toEqual(csv);
    expect(await workspaceFile(local, localProject, local0.Analysis!, 'model.bin')).toEqual(binary);
    expect(await workspaceFile(local, localProject, local0.Report!, 'model.bin')).toEqual(binary);
    expect(await workspaceFile(local, localProject, local0.Report!, 'notes/summary.md')).toEqual(summary);

    // Content-addressed: each distinct blob crossed once, the shared binary too, and progress says what crossed.
    const downloads = team.requestsSince(before, 'GET', SYNC_PATHS.blobDownload);
    expect(downloads.map((request) => request.path.split('/').pop()).sort()).toEqual([sha256(csv), sha256(binary), sha256(summary)].sort());
    const bytes = csv.length + binary.length + summary.length;
    expect(downloads.reduce((sum, request) => sum + request.bytes, 0)).toBe(bytes);
    expect(pulled.progress).toMatchObject({ files_done: 9 + 3, files_total: 9 + 3, bytes_done: bytes, bytes_total: bytes, eta_seconds: 0 });
    const view = await status();
    expect(view.summary).toMatchObject({ in_step: 3 });
    expect(view.link).toMatchObject({ remote: 'team', remote_project_id: teamProject });

    // The team moves on: a new version of the data and of the report; the second pull brings only those.
    const csv2 = Buffer.from('day,value\n1,10\n2,20\n3,30\n');
    await putFile(asAda, teamProject, team0.Analysis!, 'data.csv', csv2);
    await saveVersion(asAda, teamProject, team0.Analysis!, notebookCode('Analysis-4'), 'Analysis 4');
    await saveVersion(teamAs(await team.tokenFor(BOB)), teamProject, team0.Report!, notebookCode('Report-5'), 'Report 5');
    const again = team.requests.length;
    const second = await operationEnd(
      local,
      dataOf(await local('/api/v1/remotes/team/pulls', { method: 'POST', body: { remote_project_id: teamProject, project_id: localProject } }), 202).id,
    );
    expect(second.state, JSON.stringify(second.error)).toBe('succeeded');
    expect(team.requestsSince(again, 'GET', SYNC_PATHS.blobDownload).map((request) => request.path.split('/').pop())).toEqual([sha256(csv2)]);
    expect(second.progress).toMatchObject({ files_done: 3, files_total: 3, bytes_done: csv2.length, bytes_total: csv2.length });
    expect(await workspaceFile(local, localProject, local0.Analysis!, 'data.csv')).toEqual(csv2);
    expect(await workspaceFile(local, localProject, local0.Analysis!, 'model.bin')).toEqual(binary);
    expect(await localCodes(local0.Analysis!)).toEqual(await teamCodes(team0.Analysis!));
    expect(await localCodes(local0.Report!)).toEqual(await teamCodes(team0.Report!));
    expect(await localCodes(local0.Report!)).toHaveLength(5);
    expect((await status()).summary).toMatchObject({ in_step: 3 });
  });

  it('works with the team hub stopped, shows the status offline, and pushes once the team hub is back', async () => {
    await team.stop();
    await saveVersion(local, localProject, local0.Analysis!, notebookCode('Analysis-offline-1'), 'on the plane');
    await saveVersion(local, localProject, local0.Analysis!, notebookCode('Analysis-offline-2'), 'still on the plane');
    await saveVersion(local, localProject, local0.Scratch!, notebookCode('Scratch-offline'), 'scratch on the plane');
    const notes = Buffer.from('measured offline\n');
    const shared = randomBytes(64 * 1024);
    await putFile(local, localProject, local0.Scratch!, 'offline.txt', notes);
    await putFile(local, localProject, local0.Scratch!, 'shared.bin', shared);
    await putFile(local, localProject, local0.Analysis!, 'shared.bin', shared);
    const made = dataOf(
      await local(`/api/v1/projects/${localProject}/notebooks`, { method: 'POST', body: { title: 'Made offline', code: notebookCode('made-offline') } }),
      201,
    ).meta.id;

    const offline = await status();
    expect(stateOf(offline, local0.Analysis!)).toBe('ahead');
    expect(stateOf(offline, local0.Scratch!)).toBe('ahead');
    expect(stateOf(offline, local0.Report!)).toBe('in_step');
    expect(stateOf(offline, made)).toBe('local_only');
    expect(offline.notebooks.find((notebook: { notebook_id: string }) => notebook.notebook_id === local0.Scratch).workspace).toBe('ahead');
    const fetched = await local(`/api/v1/projects/${localProject}/remote/fetch`, { method: 'POST' });
    expect(fetched.status).toBe(503);
    expect(fetched.json.error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringContaining(`the team hub of remote team (${team.url}) is unreachable`),
    });
    const refused = await push();
    expect(refused).toMatchObject({ state: 'failed', error: { code: 'SERVICE_UNAVAILABLE' } });
    expect(stateOf(await status(), local0.Analysis!)).toBe('ahead');

    await team.startAgain();
    const before = team.requests.length;
    const pushed = await push();
    expect(pushed.state, JSON.stringify(pushed.error)).toBe('succeeded');
    // Each new blob crossed once, the one two notebooks share too; the progress counts what crossed.
    const uploads = team.requestsSince(before, 'PUT', SYNC_PATHS.blobUpload);
    expect(uploads.map((request) => request.path.split('/').pop()).sort()).toEqual([sha256(notes), sha256(shared)].sort());
    expect(pushed.progress).toMatchObject({ bytes_done: notes.length + shared.length, bytes_total: notes.length + shared.length });
    expect(pushed.progress.files_done).toBe(pushed.progress.files_total);
    const teamNotebooks = await notebooksOf(teamAs(adaToken), teamProject);
    expect((await teamCodes(team0.Analysis!)).slice(-3)).toEqual([
      notebookCode('Analysis-4'),
      notebookCode('Analysis-offline-1'),
      notebookCode('Analysis-offline-2'),
    ]);
    expect(await teamCodes(team0.Analysis!)).toEqual(await localCodes(local0.Analysis!));
    expect(await teamCodes(team0.Scratch!)).toEqual(await localCodes(local0.Scratch!));
    expect(await workspaceFile(teamAs(adaToken), teamProject, team0.Scratch!, 'offline.txt')).toEqual(notes);
    expect(await workspaceFile(teamAs(adaToken), teamProject, team0.Scratch!, 'shared.bin')).toEqual(shared);
    expect(await workspaceFile(teamAs(adaToken), teamProject, team0.Analysis!, 'shared.bin')).toEqual(shared);
    expect(await teamCodes(teamNotebooks['Made offline']!)).toEqual([notebookCode('made-offline')]);
    team0['Made offline'] = teamNotebooks['Made offline']!;
    const view = await status();
    expect(view.notebooks.map((notebook: { state: string }) => notebook.state)).toEqual(['in_step', 'in_step', 'in_step', 'in_step']);
  });

  it('keeps a conflict with a second person on the team hub, resolved each way, losing no version on either side', async () => {
    const asBob = teamAs(await team.tokenFor(BOB));
    const choices = { Analysis: 'keep_both', Report: 'take_theirs', Scratch: 'merged' } as const;
    const teamBefore: Record<string, string[]> = {};
    const localBefore: Record<string, string[]> = {};
    for (const title of Object.keys(choices)) {
      teamBefore[title] = await teamCodes(team0[title]!);
      localBefore[title] = await localCodes(local0[title]!);
      expect(localBefore[title]).toEqual(teamBefore[title]);
      await saveVersion(asBob, teamProject, team0[title]!, notebookCode(`${title}-theirs`), `Bob's ${title}`);
      await saveVersion(local, localProject, local0[title]!, notebookCode(`${title}-mine`), `Ada's ${title}`);
    }
    const pushed = await push();
    expect(pushed.state, JSON.stringify(pushed.error)).toBe('succeeded');
    for (const title of Object.keys(choices)) {
      expect(pushed.notebooks.find((notebook: { notebook_id: string }) => notebook.notebook_id === local0[title])).toMatchObject({ outcome: 'conflict' });
      // Nothing was overwritten on the team hub.
      expect(await teamCodes(team0[title]!)).toEqual([...teamBefore[title]!, notebookCode(`${title}-theirs`)]);
    }
    expect(dataOf(await local(`/api/v1/projects/${localProject}/remote/conflicts`))).toHaveLength(3);
    const conflict = dataOf(await local(`/api/v1/projects/${localProject}/remote/conflicts/${local0.Analysis}`));
    expect(conflict).toMatchObject({
      base: { code: teamBefore.Analysis!.at(-1) },
      mine: { code: notebookCode('Analysis-mine') },
      theirs: { code: notebookCode('Analysis-theirs'), author: BOB },
    });
    expect(stateOf(await status(), local0.Analysis!)).toBe('diverged');

    for (const [title, choice] of Object.entries(choices)) {
      const body = choice === 'merged' ? { choice, code: notebookCode(`${title}-merged`) } : { choice };
      const resolved = dataOf(await local(`/api/v1/projects/${localProject}/remote/conflicts/${local0[title]}/resolve`, { method: 'POST', body }));
      expect(resolved).toMatchObject({ choice, pushed: choice !== 'take_theirs' });
    }
    const mine = (title: string) => notebookCode(`${title}-mine`);
    const theirs = (title: string) => notebookCode(`${title}-theirs`);
    expect(await teamCodes(team0.Analysis!)).toEqual([...teamBefore.Analysis!, theirs('Analysis'), mine('Analysis')]);
    expect(await localCodes(local0.Analysis!)).toEqual([...localBefore.Analysis!, mine('Analysis'), theirs('Analysis'), mine('Analysis')]);
    expect(await teamCodes(team0.Report!)).toEqual([...teamBefore.Report!, theirs('Report')]);
    expect(await localCodes(local0.Report!)).toEqual([...localBefore.Report!, mine('Report'), theirs('Report')]);
    expect(await teamCodes(team0.Scratch!)).toEqual([...teamBefore.Scratch!, theirs('Scratch'), notebookCode('Scratch-merged')]);
    expect(await localCodes(local0.Scratch!)).toEqual([...localBefore.Scratch!, mine('Scratch'), theirs('Scratch'), notebookCode('Scratch-merged')]);
    expect(dataOf(await local(`/api/v1/projects/${localProject}/remote/conflicts`))).toEqual([]);

    // Everything is in step; another push sends nothing twice.
    expect((await status()).notebooks.map((notebook: { state: string }) => notebook.state)).toEqual(['in_step', 'in_step', 'in_step', 'in_step']);
    const again = await push();
    expect(again.state).toBe('succeeded');
    expect(again.notebooks.map((notebook: { outcome: string }) => notebook.outcome)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged']);
    expect(await teamCodes(team0.Analysis!)).toHaveLength(teamBefore.Analysis!.length + 2);
    expect(await headOf(teamAs(adaToken), teamProject, team0.Report!)).toBe(
      (await versionsOf(teamAs(adaToken), teamProject, team0.Report!)).at(-1)!.version_id,
    );
  });
});
