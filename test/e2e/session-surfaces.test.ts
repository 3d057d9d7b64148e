import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DriverSurfaceLauncher, localSurfaceBinaries } from '../../sandbox-drivers/src/surfaces/surface-launcher.js';
import { openSandboxDriver } from '../../service/src/compose/adapters.js';
import { UNRESTRICTED_SCOPE } from '../../service/src/core/identity/access-tokens.js';
import { launchChromium } from '../support/browser.js';
import { expectVsCodeEdit } from '../support/sandbox-surface-suite.js';
import { grantCookieOf, surfaceProcesses, surfaceRequest, surfaceUpgrade } from '../support/surface-client.js';
import { eventually, sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';
import { prerequisite } from '../setup/prerequisites.js';

const surfaceRuntime = prerequisite('surfaceRuntime');
const chromium = prerequisite('chromium');

describe.skipIf(sandboxRuntime === null || surfaceRuntime === null)('VS Code and OpenCode in an edit session (local driver, real programs)', () => {
  let w: SessionWorld;
  let sid: string;
  const surfaces = () => `/api/v1/projects/${w.pid}/sessions/${sid}/surfaces`;

  beforeAll(async () => {
    w = await startSessionWorld({
      SERVICE_SURFACES: JSON.stringify([{ id: 'vscode', embed: 'iframe' }, { id: 'opencode' }]),
      SERVICE_SURFACE_RUNTIME_DIR: surfaceRuntime!.dir,
    });
    const started = await w.start('editor', { notebook_id: w.nid, mode: 'edit', wait: true });
    expect(started.json.data.state, started.text).toBe('running');
    sid = started.json.data.id as string;
  }, 120_000);
  afterAll(() => w?.close());

  it('reports the enabled surfaces, and lists them stopped on a new session', async () => {
    const capabilities = await w.api('/api/v1/capabilities', 'viewer');
    expect(capabilities.json.data.surfaces).toEqual([
      { id: 'vscode', flavor: 'code-server', start: 'on-demand', embed: 'iframe' },
      { id: 'opencode', start: 'on-demand', embed: 'tab', managed_ai: false },
    ]);
    const listed = await w.api(surfaces(), 'editor');
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.data.map((surface: { id: string; state: string }) => [surface.id, surface.state])).toEqual([
      ['vscode', 'stopped'],
      ['opencode', 'stopped'],
    ]);
  });

  it('opens VS Code on a host of its own behind a one-use ticket; no hub credential reaches it', async () => {
    const opened = await w.api(`${surfaces()}/vscode`, 'editor', { method: 'POST', body: { path: 'notebook.py' } });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.json.data).toMatchObject({ id: 'vscode', title: 'VS Code', state: 'running', embed: 'iframe', reason: null });
    const port = new URL(w.t.url).port;
    const url = opened.json.data.url as string;
    expect(url).toMatch(new RegExp(`^http://vscode-${sid}\\.localhost:${port}/\\.notebook-hub/enter\\?ticket=[A-Za-z0-9_-]{43}$`));

    const entered = await surfaceRequest(url);
    expect(entered.status, entered.text).toBe(303);
    expect(entered.headers.location).toMatch(/^\/\?folder=[^&]+&payload=/);
    expect(decodeURIComponent(entered.headers.location!)).toContain('"openFile"');
    expect(String(entered.headers['set-cookie'])).toMatch(/HttpOnly/);
    const grant = grantCookieOf(entered);
    // The ticket was good for one entry.
    expect((await surfaceRequest(url)).status).toBe(401);

    const origin = new URL(url).origin;
    const page = await surfaceRequest(`${origin}/?folder=%2F`, { cookie: grant });
    expect(page.status, page.text.slice(0, 300)).toBe(200);
    expect(page.text).toContain('vscode-workbench-web-configuration');
    const commit = /stable-([0-9a-f]{40})/.exec(page.text)?.[1];
    expect(commit).toBeTruthy();

    // Neither nothing nor the hub's own credentials open it.
    expect((await surfaceRequest(`${origin}/`)).status).toBe(401);
    expect((await surfaceRequest(`${origin}/`, { headers: { authorization: `Bearer ${w.tokens.editor}` } })).status).toBe(401);
    // Dot segments never reach it; a sibling host is not this surface.
    expect((await surfaceRequest(`${origin}/a/%2e%2e/b`, { cookie: grant })).status).toBe(404);
    const sibling = await surfaceRequest(`http://vscode-${sid}0.localhost:${port}/`, { cookie: grant });
    expect(sibling.text).not.toContain('vscode-workbench-web-configuration');

    // The workbench's WebSocket: only from the surface's own origin.
    const socket = `${origin}/stable-${commit}?reconnectionToken=00000000-0000-4000-8000-000000000000&reconnection=false&skipWebSocketFrames=false`;
    expect(await surfaceUpgrade(socket, { origin: w.t.url, cookie: grant })).toBe(403);
    expect(await surfaceUpgrade(socket, { origin, cookie: grant })).toBe(101);

    // What runs in the sandbox for VS Code holds none of the hub's secrets.
    const record = (await w.t.hub.services.sessionStore.get(w.pid, sid))!;
    const processes = await surfaceProcesses(record.sandbox!.id, 'vscode');
    expect(processes.length).toBeGreaterThan(0);
    for (const { environ } of processes) {
      for (const secret of [record.secret, w.tokens.editor, grant.split('=')[1]!, url.split('ticket=')[1]!]) expect(environ).not.toContain(secret);
    }
    // Working in it is activity for the session.
    expect(Date.parse(record.last_activity_at)).toBeGreaterThan(Date.parse(record.started_at!));
  }, 120_000);

  it('opens OpenCode, whose own API answers through the proxy only', async () => {
    const opened = await w.api(`${surfaces()}/opencode`, 'editor', { method: 'POST', body: {} });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.json.data).toMatchObject({ state: 'running', embed: 'tab' });
    const entered = await surfaceRequest(opened.json.data.url as string);
    expect(entered.status).toBe(303);
    // Into the workspace as OpenCode's project: its web UI's path for a directory.
    const record = (await w.t.hub.services.sessionStore.get(w.pid, sid))!;
    expect(entered.headers.location).toBe(`/${Buffer.from(record.sandbox!.workspaceDir).toString('base64url')}/session`);
    const grant = grantCookieOf(entered);
    const origin = new URL(opened.json.data.url as string).origin;
    const page = await surfaceRequest(`${origin}${entered.headers.location}`, { cookie: grant });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<html/i);
    const sessions = await surfaceRequest(`${origin}/session`, { cookie: grant });
    expect(sessions.status, sessions.text.slice(0, 300)).toBe(200);
    expect(Array.isArray(JSON.parse(sessions.text))).toBe(true);
    // Straight to its port, without the hub, it refuses.
    const endpoint = await w.t.hub.services.sandboxes.exposePort(record.sandbox!.id, 'surface-opencode');
    expect((await fetch(`http://${endpoint.host}:${endpoint.port}/session`)).status).toBe(401);
    // A grant is for its own surface only.
    expect((await surfaceRequest(`http://vscode-${sid}.localhost:${new URL(w.t.url).port}/`, { cookie: grant })).status).toBe(401);
  }, 120_000);

  it('lets a grant in only while the token that opened the surface stands', async () => {
    const { tokens } = w.t.hub.services;
    const issued = await tokens.issue(w.userIds.editor, { name: 'surface opener', expiresAt: null, scope: UNRESTRICTED_SCOPE }, w.userIds.editor);
    const opened = await w.t.call(`${surfaces()}/opencode`, { method: 'POST', token: issued.token, body: {} });
    expect(opened.status, opened.text).toBe(200);
    const grant = grantCookieOf(await surfaceRequest(opened.json.data.url as string));
    const origin = new URL(opened.json.data.url as string).origin;
    expect((await surfaceRequest(`${origin}/session`, { cookie: grant })).status).toBe(200);
    await tokens.revoke(w.userIds.editor, issued.record.id, w.userIds.editor);
    // The proxy keeps its decision for a moment (docs/surfaces.md, "Own origins"), no longer.
    const refused = await eventually(
      () => surfaceRequest(`${origin}/session`, { cookie: grant }),
      (answer) => answer.status !== 200,
      10_000,
    );
    expect(refused.status).toBe(401);
    expect(refused.text).toMatch(/has ended or was revoked/);
  });

  it.skipIf(chromium === null)(
    "edits a workspace file in VS Code in Chromium, and the edit reaches the notebook's workspace",
    async () => {
      const record = (await w.t.hub.services.sessionStore.get(w.pid, sid))!;
      await writeFile(path.join(record.sandbox!.workspaceDir, 'notes.txt'), 'written by hand');
      const browser = await launchChromium(chromium!.executablePath);
      try {
        await expectVsCodeEdit(w, sid, await browser.newPage(), 'notes.txt', 'written by hand');
      } finally {
        await browser.close();
      }
    },
    180_000,
  );

  it('refuses with the surface error codes', async () => {
    const post = (who: 'editor' | 'manager' | 'viewer', surface: string, body: Record<string, unknown> = {}) =>
      w.api(`${surfaces()}/${surface}`, who, { method: 'POST', body });
    expect((await post('editor', 'marimo')).json.error.code).toBe('SURFACE_PRIMARY');
    expect((await post('editor', 'jupyter')).json.error.code).toBe('SURFACE_NOT_ENABLED');
    for (const path of ['../outside.txt', '/etc/passwd', 'a/./b', 'a\\b'])
      expect((await post('editor', 'vscode', { path })).json.error.code, path).toBe('SURFACE_OPEN_INVALID');
    expect((await post('editor', 'opencode', { path: 'notebook.py' })).json.error.code).toBe('SURFACE_OPEN_INVALID');
    for (const who of ['manager', 'viewer'] as const) {
      const refused = await post(who, 'vscode');
      expect(refused.status, refused.text).toBe(403);
      expect(refused.json.error.code).toBe('SURFACE_FORBIDDEN');
      expect((await w.api(surfaces(), who)).json.error.code).toBe('SURFACE_FORBIDDEN');
    }
    const app = await w.start('editor', { notebook_id: w.nid, mode: 'app', wait: true });
    const onApp = await w.api(`/api/v1/projects/${w.pid}/sessions/${app.json.data.id}/surfaces/vscode`, 'editor', { method: 'POST', body: {} });
    expect(onApp.json.error).toMatchObject({ code: 'SURFACE_FORBIDDEN', message: 'surfaces open only inside edit sessions' });
    await w.api(`/api/v1/projects/${w.pid}/sessions/${app.json.data.id}/stop`, 'editor', { method: 'POST', body: {} });
  }, 120_000);

  it('stops a surface on request and every surface with the session', async () => {
    const record = (await w.t.hub.services.sessionStore.get(w.pid, sid))!;
    const vscode = await w.api(`${surfaces()}/vscode`, 'editor', { method: 'POST', body: {} });
    const grant = grantCookieOf(await surfaceRequest(vscode.json.data.url as string));
    const origin = new URL(vscode.json.data.url as string).origin;

    const stopped = await w.api(`${surfaces()}/vscode`, 'editor', { method: 'DELETE' });
    expect(stopped.json.data).toMatchObject({ state: 'stopped', reason: 'stopped by its user' });
    await eventually(
      () => surfaceProcesses(record.sandbox!.id, 'vscode'),
      (left) => left.length === 0,
    );
    expect((await surfaceRequest(`${origin}/`, { cookie: grant })).status).toBe(410);

    const audit = await w.api(`/api/v1/projects/${w.pid}/events`, 'manager');
    const events = (audit.json.data as { event: string; metadata: { surface?: string } }[]).filter((entry) => entry.event.startsWith('session.surface.'));
    expect(events.map((entry) => `${entry.event} ${entry.metadata.surface}`)).toEqual(
      expect.arrayContaining(['session.surface.open vscode', 'session.surface.open opencode', 'session.surface.stop vscode']),
    );

    const opencode = await w.api(`${surfaces()}/opencode`, 'editor', { method: 'POST', body: {} });
    const openGrant = grantCookieOf(await surfaceRequest(opencode.json.data.url as string));
    await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/stop`, 'editor', { method: 'POST', body: { save: false } });
    expect((await surfaceRequest(`${new URL(opencode.json.data.url as string).origin}/`, { cookie: openGrant })).status).toBe(410);
    expect(await surfaceProcesses(record.sandbox!.id, 'opencode')).toEqual([]);
    const after = await w.api(surfaces(), 'editor');
    expect(after.json.data.map((surface: { state: string }) => surface.state)).toEqual(['stopped', 'stopped']);
  }, 120_000);
});

describe.skipIf(sandboxRuntime === null || surfaceRuntime === null)('surfaces that start with the session, and ones that cannot start', () => {
  let w: SessionWorld;
  beforeAll(async () => {
    w = await startSessionWorld({
      SERVICE_SURFACES: JSON.stringify([
        { id: 'opencode', start: 'eager' },
        { id: 'vscode', flavor: 'openvscode' },
      ]),
      SERVICE_SURFACE_RUNTIME_DIR: surfaceRuntime!.dir,
    });
  }, 60_000);
  afterAll(() => w?.close());

  it('ends the surfaces of a session taken over; the new holder opens their own', async () => {
    const nid = await w.notebook('Taken over');
    const first = await w.start('editor', { notebook_id: nid, mode: 'edit', wait: true });
    const firstId = first.json.data.id as string;
    const opened = await w.api(`/api/v1/projects/${w.pid}/sessions/${firstId}/surfaces/opencode`, 'editor', { method: 'POST', body: {} });
    expect(opened.json.data.state, opened.text).toBe('running');
    const sandboxId = (await w.t.hub.services.sessionStore.get(w.pid, firstId))!.sandbox!.id;

    const taken = await w.start('manager', { notebook_id: nid, mode: 'edit', takeover_from: firstId, wait: true });
    expect(taken.json.data.state, taken.text).toBe('running');
    const left = await eventually(
      () => surfaceProcesses(sandboxId, 'opencode'),
      (processes) => processes.length === 0,
    );
    expect(left).toEqual([]);
    expect((await w.api(`/api/v1/projects/${w.pid}/sessions/${firstId}/surfaces/opencode`, 'editor')).json.data).toMatchObject({ state: 'stopped' });

    const takenId = taken.json.data.id as string;
    const theirs = await w.api(`/api/v1/projects/${w.pid}/sessions/${takenId}/surfaces/opencode`, 'manager', { method: 'POST', body: {} });
    expect(theirs.json.data.state, theirs.text).toBe('running');
    expect((await w.api(`/api/v1/projects/${w.pid}/sessions/${takenId}/surfaces/opencode`, 'editor')).json.error.code).toBe('SURFACE_FORBIDDEN');
    await w.api(`/api/v1/projects/${w.pid}/sessions/${takenId}/stop`, 'manager', { method: 'POST', body: { save: false } });
  }, 120_000);

  it('starts an eager surface with the session, and says why a surface cannot run', async () => {
    const started = await w.start('editor', { notebook_id: w.nid, mode: 'edit', wait: true });
    const sid = started.json.data.id as string;
    const surfaces = `/api/v1/projects/${w.pid}/sessions/${sid}/surfaces`;
    // Opened while its eager start is under way (OpenCode takes seconds): the open joins that start.
    const joined = await w.api(`${surfaces}/opencode`, 'editor', { method: 'POST', body: { wait: true } });
    expect(joined.status, joined.text).toBe(200);
    expect(joined.json.data).toMatchObject({ state: 'running', url: expect.stringContaining('/.notebook-hub/enter?ticket=') });
    const listed = await eventually(
      async () => (await w.api(surfaces, 'editor')).json.data as { id: string; state: string }[],
      (list) => list.find((surface) => surface.id === 'opencode')?.state === 'running',
      60_000,
    );
    expect(listed.find((surface) => surface.id === 'vscode')?.state).toBe('stopped');

    const refused = await w.api(`${surfaces}/vscode`, 'editor', { method: 'POST', body: {} });
    expect(refused.status, refused.text).toBe(503);
    expect(refused.json.error.code).toBe('SURFACE_UNAVAILABLE');
    expect(refused.json.error.message).toMatch(/openvscode-server/);
    expect((await w.api(`${surfaces}/vscode`, 'editor')).json.data).toMatchObject({ state: 'failed', reason: expect.stringMatching(/openvscode-server/) });
    await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/stop`, 'editor', { method: 'POST', body: { save: false } });
  }, 120_000);
});

