import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { secretHash } from '../../service/src/core/identity/secrets.js';
import { runOutputText } from '../../service/src/core/notebooks/run-output-text.js';
import { getJson, jsonBody } from '../../service/src/core/store/cas.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { prerequisite } from '../setup/prerequisites.js';
import { runHubCommand } from '../support/hub-process.js';
import { connectKernel, saveCells, serverTokenOf } from '../support/marimo-client.js';
import { notebookCode } from '../support/remote-checks.js';
import { kernelShows } from '../support/secrets-world.js';
import { eventually } from '../support/session-world.js';
import { callHub, dataOf, DesktopHub, headOf, notebooksOf, operationEnd, saveVersion, signInThroughApi, TeamHub, versionsOf } from '../support/two-hubs.js';

const seaweed = prerequisite('seaweedfs');
const runtime = prerequisite('sandboxRuntime');
const SUITE = 'remotes between two real hubs: running a notebook on the team hub';

const ADA = 'ada@example.com';
/** A notebook whose one cell prints what it computes (a cell's return value is no output in marimo): what it printed shows that it ran. */
const printing = (first: string, second: string) => notebookCode(first).replace(`return "${first}"`, `print("${first}" + "${second}")\n    return`);
const HEAVY_LOCAL = printing('heavy', '-local');
const VIC = 'vic@example.com';

/**
 * Running on the team's compute (docs/remotes.md, "Running on the team hub"): the desktop hub (a
 * process of its own) starts a session on the team hub (S3 on SeaweedFS, OIDC, the local sandbox
 * runtime) for a notebook it pulled, after pushing what was new; the window's one-use launch link
 * signs a browser in there; a cell runs through the team hub's proxy; the session stops and its
 * saved result comes back as a local version on the right base. A viewer there is refused an edit
 * session; a job runs there and its output and log come back; with jobs off, a clear refusal.
 */
