import { createServer, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Catalog } from '../../service/src/core/catalog/catalog.js';
import { layout } from '../../service/src/core/storage-layout.js';
import type { ObjectStore } from '../../service/src/core/ports/object-store.js';
import { FsObjectStore } from '../../service/src/adapters/store/fs-store.js';
import { listening, scrape } from '../support/prometheus-scrape.js';
import { unusedPort } from '../support/unused-port.js';
import { startTestHub, type TestHub, type TestHubOptions } from '../support/test-hub.js';

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('telemetry: metrics', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A hub scraped on a free loopback port; `env` adds or overrides settings. */
  async function prometheusHub(env: Record<string, string> = {}, options: Omit<TestHubOptions, 'env'> = {}): Promise<{ t: TestHub; port: number }> {
    const port = await unusedPort();
    const t = await startTestHub({
      captureLogs: true,
      ...options,
      env: { OTEL_METRICS_EXPORTER: 'prometheus', OTEL_EXPORTER_PROMETHEUS_PORT: String(port), SERVICE_RUN_MAINTENANCE: 'false', ...env },
    });
    cleanups.push(() => t.close());
    return { t, port };
  }

  it('reports request durations by route template, method and status, and requests in flight', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { t, port } = await prometheusHub(
      {},
      {
        routes: [
          (app) =>
            app.get('/api/v1/test/slow/:id', { config: { public: true } }, async () => {
              await gate;
              return { ok: true };
            }),
        ],
      },
    );
    expect(t.logs.find((line) => line.event === 'otel_started')).toMatchObject({
      metrics_exporter: 'prometheus',
      endpoint: `http://127.0.0.1:${port}/metrics`,
    });
    const token = await t.tokenFor('metrics@example.com');
    expect((await t.call('/api/health')).status).toBe(200);
    expect((await t.call('/api/health')).status).toBe(200);
    const missing = await t.call('/api/v1/projects/proj-0000000000000abc', { token });
    expect(missing.status).toBe(404);
    expect((await t.call('/api/v1/no/such/route/here', { token })).status).toBe(404);

    const inFlight = fetch(`${t.url}/api/v1/test/slow/one`);
    const abandoned = new AbortController();
    const gone = fetch(`${t.url}/api/v1/test/slow/two`, { signal: abandoned.signal }).catch(() => null);
    const slow = { 'http.request.method': 'GET', 'url.scheme': 'http', 'http.route': '/api/v1/test/slow/:id' };
    const active = (labels: Record<string, string>) => async () => (await scrape(port)).value('http_server_active_requests', promLabels(labels));
    await waitFor(async () => (await active(slow)()) === 2, 'two requests in flight');
    abandoned.abort();
    await gone;
    // A client that gave up is no longer in flight, though its handler has not answered yet.
    await waitFor(async () => (await active(slow)()) === 1, 'the abandoned request to end');
    release();
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    await answered.text();
    await waitFor(async () => (await active(slow)()) === 0, 'no request in flight');

    const metrics = await scrape(port);
    const duration = (labels: Record<string, string>) =>
      metrics.value('http_server_request_duration_count', promLabels({ 'http.request.method': 'GET', 'url.scheme': 'http', ...labels }));
    expect(duration({ 'http.route': '/api/health', 'http.response.status_code': '200' })).toBe(2);
    expect(duration({ 'http.route': '/api/v1/projects/:pid', 'http.response.status_code': '404' })).toBe(1);
    // The abandoned request may or may not count, depending on whether its late answer could be written.
    expect(duration({ 'http.route': '/api/v1/test/slow/:id', 'http.response.status_code': '200' })).toBeGreaterThanOrEqual(1);
    // Unmatched requests have no route; raw paths and ids never become labels.
    expect(duration({ 'http.response.status_code': '404' })).toBe(1);
    expect(metrics.text).not.toContain('proj-0000000000000abc');
    expect(metrics.text).not.toContain('/no/such/route');
    const buckets = metrics.find('http_server_request_duration_bucket', { http_route: '/api/health' });
    expect(buckets.map((sample) => sample.labels.le)).toEqual([
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.075',
      '0.1',
      '0.25',
      '0.5',
      '0.75',
      '1',
      '2.5',
      '5',
      '7.5',
      '10',
      '+Inf',
    ]);
    expect(buckets.at(-1)!.value).toBe(2);
  });

  it('counts catalog compare-and-swap attempts, conflicts and exhausted retries', async () => {
    const { t, port } = await prometheusHub();
    const cas = async () => {
      const metrics = await scrape(port);
      return {
        attempts: metrics.value('catalog_cas_attempts_total')!,
        conflicts: metrics.value('catalog_cas_conflicts_total')!,
        exhausted: metrics.value('catalog_cas_retries_exhausted_total')!,
      };
    };
    const before = await cas();
    expect(before.conflicts).toBe(0);
    expect(before.exhausted).toBe(0);

    // Another writer (a second replica) moves the pointer while the hub prepares its change.
    const otherReplica = new Catalog(t.hub.store);
    let runs = 0;
    await t.hub.catalog.mutate('test', async (tx) => {
      if (++runs === 1) await otherReplica.mutate('interfere', (other) => other.put('noise', runs));
      tx.put('mine', true);
    });
    expect(await cas()).toEqual({ attempts: before.attempts + 2, conflicts: 1, exhausted: 0 });

    runs = 0;
    const losing = t.hub.catalog.mutate('test', async (tx) => {
      runs++;
      await otherReplica.mutate('interfere', (other) => other.put('noise', runs));
      tx.put('never', true);
    });
    await expect(losing).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await cas()).toEqual({ attempts: before.attempts + 2 + runs, conflicts: 1 + runs, exhausted: 1 });
  });

  it('counts edit starts that lost the editor claim: retiring (preflight) and lost races (claim)', async () => {
    const race: { armed: RaceTrigger | null } = { armed: null };
    const { t, port } = await prometheusHub(
      {},
      { hub: (settings) => ({ store: new FakeRacingReplicaStore(new FsObjectStore(path.join(settings.dataDir, 'store')), race) }) },
    );
    const token = await t.tokenFor('editor@example.com');
    const pid = (await t.call('/api/v1/projects', { method: 'POST', token, body: { name: 'Claims' } })).json.data.id as string;
    const notebook = async (title: string) =>
      (await t.call(`/api/v1/projects/${pid}/notebooks`, { method: 'POST', token, body: { title } })).json.data.meta.id as string;
    const start = (nid: string) => t.call(`/api/v1/projects/${pid}/sessions`, { method: 'POST', token, body: { notebook_id: nid, mode: 'edit' } });
    const lost = async (phase: string) => (await scrape(port)).value('sessions_editor_claim_lost_total', { phase });
    expect([await lost('preflight'), await lost('claim')]).toEqual([0, 0]);

    // Another user's session holds each notebook (its sandbox is irrelevant: no start gets that far).
    const other = 'usr-0000000000000other';
    const holdBy = async (nid: string, sid: string, state: 'active' | 'retiring') => {
      await t.hub.store.put(
        layout.session(pid, sid),
        JSON.stringify({ id: sid, project_id: pid, notebook_id: nid, user_id: other, state: 'running', sandbox_released: false }),
      );
      return {
        schema_version: 1,
        project_id: pid,
        notebook_id: nid,
        session_id: sid,
        user_id: other,
        state,
        acquired_at: new Date().toISOString(),
        retiring_since: state === 'retiring' ? new Date().toISOString() : null,
        takeover: null,
      };
    };

    const retiringNotebook = await notebook('Retiring');
    await t.hub.store.put(layout.editorClaim(pid, retiringNotebook), JSON.stringify(await holdBy(retiringNotebook, 'ses-00000000000000aa', 'retiring')));
    const refused = await start(retiringNotebook);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('EDIT_SESSION_RETIRING');
    expect([await lost('preflight'), await lost('claim')]).toEqual([1, 0]);

    // The claim names a session that was never stored, long ago (its start crashed), so the start
    // may take it over; while it checks, another replica's start writes the claim first.
    const racedNotebook = await notebook('Raced');
    const crashedLongAgo = new Date(Date.now() - 3600_000).toISOString();
    await t.hub.store.put(
      layout.editorClaim(pid, racedNotebook),
      JSON.stringify({ ...(await holdBy(racedNotebook, 'ses-00000000000000bb', 'active')), session_id: 'ses-00000000000000dd', acquired_at: crashedLongAgo }),
    );
    race.armed = {
      sessionKey: layout.session(pid, 'ses-00000000000000dd'),
      // The start reads the claimed session first to see whether it may reuse it; the second read is the claim's staleness check.
      readsBefore: 1,
      claimKey: layout.editorClaim(pid, racedNotebook),
      claim: await holdBy(racedNotebook, 'ses-00000000000000cc', 'active'),
    };
    const beaten = await start(racedNotebook);
    expect(race.armed).toBeNull();
    expect(beaten.status).toBe(409);
    expect(beaten.json.error.code).toBe('EDIT_SESSION_OWNED');
    expect([await lost('preflight'), await lost('claim')]).toEqual([1, 1]);
  });

  it('observes the loop gauges and timeouts the loop runner keeps, per loop', async () => {
    const { t, port } = await prometheusHub({ SERVICE_RUN_MAINTENANCE: 'true' }, { hub: () => ({ loops: { deadlineFloorMs: 300 } }) });
    const runner = t.hub.loops!.runner;
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    cleanups.push(async () => release());
    runner.register({
      name: 'probe_failing',
      intervalMs: 600_000,
      lease: 'probe_failing',
      work: async () => {
        throw new Error('broken dependency');
      },
    });
    runner.register({ name: 'probe_stuck', intervalMs: 20, lease: 'probe_stuck', work: () => stuck });
    await waitFor(() => {
      const { loops } = runner.health();
      return loops.maintenance?.last_completed_at != null && loops.probe_failing?.consecutive_failures === 1 && loops.probe_stuck?.status === 'stalled';
    }, 'a cycle, a failure and a stall');

    const metrics = await scrape(port);
    const gauge = (name: string, loop: string) => metrics.value(name, { loop });
    const maintenance = runner.health().loops.maintenance!;
    expect(gauge('loop_consecutive_failures', 'maintenance')).toBe(0);
    expect(gauge('loop_stalled', 'maintenance')).toBe(0);
    expect(gauge('loop_last_duration_ms', 'maintenance')).toBe(maintenance.last_duration_ms);
    expect(gauge('loop_timeouts_total', 'maintenance')).toBe(0);
    expect(gauge('loop_seconds_since_success', 'maintenance')).toBeGreaterThanOrEqual(0);
    expect(gauge('loop_consecutive_failures', 'probe_failing')).toBe(1);
    expect(gauge('loop_stalled', 'probe_failing')).toBe(0);
    expect(gauge('loop_stalled', 'probe_stuck')).toBe(1);
    expect(gauge('loop_timeouts_total', 'probe_stuck')).toBe(1);
    expect(metrics.text).toMatch(/# TYPE loop_timeouts_total counter/);
    expect(gauge('loop_seconds_since_success', 'session_lifecycle')).toBeGreaterThanOrEqual(0);

    // The maintenance cycles and their housekeeping tasks (maintenance.*).
    expect(metrics.value('maintenance_cycles_total', { outcome: 'success' })).toBeGreaterThanOrEqual(1);
    expect(metrics.value('maintenance_cycles_total', { outcome: 'failed' })).toBe(0);
    const tasks = t.hub.loops!.maintenance.taskNames();
    expect(tasks.length).toBeGreaterThan(0);
    for (const task of tasks) {
      expect(metrics.value('maintenance_tasks_total', { task, outcome: 'success' }), task).toBeGreaterThanOrEqual(1);
      expect(metrics.samples.some((sample) => sample.name.startsWith('maintenance_task_duration') && sample.labels.task === task)).toBe(true);
    }
  });

  it('shows the telemetry settings in the deployment configuration, collector URLs only as set', async () => {
    const { t, port } = await prometheusHub({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example/?token=abc', SERVICE_VERSION: '3.1.0' });
    const admin = await t.tokenFor('root@example.com', { superAdmin: true });
    const config = await t.call('/api/v1/admin/config', { token: admin });
    expect(config.status).toBe(200);
    expect(config.text).not.toContain('token=abc');
    const telemetry = config.json.data.groups.find((group: { name: string }) => group.name === 'telemetry');
    const setting = (key: string) => telemetry.settings.find((entry: { key: string }) => entry.key === key);
    expect(setting('OTEL_METRICS_EXPORTER')).toMatchObject({ value: 'prometheus', set: true });
    expect(setting('OTEL_EXPORTER_PROMETHEUS_PORT')).toMatchObject({ value: String(port), set: true });
    expect(setting('OTEL_EXPORTER_OTLP_ENDPOINT')).toMatchObject({ value: null, secret: true, set: true });
    expect(setting('OTEL_SERVICE_NAME')).toMatchObject({ value: null, set: false });
  });

  it('stops the scrape endpoint when the hub drains', async () => {
    const { t, port } = await prometheusHub();
    expect(await listening(port)).toBe(true);
    await t.hub.close();
    expect(await listening(port)).toBe(false);
  });

  it.each<[string, Record<string, string>]>([
    ['none', { OTEL_METRICS_EXPORTER: 'none' }],
    ['an unknown exporter', { OTEL_METRICS_EXPORTER: 'prometheus2' }],
    ['OTEL_SDK_DISABLED', { OTEL_SDK_DISABLED: 'true' }],
    ['otlp without an endpoint', { OTEL_METRICS_EXPORTER: 'otlp' }],
  ])('exports nothing with %s', async (_case, env) => {
    const { t, port } = await prometheusHub(env);
    expect(await listening(port)).toBe(false);
    expect(t.logs.some((line) => line.event === 'otel_started')).toBe(false);
    expect((await t.call('/api/health')).status).toBe(200);
    const warning = t.logs.find((line) => line.event === 'otel_metrics_exporter_unknown');
    if (env.OTEL_METRICS_EXPORTER === 'prometheus2') expect(warning).toMatchObject({ level: 'warn', value: 'prometheus2' });
    else expect(warning).toBeUndefined();
  });

  it('describes the process in target_info: defaults, then OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME', async () => {
    const { t, port } = await prometheusHub();
    expect((await scrape(port)).find('target_info')[0]!.labels).toMatchObject({
      service_name: 'service',
      service_version: 'dev',
      service_instance_id: t.hub.services.instanceId,
    });
    const custom = await prometheusHub({
      SERVICE_VERSION: '1.4.2',
      OTEL_RESOURCE_ATTRIBUTES: 'service.name=ignored,service.instance.id=replica-7,deployment.environment=staging%20eu',
      OTEL_SERVICE_NAME: 'notebook-hub',
    });
    expect((await scrape(custom.port)).find('target_info')[0]!.labels).toMatchObject({
      service_name: 'notebook-hub',
      service_version: '1.4.2',
      service_instance_id: 'replica-7',
      deployment_environment: 'staging eu',
    });
    const versioned = await prometheusHub({ SERVICE_VERSION: '1.4.2', OTEL_RESOURCE_ATTRIBUTES: 'service.version=1.4.2-hotfix' });
    expect((await scrape(versioned.port)).find('target_info')[0]!.labels).toMatchObject({ service_name: 'service', service_version: '1.4.2-hotfix' });
  });

  it('pushes over OTLP only when the hub drains, with the default interval', async () => {
    const collector = await startFakeCollector();
    cleanups.push(() => collector.close());
    for (const [protocol, contentType] of [
      ['http/json', 'application/json'],
      ['http/protobuf', 'application/x-protobuf'],
    ] as const) {
      const t = await startTestHub({
        captureLogs: true,
        env: { SERVICE_RUN_MAINTENANCE: 'false', OTEL_EXPORTER_OTLP_ENDPOINT: `${collector.url}/`, OTEL_EXPORTER_OTLP_PROTOCOL: protocol },
      });
      expect(t.logs.find((line) => line.event === 'otel_started')).toMatchObject({
        metrics_exporter: 'otlp',
        endpoint: `${collector.url}/v1/metrics`,
        protocol,
        interval_ms: 60_000,
        timeout_ms: 30_000,
      });
      expect((await t.call('/api/health')).status).toBe(200);
      const before = collector.requests.length;
      await t.close();
      // Spans and log lines go to the same collector (their own paths) in the same protocol.
      const pushed = collector.requests.slice(before).filter((request) => request.path === '/v1/metrics');
      expect(pushed.map((request) => [request.path, request.contentType])).toEqual([['/v1/metrics', contentType]]);
      expect(collector.requests.slice(before).some((request) => request.path === '/v1/traces' && request.contentType === contentType)).toBe(true);
      expect(pushed[0]!.body.includes('http.server.request.duration')).toBe(true);
      if (protocol === 'http/json') expect(pushed[0]!.body.toString()).toContain('"/api/health"');
    }
  });
});

/**
 * The real fs store, except that one read lets "another replica" write an editor claim first:
 * two starts racing for a claim cannot be lined up at will otherwise.
 */
/** When `sessionKey` is read for the (readsBefore + 1)th time, another replica writes `claim` first. */
interface RaceTrigger {
  sessionKey: string;
  readsBefore: number;
  claimKey: string;
  claim: unknown;
}

class FakeRacingReplicaStore implements ObjectStore {
  constructor(
    private readonly inner: ObjectStore,
    private readonly race: { armed: RaceTrigger | null },
  ) {}
  get kind() {
    return this.inner.kind;
  }
  get location() {
    return this.inner.location;
  }
  async get(key: string) {
    const armed = this.race.armed;
    if (armed && key === armed.sessionKey && armed.readsBefore-- <= 0) {
      this.race.armed = null;
      await this.inner.put(armed.claimKey, JSON.stringify(armed.claim));
    }
    return this.inner.get(key);
  }
  head: ObjectStore['head'] = (key) => this.inner.head(key);
  put: ObjectStore['put'] = (key, body, options) => this.inner.put(key, body, options);
  getStream: ObjectStore['getStream'] = (key, options) => this.inner.getStream(key, options);
  putStream: ObjectStore['putStream'] = (key, body, options) => this.inner.putStream(key, body, options);
  delete: ObjectStore['delete'] = (key, options) => this.inner.delete(key, options);
  list: ObjectStore['list'] = (prefix, options) => this.inner.list(prefix, options);
  close: ObjectStore['close'] = () => this.inner.close();
}

/** Records what is posted to it; stands in for an OpenTelemetry Collector, which cannot run here. */
async function startFakeCollector(): Promise<{ url: string; requests: { path: string; contentType: string; body: Buffer }[]; close(): Promise<void> }> {
  const requests: { path: string; contentType: string; body: Buffer }[] = [];
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server = createServer((request, response) => {
    void read(request).then((body) => {
      requests.push({ path: request.url ?? '', contentType: request.headers['content-type'] ?? '', body });
      response
        .writeHead(200, { 'content-type': request.headers['content-type'] ?? 'application/json' })
        .end(request.headers['content-type']?.includes('json') ? '{}' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** OpenTelemetry attribute names as the Prometheus exporter writes them. */
function promLabels(attributes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(attributes).map(([key, value]) => [key.replaceAll('.', '_'), value]));
}
