import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTempDir } from '../../../test/support/temp-dir.js';
import type { Logger } from '../core/ports/logger.js';
import { Lease } from '../core/records/lease.js';
import type { ObjectStore } from '../core/ports/object-store.js';
import { layout } from '../core/storage-layout.js';
import { BackgroundWork } from '../lifecycle/background-work.js';
import { FsObjectStore } from '../adapters/store/fs-store.js';
import { MemoryObjectStore } from '../adapters/store/memory-store.js';
import { loopStatusKey, type LoopStatusRecord } from './loop-report.js';
import { LoopRunner, type AttemptOutcome } from './loop-runner.js';
import type { LoopDefinition } from './loop-types.js';

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

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('loop runner', () => {
  let store: FsObjectStore;
  let cleanup: () => Promise<void>;
  const stops: (() => Promise<void>)[] = [];
  /** Work held open by a test is let go before its runner stops, even when the test failed. */
  const gates: (() => void)[] = [];
  beforeEach(async () => {
    const temp = await makeTempDir('loops');
    store = new FsObjectStore(temp.dir);
    cleanup = temp.cleanup;
  });
  afterEach(async () => {
    for (const open of gates.splice(0)) open();
    for (const stop of stops.splice(0)) await stop();
    await cleanup();
  });

  function startRunner(options: { holder?: string; deadlineFloorMs?: number; store?: ObjectStore; loops: LoopDefinition[] }) {
    const lines: Line[] = [];
    const outcomes: AttemptOutcome[] = [];
    const background = new BackgroundWork();
    const runner = new LoopRunner({
      store: options.store ?? store,
      logger: capturingLogger(lines),
      background,
      holder: options.holder ?? 'replica-a',
      deadlineFloorMs: options.deadlineFloorMs ?? 10_000,
    });
    for (const loop of options.loops) runner.register(loop);
    runner.onOutcome((outcome) => outcomes.push(outcome));
    runner.start();
    stops.push(() => background.stop());
    return { runner, lines, outcomes, background };
  }

  const readReport = async (loop: string) => {
    const object = await store.get(loopStatusKey(loop));
    return object ? (JSON.parse(object.body.toString()) as LoopStatusRecord) : null;
  };

  it('runs a loop under its lease, reports success and releases the lease', async () => {
    let runs = 0;
    let leaseSeen: string | null = null;
    const { runner } = startRunner({
      loops: [
        {
          name: 'probe',
          intervalMs: 10,
          lease: 'probe',
          work: async () => {
            runs++;
            leaseSeen = (await store.get(layout.lease('probe'))) ? 'held' : 'free';
          },
        },
      ],
    });
    await waitFor(() => runs >= 2, 'two runs');
    expect(leaseSeen).toBe('held');
    const health = runner.health();
    expect(health.status).toBe('ok');
    expect(health.loops.probe).toMatchObject({ status: 'ok', consecutive_failures: 0, timeouts: 0, interval_ms: 10, deadline_ms: 10_000 });
    expect(health.loops.probe!.last_success_at).toEqual(expect.any(Number));
    expect(health.loops.probe!.last_completed_at).toEqual(expect.any(Number));
    await waitFor(async () => (await readReport('probe'))?.outcome === 'success', 'the status record');
    expect(await readReport('probe')).toMatchObject({ loop: 'probe', holder: 'replica-a', outcome: 'success', error: null });
  });

  it('starts a fixed-rate loop one interval after its last attempt began, a plain loop one interval after it ended', async () => {
    // On a moved clock, so that a loaded machine cannot stretch one loop's gaps and not the other's.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const starts: Record<'plain' | 'fixed', number[]> = { plain: [], fixed: [] };
      const ends: Record<'plain' | 'fixed', number[]> = { plain: [], fixed: [] };
      const slowLoop = (name: 'plain' | 'fixed'): LoopDefinition => ({
        name,
        intervalMs: 100,
        lease: null,
        ...(name === 'fixed' ? { fixedRate: true } : {}),
        work: async () => {
          starts[name].push(Date.now());
          // Longer than the interval: a fixed-rate loop goes on at once, a plain one waits a whole interval.
          await sleep(150);
          ends[name].push(Date.now());
        },
      });
      startRunner({ store: new MemoryObjectStore(), loops: [slowLoop('plain'), slowLoop('fixed')] });
      for (let step = 0; step < 400 && !(starts.plain.length >= 4 && starts.fixed.length >= 4); step++) await vi.advanceTimersByTimeAsync(5);
      const gaps = (name: 'plain' | 'fixed') => ends[name].slice(0, 3).map((end, i) => starts[name][i + 1]! - end);
      expect(gaps('plain')).toEqual([100, 100, 100]);
      // A timer of 0 ms fires after 1.
      expect(Math.max(...gaps('fixed'))).toBeLessThanOrEqual(1);
      // Stop while the clock is still the test's: the attempts under way sleep on it.
      const stopping = stops.pop()!();
      await vi.advanceTimersByTimeAsync(1_000);
      await stopping;
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts consecutive failures, logs <loop>_failed, and recovers on the next success', async () => {
    let failing = true;
    let runs = 0;
    const { runner, lines, outcomes } = startRunner({
      loops: [
        {
          name: 'probe',
          intervalMs: 10,
          lease: 'probe',
          work: async () => {
            runs++;
            if (failing) throw new Error('disk on fire');
          },
        },
      ],
    });
    await waitFor(() => runner.health().loops.probe!.consecutive_failures >= 2, 'two failures');
    expect(runner.health().status).toBe('degraded');
    expect(runner.health().loops.probe!.status).toBe('failing');
    const failed = lines.find((line) => line.event === 'probe_failed');
    expect(failed).toMatchObject({ level: 'error', loop: 'probe', holder: 'replica-a' });
    expect(String(failed!.err)).toMatch(/disk on fire/);
    expect(outcomes.some((outcome) => outcome.outcome === 'failed')).toBe(true);
    expect((await readReport('probe'))?.error).toMatch(/disk on fire/);
    // The lease was released after each failure, or the next attempt would have been skipped.
    expect(outcomes.every((outcome) => outcome.outcome === 'failed')).toBe(true);

    failing = false;
    const before = runs;
    await waitFor(() => runs > before && runner.health().loops.probe!.consecutive_failures === 0, 'a success');
    expect(runner.health().status).toBe('ok');
  });

  it('names the warm pool failure warm_pool_sweep_failed', async () => {
    const { runner, lines } = startRunner({
      loops: [
        {
          name: 'warm_pool',
          intervalMs: 10,
          lease: 'warm_pool',
          work: async () => {
            throw new Error('no capacity');
          },
        },
      ],
    });
    await waitFor(() => runner.health().loops.warm_pool!.consecutive_failures >= 1, 'a failure');
    expect(lines.some((line) => line.event === 'warm_pool_sweep_failed' && line.level === 'error')).toBe(true);
    expect(lines.some((line) => line.event === 'warm_pool_failed')).toBe(false);
  });

  it('skips an attempt whose lease another replica holds, and counts it as a success', async () => {
    const other = new Lease(store, layout.lease('probe'), { holder: 'replica-b', ttlMs: 60_000 });
    expect(await other.acquire()).toBe(true);
    let runs = 0;
    const { runner, outcomes } = startRunner({
      loops: [{ name: 'probe', intervalMs: 10, lease: 'probe', work: async () => void runs++ }],
    });
    await waitFor(() => outcomes.filter((outcome) => outcome.outcome === 'skipped').length >= 2, 'two skipped attempts');
    expect(runs).toBe(0);
    const probe = runner.health().loops.probe!;
    expect(probe).toMatchObject({ status: 'ok', consecutive_failures: 0 });
    expect(probe.last_success_at).toEqual(expect.any(Number));
    expect((await readReport('probe'))?.outcome).toBe('skipped');
    // The other holder's lease is untouched.
    expect(JSON.parse((await store.get(layout.lease('probe')))!.body.toString()).holder).toBe('replica-b');
  });

  it('abandons an attempt at its deadline, starts nothing new until it settles, then recovers', async () => {
    let calls = 0;
    let signalAborted = false;
    let finishStuck!: () => void;
    const stuck = new Promise<void>((resolve) => (finishStuck = resolve));
    gates.push(() => finishStuck());
    const { runner, lines, outcomes } = startRunner({
      deadlineFloorMs: 400,
      loops: [
        {
          name: 'probe',
          intervalMs: 10,
          lease: 'probe',
          work: async ({ signal }) => {
            calls++;
            if (calls > 1) return;
            await stuck;
            signalAborted = signal.aborted;
            // The late result is discarded: this failure must not count.
            throw new Error('late failure');
          },
        },
      ],
    });
    await waitFor(() => lines.some((line) => line.event === 'probe_stalled'), 'the stall');
    const stalled = lines.find((line) => line.event === 'probe_stalled')!;
    expect(stalled).toMatchObject({ level: 'error', loop: 'probe', holder: 'replica-a', deadline_ms: 400, duration_ms: expect.any(Number) });
    expect(runner.health().status).toBe('stalled');
    expect(runner.health().loops.probe).toMatchObject({ status: 'stalled', timeouts: 1 });
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['stalled']);
    await waitFor(async () => (await readReport('probe'))?.outcome === 'stalled', 'the stalled record');

    // Several intervals and more than one lease lifetime later: still one attempt, and the
    // renewed lease still keeps other replicas out.
    await sleep(600);
    expect(calls).toBe(1);
    expect(await new Lease(store, layout.lease('probe'), { holder: 'replica-b', ttlMs: 1000 }).acquire()).toBe(false);

    finishStuck();
    await waitFor(() => lines.some((line) => line.event === 'probe_recovered'), 'the recovery');
    expect(lines.find((line) => line.event === 'probe_recovered')).toMatchObject({ level: 'debug', loop: 'probe' });
    expect(signalAborted).toBe(true);
    expect(lines.some((line) => line.event === 'probe_failed')).toBe(false);
    await waitFor(() => calls >= 2 && runner.health().loops.probe!.last_success_at !== null, 'a fresh attempt');
    expect(runner.health()).toMatchObject({ status: 'ok', loops: { probe: { status: 'ok', consecutive_failures: 0, timeouts: 1 } } });
  });

  it('never runs one loop on two replicas at once', async () => {
    let active = 0;
    let maxActive = 0;
    const runs: Record<string, number> = { a: 0, b: 0 };
    const loop = (holder: string): LoopDefinition => ({
      name: 'probe',
      intervalMs: 2,
      lease: 'probe',
      work: async () => {
        active++;
        maxActive = Math.max(maxActive, active);
        await sleep(10);
        active--;
        runs[holder]!++;
      },
    });
    const a = startRunner({ holder: 'a', loops: [loop('a')] });
    const b = startRunner({ holder: 'b', loops: [loop('b')] });
    const skipped = () => [...a.outcomes, ...b.outcomes].filter((outcome) => outcome.outcome === 'skipped').length;
    await waitFor(() => runs.a! + runs.b! >= 12 && skipped() >= 1, 'runs on both replicas with contention');
    expect(maxActive).toBe(1);
  });

  it('stops ticking on shutdown, waits for the running attempt and releases its lease', async () => {
    let calls = 0;
    let aborted = false;
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    gates.push(() => finish());
    const { runner, background } = startRunner({
      loops: [
        {
          name: 'probe',
          intervalMs: 10,
          lease: 'probe',
          work: async ({ signal }) => {
            calls++;
            await gate;
            aborted = signal.aborted;
          },
        },
      ],
    });
    await waitFor(() => calls === 1, 'the attempt to start');
    let stopped = false;
    const stopping = background.stop().then(() => (stopped = true));
    await sleep(30);
    expect(stopped).toBe(false);
    expect(runner.health().loops.probe!.status).toBe('stopping');
    expect(await store.get(layout.lease('probe'))).not.toBeNull();
    finish();
    await stopping;
    expect(aborted).toBe(true);
    expect(await store.get(layout.lease('probe'))).toBeNull();
    await sleep(50);
    expect(calls).toBe(1);
  });

  it('logs failed releases and reports, and the outcome stands', async () => {
    const failing: ObjectStore = {
      kind: store.kind,
      location: store.location,
      get: (key) => store.get(key),
      head: (key) => store.head(key),
      getStream: (key, options) => store.getStream(key, options),
      putStream: (key, body, options) => store.putStream(key, body, options),
      list: (prefix, options) => store.list(prefix, options),
      close: async () => {},
      put: (key, body, options) => (key.startsWith('_system/loop-status/') ? Promise.reject(new Error('report store down')) : store.put(key, body, options)),
      delete: (key, options) => (key === layout.lease('probe') ? Promise.reject(new Error('lease store down')) : store.delete(key, options)),
    };
    let runs = 0;
    const { runner, lines } = startRunner({
      store: failing,
      loops: [{ name: 'probe', intervalMs: 10, lease: 'probe', work: async () => void runs++ }],
    });
    await waitFor(() => lines.some((line) => line.event === 'probe_report_failed'), 'the report failure');
    expect(lines.find((line) => line.event === 'probe_release_failed')).toMatchObject({ level: 'warn', loop: 'probe' });
    expect(runs).toBe(1);
    expect(runner.health().loops.probe).toMatchObject({ status: 'ok', consecutive_failures: 0 });
  });

  it('leaves disabled loops out, and refuses bad or duplicate names', async () => {
    let runs = 0;
    const { runner } = startRunner({
      loops: [{ name: 'dormant', intervalMs: 10, lease: null, enabled: false, work: async () => void runs++ }],
    });
    await sleep(30);
    expect(runs).toBe(0);
    expect(runner.health()).toEqual({ status: 'ok', loops: {} });
    expect(runner.names()).toEqual(['dormant']);
    const work = async () => {};
    expect(() => runner.register({ name: 'dormant', intervalMs: 10, lease: null, work })).toThrow(/already registered/);
    expect(() => runner.register({ name: 'Bad-Name', intervalMs: 10, lease: null, work })).toThrow(/must match/);
  });
});
