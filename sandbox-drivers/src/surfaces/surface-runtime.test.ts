import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { makeTempDir } from '../../../test/support/temp-dir.js';
import { CODE_SERVER_VERSION, OPENCODE_VERSION } from '../../runtime/pins.js';
import { freeLoopbackPort } from '../local/free-port.js';
import type { ProgressEvent } from '../shared/progress.js';
import { missingCodeServerBuildTools, missingToolsError } from './build-prerequisites.js';
import { RunningSurface } from '../testing/running-surface.js';
import { startFakeOpenAiEndpoint } from '../testing/fake-openai-endpoint.js';
import { codeServerCommand, MANAGED_AI_PROVIDER, openCodeCommand, type SurfaceCommand } from './surface-commands.js';
import { surfaceLayout } from './surface-layout.js';
import { ensureSurfaceRuntime } from './surface-runtime.js';
import { prerequisite } from '../../../test/setup/prerequisites.js';

const run = promisify(execFile);
const surfaces = prerequisite('surfaceRuntime');
const SECRET = 'a-surface-secret-of-the-test-0123456789';
const START_TIMEOUT_MS = 90_000;

/** Starts a surface from its command and stops it after the test, checking nothing of it is left. */
function useSurfaces() {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  const running: RunningSurface[] = [];
  beforeAll(async () => {
    temp = await makeTempDir('surfaces');
  });
  afterEach(async () => {
    for (const surface of running.splice(0)) {
      await surface.stop();
      expect(await surface.processes(), 'processes left after stopping the surface').toEqual([]);
    }
  });
  afterAll(async () => {
    await temp.cleanup();
  });
  return {
    /** Starts a surface with an empty home folder of its own, to see that it writes nothing there. */
    async start(build: (folders: { port: number; workspaceDir: string; stateDir: string }) => SurfaceCommand) {
      const id = randomUUID();
      const workspaceDir = path.join(temp.dir, id, 'workspace');
      const stateDir = path.join(temp.dir, id, 'state');
      const homeDir = path.join(temp.dir, id, 'home');
      await mkdir(workspaceDir, { recursive: true });
      await mkdir(homeDir, { recursive: true });
      await writeFile(path.join(workspaceDir, 'notebook.py'), 'import marimo\n');
      const port = await freeLoopbackPort();
      const command = build({ port, workspaceDir, stateDir });
      const surface = RunningSurface.start({ ...command, env: { ...command.env, HOME: homeDir } }, id);
      running.push(surface);
      return { surface, command, base: `http://127.0.0.1:${port}`, stateDir, workspaceDir, homeDir };
    },
  };
}

/** Start time and memory, for docs/surfaces.md "Footprint"; printed, never asserted. */
async function note(name: string, surface: RunningSurface, startMs: number): Promise<void> {
  const mib = (await surface.residentBytes()) / 1024 ** 2;
  console.info(`[surfaces] ${name}: first 200 after ${Math.round(startMs)} ms, ${mib.toFixed(0)} MiB resident`);
}

