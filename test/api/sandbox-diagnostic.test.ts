import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestHub, type TestHub } from '../support/test-hub.js';

const runtime = inject('sandboxRuntime');
const docker = inject('docker');
const PATH = '/api/v1/admin/debug/sandbox-startup';

describe.skipIf(runtime === null)('sandbox start-up diagnostic (local driver)', () => {
  let t: TestHub;
  let admin: string;
  let origin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestHub({ env: { SERVICE_SANDBOX_RUNTIME_DIR: runtime!.runtimeDir }, captureLogs: true });
    admin = await t.localLogin();
    origin = { origin: t.url };
  });
  afterAll(() => t.close());

  it('reports every phase and always destroys its sandbox', async () => {
    const response = await t.call(PATH, { method: 'POST', cookie: admin, headers: origin, body: {} });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const report = response.json.data;
    expect(report).toMatchObject({
      ok: true,
      image: expect.stringMatching(/^local:marimo-/),
      compute_profile: 'default',
      compute_resources: { cpu: 1, memory_bytes: 2 * 1024 ** 3 },
      handle: { status: 'ok' },
      readiness: { status: 'ok', command: 'echo notebook-hub-ready', stdout: expect.stringContaining('notebook-hub-ready') },
      exec: { status: 'ok', command: 'echo notebook-hub-exec' },
      cleanup: { status: 'ok' },
      environment_setup_benchmark: null,
    });
    expect(report.total_ms).toBeGreaterThanOrEqual(0);
    expect(Object.keys(report.startup_timings_ms).length).toBeGreaterThan(0);
    const remaining = await t.hub.services.sandboxes.list();
    expect(remaining.map((sandbox) => sandbox.id)).not.toContain(report.sandbox_id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.logs.find((line) => line.event === 'sandbox_startup_diagnostic')).toMatchObject({ sandbox_id: report.sandbox_id });
  });

  it('allows one run per admin at a time: a concurrent one gets 429', async () => {
    const runs = await Promise.all([0, 1].map(() => t.call(PATH, { method: 'POST', cookie: admin, headers: origin, body: {} })));
    expect(runs.map((run) => run.status).sort()).toEqual([200, 429]);
    const refused = runs.find((run) => run.status === 429)!;
    expect(refused.json.error.code).toBe('RESOURCE_EXHAUSTED');
    expect(refused.headers.get('retry-after')).toBe('10');
    // The lease is released afterwards: the next run goes through.
    expect((await t.call(PATH, { method: 'POST', cookie: admin, headers: origin, body: {} })).status).toBe(200);
  });

  it('runs the environment-setup benchmark on request', async () => {
    const report = (await t.call(PATH, { method: 'POST', cookie: admin, headers: origin, body: { environment_setup_benchmark: true } })).json.data;
    expect(report.environment_setup_benchmark).toMatchObject({
      tool: expect.any(String),
      runtime_probe: { status: 'ok' },
      install: { status: 'ok' },
    });
  }, 120_000);

  it('is for super admins with a browser session only, and validates its request', async () => {
    const token = await t.tokenFor('root@example.com', { superAdmin: true });
    const withToken = await t.call(PATH, { method: 'POST', token, body: {} });
    expect(withToken.status).toBe(403);
    expect(withToken.json.error.message).toMatch(/browser session/);

    const user = await t.hub.services.users.ensureByEmail('plain@example.com', { name: null, superAdmin: false }, 'test');
    const { cookieValue } = await t.hub.services.loginSessions.create(user.id, 'local');
    expect((await t.call(PATH, { method: 'POST', cookie: cookieValue, headers: origin, body: {} })).status).toBe(403);

    for (const body of [{ compute_profile: 'huge' }, { image: 'somebody/else:latest' }, { image: '' }, { benchmark: true }]) {
      const refused = await t.call(PATH, { method: 'POST', cookie: admin, headers: origin, body });
      expect(refused.status, JSON.stringify(body)).toBe(422);
    }
  });
});

describe.skipIf(docker === null)('sandbox start-up diagnostic (docker driver)', () => {
  let t: TestHub;
  beforeAll(async () => {
    t = await startTestHub({
      env: { SERVICE_SANDBOX_DRIVER: 'docker', SERVICE_DOCKER_HOST: `unix://${docker!.socketPath}`, SERVICE_SANDBOX_IMAGE: docker!.image },
    });
  });
  afterAll(() => t.close());

  it('starts a container with the profile limits, times it and removes it', async () => {
    const admin = await t.localLogin();
    const response = await t.call(PATH, { method: 'POST', cookie: admin, headers: { origin: t.url }, body: {} });
    expect(response.status).toBe(200);
    const report = response.json.data;
    expect(report).toMatchObject({ ok: true, image: docker!.image, handle: { status: 'ok' }, cleanup: { status: 'ok' } });
    expect((await t.hub.services.sandboxes.list()).map((sandbox) => sandbox.id)).not.toContain(report.sandbox_id);
    const health = await t.call('/api/health?deep=true', { cookie: admin });
    expect(health.json.checks.find((check: { name: string }) => check.name === 'compute')).toMatchObject({ status: 'ok', detail: expect.stringMatching(/^docker driver/) });
  });
});
