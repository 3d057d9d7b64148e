import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings } from '../../service/src/config/settings.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { createHub, type Hub } from '../../service/src/compose/hub.js';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { eventually, killLocalSandbox, sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';

describe.skipIf(sandboxRuntime === null)('the warm pool', () => {
  let w: SessionWorld;
  beforeAll(async () => {
    w = await startSessionWorld({ SERVICE_WARM_POOL_SIZE: '1' });
  });
  afterAll(() => w?.close());

  const refill = () => w.t.hub.services.warmPool.refill(new AbortController().signal);

  it('hands a started sandbox to the next edit session, which opens its own notebook in it', async () => {
    const { pid, nid } = w;
    expect(await refill()).toEqual({ started: 1, retired: 0 });
    const [warmId] = [...(await w.t.hub.services.warmPool.sandboxIds())];

    const started = await w.start('editor', { notebook_id: nid, mode: 'edit', wait: false });
    expect(started.status, started.text).toBe(201);
    expect(started.json.data).toMatchObject({ warm: true });
    const sid = started.json.data.id as string;
    expect((await w.t.hub.services.sessionStore.get(pid, sid))!.sandbox!.id).toBe(warmId);
    expect(await w.t.hub.services.warmPool.sandboxIds()).toEqual(new Set());

    const running = await eventually(
      async () => (await w.api(`/api/v1/projects/${pid}/sessions/${sid}`, 'editor')).json.data,
      (session) => session.state !== 'provisioning',
    );
    expect(running.state).toBe('running');
    const kernel = await w.kernel('editor', sid);
    const ready = (await kernel.waitFor('kernel-ready')).data as { codes: string[] };
    const code = (await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/code`, 'editor')).text;
    expect(ready.codes.length).toBeGreaterThan(0);
    for (const cell of ready.codes) expect(code).toContain(cell.split('\n')[0]);
    await w.editInMarimo('editor', sid, kernel, 'import marimo as mo\nwarm = True');
    kernel.close();
    const saved = await w.api(`/api/v1/projects/${pid}/sessions/${sid}/save`, 'editor', { method: 'POST' });
    expect(saved.json.data.saved).toBe(true);

    // The pool is empty until the loop refills it: the next start is cold.
    const other = await w.notebook('Cold');
    const cold = await w.start('editor', { notebook_id: other, mode: 'edit' });
    expect(cold.json.data).toMatchObject({ warm: false, state: 'running' });
    for (const id of [sid, cold.json.data.id]) await w.api(`/api/v1/projects/${pid}/sessions/${id}/stop`, 'editor', { method: 'POST' });
  }, 120_000);

  it('replaces warm sandboxes that died, and starts notebooks with dependencies cold', async () => {
    const { pid } = w;
    await refill();
    const [dead] = [...(await w.t.hub.services.warmPool.sandboxIds())];
    await w.t.hub.services.sandboxes.destroy(dead!);
    expect(await refill()).toEqual({ started: 1, retired: 1 });
    // The lifecycle loop leaves the pool's sandboxes alone.
    expect((await w.sweep()).reaped).toBe(0);
    expect((await w.t.hub.services.warmPool.sandboxIds()).size).toBe(1);

    const withDependencies = await w.notebook('Dependencies');
    const code = (await w.api(`/api/v1/projects/${pid}/notebooks/${withDependencies}/code`, 'admin')).text;
    const version = (await w.api(`/api/v1/projects/${pid}/notebooks/${withDependencies}/versions`, 'admin')).json.data.items[0].version_id;
    const declared = `# /// script\n# dependencies = []\n# ///\n${code}`;
    await w.api(`/api/v1/projects/${pid}/notebooks/${withDependencies}/versions`, 'admin', {
      method: 'POST',
      body: { code: declared, base_version_id: version },
    });
    const started = await w.start('editor', { notebook_id: withDependencies, mode: 'edit' });
    expect(started.json.data).toMatchObject({ warm: false, state: 'running' });
    expect((await w.t.hub.services.warmPool.sandboxIds()).size).toBe(1);
    await w.api(`/api/v1/projects/${pid}/sessions/${started.json.data.id}/stop`, 'editor', { method: 'POST' });
  }, 120_000);

  it('starts cold a session whose sandbox receives project secrets, leaving the warm sandbox for the next', async () => {
    const { pid } = w;
    await refill();
    const [warmId] = [...(await w.t.hub.services.warmPool.sandboxIds())];
    const secret = await w.api(`/api/v1/projects/${pid}/secrets`, 'admin', { method: 'POST', body: { name: 'COLD_ONLY', source: 'stored', value: 'v' } });
    expect(secret.status, secret.text).toBe(201);
    const fits = await w.notebook('Fits the pool');
    try {
      const started = await w.start('editor', { notebook_id: fits, mode: 'edit' });
      expect(started.json.data).toMatchObject({ warm: false, state: 'running', received: { secrets: ['COLD_ONLY'] } });
      expect(await w.t.hub.services.warmPool.sandboxIds()).toEqual(new Set([warmId]));
      await w.api(`/api/v1/projects/${pid}/sessions/${started.json.data.id}/stop`, 'editor', { method: 'POST' });
    } finally {
      await w.api(`/api/v1/projects/${pid}/secrets/COLD_ONLY`, 'admin', { method: 'DELETE' });
    }
    // Without secrets the same notebook takes the warm sandbox again.
    const warm = await w.start('editor', { notebook_id: fits, mode: 'edit', wait: false });
    expect(warm.json.data).toMatchObject({ warm: true });
    await w.api(`/api/v1/projects/${pid}/sessions/${warm.json.data.id}/stop`, 'editor', { method: 'POST' });
  }, 120_000);
});

describe.skipIf(sandboxRuntime === null)('the warm_pool loop', () => {
  let w: SessionWorld;
  beforeAll(async () => {
    w = await startSessionWorld({ SERVICE_WARM_POOL_SIZE: '1', SERVICE_RUN_MAINTENANCE: 'true' });
  });
  afterAll(() => w?.close());

  const pool = () => w.t.hub.services.warmPool.sandboxIds();

  it('fills the pool on its own and refills it after a session took the warm sandbox', async () => {
    const health = await w.t.call('/api/health/maintenance');
    expect(health.json.loops.warm_pool).toMatchObject({ interval_ms: 5000 });
    const [warmId] = [...(await eventually(pool, (ids) => ids.size === 1, 60_000))];
    expect(warmId).toBeDefined();

    const started = await w.start('editor', { notebook_id: w.nid, mode: 'edit' });
    expect(started.json.data).toMatchObject({ warm: true, state: 'running' });
    expect((await w.t.hub.services.sessionStore.get(w.pid, started.json.data.id))!.sandbox!.id).toBe(warmId);

    // Nobody calls refill(): the running loop notices the empty pool within its interval.
    const refilled = await eventually(pool, (ids) => ids.size === 1, 60_000);
    expect(refilled.size).toBe(1);
    expect(refilled.has(warmId!)).toBe(false);
    expect((await w.t.call('/api/health/maintenance')).json.loops.warm_pool.status).toBe('ok');
    await w.api(`/api/v1/projects/${w.pid}/sessions/${started.json.data.id}/stop`, 'editor', { method: 'POST' });
  }, 120_000);
});

describe.skipIf(sandboxRuntime === null)('a warm pool left behind when the pool is turned off', () => {
  let w: SessionWorld;
  let off: Hub | null = null;
  beforeAll(async () => {
    w = await startSessionWorld({ SERVICE_WARM_POOL_SIZE: '1' });
  });
  afterAll(async () => {
    await off?.close();
    await w?.close();
  });

  it('has its dead sandboxes retired by the lifecycle loop of a hub without a pool', async () => {
    await w.t.hub.services.warmPool.refill(new AbortController().signal);
    const [warmId] = [...(await w.t.hub.services.warmPool.sandboxIds())];
    await w.t.hub.close();
    await killLocalSandbox(w.t.dataDir, warmId!);

    // The same deployment restarted with SERVICE_WARM_POOL_SIZE=0: no warm_pool loop any more.
    const settings = readSettings({
      SERVICE_DATA_DIR: w.t.dataDir,
      SERVICE_PORT: '0',
      SERVICE_LOG_LEVEL: 'silent',
      SERVICE_SANDBOX_RUNTIME_DIR: sandboxRuntime!.runtimeDir,
      SERVICE_SESSION_SWEEP_INTERVAL_SECONDS: '1',
    });
    off = await createHub({ settings, logger: createLogger('silent') });
    const url = await off.listen();
    const health = (await (await fetch(`${url}/api/health/maintenance`)).json()) as { loops: Record<string, unknown> };
    expect(Object.keys(health.loops)).toEqual(expect.arrayContaining(['session_lifecycle']));
    expect(Object.keys(health.loops)).not.toContain('warm_pool');
    const gone = await eventually(
      async () => (await off!.services.sandboxes.list()).some((sandbox) => sandbox.id === warmId),
      (listed) => !listed,
    );
    expect(gone).toBe(false);
    expect((await off.store.list(layout.warmPoolPrefix, {})).items).toEqual([]);
  }, 120_000);
});