describe.skipIf(sandboxRuntime === null)('surfaces on a hub whose sandboxes cannot host them', () => {
  let w: SessionWorld;
  beforeAll(async () => {
    // The local driver's launcher as on a hub running on macOS: the real one, told the platform.
    w = await startSessionWorld(
      { SERVICE_SURFACES: JSON.stringify([{ id: 'vscode' }]) },
      {
        hub: async (settings) => {
          const sandboxes = await openSandboxDriver(settings, `hub-surfaces-${randomBytes(4).toString('hex')}`);
          return { sandboxes, surfaceLauncher: new DriverSurfaceLauncher(sandboxes, localSurfaceBinaries('/nonexistent', 'darwin')) };
        },
      },
    );
  }, 120_000);
  afterAll(() => w?.close());

  it('offers none, opens none (SURFACE_UNSUPPORTED_PROVIDER), and the sandbox opens no port for them', async () => {
    expect((await w.api('/api/v1/capabilities', 'viewer')).json.data.surfaces).toEqual([]);
    const started = await w.start('editor', { notebook_id: w.nid, mode: 'edit', wait: true });
    expect(started.json.data.state, started.text).toBe('running');
    const sid = started.json.data.id as string;
    const refused = await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/surfaces/vscode`, 'editor', { method: 'POST', body: {} });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json.error).toMatchObject({
      code: 'SURFACE_UNSUPPORTED_PROVIDER',
      message: expect.stringMatching(/^VS Code cannot run in this deployment's sandboxes: local sandboxes run VS Code and OpenCode on Linux only/),
    });
    const record = (await w.t.hub.services.sessionStore.get(w.pid, sid))!;
    expect(Object.keys(record.sandbox!.ports)).not.toContain('surface-vscode');
  }, 120_000);
});