describe.skipIf(seaweed === null || runtime === null)(SUITE, () => {
  let team: TeamHub;
  let desktop: DesktopHub;
  let adaToken: string;
  let teamProject: string;
  let teamNotebook: string;
  let localProject: string;
  let localNotebook: string;
  let failed = false;

  const asAda = (route: string, options: Parameters<TeamHub['call']>[1] = {}) => team.call(route, { token: adaToken, ...options });
  const local = (route: string, options: Parameters<DesktopHub['call']>[1] = {}) => desktop.call(route, options);
  const runs = '/api/v1/remote-runs';
  /** Reads a run on the desktop hub until `done` says so. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const runUntil = (id: string, done: (run: any) => boolean, tick?: () => Promise<unknown>) =>
    eventually(
      async () => {
        await tick?.();
        return dataOf(await local(`${runs}/${id}`));
      },
      done,
      180_000,
    );

  beforeAll(async () => {
    team = await TeamHub.start({
      seaweed: seaweed!,
      accounts: {},
      env: {
        SERVICE_SANDBOX_RUNTIME_DIR: runtime!.runtimeDir,
        SERVICE_JOBS: 'on',
        SERVICE_COMPUTE_PROFILES: JSON.stringify([{ name: 'default' }, { name: 'gpu-large', cpu: 2 }]),
        SERVICE_COMPUTE_PROFILE_OVERRIDE: 'editors',
      },
    });
    desktop = await DesktopHub.start();
    adaToken = await team.tokenFor(ADA);
    teamProject = dataOf(await asAda('/api/v1/projects', { method: 'POST', body: { name: 'Heavy work' } }), 201).id;
    teamNotebook = dataOf(
      await asAda(`/api/v1/projects/${teamProject}/notebooks`, { method: 'POST', body: { title: 'Heavy', code: notebookCode('heavy-1') } }),
      201,
    ).meta.id;
    const added = dataOf(await local('/api/v1/remotes', { method: 'POST', body: { name: 'team', url: team.url } }), 201);
    expect((await signInThroughApi(team, desktop, await team.cookieFor(ADA), added.authorize_url)).state).toBe('connected');
    const pulled = await operationEnd(
      local,
      dataOf(await local('/api/v1/remotes/team/pulls', { method: 'POST', body: { remote_project_id: teamProject } }), 202).id,
    );
    expect(pulled.state, JSON.stringify(pulled.error)).toBe('succeeded');
    localProject = pulled.project_id;
    localNotebook = (await notebooksOf(local, localProject)).Heavy!;
  }, 180_000);
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
    if (team?.running) for (const sandbox of await team.hub.services.sandboxes.list()) await team.hub.services.sandboxes.destroy(sandbox.id);
    await team?.close();
  });

  it("lists the team hub's compute profiles", async () => {
    const compute = dataOf(await local(`/api/v1/projects/${localProject}/remote/compute`));
    expect(compute.profiles.map((profile: { name: string }) => profile.name)).toEqual(['default', 'gpu-large']);
    expect(compute).toMatchObject({ default_profile: 'default', profile_choice: 'editors', jobs_available: true });
  });

  it('runs the notebook in a session on the team hub, opened through a one-use link, and brings its result back as a local version', async () => {
    await saveVersion(local, localProject, localNotebook, HEAVY_LOCAL, 'changed on the laptop');
    const started = dataOf(
      await local(`/api/v1/projects/${localProject}/notebooks/${localNotebook}/remote/sessions`, {
        method: 'POST',
        body: { mode: 'edit', compute_profile: 'gpu-large' },
      }),
      201,
    );
    const { run, launch } = started;
    // The notebook was ahead: its new version went first, and the session runs it on the profile chosen.
    expect(run.push_operation_id).not.toBeNull();
    expect((await versionsOf(asAda, teamProject, teamNotebook)).map((version) => version.code)).toContain(HEAVY_LOCAL);
    expect(run).toMatchObject({ kind: 'session', mode: 'edit', compute_profile: 'gpu-large', team: { compute_profile: 'gpu-large' } });
    expect(launch.launch_url).toMatch(new RegExp(`^${team.url.replaceAll('.', '\\.')}/api/v1/sync/launches/[A-Za-z0-9_-]{43}$`));
    const sessionId = run.team.session_id as string;

    // The window opens the link: a browser session of the team hub, then the session's page.
    const opened = await callHub('', launch.launch_url);
    expect(opened.status, opened.text).toBe(303);
    expect(opened.headers.get('location')).toBe(`/projects/${teamProject}/notebooks/${teamNotebook}/edit`);
    const cookie = /svc_session=([^;]+)/.exec(opened.headers.get('set-cookie') ?? '')?.[1];
    expect(cookie).toBeDefined();
    expect(dataOf(await team.call('/api/v1/me', { cookie })).email).toBe(ADA);
    // Once only.
    expect((await callHub('', launch.launch_url)).status).toBe(401);

    // A link not used within its minute opens nothing.
    const late = dataOf(await local(`${runs}/${run.id}/launch`, { method: 'POST' }), 201);
    const key = layout.sessionLaunch(secretHash(late.launch_url.split('/').pop()));
    const stored = await getJson<{ expires_at: string }>(team.hub.services.store, key);
    await team.hub.services.store.put(key, jsonBody({ ...stored!.value, expires_at: new Date(Date.now() - 1000).toISOString() }), { ifMatch: stored!.etag });
    expect((await callHub('', late.launch_url)).status).toBe(401);
    expect(await team.hub.services.store.head(key)).toBeNull();

    const running = await runUntil(run.id, (current) => current.state !== 'starting');
    expect(running.state, JSON.stringify(running)).toBe('running');

    // A cell runs through the team hub's proxy, with the browser session the link gave.
    const headers = { cookie: `svc_session=${cookie}`, origin: team.url };
    const root = `${team.url}/s/${sessionId}`;
    const kernel = await connectKernel(root, headers);
    try {
      await kernel.waitFor('kernel-ready');
      const page = await callHub(root, '/', { headers });
      const serverToken = serverTokenOf(page.text)!;
      expect(serverToken).toBeTruthy();
      const ran = await fetch(`${root}/api/kernel/instantiate`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'marimo-session-id': kernel.marimoSessionId, 'marimo-server-token': serverToken },
        body: JSON.stringify({ objectIds: [], values: [], autoRun: true }),
      });
      expect(ran.ok, await ran.text()).toBe(true);
      const shown = await kernelShows(kernel, 'heavy-local');
      expect(shown, JSON.stringify(kernel.messages.filter((message) => message.op === 'cell-op')).slice(0, 3000)).toBe(true);
      const saved = await saveCells(root, headers, kernel, serverToken, () => ['result = "on-the-gpu"\nresult']);
      expect(saved.ok, await saved.text()).toBe(true);
    } finally {
      kernel.close();
    }

    // Stopped from here: the team session saves, and its result comes back as a local version.
    const ended = dataOf(await local(`${runs}/${run.id}/stop`, { method: 'POST' }));
    expect(ended.state, JSON.stringify(ended)).toBe('ended');
    const teamHead = await headOf(asAda, teamProject, teamNotebook);
    const localHead = await headOf(local, localProject, localNotebook);
    expect(ended.result).toMatchObject({ outcome: 'updated', local_version_id: localHead, remote_version_id: teamHead });
    const localCodes = (await versionsOf(local, localProject, localNotebook)).map((version) => version.code);
    const teamCodes = (await versionsOf(asAda, teamProject, teamNotebook)).map((version) => version.code);
    expect(localCodes.at(-1)).toBe(teamCodes.at(-1));
    expect(localCodes.at(-1)).toContain('result = "on-the-gpu"');
    const status = dataOf(await local(`/api/v1/projects/${localProject}/remote`));
    expect(status.notebooks.find((notebook: { notebook_id: string }) => notebook.notebook_id === localNotebook)).toMatchObject({
      state: 'in_step',
      base_local_version_id: localHead,
      base_remote_version_id: teamHead,
    });
    // Read again, it stays as it ended; its launch is refused.
    expect(dataOf(await local(`${runs}/${run.id}`))).toMatchObject({ state: 'ended', result: ended.result });
    expect((await local(`${runs}/${run.id}/launch`, { method: 'POST' })).status).toBe(409);
    expect(dataOf(await local(`${runs}?project_id=${localProject}`)).items.map((item: { id: string }) => item.id)).toContain(run.id);
  }, 300_000);

  it('refuses a diverged notebook, and a viewer of the team project an edit session there', async () => {
    // Changed on both sides: resolve first.
    await saveVersion(asAda, teamProject, teamNotebook, printing('team', '-side'), 'on the team hub');
    await saveVersion(local, localProject, localNotebook, notebookCode('laptop-side'), 'on the laptop');
    const diverged = await local(`/api/v1/projects/${localProject}/notebooks/${localNotebook}/remote/sessions`, { method: 'POST', body: {} });
    expect(diverged.status).toBe(409);
    expect(diverged.json.error.message).toMatch(/resolve the conflict/);

    const vic = await team.hub.services.users.ensureByEmail(VIC, { name: 'Vic', superAdmin: false }, 'test');
    dataOf(await asAda(`/api/v1/projects/${teamProject}/members`, { method: 'POST', body: { user_id: vic.id, role: 'viewer' } }), 201);
    const issued = await runHubCommand(['token', 'create', '--email', 'vic@laptop.example'], desktop.env);
    expect(issued.code, issued.stderr).toBe(0);
    const asVicHere = (route: string, options: Parameters<DesktopHub['call']>[1] = {}) =>
      callHub(desktop.url, route, { token: issued.stdout.trim(), ...options });
    dataOf(await asVicHere('/api/v1/remotes', { method: 'POST', body: { name: 'team-vic', url: team.url, token: await team.tokenFor(VIC) } }), 201);
    const pulled = await operationEnd(
      asVicHere,
      dataOf(await asVicHere('/api/v1/remotes/team-vic/pulls', { method: 'POST', body: { remote_project_id: teamProject } }), 202).id,
    );
    expect(pulled.state, JSON.stringify(pulled.error)).toBe('succeeded');
    const vicNotebook = (await notebooksOf(asVicHere, pulled.project_id)).Heavy!;
    const sessionsBefore = (await team.hub.services.sessionStore.list(teamProject, { cursor: null, limit: 100 })).items.length;
    const refused = await asVicHere(`/api/v1/projects/${pulled.project_id}/notebooks/${vicNotebook}/remote/sessions`, {
      method: 'POST',
      body: { mode: 'edit' },
    });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.json.error.message).toMatch(/^the team hub of remote team-vic .* refused: /);
    expect((await team.hub.services.sessionStore.list(teamProject, { cursor: null, limit: 100 })).items.length).toBe(sessionsBefore);
  }, 120_000);

  it('runs the notebook as a job on the team hub and brings its output and log back', async () => {
    // Take the team's version, so that the notebook is in step again.
    const resolved = await local(`/api/v1/projects/${localProject}/remote/conflicts/${localNotebook}/resolve`, {
      method: 'POST',
      body: { choice: 'take_theirs' },
    });
    if (resolved.status === 404) {
      const fetched = await operationEnd(
        local,
        dataOf(await local('/api/v1/remotes/team/pulls', { method: 'POST', body: { remote_project_id: teamProject, project_id: localProject } }), 202).id,
      );
      expect(fetched.state).toBe('succeeded');
      dataOf(await local(`/api/v1/projects/${localProject}/remote/conflicts/${localNotebook}/resolve`, { method: 'POST', body: { choice: 'take_theirs' } }));
    } else expect(resolved.status, resolved.text).toBe(200);

    const run = dataOf(await local(`/api/v1/projects/${localProject}/notebooks/${localNotebook}/remote/jobs`, { method: 'POST', body: {} }), 201);
    expect(run).toMatchObject({ kind: 'job', state: 'starting' });
    expect((await local(`${runs}/${run.id}/output`)).status).toBe(404);
    const tick = () => team.hub.services.jobScheduler.tick(new AbortController().signal);
    const ended = await runUntil(run.id, (current) => current.state === 'ended' || current.state === 'failed', tick);
    expect(ended.state, JSON.stringify(ended)).toBe('ended');
    expect(ended.output.output_bytes).toBeGreaterThan(0);
    const output = await local(`${runs}/${run.id}/output`);
    expect(output.status).toBe(200);
    expect(output.headers.get('content-type')).toMatch(/^text\/html/);
    expect(output.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(runOutputText(output.text)).toContain('team-side');
    const log = await local(`${runs}/${run.id}/log`);
    expect(log.status).toBe(200);
    expect(log.text.length).toBe(ended.output.log_bytes);
  }, 300_000);

  it('says clearly that jobs are off on the team hub', async () => {
    await team.stop();
    team.setEnv({ SERVICE_JOBS: 'off' });
    await team.startAgain();
    expect(dataOf(await local(`/api/v1/projects/${localProject}/remote/compute`)).jobs_available).toBe(false);
    const refused = await local(`/api/v1/projects/${localProject}/notebooks/${localNotebook}/remote/jobs`, { method: 'POST', body: {} });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.error.message).toMatch(/refused: jobs are off on this hub/);
  }, 120_000);
});
