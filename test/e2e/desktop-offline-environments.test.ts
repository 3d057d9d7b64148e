import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDesktopHub, type DesktopHub } from '../../electron/src/host/desktop-hub.js';
import { withDependencies } from '../support/local-wheel.js';
import { writeVersionedWheel } from '../support/package-index.js';
import { eventually, sandboxRuntime } from '../support/session-world.js';
import { makeTempDir } from '../support/temp-dir.js';

/** Package names of this run's own: uv's cache is shared with other runs. */
const suffix = randomBytes(4).toString('hex');
const pkg = (name: string) => `offprobe-${name}-${suffix}`;
const moduleOf = (name: string) => pkg(name).replaceAll('-', '_');

function probeNotebook(name: string): string {
  const module = moduleOf(name);
  const code = [
    'import marimo',
    '',
    'app = marimo.App()',
    '',
    '',
    '@app.cell',
    'def _():',
    `    import ${module}`,
    `    print("probe version", ${module}.VERSION, flush=True)`,
    '    return',
    '',
    '',
    'if __name__ == "__main__":',
    '    app.run()',
    '',
  ].join('\n');
  return withDependencies(code, [pkg(name)]);
}

/** A loopback port nothing listens on: an index there refuses every connection, so a build that tried it would fail. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.skipIf(sandboxRuntime === null)('the desktop app offline: environments from its wheelhouse (real uv, no package index)', () => {
  let desktop: DesktopHub;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let wheelhouse: string;
  let dataDir: string;
  let api: (path: string, method?: string, body?: unknown) => Promise<{ status: number; text: string; json: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  let pid: string;

  beforeAll(async () => {
    temp = await makeTempDir('desktop-offline');
    wheelhouse = path.join(temp.dir, 'wheelhouse');
    dataDir = path.join(temp.dir, 'data');
    await mkdir(wheelhouse);
    await writeVersionedWheel(wheelhouse, pkg('base'), '1.0.0', []);
    await writeVersionedWheel(wheelhouse, pkg('alpha'), '1.0.0', [pkg('base')]);
    await writeVersionedWheel(wheelhouse, pkg('gamma'), '2.1.0', []);
    desktop = await startDesktopHub({
      dataDir,
      wheelhouse,
      logLevel: 'silent',
      env: {
        SERVICE_SANDBOX_RUNTIME_DIR: sandboxRuntime!.runtimeDir,
        SERVICE_PACKAGE_INDEX_OFFLINE: 'true',
        SERVICE_PACKAGE_INDEX_URL: `http://127.0.0.1:${await closedPort()}/simple`,
        SERVICE_PACKAGE_INDEX_ALLOW_HTTP: 'true',
      },
    });
    const cookie = (await desktop.windowCookies()).map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const headers = { cookie, origin: desktop.url, 'content-type': 'application/json' };
    api = async (route, method = 'GET', body) => {
      const response = await fetch(`${desktop.url}${route}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      const text = await response.text();
      return { status: response.status, text, json: text.startsWith('{') ? JSON.parse(text) : undefined };
    };
    pid = (await api('/api/v1/projects', 'POST', { name: 'Offline' })).json.data.id;
  }, 120_000);
  afterAll(async () => {
    if (desktop) {
      for (const sandbox of await desktop.hub.services.sandboxes.list()) await desktop.hub.services.sandboxes.destroy(sandbox.id);
      await desktop.close();
    }
    await temp?.cleanup();
  });

  const notebookWith = async (title: string, code: string) => {
    const nid = (await api(`/api/v1/projects/${pid}/notebooks`, 'POST', { title })).json.data.meta.id as string;
    const base = (await api(`/api/v1/projects/${pid}/notebooks/${nid}`)).json.data.source.current_version_id;
    const saved = await api(`/api/v1/projects/${pid}/notebooks/${nid}/versions`, 'POST', { code, base_version_id: base });
    expect(saved.status, saved.text).toBe(201);
    const vid = saved.json.data.version_id as string;
    const environment = await eventually(
      async () => (await api(`/api/v1/projects/${pid}/notebooks/${nid}/versions/${vid}/environment`)).json.data,
      (view) => view?.status !== 'pending',
      120_000,
    );
    return { nid, vid, environment };
  };
  const stop = (sid: string) => api(`/api/v1/projects/${pid}/sessions/${sid}/stop`, 'POST', { save: false });

  it('locks a notebook from the wheelhouse and starts it in the environment built from it', async () => {
    const { nid, vid, environment } = await notebookWith('From the wheelhouse', probeNotebook('alpha'));
    expect(environment, JSON.stringify(environment)).toMatchObject({ status: 'locked', error: null });
    expect(environment.packages).toEqual(
      expect.arrayContaining([
        { name: pkg('alpha'), version: '1.0.0' },
        { name: pkg('base'), version: '1.0.0' },
      ]),
    );
    // The machine's folder is where the wheels were found, not part of the lock.
    const lock = await api(`/api/v1/projects/${pid}/notebooks/${nid}/versions/${vid}/environment/lock`);
    expect(lock.text).toContain(`${pkg('alpha')}==1.0.0`);
    expect(lock.text).not.toContain(wheelhouse);
    expect(lock.text).not.toContain('--find-links');
    expect(lock.text.startsWith(`${pkg('alpha')}==1.0.0`), lock.text).toBe(true);

    const started = await api(`/api/v1/projects/${pid}/sessions`, 'POST', { notebook_id: nid, mode: 'edit', wait: true });
    expect(started.json.data, started.text).toMatchObject({ state: 'running', environment_id: environment.environment_id });
    const record = (await desktop.hub.services.sessionStore.get(pid, started.json.data.id))!;
    const imported = await desktop.hub.services.sandboxes.exec(record.sandbox!.id, {
      argv: ['python3', '-c', `import ${moduleOf('alpha')} as m; print(m.VERSION)`],
      env: record.runtime_env,
      check: true,
    });
    expect(imported.stdout).toBe('1.0.0\n');
    await stop(started.json.data.id);
  }, 300_000);

  it('refuses a start whose lock needs a wheel the machine lacks, naming it, before any sandbox; the wheels folder provides it', async () => {
    const { nid, vid, environment } = await notebookWith('Missing a wheel', probeNotebook('gamma'));
    expect(environment.status).toBe('locked');
    // The wheel goes from the wheelhouse (to a folder the hub does not read) before the first start.
    const wheel = (await readdir(wheelhouse)).find((file) => file.startsWith(moduleOf('gamma')))!;
    const aside = path.join(temp.dir, 'aside');
    await mkdir(aside);
    await rename(path.join(wheelhouse, wheel), path.join(aside, wheel));

    const sandboxesBefore = (await desktop.hub.services.sandboxes.list()).length;
    const refused = await api(`/api/v1/projects/${pid}/sessions`, 'POST', { notebook_id: nid, mode: 'edit', wait: true });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.json.error.code).toBe('PYTHON_ENV_SETUP_FAILED');
    expect(refused.json.error.message).toContain(`${pkg('gamma')} 2.1.0`);
    expect(refused.json.error.message).toContain(`the lock of version ${vid} needs`);
    expect(refused.json.error.message).toContain(path.join(dataDir, 'environments', 'wheels'));
    expect(refused.json.error.message).not.toMatch(/uv|No solution/);
    expect((await desktop.hub.services.sandboxes.list()).length).toBe(sandboxesBefore);
    expect((await api(`/api/v1/projects/${pid}/sessions`)).json.data.items.filter((session: { notebook_id: string }) => session.notebook_id === nid)).toEqual(
      [],
    );

    // A job run (its sandbox exists already) says the same, not uv's failure.
    const job = await api(`/api/v1/projects/${pid}/notebooks/${nid}/jobs`, 'POST', { name: 'Offline run' });
    const run = await api(`/api/v1/projects/${pid}/notebooks/${nid}/jobs/${job.json.data.id}/runs`, 'POST', {});
    const ended = await eventually(
      async () => {
        await desktop.hub.services.jobScheduler.tick(new AbortController().signal);
        return (await api(`/api/v1/projects/${pid}/notebooks/${nid}/jobs/${job.json.data.id}/runs/${run.json.data.id}`)).json.data;
      },
      (current) => ['succeeded', 'failed'].includes(current.state),
      120_000,
    );
    expect(ended.state).toBe('failed');
    expect(JSON.stringify(ended.error)).toContain(`${pkg('gamma')} 2.1.0`);

    // Put in the data folder's wheels folder, the wheel builds the environment.
    const wheels = path.join(dataDir, 'environments', 'wheels');
    await mkdir(wheels, { recursive: true });
    await rename(path.join(aside, wheel), path.join(wheels, wheel));
    const started = await api(`/api/v1/projects/${pid}/sessions`, 'POST', { notebook_id: nid, mode: 'edit', wait: true });
    expect(started.json.data, started.text).toMatchObject({ state: 'running', environment_id: environment.environment_id });
    await stop(started.json.data.id);
  }, 300_000);
});
