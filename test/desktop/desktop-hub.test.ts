import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startDesktopHub, type DesktopHub } from '../../electron/src/host/desktop-hub.js';
import { shutdownSequence } from '../../electron/src/host/shutdown.js';
import { connectKernel, saveCells, serverTokenOf } from '../support/marimo-client.js';
import { eventually } from '../support/session-world.js';
import { makeTempDir } from '../support/temp-dir.js';
import { prerequisite } from '../setup/prerequisites.js';

const sandboxRuntime = prerequisite('sandboxRuntime');
const runtimeEnv = (): Record<string, string> => (sandboxRuntime ? { SERVICE_SANDBOX_RUNTIME_DIR: sandboxRuntime.runtimeDir } : {});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function launch(dataDir?: string): Promise<DesktopHub & { dataDir: string }> {
  let dir = dataDir;
  if (!dir) {
    const temp = await makeTempDir('desktop-hub');
    cleanups.push(temp.cleanup);
    dir = temp.dir;
  }
  const desktop = await startDesktopHub({ dataDir: dir, env: runtimeEnv(), logLevel: 'silent' });
  cleanups.push(async () => {
    for (const sandbox of await desktop.hub.services.sandboxes.list()) await desktop.hub.services.sandboxes.destroy(sandbox.id);
    await desktop.close();
  });
  return Object.assign(desktop, { dataDir: dir });
}

