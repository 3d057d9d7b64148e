import { createServer, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { readSettings } from '../../service/src/config/settings.js';
import type { HubApp } from '../../service/src/http/types.js';
import { createHub, type Hub } from '../../service/src/compose/hub.js';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { startAlertReceiver } from '../support/alert-receiver.js';
import { runHubCommand, startHubProcess, type HubProcess } from '../support/hub-process.js';
import { makeTempDir } from '../support/temp-dir.js';

/** Resolvers of `arrival()`: a request must be inside the hub before the test starts a drain. */
const waitingForArrival: (() => void)[] = [];
const arrival = () => new Promise<void>((resolve) => waitingForArrival.push(resolve));

function slowRoute(app: HubApp): void {
  app.get('/api/health/slow', { config: { public: true } }, async (request) => {
    const { ms } = request.query as { ms: string };
    waitingForArrival.shift()?.();
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
    const arrived = arrival();
    const inFlight = fetch(`${url}/api/health/slow?ms=400`);
    await arrived;
    const closing = hub.close(10_000);
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    expect(await closing).toBe('drained');
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });

  it('cuts requests that outlive their share of the budget and still drains', async () => {
    const { hub, url } = await startHub();
    const arrived = arrival();
    const stuck = fetch(`${url}/api/health/slow?ms=60000`).then(
      () => 'answered',
      () => 'cut',
    );
    await arrived;
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

  it('drains on SIGINT as on SIGTERM', async () => {
    const temp = await makeTempDir('sigint');
    cleanups.push(temp.cleanup);
    const hub = await startHubProcess({ SERVICE_DATA_DIR: temp.dir });
    expect((await fetch(`${hub.url}/api/health`)).status).toBe(200);
    expect(await hub.stop('SIGINT')).toBe(0);
    expect(hub.logs.find((line) => line.event === 'shutdown')).toMatchObject({ signal: 'SIGINT' });
    expect(hub.logs.map((line) => line.event)).toContain('shutdown_complete');
  });

  /**
   * A hub whose one background job outlives a 1 s drain budget: an alert delivery to a receiver
   * that never answers, cut by the delivery timeout only.
   */
  async function hubWithStuckDelivery(deliveryTimeoutSeconds: number): Promise<HubProcess> {
    const temp = await makeTempDir('drain-timeout');
    cleanups.push(temp.cleanup);
    const receiver = await startAlertReceiver();
    const release = receiver.hold('/stuck');
    cleanups.push(async () => {
      release();
      await receiver.close();
    });
    const env = {
      SERVICE_DATA_DIR: temp.dir,
      SERVICE_RUN_MAINTENANCE: 'false',
      SERVICE_SHUTDOWN_TIMEOUT_SECONDS: '1',
      SERVICE_ALERT_ALLOW_HTTP: 'true',
      SERVICE_ALERT_DELIVERY_ATTEMPTS: '1',
      SERVICE_ALERT_DELIVERY_TIMEOUT_SECONDS: String(deliveryTimeoutSeconds),
    };
    const token = (await runHubCommand(['token', 'create', '--email', 'owner@example.com'], env)).stdout.trim();
    const hub = await startHubProcess(env);
    cleanups.push(() => hub.stop('SIGKILL'));
    const call = async (route: string, body: unknown) => {
      const response = await fetch(`${hub.url}${route}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, route).toBe(201);
      return ((await response.json()) as { data: { id: string } }).data;
    };
    const project = await call('/api/v1/projects', { name: 'drained' });
    await call(`/api/v1/projects/${project.id}/alerts`, {
      type: 'webhook',
      name: 'stuck',
      kinds: ['member.invited', 'member.added'],
      url: receiver.url('/stuck'),
      signing_secret: 'whsec-0123456789abcdef0123',
    });
    await call(`/api/v1/projects/${project.id}/members`, { email: 'newcomer@example.com', role: 'viewer' });
    await receiver.waitFor('/stuck', 1);
    return hub;
  }

  it('exits non-zero after drain_timeout even when the stragglers end within the extra time', async () => {
    const hub = await hubWithStuckDelivery(3);
    expect(await hub.stop('SIGTERM')).toBe(1);
    const events = hub.logs.map((line) => line.event);
    expect(events).toContain('drain_timeout');
    expect(events).not.toContain('shutdown_complete');
    // The delivery gave up on its own timeout before the process left: nothing forced the exit.
    expect(hub.logs.find((line) => line.event === 'alert_delivery')).toMatchObject({ reason: 'timeout' });
  });

  it('exits non-zero once the extra time after drain_timeout runs out', async () => {
    const hub = await hubWithStuckDelivery(60);
    expect(await hub.stop('SIGTERM')).toBe(1);
    expect(hub.logs.map((line) => line.event)).toContain('drain_timeout');
    // Cut short: the delivery was still waiting for its own 60 s timeout.
    expect(hub.logs.map((line) => line.event)).not.toContain('alert_delivery');
  }, 45_000);

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
    const oidcEnv = {
      ...env,
      SERVICE_AUTH: 'oidc',
      SERVICE_OIDC_ISSUER: issuer,
      SERVICE_OIDC_CLIENT_ID: 'hub',
      SERVICE_OIDC_ALLOW_HTTP: 'true',
      SERVICE_SHUTDOWN_TIMEOUT_SECONDS: '60',
    };
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
