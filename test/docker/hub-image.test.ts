/**
 * The hub's container image (docs/deploy.md, "The container image"), built offline by
 * build/hub-image/build-offline.sh into the test setup's private Docker engine and run the way the
 * documentation says: a named volume at /data, the port published on 127.0.0.1 only.
 */
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureHubImage, TEST_HUB_IMAGE_VERSION } from '../setup/hub-image.js';
import { unusedPort } from '../support/unused-port.js';
import { dockerCli, hubUrl, removeHubContainers, runHubContainer, slowJsonRequest, waitForDockerHealthy, waitForHealth } from '../support/hub-container.js';
import { prerequisite } from '../setup/prerequisites.js';
import { hubNodeFlags } from '../support/hub-node-flags.js';

const docker = prerequisite('docker');
const VERSION = TEST_HUB_IMAGE_VERSION;
/** The drain budget in the container; `docker stop` waits longer, so only a drain that hangs is killed. */
const DRAIN_BUDGET_SECONDS = 10;
const STOP_TIMEOUT_SECONDS = DRAIN_BUDGET_SECONDS + 20;

describe.skipIf(docker === null)('the hub container image', () => {
  const cli = dockerCli(docker?.socketPath ?? '');
  const suffix = randomBytes(4).toString('hex');
  const volume = `notebook-hub-test-data-${suffix}`;
  const first = `notebook-hub-test-hub-${suffix}`;
  const second = `notebook-hub-test-hub-${suffix}-again`;
  const withDriver = `notebook-hub-test-hub-${suffix}-docker-driver`;
  const driverVolume = `${volume}-docker-driver`;
  const env = { SERVICE_SHUTDOWN_TIMEOUT_SECONDS: String(DRAIN_BUDGET_SECONDS) };
  /** As locked down as the Helm chart runs it: read-only root, a scratch /tmp, no capabilities. */
  const lockedDown = ['--publish', '127.0.0.1::8321', '--read-only', '--tmpfs', '/tmp', '--cap-drop', 'ALL', '--security-opt', 'no-new-privileges'];
  let image: string;
  let url: string;
  let token: string;
  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });
    return { status: response.status, body: (await response.json()) as { success: boolean; data: Record<string, unknown> } };
  };
  const projectNames = async (): Promise<string[]> => {
    const { status, body } = await api('/api/v1/projects?limit=200');
    expect(status).toBe(200);
    return (body.data.items as { name: string }[]).map((project) => project.name);
  };

  beforeAll(async () => {
    image = await ensureHubImage({ socketPath: docker!.socketPath, version: VERSION });
    await cli(['volume', 'create', volume]);
    await runHubContainer(cli, { image, name: first, volume, env, runArgs: lockedDown });
    url = await hubUrl(cli, first);
    await waitForHealth(url);
  }, 900_000);
  afterAll(async () => {
    await removeHubContainers(cli, { containers: [first, second, withDriver], volumes: [volume, driverVolume] });
  }, 120_000);

  it('is configured for a registry: non-root user, /data volume, health check, SIGTERM, tini as PID 1', async () => {
    const config = JSON.parse(await cli(['image', 'inspect', '--format', '{{json .Config}}', image])) as {
      User: string;
      Volumes: Record<string, unknown>;
      ExposedPorts: Record<string, unknown>;
      Healthcheck: { Test: string[] };
      StopSignal: string;
      Entrypoint: string[];
      Env: string[];
    };
    expect(config.User).toBe('10001:10001');
    expect(Object.keys(config.Volumes)).toEqual(['/data']);
    expect(Object.keys(config.ExposedPorts)).toEqual(['8321/tcp']);
    expect(config.Healthcheck.Test).toEqual(['CMD', 'node', '/app/healthcheck.mjs']);
    expect(config.StopSignal).toBe('SIGTERM');
    expect(config.Entrypoint).toEqual(['/usr/bin/tini', '--', 'notebook-hub']);
    expect(config.Env).toEqual(expect.arrayContaining(['SERVICE_DATA_DIR=/data', 'SERVICE_HOST=0.0.0.0', `SERVICE_VERSION=${VERSION}`]));

    expect(await cli(['exec', first, 'id', '-u'])).toBe('10001');
    // The hub is tini's child; `docker exec` runs beside them.
    expect(await cli(['exec', first, 'cat', '/proc/1/comm'])).toBe('tini');
    const childrenOfTini = await cli([
      'exec',
      first,
      'sh',
      '-c',
      'for d in /proc/[0-9]*; do if grep -q "^PPid:[[:space:]]*1$" "$d/status" 2>/dev/null; then tr "\\0" " " <"$d/cmdline"; echo; fi; done',
    ]);
    // The command runs Node with the flags of its first line (bin/notebook-hub.mjs).
    const withFlags = ['node', ...hubNodeFlags()].join(' ');
    expect(childrenOfTini.split('\n').map((line) => line.trim())).toContainEqual(
      expect.stringMatching(new RegExp(`^${withFlags} \\S*notebook-hub(\\.mjs)? serve$`)),
    );
    // Production dependencies of the service and the drivers only.
    const installed = await cli(['exec', first, 'ls', '/app/node_modules']);
    for (const devOnly of ['typescript', 'vitest', 'vite', 'electron', 'react']) expect(installed.split('\n')).not.toContain(devOnly);
  });

  it('answers /api/health, and the engine reports the container healthy', async () => {
    const response = await fetch(`${url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    await waitForDockerHealthy(cli, first);
  }, 120_000);

  it('works with a token from `docker exec <c> notebook-hub token create`, and reports the build version', async () => {
    token = await cli(['exec', first, 'notebook-hub', 'token', 'create', '--email', 'ops@example.com', '--super-admin', '--name', 'image test']);
    expect(token).toMatch(/^svc_pat_\S+$/);
    const version = await api('/api/v1/version');
    expect(version.status).toBe(200);
    expect(version.body.data).toMatchObject({ version: VERSION, image });
    const created = await api('/api/v1/projects', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Before the stop ${suffix}` }),
    });
    expect(created.status).toBe(201);
    const refused = await fetch(`${url}/api/v1/version`, { headers: { authorization: 'Bearer svc_pat_not-a-real-token' } });
    expect(refused.status).toBe(401);
  });

  it('serves the web UI at /, and draws the home page for a signed-in browser', async () => {
    const page = await fetch(`${url}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${url}${script}`)).status).toBe(200);

    // The first page is drawn by the UI build's server module (renderer/dist/server/first-page.js).
    const loginToken = await cli(['exec', first, 'cat', '/data/local-login-token']);
    const login = await fetch(`${url}/api/v1/auth/local/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ token: loginToken }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const drawn = await (await fetch(`${url}/`, { headers: { accept: 'text/html', cookie } })).text();
    expect(drawn).toContain(`Before the stop ${suffix}`);
  });

  it('drains on `docker stop`: requests in flight complete, and the hub exits 0 within its drain budget', async () => {
    const inFlight = Array.from({ length: 4 }, (_, index) =>
      slowJsonRequest(`${url}/api/v1/projects`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: { name: `In flight ${index} ${suffix}` },
        pieces: 8,
        pauseMs: 200,
      }),
    );
    await Promise.all(inFlight.map((request) => request.sent));
    // Let the hub read the headers of each before the signal.
    await sleep(300);
    const stopped = cli(['stop', '--time', String(STOP_TIMEOUT_SECONDS), first]);
    const answers = await Promise.all(inFlight.map((request) => request.response));
    await stopped;
    for (const answer of answers) expect(answer, answer.body).toMatchObject({ status: 201 });

    const state = JSON.parse(await cli(['inspect', '--format', '{{json .State}}', first])) as { ExitCode: number; OOMKilled: boolean };
    // 0 only after a complete drain (1 after drain_timeout, 137 when the engine had to kill it).
    expect(state.ExitCode).toBe(0);
    const logs = await cli(['logs', first]);
    expect(logs).toContain('"event":"shutdown","signal":"SIGTERM"');
    expect(logs).toContain('"event":"shutdown_complete"');
    expect(logs).not.toContain('drain_timeout');
  }, 120_000);

  it('keeps its data across a restart and in a new container on the same volume', async () => {
    const expected = [`Before the stop ${suffix}`, ...Array.from({ length: 4 }, (_, index) => `In flight ${index} ${suffix}`)];
    await cli(['start', first]);
    url = await hubUrl(cli, first);
    await waitForHealth(url);
    expect(await projectNames()).toEqual(expect.arrayContaining(expected));

    await cli(['rm', '--force', first]);
    await runHubContainer(cli, { image, name: second, volume, env, runArgs: lockedDown });
    url = await hubUrl(cli, second);
    await waitForHealth(url);
    // The token lives in the store on the volume too.
    expect(await projectNames()).toEqual(expect.arrayContaining(expected));
    expect((await api('/api/v1/version')).body.data.version).toBe(VERSION);
  }, 120_000);

  it('runs sessions in sandboxes of the Docker engine it is given (docker driver, host network)', async () => {
    // As docs/deploy.md says: the engine's socket with its group, and the host's network, where
    // the driver publishes the sandboxes' ports (127.0.0.1).
    const port = await unusedPort();
    await cli(['volume', 'create', driverVolume]);
    await runHubContainer(cli, {
      image,
      name: withDriver,
      volume: driverVolume,
      env: { SERVICE_HOST: '127.0.0.1', SERVICE_PORT: String(port), SERVICE_SANDBOX_DRIVER: 'docker', SERVICE_SANDBOX_IMAGE: docker!.image },
      runArgs: ['--network', 'host', '--volume', `${docker!.socketPath}:/var/run/docker.sock`, '--group-add', String(statSync(docker!.socketPath).gid)],
    });
    const hub = `http://127.0.0.1:${port}`;
    await waitForHealth(hub);
    const bearer = { authorization: `Bearer ${await cli(['exec', withDriver, 'notebook-hub', 'token', 'create', '--email', 'driver@example.com'])}` };
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${hub}${path}`, { method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return (await response.json()) as { success: boolean; data: Record<string, unknown> };
    };
    const project = await post('/api/v1/projects', { name: `Sessions ${suffix}` });
    const notebook = await post(`/api/v1/projects/${String(project.data.id)}/notebooks`, { title: 'In a sandbox' });
    const notebookId = (notebook.data.meta as { id: string }).id;
    const session = await post(`/api/v1/projects/${String(project.data.id)}/sessions`, { notebook_id: notebookId, mode: 'edit', wait: true });
    // The failure first: a run's summary keeps only the start of this message.
    expect(session.data, `failure: ${JSON.stringify(session.data.failure)}; ${JSON.stringify(session)}`).toMatchObject({
      state: 'running',
      phase: 'ready',
      failure: null,
    });
    // marimo answers through the hub's proxy, from its sandbox container.
    const health = await fetch(`${hub}/s/${String(session.data.id)}/health`, { headers: bearer });
    expect(health.status).toBe(200);
    await post(`/api/v1/projects/${String(project.data.id)}/sessions/${String(session.data.id)}/stop`, {});
  }, 300_000);
});
