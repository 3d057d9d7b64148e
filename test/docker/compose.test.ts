/**
 * The single-host install (docs/deploy.md, "Single host with Docker Compose"): build/compose's
 * compose.yaml brought up with Compose against the test setup's private Docker engine, with the
 * offline-built hub, sandbox and nginx images in place of the registry ones, and used only through
 * nginx under the path prefix /notebooks, as a browser would.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeCommand, ensureNginxImage } from '../setup/compose.js';
import { ensureHubImage, TEST_HUB_IMAGE_VERSION } from '../setup/hub-image.js';
import { announceSkip, requireAllSuites } from '../setup/suites.js';
import { dockerCli, waitForHealth } from '../support/hub-container.js';
import { connectKernel } from '../support/marimo-client.js';
import { unusedPort } from '../support/unused-port.js';
import { prerequisite } from '../setup/prerequisites.js';

const execFileAsync = promisify(execFile);
const docker = prerequisite('docker');
const composeFile = path.resolve(import.meta.dirname, '../../build/compose/compose.yaml');
const BASE = '/notebooks';

/** Compose itself is a prerequisite of this suite only: provisioned here, skipped loudly like the others. */
function provisionCompose(): string[] | null {
  if (docker === null) return null;
  try {
    return composeCommand();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (requireAllSuites()) throw error;
    announceSkip('docker compose', reason);
    return null;
  }
}
const compose = provisionCompose();

