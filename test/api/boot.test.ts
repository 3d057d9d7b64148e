import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Catalog } from '../../service/src/core/catalog/catalog.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { FsObjectStore } from '../../service/src/adapters/store/fs-store.js';
import { runHubCommand, startHubProcess, type HubProcess } from '../support/hub-process.js';
import { makeTempDir } from '../support/temp-dir.js';

/** Polls `read` until `done` holds for what it returns (log lines arrive through a pipe). */
async function eventually<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('notebook-hub serve', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const dataDir = async () => {
    const temp = await makeTempDir('boot');
    cleanups.push(temp.cleanup);
    return temp.dir;
  };
  const start = async (env: Record<string, string>) => {
    const hub = await startHubProcess(env);
    cleanups.push(() => hub.stop());
    return hub;
  };
  const requestLines = (hub: HubProcess) => hub.logs.filter((line) => line.event === 'http_request');

  it('serves health on a fresh data directory and initializes the store once', async () => {
    const dir = await dataDir();
    const hub = await start({ SERVICE_DATA_DIR: dir });
    const health = await fetch(`${hub.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(health.headers.get('x-request-id')).toMatch(/^req_/);

    const store = new FsObjectStore(path.join(dir, 'store'));
    expect(await new Catalog(store).readPointer()).not.toBeNull();
    const audit = await store.list(layout.deploymentAuditPrefix());
    const events = await Promise.all(audit.items.map(async (item) => JSON.parse((await store.get(item.key))!.body.toString()).event));
    expect(events).toEqual(['system.initialize']);

    expect((await fetch(`${hub.url}/api/v1/no-such-route`)).status).toBe(401);
    const token = (await runHubCommand(['token', 'create', '--email', 'ops@example.com'], { SERVICE_DATA_DIR: dir })).stdout.trim();
    const missing = await fetch(`${hub.url}/api/v1/no-such-route`, { headers: { authorization: `Bearer ${token}` } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND', request_id: missing.headers.get('x-request-id') } });
    // One log line per request, with its outcome.
    const missed = await eventually(
      () => requestLines(hub).filter((line) => line.url === '/api/v1/no-such-route'),
      (found) => found.length >= 2,
    );
    expect(missed.map((line) => line.status)).toEqual([401, 404]);

    // A restart finds the catalog and writes no second initialization.
    await hub.stop();
    const again = await start({ SERVICE_DATA_DIR: dir });
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    const initializations = await Promise.all(
      (await store.list(layout.deploymentAuditPrefix())).items.map(async (item) => JSON.parse((await store.get(item.key))!.body.toString()).event),
    );
    expect(initializations.filter((event) => event === 'system.initialize')).toHaveLength(1);
  });

  it('writes one info line per request at the default log level, health probes included', async () => {
    const hub = await start({ SERVICE_DATA_DIR: await dataDir(), SERVICE_LOG_LEVEL: 'info' });
    const routes = ['/api/health', '/api/health/maintenance', '/api/health?deep=true', '/api/v1/me', '/api/health'];
    const statuses: number[] = [];
    for (const route of routes) statuses.push((await fetch(`${hub.url}${route}`)).status);
    const lines = await eventually(
      () => requestLines(hub),
      (found) => found.length >= routes.length,
    );
    expect(lines.map((line) => [line.url, line.status, line.level])).toEqual(routes.map((route, index) => [route.split('?')[0], statuses[index], 'info']));
    expect(lines.every((line) => typeof line.duration_ms === 'number' && /^req_/.test(String(line.reqId)))).toBe(true);
  });

  it('answers NOT_INITIALIZED while the catalog is lost and works again after recovery', async () => {
    const dir = await dataDir();
    const store = new FsObjectStore(path.join(dir, 'store'));
    await new Catalog(store).initialize();
    await store.put(
      layout.projectRevision('proj-0000000000000001', 'rev-0000000000000001'),
      JSON.stringify({
        schema_version: 1,
        revision: 'rev-0000000000000001',
        parent_revision: null,
        id: 'proj-0000000000000001',
        name: 'kept',
        description: '',
        owner: 'u',
        owner_email: 'u@example.com',
        members: [],
        group_members: [],
        tags: [],
        status: 'active',
        default_role: null,
        federation: null,
        security_labels: null,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
        written_by: 'u',
      }),
    );
    await store.delete(layout.catalogPointer);

    const hub = await start({ SERVICE_DATA_DIR: dir });
    expect((await fetch(`${hub.url}/api/health`)).status).toBe(200);
    const refused = await fetch(`${hub.url}/api/v1/projects`);
    expect(refused.status).toBe(503);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('NOT_INITIALIZED');
    expect(body.error.message).toMatch(/recovery is required/);
    expect(await store.get(layout.catalogPointer)).toBeNull();
    await hub.stop();

    const env = { SERVICE_DATA_DIR: dir };
    const dry = await runHubCommand(['recover', '--rebuild'], env);
    expect(dry.code).toBe(0);
    const token = JSON.parse(dry.stdout).report_token as string;
    const apply = await runHubCommand(['recover', '--rebuild', '--apply', token, '--writers-stopped', '--actor', 'ops', '--accept-warnings'], env);
    expect(apply.code).toBe(0);
    const healed = await start(env);
    expect((await fetch(`${healed.url}/api/v1/projects`)).status).toBe(401);
  });

  it('keeps running when the store cannot be reached, and says so', async () => {
    const dir = await dataDir();
    // A file where the store's directory should be: every store operation fails.
    await writeFile(path.join(dir, 'store'), 'not a directory');
    const hub = await start({ SERVICE_DATA_DIR: dir });
    expect((await fetch(`${hub.url}/api/health`)).status).toBe(200);
    const unavailable = await fetch(`${hub.url}/api/v1/anything`);
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe('5');
    expect(((await unavailable.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE');
    expect(hub.logs.find((line) => line.event === 'storage_preflight_failed')).toMatchObject({ level: 'error' });
  });

  it('refuses bad settings with a message naming the variable', async () => {
    const dir = await dataDir();
    for (const [variable, value] of [
      ['SERVICE_PORT', 'eighty'],
      ['SERVICE_STORAGE', 'ftp'],
      ['SERVICE_SESSION_CONNECTION_AWARE', '1'],
      ['SERVICE_AUTOMATIC_THUMBNAILS', 'yes'],
      ['SERVICE_AUTH', 'ldap'],
    ] as const) {
      const result = await runHubCommand(['serve'], { SERVICE_DATA_DIR: dir, [variable]: value });
      expect(result.code, variable).toBe(1);
      expect(result.stderr).toContain(variable);
    }
    const lenient = await start({ SERVICE_DATA_DIR: dir, SERVICE_SESSION_CONNECTION_AWARE: '  FALSE ', SERVICE_AUTOMATIC_THUMBNAILS: '' });
    expect((await fetch(`${lenient.url}/api/health`)).status).toBe(200);
  });
});
