import { createServer, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { readSettings } from '../../service/src/config/settings.js';
import type { HubApp } from '../../service/src/http/types.js';
import { createHub, type Hub } from '../../service/src/hub.js';
import { createLogger } from '../../service/src/telemetry/logger.js';
import { runHubCommand, startHubProcess } from '../support/hub-process.js';
import { makeTempDir } from '../support/temp-dir.js';

function slowRoute(app: HubApp): void {
  app.get('/api/health/slow', { config: { public: true } }, async (request) => {
    const { ms } = request.query as { ms: string };
    await new Promise((resolve) => setTimeout(resolve, Number(ms)));
    return { done: true };
  });
}

describe('shutdown drain', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function startHub(): Promise<{ hub: Hub; url: string; logs: Record<string, unknown>[] }> {
    const temp = await makeTempDir('drain');
    cleanups.push(temp.cleanup);
    const logs: Record<string, unknown>[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (logs.push(JSON.parse(chunk.toString())), done()) });
    const settings = readSettings({ SERVICE_DATA_DIR: temp.dir, SERVICE_PORT: '0', SERVICE_LOG_LEVEL: 'info' });
    const hub = await createHub({ settings, logger: createLogger('info', sink), routes: [slowRoute] });
    cleanups.push(() => hub.close(1000));
    return { hub, url: await hub.listen(), logs };
  }

  it('lets in-flight requests finish and refuses new connections', async () => {
    const { hub, url } = await startHub();
    const inFlight = fetch(`${url}/api/health/slow?ms=400`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = hub.close(10_000);
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    expect(await closing).toBe('drained');
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });

  it('cuts requests that outlive their share of the budget and still drains', async () => {
    const { hub, url } = await startHub();
    const stuck = fetch(`${url}/api/health/slow?ms=60000`).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await hub.close(1000)).toBe('drained');
    expect(await stuck).toBe('cut');
  });

  it('waits for background work, and logs drain_timeout when it outlasts the budget', async () => {
    const { hub, logs } = await startHub();
    let finished = false;
    hub.background.run(async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      finished = true;
    });
    const never = new Promise(() => {});
    hub.background.run(() => never);
    expect(await hub.close(600)).toBe('timeout');
    expect(finished).toBe(true);
    expect(hub.background.run(async () => {})).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logs.find((line) => line.event === 'drain_timeout')).toMatchObject({ level: 'error', budget_ms: 600 });
  });

  it('drains on SIGTERM and exits at once on a second signal', async () => {
    const temp = await makeTempDir('signals');
    cleanups.push(temp.cleanup);
    const env = { SERVICE_DATA_DIR: temp.dir };
    const hub = await startHubProcess(env);
    expect(await hub.stop('SIGTERM')).toBe(0);
    expect(hub.logs.map((line) => line.event)).toEqual(expect.arrayContaining(['shutdown', 'shutdown_complete']));

    // An identity provider that accepts connections and never answers keeps a deep health
    // request in flight for its whole timeout, long enough to send two signals.
    const held = new Set<Socket>();
    const silent: Server = createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const issuer = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    const oidcEnv = { ...env, SERVICE_AUTH: 'oidc', SERVICE_OIDC_ISSUER: issuer, SERVICE_OIDC_CLIENT_ID: 'hub', SERVICE_OIDC_ALLOW_HTTP: 'true', SERVICE_SHUTDOWN_TIMEOUT_SECONDS: '60' };
    const token = (await runHubCommand(['token', 'create', '--email', 'ops@example.com'], oidcEnv)).stdout.trim();
    const busy = await startHubProcess(oidcEnv);
    const deep = fetch(`${busy.url}/api/health?deep=true`, { headers: { authorization: `Bearer ${token}` } }).then(
      (response) => `answered ${response.status}`,
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    busy.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await busy.stop('SIGTERM')).toBe(130);
    expect(await deep).toBe('cut');
  });
});