describe.skipIf(docker === null || compose === null)('single host with Docker Compose: the hub behind nginx', () => {
  const cli = dockerCli(docker?.socketPath ?? '');
  const project = `nbhub-compose-test-${randomBytes(4).toString('hex')}`;
  const volume = `${project}_hub-data`;
  let env: NodeJS.ProcessEnv;
  let root: string;
  let hubPort: number;
  let origin: string;
  let bearer: Record<string, string>;
  let projectId: string;
  let notebookId: string;

  /** Compose with this project's name and settings, against the test engine; resolves to its stdout. */
  const run = async (args: string[], timeoutMs = 300_000): Promise<string> => {
    const [command, ...prefix] = compose!;
    try {
      const { stdout } = await execFileAsync(command!, [...prefix, '--file', composeFile, '--project-name', project, ...args], {
        env,
        timeout: timeoutMs,
        maxBuffer: 64 * 1024 * 1024,
      });
      return stdout.trim();
    } catch (error) {
      const failed = error as { stderr?: string; message: string };
      throw new Error(`${compose!.join(' ')} ${args.join(' ')}: ${failed.stderr?.trim() || failed.message}`, { cause: error });
    }
  };
  const logs = () => run(['logs', '--no-color', '--tail', '60']).catch((error: unknown) => String(error));
  const api = async (route: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${root}${route}`, {
      method: init.method ?? 'GET',
      headers: { ...bearer, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, body: (await response.json()) as { success: boolean; data: Record<string, unknown> } };
  };
  const upAndHealthy = async () => {
    await run(['up', '--detach']);
    try {
      await waitForHealth(root, 120_000);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${await logs()}`, { cause: error });
    }
  };

  beforeAll(async () => {
    const [hubImage, nginxImage] = await Promise.all([
      ensureHubImage({ socketPath: docker!.socketPath, version: TEST_HUB_IMAGE_VERSION }),
      ensureNginxImage(docker!.socketPath),
    ]);
    const proxyPort = await unusedPort();
    hubPort = await unusedPort();
    origin = `http://127.0.0.1:${proxyPort}`;
    root = `${origin}${BASE}`;
    // What an operator writes into .env, with the images this machine can have.
    env = {
      ...process.env,
      DOCKER_HOST: `unix://${docker!.socketPath}`,
      PUBLIC_URL: root,
      PROXY_LISTEN: `127.0.0.1:${proxyPort}`,
      HUB_PORT: String(hubPort),
      DOCKER_SOCKET: docker!.socketPath,
      DOCKER_GID: String(statSync(docker!.socketPath).gid),
      HUB_IMAGE: hubImage,
      SANDBOX_IMAGE: docker!.image,
      NGINX_IMAGE: nginxImage,
    };
    await upAndHealthy();
  }, 900_000);

  afterAll(async () => {
    await run(['down', '--volumes', '--remove-orphans']).catch((error: unknown) => console.error(error));
    await cli(['volume', 'rm', '--force', volume]).catch(() => {});
  }, 300_000);

  it('answers /api/health and redirects the base without its slash, through nginx only', async () => {
    const health = await fetch(`${root}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const bare = await fetch(origin + BASE, { redirect: 'manual' });
    expect(bare.status).toBe(308);
    expect(bare.headers.get('location')).toBe(`${BASE}/`);
    // Nothing outside the prefix is the hub's.
    expect((await fetch(`${origin}/api/health`)).status).toBe(404);
    const services = (await run(['ps', '--services'])).split('\n').sort();
    expect(services).toEqual(['hub', 'proxy']);
  });

  it('keeps the hub itself on loopback: another address of this host does not reach it', async () => {
    expect((await fetch(`http://127.0.0.1:${hubPort}${BASE}/api/health`)).status).toBe(200);
    const elsewhere = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal);
    // A machine with loopback only has no other address to try.
    if (elsewhere === undefined) return;
    await expect(fetch(`http://${elsewhere.address}:${hubPort}${BASE}/api/health`, { signal: AbortSignal.timeout(5_000) })).rejects.toThrow();
  });

  it('serves the web UI under the prefix, with its assets', async () => {
    const page = await fetch(`${root}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    const script = new RegExp(`<script type="module" crossorigin src="(${BASE}/assets/[^"]+\\.js)"`).exec(html)?.[1];
    expect(script, html.slice(0, 2000)).toBeDefined();
    expect((await fetch(`${origin}${script}`)).status).toBe(200);
  });

  it('works with a token from `compose exec hub notebook-hub token create`: a project and a notebook', async () => {
    const token = await run(['exec', '-T', 'hub', 'notebook-hub', 'token', 'create', '--email', 'ops@example.com', '--super-admin', '--name', 'compose test']);
    expect(token).toMatch(/^svc_pat_\S+$/);
    bearer = { authorization: `Bearer ${token}` };
    const created = await api('/api/v1/projects', { method: 'POST', body: { name: 'Kept on the volume' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    projectId = String(created.body.data.id);
    const notebook = await api(`/api/v1/projects/${projectId}/notebooks`, { method: 'POST', body: { title: 'Through the proxy' } });
    expect(notebook.status, JSON.stringify(notebook.body)).toBe(201);
    notebookId = (notebook.body.data.meta as { id: string }).id;
  });

  it('runs an edit session in a Docker sandbox, and marimo answers through nginx (page and kernel WebSocket)', async () => {
    const session = await api(`/api/v1/projects/${projectId}/sessions`, { method: 'POST', body: { notebook_id: notebookId, mode: 'edit', wait: true } });
    expect(session.body.data, JSON.stringify(session.body)).toMatchObject({ state: 'running', phase: 'ready', failure: null });
    const sessionId = String(session.body.data.id);
    // The sandbox is a container of the engine the hub was given, not of the Compose project.
    expect((await cli(['ps', '--filter', 'label=notebook-hub.owner', '--format', '{{.Image}}'])).split('\n')).toContain(docker!.image);
    expect(String(session.body.data.url)).toContain(`${BASE}/s/${sessionId}/`);

    const page = await fetch(`${root}/s/${sessionId}/`, { headers: { ...bearer, accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('marimo');
    const kernel = await connectKernel(`${root}/s/${sessionId}`, { ...bearer, origin });
    try {
      await kernel.waitFor('kernel-ready', 120_000);
    } finally {
      kernel.close();
    }
    const stopped = await api(`/api/v1/projects/${projectId}/sessions/${sessionId}/stop`, { method: 'POST', body: {} });
    expect(stopped.status).toBeLessThan(300);
  }, 300_000);

  it('keeps its data on the named volume across `down` and `up`', async () => {
    await run(['down']);
    expect(await cli(['ps', '--all', '--filter', `label=com.docker.compose.project=${project}`, '--quiet'])).toBe('');
    expect(await cli(['volume', 'ls', '--quiet', '--filter', `name=${volume}`])).toBe(volume);
    await upAndHealthy();
    const projects = await api('/api/v1/projects?limit=200');
    expect(projects.status).toBe(200);
    expect((projects.body.data.items as { id: string; name: string }[]).map((entry) => entry.name)).toContain('Kept on the volume');
  }, 600_000);
});
