import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { readSettings } from '../../service/src/config/settings.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { createHub, type Hub } from '../../service/src/compose/hub.js';
import type { MaintenanceHealth } from '../../service/src/loops/loop-state.js';
import { FsObjectStore } from '../../service/src/adapters/store/fs-store.js';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { startTestHub } from '../support/test-hub.js';
import { makeTempDir } from '../support/temp-dir.js';

const LOOP_FIELDS = [
  'status',
  'last_started_at',
  'last_completed_at',
  'last_success_at',
  'last_duration_ms',
  'seconds_since_success',
  'consecutive_failures',
  'timeouts',
  'interval_ms',
  'deadline_ms',
].sort();

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('GET /api/health/maintenance', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A hub whose loops have a short deadline floor, so a stall shows within a test. */
  async function startHub(env: Record<string, string> = {}): Promise<{
    hub: Hub;
    logs: Record<string, unknown>[];
    health: () => Promise<{ status: number; headers: Headers; body: MaintenanceHealth }>;
  }> {
    const temp = await makeTempDir('maintenance-health');
    cleanups.push(temp.cleanup);
    const logs: Record<string, unknown>[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (logs.push(JSON.parse(chunk.toString())), done()) });
    const settings = readSettings({ SERVICE_DATA_DIR: temp.dir, SERVICE_PORT: '0', SERVICE_LOG_LEVEL: 'debug', ...env });
    const hub = await createHub({ settings, logger: createLogger('debug', sink), loops: { deadlineFloorMs: 300 } });
    cleanups.push(() => hub.close(5_000));
    const url = await hub.listen();
    const health = async () => {
      const response = await fetch(`${url}/api/health/maintenance`);
      return { status: response.status, headers: response.headers, body: (await response.json()) as MaintenanceHealth };
    };
    return { hub, logs, health };
  }

  it('is unavailable, with no loops, where maintenance is off, and is not in the OpenAPI document', async () => {
    const t = await startTestHub({ env: { SERVICE_RUN_MAINTENANCE: 'false' } });
    cleanups.push(() => t.close());
    expect(t.hub.loops).toBeNull();
    const response = await t.call('/api/health/maintenance');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ status: 'unavailable', loops: {} });
    const document = await t.call('/openapi.yaml');
    expect(document.status).toBe(200);
    expect(document.text).not.toContain('/api/health/maintenance');
  });

  it('reports the maintenance loop, unauthenticated and without an envelope, after its first cycle', async () => {
    const { hub, logs, health } = await startHub();
    await waitFor(() => logs.some((line) => line.event === 'maintenance_cycle'), 'the first maintenance cycle');
    const response = await health();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(response.body).sort()).toEqual(['loops', 'status']);
    expect(response.body.status).toBe('ok');
    // Git and workload identity are on by default, and with them the preview preparation and key rotation loops.
    expect(Object.keys(response.body.loops).sort()).toEqual([
      'federation_key_rotation',
      'federation_token_refresh',
      'maintenance',
      'preview_preparation',
      'session_lifecycle',
    ]);
    const maintenance = response.body.loops.maintenance!;
    expect(Object.keys(maintenance).sort()).toEqual(LOOP_FIELDS);
    expect(maintenance).toMatchObject({ status: 'ok', consecutive_failures: 0, timeouts: 0, interval_ms: 300_000, deadline_ms: 900_000 });
    expect(maintenance.last_success_at).toEqual(expect.any(Number));
    const cycle = logs.find((line) => line.event === 'maintenance_cycle')!;
    expect(cycle).toMatchObject({ outcome: 'success', sessions_reclaimed: 0, 'gauge.loop.maintenance.stalled': 0, 'counter.loop.maintenance.timeouts': 0 });
    // The outcome is recorded (right after the cycle line) and the lease was given back.
    await waitFor(async () => (await hub.store.get('_system/loop-status/maintenance')) !== null, 'the status record');
    expect(JSON.parse((await hub.store.get('_system/loop-status/maintenance'))!.body.toString())).toMatchObject({
      loop: 'maintenance',
      outcome: 'success',
      holder: hub.services.instanceId,
    });
    expect(await hub.store.get(layout.lease('maintenance'))).toBeNull();
  });

  it('is degraded while a loop fails', async () => {
    const { hub, health } = await startHub();
    hub.loops!.runner.register({
      name: 'probe',
      intervalMs: 20,
      lease: 'probe',
      work: async () => {
        throw new Error('broken dependency');
      },
    });
    await waitFor(async () => (await health()).body.status === 'degraded', 'degraded');
    const response = await health();
    expect(response.status).toBe(200);
    expect(response.body.loops.probe).toMatchObject({ status: 'failing' });
    expect(response.body.loops.probe!.consecutive_failures).toBeGreaterThanOrEqual(1);
  });

  it('answers 503 stalled while an attempt is past its deadline, and recovers when it settles', async () => {
    const { hub, logs, health } = await startHub();
    let calls = 0;
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    hub.loops!.runner.register({
      name: 'probe',
      intervalMs: 20,
      lease: 'probe',
      work: async () => {
        calls++;
        if (calls === 1) await stuck;
      },
    });
    await waitFor(async () => (await health()).status === 503, 'a stall');
    const stalled = await health();
    expect(stalled.body).toMatchObject({ status: 'stalled', loops: { probe: { status: 'stalled', timeouts: 1, deadline_ms: 300 } } });
    expect(logs.find((line) => line.event === 'probe_stalled')).toMatchObject({ level: 'error', holder: hub.services.instanceId, deadline_ms: 300 });
    expect(calls).toBe(1);

    release();
    await waitFor(() => logs.some((line) => line.event === 'probe_recovered'), 'the recovery');
    await waitFor(() => calls >= 2, 'the next attempt');
    await waitFor(async () => (await health()).status === 200, 'health to recover');
    expect((await health()).body).toMatchObject({ status: 'ok', loops: { probe: { status: 'ok', timeouts: 1 } } });
  });

  it('shutdown waits for a running attempt, which then releases its lease', async () => {
    const { hub } = await startHub();
    let started = false;
    let finished = false;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    hub.loops!.runner.register({
      name: 'probe',
      intervalMs: 20,
      lease: 'probe',
      work: async () => {
        started = true;
        await gate;
        finished = true;
      },
    });
    await waitFor(() => started, 'the attempt');
    expect(await hub.store.get(layout.lease('probe'))).not.toBeNull();
    const closing = hub.close(10_000);
    setTimeout(release, 100);
    expect(await closing).toBe('drained');
    expect(finished).toBe(true);
    // The store is closed now; a fresh one over the same directory shows the lease was given back.
    expect(await new FsObjectStore(hub.store.location).get(layout.lease('probe'))).toBeNull();
  });
});