async function call(desktop: DesktopHub, path: string, init: RequestInit = {}) {
  const response = await fetch(`${desktop.url}${path}`, { redirect: 'manual', ...init });
  const text = await response.text();
  let json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** The Cookie header the window sends once main has set its cookies. */
async function windowCookieHeader(desktop: DesktopHub): Promise<string> {
  return (await desktop.windowCookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

describe('the in-process desktop hub', () => {
  it('listens on a free loopback port with a secret of its own at each launch', async () => {
    const [one, two] = await Promise.all([launch(), launch()]);
    for (const desktop of [one, two]) expect(desktop.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(one.url).not.toBe(two.url);
    expect(one.secret).not.toBe(two.secret);
    const crossed = await call(two, '/api/health', { headers: one.launchHeaders });
    expect(crossed.status).toBe(401);
  });

  it('refuses every request without the launch secret, whatever else it carries', async () => {
    const desktop = await launch();
    const cookie = await windowCookieHeader(desktop);
    const hubSessionOnly = cookie.split('; ').filter((part) => part.startsWith('svc_session='))[0]!;
    const login = new URL(desktop.hub.localLoginPath!, desktop.url);
    const attempts: [string, RequestInit][] = [
      ['/api/health', {}],
      ['/', {}],
      ['/projects', {}],
      ['/api/v1/me', { headers: { cookie: hubSessionOnly } }],
      ['/api/v1/auth/methods', {}],
      [`${login.pathname}${login.search}`, {}],
      ['/s/ses_00000000000000000000000000/', { headers: { cookie: hubSessionOnly } }],
      ['/api/health', { headers: { 'x-notebook-hub-launch': `${desktop.secret}x` } }],
      ['/api/health', { headers: { cookie: `nh_launch=${desktop.secret.slice(1)}` } }],
    ];
    for (const [path, init] of attempts) {
      const refused = await call(desktop, path, init);
      expect(refused.status, path).toBe(401);
      expect(refused.json, path).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED', message: expect.stringMatching(/launch secret/) } });
      expect(refused.headers.get('set-cookie'), path).toBeNull();
    }
  });

  it("lets the system browser back to a remote's sign-in callback without the secret, and nothing beside it", async () => {
    const desktop = await launch();
    // The callback checks its own one-time state: one this hub never issued is refused there.
    const returned = await call(desktop, '/api/v1/remotes/team/callback?code=x&state=never-issued', {});
    expect(returned.status).not.toBe(200);
    expect(returned.text).not.toMatch(/launch secret/);
    for (const [path, init] of [
      ['/api/v1/remotes/team/callback', { method: 'POST' }],
      ['/api/v1/remotes/team', {}],
      ['/api/v1/remotes/team/callback/x', {}],
      ['/api/v1/remotes/Team/callback', {}],
    ] as [string, RequestInit][]) {
      const refused = await call(desktop, path, init);
      expect(refused.status, path).toBe(401);
      expect(refused.json, path).toMatchObject({ error: { message: expect.stringMatching(/launch secret/) } });
    }
  });

  it('refuses a WebSocket upgrade without the launch secret before the session proxy sees it', async () => {
    const desktop = await launch();
    const upgrade = (headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const socket = new WebSocket(`${desktop.url.replace('http', 'ws')}/s/ses_00000000000000000000000000/ws`, { headers });
        socket.on('unexpected-response', (_request, response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        socket.on('open', () => reject(new Error('the upgrade was accepted')));
        socket.on('error', () => {});
      });
    const refused = await upgrade({ origin: desktop.url });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED', message: expect.stringMatching(/launch secret/) } });
    // With the secret the upgrade reaches the session proxy, which answers for itself.
    const passed = await upgrade({ origin: desktop.url, ...desktop.launchHeaders });
    expect(passed.body).not.toMatch(/launch secret/);
  });

  it("serves the UI's first page with the secret and signs the window in as the local administrator", async () => {
    const desktop = await launch();
    const page = await call(desktop, '/', { headers: desktop.launchHeaders });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toMatch(/<div id="root"/);

    const cookies = await desktop.windowCookies();
    expect(cookies.map((cookie) => cookie.name)).toEqual(['nh_launch', 'svc_session']);
    expect(cookies[0]!.value).toBe(desktop.secret);
    const me = await call(desktop, '/api/v1/me', { headers: { cookie: await windowCookieHeader(desktop) } });
    expect(me.status, me.text).toBe(200);
    expect(me.json.data).toMatchObject({ email: 'admin@localhost', is_super_admin: true });
    // The window cannot sign in again during a launch: its login session lasts the longest allowed.
    expect(desktop.hub.services.settings.auth.loginSessionHours).toBe(24 * 30);
    // The launch secret alone lets the request through, not in: signing in is still needed.
    const anonymous = await call(desktop, '/api/v1/me', { headers: desktop.launchHeaders });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.message).not.toMatch(/launch secret/);
  });

  it.skipIf(sandboxRuntime === null)('saves and stops a live edit session when the app closes, and leaves no sandbox running', async () => {
    const desktop = await launch();
    const cookie = await windowCookieHeader(desktop);
    const headers = { cookie, origin: desktop.url, 'content-type': 'application/json' };
    const api = (path: string, method = 'GET', body?: unknown) =>
      call(desktop, path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });

    const project = await api('/api/v1/projects', 'POST', { name: 'Desktop' });
    expect(project.status, project.text).toBe(201);
    const pid = project.json.data.id as string;
    const notebook = await api(`/api/v1/projects/${pid}/notebooks`, 'POST', { title: 'Unsaved work' });
    expect(notebook.status, notebook.text).toBe(201);
    const nid = notebook.json.data.meta.id as string;
    const started = await api(`/api/v1/projects/${pid}/sessions`, 'POST', { notebook_id: nid, mode: 'edit', wait: true });
    expect(started.status, started.text).toBe(201);
    expect(started.json.data.state).toBe('running');
    const sid = started.json.data.id as string;

    // An edit made in marimo and kept only in the sandbox: no save through the hub yet.
    const root = `${desktop.url}/s/${sid}`;
    const marimoPage = await call(desktop, `/s/${sid}/`, { headers });
    const serverToken = serverTokenOf(marimoPage.text);
    expect(serverToken).not.toBeNull();
    const kernel = await connectKernel(root, { cookie, origin: desktop.url });
    const code = 'import marimo as mo\nkept_at_shutdown = 7\n';
    const saved = await saveCells(root, { cookie, origin: desktop.url }, kernel, serverToken!, (codes) => [code, ...codes.slice(1)]);
    expect(saved.ok, await saved.text()).toBe(true);
    kernel.close();
    const before = (await api(`/api/v1/projects/${pid}/notebooks/${nid}/versions`)).json.data.items.length as number;
    expect((await desktop.hub.services.sandboxes.list()).length).toBe(1);

    const exits: number[] = [];
    const shutdown = shutdownSequence(
      { closeSessions: desktop.closeSessions, drainHub: () => desktop.close(), release: async () => {}, exit: (exitCode) => exits.push(exitCode) },
      { sessionsBudgetMs: 60_000, log: { info: () => {}, error: () => {} } },
    );
    expect(await shutdown()).toBe(0);
    expect(exits).toEqual([0]);

    // The next launch on the same data folder has the edit as a version, and nothing left running.
    const next = await launch(desktop.dataDir);
    expect(await next.hub.services.sandboxes.list()).toEqual([]);
    const nextHeaders = { cookie: await windowCookieHeader(next) };
    const versions = await call(next, `/api/v1/projects/${pid}/notebooks/${nid}/versions`, { headers: nextHeaders });
    expect(versions.json.data.items.length).toBe(before + 1);
    expect(versions.json.data.items[0]).toMatchObject({ message: 'Saved when the session stopped (shutdown)' });
    const source = await call(next, `/api/v1/projects/${pid}/notebooks/${nid}/code`, { headers: nextHeaders });
    expect(source.text).toContain('kept_at_shutdown = 7');
    const session = await eventually(
      () => call(next, `/api/v1/projects/${pid}/sessions/${sid}`, { headers: nextHeaders }),
      (answer) => answer.json?.data?.state === 'stopped',
      10_000,
    );
    expect(session.json.data).toMatchObject({ state: 'stopped', stop_reason: 'shutdown' });
  });
});