describe.skipIf(surfaces === null)('code-server from the cached surface install', () => {
  const { start } = useSurfaces();

  it('serves the workbench to the hub credential only, and accepts its remote connection', async () => {
    const { surface, command, base, workspaceDir } = await start(({ port, workspaceDir, stateDir }) =>
      codeServerCommand({ launcher: surfaces!.codeServer, bindHost: '127.0.0.1', port, workspaceDir, stateDir, secret: SECRET }),
    );
    // The secret itself never reaches the command line (other local users can read the process list).
    expect(command.argv.join(' ')).not.toContain(SECRET);
    expect(command.argv.join(' ')).not.toContain(command.env.HASHED_PASSWORD);

    const startMs = await surface.waitForOk(`${base}/healthz`, {}, START_TIMEOUT_MS);
    const page = await fetch(`${base}/?folder=${encodeURIComponent(workspaceDir)}`, { headers: command.proxyHeaders, redirect: 'manual' });
    expect(page.status, surface.log).toBe(200);
    const html = await page.text();
    expect(html).toContain('workbench.js');
    // The workbench's static files and its remote connection live under `stable-<commit>`, relative to the page.
    const release = /\b(stable-[0-9a-f]{40})\//.exec(html)?.[1];
    expect(release, 'the workbench names its release folder').toBeDefined();
    const script = await fetch(`${base}/${release}/static/out/vs/code/browser/workbench/workbench.js`, { headers: command.proxyHeaders });
    expect(script.status).toBe(200);
    await script.body?.cancel();
    await note(`code-server ${CODE_SERVER_VERSION}`, surface, startMs);

    // The workbench's remote connection: a WebSocket beside the page, from the page's own origin.
    const remote = `ws://${new URL(base).host}/${release}?reconnectionToken=${randomUUID()}&reconnection=false&skipWebSocketFrames=false`;
    expect(await webSocketOutcome(remote, { ...command.proxyHeaders, origin: base })).toBe('open');

    // Without the hub's credential: the page sends to the login form, the WebSocket is refused.
    const anonymous = await fetch(`${base}/?folder=${encodeURIComponent(workspaceDir)}`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toMatch(/login/);
    expect(await webSocketOutcome(remote, { origin: base })).toBe('refused 401');
    const forged = await fetch(`${base}/`, { headers: { cookie: 'code-server-session=not-the-hash' }, redirect: 'manual' });
    expect(forged.status).toBe(302);
  });

  it('keeps its settings in the state folder, not in the home folder', async () => {
    const { surface, command, base, stateDir, homeDir, workspaceDir } = await start(({ port, workspaceDir, stateDir }) =>
      codeServerCommand({ launcher: surfaces!.codeServer, bindHost: '127.0.0.1', port, workspaceDir, stateDir, secret: SECRET }),
    );
    await surface.waitForOk(`${base}/?folder=${encodeURIComponent(workspaceDir)}`, command.proxyHeaders, START_TIMEOUT_MS);
    expect(await readdir(stateDir)).toEqual(expect.arrayContaining(['config.yaml', 'user-data']));
    expect(await readdir(homeDir)).toEqual([]);
  });

  it('refuses a secret too short to protect the surface', () => {
    expect(() => codeServerCommand({ launcher: 'code-server', bindHost: '127.0.0.1', port: 1, workspaceDir: '/w', stateDir: '/s', secret: 'short' })).toThrow(
      /too short/,
    );
  });
});

describe.skipIf(surfaces === null)('OpenCode from the cached surface install', () => {
  const { start } = useSurfaces();

  it('serves its web UI and API to the hub credential only', async () => {
    const { surface, command, base, workspaceDir } = await start(({ port, workspaceDir, stateDir }) =>
      openCodeCommand({ launcher: surfaces!.openCode, bindHost: '127.0.0.1', port, workspaceDir, stateDir, secret: SECRET }),
    );
    expect(command.argv.join(' ')).not.toContain(SECRET);

    const startMs = await surface.waitForOk(`${base}/`, command.proxyHeaders, START_TIMEOUT_MS);
    const page = await fetch(`${base}/`, { headers: command.proxyHeaders });
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<title>OpenCode</title>');
    // Its UI is served from the binary itself: the script the page loads answers too.
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${base}${script}`, { headers: command.proxyHeaders });
    expect(asset.status).toBe(200);
    await asset.body?.cancel();
    await note(`OpenCode ${OPENCODE_VERSION}`, surface, startMs);

    // The API the UI calls: its project is the workspace, its session list answers (empty at first).
    const where = await fetch(`${base}/path`, { headers: command.proxyHeaders });
    expect(where.status).toBe(200);
    expect(await where.json()).toMatchObject({ directory: workspaceDir });
    const sessions = await fetch(`${base}/session`, { headers: command.proxyHeaders });
    expect(sessions.status).toBe(200);
    expect(await sessions.json()).toEqual([]);

    // Without the password, or with another one, nothing answers.
    const wrongPassword: Record<string, string>[] = [{}, { authorization: `Basic ${Buffer.from('opencode:wrong-password').toString('base64')}` }];
    for (const headers of wrongPassword) {
      for (const route of ['/', '/session', '/global/event']) {
        const refused = await fetch(`${base}${route}`, { headers });
        expect(refused.status, `${route} without the password`).toBe(401);
        await refused.body?.cancel();
      }
    }
  });

  it('keeps its sessions in the state folder, not in the home folder', async () => {
    const { surface, command, base, stateDir, homeDir } = await start(({ port, workspaceDir, stateDir }) =>
      openCodeCommand({ launcher: surfaces!.openCode, bindHost: '127.0.0.1', port, workspaceDir, stateDir, secret: SECRET }),
    );
    await surface.waitForOk(`${base}/session`, command.proxyHeaders, START_TIMEOUT_MS);
    const created = await fetch(`${base}/session`, { method: 'POST', headers: { ...command.proxyHeaders, 'content-type': 'application/json' }, body: '{}' });
    expect(created.status).toBe(200);
    const session = (await created.json()) as { id: string };
    const listed = (await (await fetch(`${base}/session`, { headers: command.proxyHeaders })).json()) as { id: string }[];
    expect(listed.map((item) => item.id)).toEqual([session.id]);
    await expect(readFile(path.join(stateDir, 'data', 'opencode', 'opencode.db'))).resolves.toBeInstanceOf(Buffer);
    expect(await readdir(homeDir)).toEqual([]);
  });
});

describe.skipIf(surfaces === null)('OpenCode with a managed OpenAI-compatible endpoint', () => {
  const { start } = useSurfaces();
  let endpoint: Awaited<ReturnType<typeof startFakeOpenAiEndpoint>>;
  beforeAll(async () => {
    endpoint = await startFakeOpenAiEndpoint('Hello from the managed model');
  });
  afterAll(async () => {
    await endpoint.close();
  });

  it('offers that endpoint as its only provider and answers a prompt through it, with the key', async () => {
    const ai = { baseUrl: endpoint.baseUrl, apiKey: 'sk-managed-key-of-the-test', models: ['hub-model', 'hub-model-large'] };
    const { surface, command, base } = await start(({ port, workspaceDir, stateDir }) =>
      openCodeCommand({ launcher: surfaces!.openCode, bindHost: '127.0.0.1', port, workspaceDir, stateDir, secret: SECRET, ai }),
    );
    // The key travels in its own variable, not in the configuration or on the command line.
    expect(command.env.OPENCODE_CONFIG_CONTENT).not.toContain(ai.apiKey);
    expect(command.argv.join(' ')).not.toContain(ai.apiKey);
    await surface.waitForOk(`${base}/session`, command.proxyHeaders, START_TIMEOUT_MS);

    const providers = (await (await fetch(`${base}/config/providers`, { headers: command.proxyHeaders })).json()) as {
      providers: { id: string; models: Record<string, unknown> }[];
      default: Record<string, string>;
    };
    expect(providers.providers.map((provider) => provider.id)).toEqual([MANAGED_AI_PROVIDER]);
    expect(Object.keys(providers.providers[0]!.models).sort()).toEqual(['hub-model', 'hub-model-large']);
    // (its `default` is OpenCode's own pick per provider; the configured model is what a prompt uses, below)

    const headers = { ...command.proxyHeaders, 'content-type': 'application/json' };
    const session = (await (await fetch(`${base}/session`, { method: 'POST', headers, body: '{}' })).json()) as { id: string };
    const answer = await fetch(`${base}/session/${session.id}/message`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ parts: [{ type: 'text', text: 'Say hello' }] }),
    });
    expect(answer.status).toBe(200);
    const message = (await answer.json()) as { info: { providerID: string; modelID: string }; parts: { type: string; text?: string }[] };
    expect(message.info).toMatchObject({ providerID: MANAGED_AI_PROVIDER, modelID: 'hub-model' });
    expect(message.parts.filter((part) => part.type === 'text').map((part) => part.text)).toEqual(['Hello from the managed model']);
    expect(endpoint.received.length).toBeGreaterThan(0);
    for (const request of endpoint.received) expect(request).toEqual({ authorization: `Bearer ${ai.apiKey}`, model: 'hub-model' });
  });

  it('refuses an endpoint that is not an http(s) URL, or has no model', () => {
    const options = { launcher: 'opencode', bindHost: '127.0.0.1', port: 1, workspaceDir: '/w', stateDir: '/s', secret: SECRET };
    expect(() => openCodeCommand({ ...options, ai: { baseUrl: 'file:///etc', apiKey: 'k', models: ['m'] } })).toThrow(/http\(s\) URL/);
    expect(() => openCodeCommand({ ...options, ai: { baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'k', models: [] } })).toThrow(/at least one model/);
  });
});

describe.skipIf(surfaces === null)('installing the surfaces', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    temp = await makeTempDir('surface-install');
  });
  afterAll(async () => {
    await temp.cleanup();
  });

  it('installs once with progress, reinstalls on a pin change, and reuses a current install', async () => {
    const dir = path.join(temp.dir, 'surfaces');
    const events: ProgressEvent[] = [];
    const installed = await ensureSurfaceRuntime({ dir, only: ['opencode'], onProgress: (event) => events.push(event) });
    expect(installed).toEqual({ dir, codeServer: null, openCode: surfaceLayout(dir, 'opencode').launcher });
    expect(events.at(-1)).toMatchObject({ percent: 100, done: true });
    const percents = events.map((event) => event.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));

    // Called again by two callers at once: nothing to do, and nothing reported.
    events.length = 0;
    const again = await Promise.all([
      ensureSurfaceRuntime({ dir, only: ['opencode'] }),
      ensureSurfaceRuntime({ dir, only: ['opencode'], onProgress: (event) => events.push(event) }),
    ]);
    expect(again[1]).toEqual(installed);
    expect(events).toEqual([]);

    // A stamp of other pins (as after an upgrade of the hub) is a reinstall.
    const layout = surfaceLayout(dir, 'opencode');
    const current = await readFile(layout.stamp, 'utf8');
    await writeFile(layout.stamp, current.replace(OPENCODE_VERSION, '0.0.1'));
    await ensureSurfaceRuntime({ dir, only: ['opencode'], onProgress: (event) => events.push(event) });
    expect(events.at(-1)).toMatchObject({ done: true });
    expect(await readFile(layout.stamp, 'utf8')).toBe(current);
  }, 180_000);

  it('installs once when two hub processes ask at the same time: the second waits, then finds it installed', async () => {
    const dir = path.join(temp.dir, 'two-processes');
    const child = path.join(import.meta.dirname, '../testing/ensure-surfaces-process.ts');
    const both = await Promise.all(
      [0, 1].map((index) =>
        run(process.execPath, ['--conditions=source', '--import', 'tsx', child, dir, 'opencode'], { cwd: path.join(import.meta.dirname, '../../..') }).then(
          ({ stdout }) => {
            const lines = stdout
              .trim()
              .split('\n')
              .map((line) => JSON.parse(line) as { progress?: ProgressEvent; runtime?: unknown });
            return { index, installed: lines.some((line) => line.progress?.done === true), runtime: lines.at(-1)!.runtime };
          },
        ),
      ),
    );
    expect(both.filter((result) => result.installed)).toHaveLength(1);
    for (const result of both) expect(result.runtime).toEqual({ dir, codeServer: null, openCode: surfaceLayout(dir, 'opencode').launcher });
    expect(await readdir(dir)).toEqual(['opencode']);
  }, 180_000);

  it('names the packages code-server needs to build when they are missing, and installs nothing', async () => {
    expect(await missingCodeServerBuildTools({ searchPath: '/nonexistent', gssapiHeaders: ['/nonexistent/gssapi.h'] })).toEqual([
      'libkrb5-dev',
      'g++',
      'make',
      'python3',
    ]);
    expect(missingToolsError(['libkrb5-dev']).message).toMatch(/apt-get install libkrb5-dev/);

    const dir = path.join(temp.dir, 'no-tools');
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await expect(ensureSurfaceRuntime({ dir, only: ['code-server'] })).rejects.toThrow(/install g\+\+, make, python3/);
    } finally {
      process.env.PATH = saved;
    }
    await expect(readFile(surfaceLayout(dir, 'code-server').launcher)).rejects.toThrow(/ENOENT/);
  });
});

/** `open`, or `refused <status>` when the upgrade was answered with an HTTP status. */
function webSocketOutcome(url: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers, handshakeTimeout: 15_000 });
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(`refused ${response.statusCode}`);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}
