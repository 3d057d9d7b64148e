import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/support/temp-dir.js';
import { Catalog } from '../core/catalog/catalog.js';
import { LoginSessions } from '../core/identity/login-sessions.js';
import type { Logger } from '../core/ports/logger.js';
import { jsonBody } from '../core/store/cas.js';
import { layout } from '../core/storage-layout.js';
import { BackgroundWork } from '../lifecycle/background-work.js';
import { FsObjectStore } from '../adapters/store/fs-store.js';
import { createHubLoops } from './compose.js';
import { loginFlowsTask, loginSessionsTask } from './housekeeping/expired-records.js';
import { idempotencyTask } from './housekeeping/idempotency.js';
import { loopStatusTask } from './housekeeping/loop-status.js';
import { loopStatusKey } from './loop-report.js';
import type { HousekeepingContext } from './maintenance-loop.js';

type Line = Record<string, unknown> & { level: string };

function capturingLogger(lines: Line[], bindings: Record<string, unknown> = {}): Logger {
  const at = (level: string) => (fields: object) => void lines.push({ level, ...bindings, ...fields });
  return {
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    child: (more) => capturingLogger(lines, { ...bindings, ...more }),
  };
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The base's tasks, with a feature's (`feature_records`) before the garbage collectors. */
const DEFAULT_TASKS = ['login_sessions', 'login_flows', 'idempotency', 'loop_status', 'feature_records', 'catalog', 'blobs'];

describe('maintenance loop', () => {
  let dir: string;
  let store: FsObjectStore;
  let cleanup: () => Promise<void>;
  let background: BackgroundWork;
  beforeEach(async () => {
    const temp = await makeTempDir('maintenance');
    dir = temp.dir;
    cleanup = temp.cleanup;
    store = new FsObjectStore(dir);
    background = new BackgroundWork();
  });
  afterEach(async () => {
    await background.stop();
    await cleanup();
  });

  const context = (now = Date.now()): HousekeepingContext => ({ signal: new AbortController().signal, logger: capturingLogger([]), now });
  const keys = async (prefix: string) => (await store.list(prefix)).items.map((item) => item.key);
  /** The fs store keeps key `a/b` in the file `a/b@`; ageing that file is how a test gets an old object. */
  const age = (key: string, ms: number) => utimes(path.join(dir, `${key}@`), new Date(Date.now() - ms), new Date(Date.now() - ms));

  it('logs maintenance_cycle with the gauges of every loop and the tasks it ran', async () => {
    const catalog = new Catalog(store);
    await catalog.initialize();
    const lines: Line[] = [];
    const tasks = [{ name: 'feature_records', run: async () => ({ deleted: 0 }) }];
    const loops = createHubLoops({ store, catalog, logger: capturingLogger(lines), background, holder: 'replica-a', tasks });
    loops.runner.register({ name: 'probe', intervalMs: 60_000, lease: null, work: async () => {} });
    loops.maintenance.reportSessionsReclaimed(() => 3);
    expect(loops.maintenance.taskNames()).toEqual(DEFAULT_TASKS);
    loops.runner.start();
    await waitFor(() => lines.some((line) => line.event === 'maintenance_cycle'), 'a cycle');
    const cycle = lines.find((line) => line.event === 'maintenance_cycle')!;
    expect(cycle).toMatchObject({ level: 'info', outcome: 'success', sessions_reclaimed: 3 });
    for (const loop of ['maintenance', 'probe']) {
      expect(cycle[`gauge.loop.${loop}.seconds_since_success`]).toEqual(expect.any(Number));
      expect(cycle[`gauge.loop.${loop}.last_duration_ms`]).toEqual(expect.any(Number));
      expect(cycle[`gauge.loop.${loop}.consecutive_failures`]).toBe(0);
      expect(cycle[`gauge.loop.${loop}.stalled`]).toBe(0);
      expect(cycle[`counter.loop.${loop}.timeouts`]).toBe(0);
    }
    expect(Object.keys(cycle.tasks as object)).toEqual(DEFAULT_TASKS);
    expect(loops.runner.health().loops.maintenance).toMatchObject({ status: 'ok', interval_ms: 300_000, deadline_ms: 900_000 });
  });

  it('runs every task even when one fails, and then fails the cycle', async () => {
    const lines: Line[] = [];
    const loops = createHubLoops({ store, catalog: new Catalog(store), logger: capturingLogger(lines), background, holder: 'replica-a' });
    const ran: string[] = [];
    loops.maintenance.addTask({
      name: 'broken',
      run: async () => {
        ran.push('broken');
        throw new Error('cannot sweep');
      },
    });
    loops.maintenance.addTask({ name: 'after', run: async () => (ran.push('after'), { deleted: 0 }) });
    expect(() => loops.maintenance.addTask({ name: 'after', run: async () => ({}) })).toThrow(/already registered/);
    loops.runner.start();
    await waitFor(() => lines.some((line) => line.event === 'maintenance_cycle'), 'a cycle');
    expect(ran).toEqual(['broken', 'after']);
    expect(lines.find((line) => line.event === 'maintenance_task_failed')).toMatchObject({ level: 'warn', task: 'broken' });
    expect(lines.find((line) => line.event === 'maintenance_failed')).toMatchObject({ level: 'error', consecutive_failures: 1 });
    expect(lines.find((line) => line.event === 'maintenance_cycle')).toMatchObject({ outcome: 'failed', 'gauge.loop.maintenance.consecutive_failures': 1 });
    expect(loops.runner.health().status).toBe('degraded');
  });

  it('deletes expired login sessions and nothing else', async () => {
    const expiredIssuer = new LoginSessions(store, 60_000, () => new Date(Date.now() - 3600_000));
    const liveIssuer = new LoginSessions(store, 3600_000);
    for (let i = 0; i < 3; i++) await expiredIssuer.create('usr-expired', 'local');
    const live = await liveIssuer.create('usr-live', 'local');
    await store.put(layout.loginSession('garbled'), 'not json');
    const result = await loginSessionsTask(store).run(context());
    expect(result).toMatchObject({ examined: 5, deleted: 3, unreadable: 1, partial: false });
    expect(await liveIssuer.resolve(live.cookieValue)).toMatchObject({ user_id: 'usr-live' });
    expect(await keys('auth/sessions/')).toHaveLength(2);
  });

  it('deletes abandoned login flows, a bounded number per cycle', async () => {
    const flow = (expiresAt: number) =>
      jsonBody({
        schema_version: 1,
        state: 's',
        nonce: 'n',
        code_verifier: 'v',
        return_to: '/',
        created_at: new Date(expiresAt - 600_000).toISOString(),
        expires_at: new Date(expiresAt).toISOString(),
      });
    for (let i = 0; i < 4; i++) await store.put(layout.loginFlow(`old${i}`), flow(Date.now() - 1000));
    await store.put(layout.loginFlow('pending'), flow(Date.now() + 600_000));
    expect(await loginFlowsTask(store, { maxDeletes: 3 }).run(context())).toMatchObject({ deleted: 3, partial: true });
    expect(await loginFlowsTask(store).run(context())).toMatchObject({ deleted: 1, partial: false });
    expect(await keys('auth/login-flows/')).toEqual([layout.loginFlow('pending')]);
  });

  it('deletes idempotency records older than seven days', async () => {
    await store.put(layout.idempotency('usr-1', 'old'), jsonBody({ state: 'completed' }));
    await store.put(layout.idempotency('usr-1', 'recent'), jsonBody({ state: 'completed' }));
    await store.put(layout.idempotency('anonymous', 'week'), jsonBody({ state: 'completed' }));
    await age(layout.idempotency('usr-1', 'old'), 8 * 24 * 3600_000);
    await age(layout.idempotency('anonymous', 'week'), 6 * 24 * 3600_000);
    expect(await idempotencyTask(store).run(context())).toMatchObject({ examined: 3, deleted: 1 });
    expect(await keys('idempotency/')).toEqual([layout.idempotency('anonymous', 'week'), layout.idempotency('usr-1', 'recent')]);
  });

  it('deletes status records of loops that no longer exist, once nobody has written them for a while', async () => {
    for (const loop of ['maintenance', 'retired', 'fresh_unknown']) await store.put(loopStatusKey(loop), jsonBody({ loop }));
    await age(loopStatusKey('maintenance'), 2 * 24 * 3600_000);
    await age(loopStatusKey('retired'), 2 * 24 * 3600_000);
    const task = loopStatusTask(store, () => ['maintenance']);
    expect(await task.run(context())).toMatchObject({ examined: 3, deleted: 1 });
    expect(await keys('_system/loop-status/')).toEqual([loopStatusKey('fresh_unknown'), loopStatusKey('maintenance')]);
  });

  it('stops a task whose budget ran out and reports it as partial', async () => {
    for (let i = 0; i < 40; i++) await store.put(layout.loginFlow(`f${String(i).padStart(2, '0')}`), jsonBody({ expires_at: new Date(0).toISOString() }));
    const controller = new AbortController();
    controller.abort();
    const result = await loginFlowsTask(store).run({ ...context(), signal: controller.signal });
    expect(result).toMatchObject({ deleted: 0, partial: true });
    expect(await keys('auth/login-flows/')).toHaveLength(40);
  });
});
