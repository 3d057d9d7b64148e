import { describe, expect, it } from 'vitest';
import { shutdownSequence, type ShutdownLog, type ShutdownSteps } from '../../electron/src/host/shutdown.js';

function recorder(overrides: Partial<ShutdownSteps> = {}) {
  const order: string[] = [];
  const events: string[] = [];
  const exits: number[] = [];
  const log: ShutdownLog = { info: (event) => events.push(event), error: (event) => events.push(event) };
  const steps: ShutdownSteps = {
    closeSessions: overrides.closeSessions ?? (async () => (order.push('sessions'), { stopped: 2, failed: 0 })),
    drainHub: async () => {
      order.push('drain');
      return overrides.drainHub ? overrides.drainHub() : 'drained';
    },
    release: async () => {
      order.push('release');
      await overrides.release?.();
    },
    exit: (code) => (order.push('exit'), exits.push(code)),
  };
  return { order, events, exits, steps, log };
}

describe('the desktop shutdown ordering', () => {
  it('saves the sessions, then drains the hub, then releases the folder, then exits 0', async () => {
    const r = recorder();
    expect(await shutdownSequence(r.steps, { sessionsBudgetMs: 5_000, log: r.log })()).toBe(0);
    expect(r.order).toEqual(['sessions', 'drain', 'release', 'exit']);
    expect(r.exits).toEqual([0]);
    expect(r.events).toEqual(['desktop_sessions_saved', 'desktop_exit']);
  });

  it('does not start the drain before the sessions are saved', async () => {
    let finishSaving!: () => void;
    const r = recorder({
      closeSessions: () => new Promise((resolve) => (finishSaving = () => resolve({ stopped: 1, failed: 0 }))),
    });
    const done = shutdownSequence(r.steps, { sessionsBudgetMs: 60_000, log: r.log })();
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.order).toEqual([]);
    finishSaving();
    expect(await done).toBe(0);
    expect(r.order).toEqual(['drain', 'release', 'exit']);
  });

  it('drains and exits non-zero when saving the sessions hangs past its budget', async () => {
    const r = recorder({ closeSessions: () => new Promise(() => {}) });
    expect(await shutdownSequence(r.steps, { sessionsBudgetMs: 20, log: r.log })()).toBe(1);
    expect(r.order).toEqual(['drain', 'release', 'exit']);
    expect(r.events).toContain('desktop_sessions_save_timeout');
  });

  it('goes on after a failed step, and reports it in the exit code', async () => {
    const failing = recorder({ closeSessions: async () => Promise.reject(new Error('store gone')), drainHub: async () => 'timeout' });
    expect(await shutdownSequence(failing.steps, { sessionsBudgetMs: 5_000, log: failing.log })()).toBe(1);
    expect(failing.order).toEqual(['drain', 'release', 'exit']);
    expect(failing.events).toContain('desktop_sessions_save_failed');

    const partly = recorder({ closeSessions: async () => ({ stopped: 1, failed: 1 }) });
    expect(await shutdownSequence(partly.steps, { sessionsBudgetMs: 5_000, log: partly.log })()).toBe(1);

    const releaseFails = recorder({ release: async () => Promise.reject(new Error('EACCES')) });
    expect(await shutdownSequence(releaseFails.steps, { sessionsBudgetMs: 5_000, log: releaseFails.log })()).toBe(1);
    expect(releaseFails.order).toEqual(['sessions', 'drain', 'release', 'exit']);
  });

  it('runs once however often it is asked (last window closed, then quit, then a signal)', async () => {
    const r = recorder();
    const shutdown = shutdownSequence(r.steps, { sessionsBudgetMs: 5_000, log: r.log });
    const codes = await Promise.all([shutdown(), shutdown(), shutdown()]);
    expect(codes).toEqual([0, 0, 0]);
    expect(await shutdown()).toBe(0);
    expect(r.order).toEqual(['sessions', 'drain', 'release', 'exit']);
  });
});
