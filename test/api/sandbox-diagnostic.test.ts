import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { prerequisite } from '../setup/prerequisites.js';

const runtime = prerequisite('sandboxRuntime');
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
      // Tracing is off: no trace to name.
      trace_id: null,
    });
    expect(report.total_ms).toBeGreaterThanOrEqual(0);
    expect(Object.keys(report.startup_timings_ms).length).toBeGreaterThan(0);
    const remaining = await t.hub.services.sandboxes.list();
    expect(remaining.map((sandbox) => sandbox.id)).not.toContain(report.sandbox_id);
    await expect.poll(() => t.logs.some((line) => line.event === 'sandbox_startup_diagnostic')).toBe(true);
    const line = t.logs.find((entry) => entry.event === 'sandbox_startup_diagnostic')!;
    expect(line).toMatchObject({ sandbox_id: report.sandbox_id, ok: true, backend: 'local', total_ms: Math.round(report.total_ms), counters: report.counters });
    expect(line.startup_timings_ms).toEqual(report.startup_timings_ms);
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
    // The unknown profile is refused after the lease was taken: it was given back.
    expect((await t.call(PATH, { method: 'POST', cookie: admin, headers: origin, body: {} })).status).toBe(200);
  });

  it('reports a sandbox that cannot be created, and frees the lease', async () => {
    // The driver's directory is unusable (a file stands where it keeps its sandboxes).
    const sandboxes = path.join(t.dataDir, 'sandboxes');
    await rename(sandboxes, `${sandboxes}.aside`).catch(() => {});
    await writeFile(sandboxes, 'not a directory');
    let report;
    try {
      report = (await t.call(PATH, { method: 'POST', cookie: admin, headers: origin, body: {} })).json.data;
    } finally {
      await rm(sandboxes, { force: true });
      await rename(`${sandboxes}.aside`, sandboxes).catch(() => {});
    }
    expect(report).toMatchObject({
      ok: false,
      sandbox_id: null,
      handle: { status: 'failed', error: { code: 'BACKEND_ERROR', message: expect.stringMatching(/cannot create a local sandbox/) } },
      readiness: { status: 'skipped' },
      exec: { status: 'skipped' },
      cleanup: { status: 'skipped' },
    });
    const next = await t.call(PATH, { method: 'POST', cookie: admin, headers: origin, body: {} });
    expect(next.status).toBe(200);
    expect(next.json.data.ok).toBe(true);
    expect((await t.hub.services.sandboxes.list()).map((sandbox) => sandbox.id)).not.toContain(next.json.data.sandbox_id);
  });
});
