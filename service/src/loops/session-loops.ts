import type { HubSettings } from '../config/settings.js';
import type { SweepOutcome } from '../core/sessions/session-lifecycle.js';
import type { WarmPool } from '../core/sessions/warm-pool.js';
import type { HubLoops } from './compose.js';
import { HUB_LOOPS } from './loop-types.js';

/** What the session loops drive. */
export interface SessionLoopServices {
  sweepSessions(signal: AbortSignal): Promise<SweepOutcome>;
  warmPool: Pick<WarmPool, 'enabled' | 'refill'>;
}

/**
 * The session lifecycle loop (autosave, idle, lifetime and provider-cap deadlines, sandboxes of
 * sessions that are over, sandboxes nobody owns) and the warm pool's loop. Sessions the lifecycle
 * loop reclaims are reported in the next maintenance cycle.
 */
export function registerSessionLoops(loops: HubLoops, services: SessionLoopServices, settings: HubSettings): void {
  let reclaimedSinceReport = 0;
  let drainedAt = Number.NEGATIVE_INFINITY;
  // docs/maintenance.md: the session lifecycle loop runs where session lifetimes are enabled. Every session
  // has a lifetime here (SERVICE_SESSION_LIFETIME_SECONDS cannot be turned off), so it always runs.
  loops.runner.register({
    name: HUB_LOOPS.sessionLifecycle.name,
    lease: HUB_LOOPS.sessionLifecycle.lease,
    intervalMs: settings.sessions.sweepIntervalSeconds * 1000,
    work: async ({ signal, logger }) => {
      const outcome = await services.sweepSessions(signal);
      reclaimedSinceReport += outcome.reclaimed;
      logger.debug({ event: 'session_sweep', ...outcome }, 'session_sweep');
      // docs/maintenance.md: the warm pool's work goes on every 5 minutes while warm pools are disabled. A
      // pool filled under an earlier configuration would otherwise keep its sandboxes for ever:
      // the sweep counts them as the pool's. Retiring them (once dead or past their maximum age)
      // needs no loop of its own, which health would list for deployments without a pool.
      if (!services.warmPool.enabled && !signal.aborted && Date.now() - drainedAt >= HUB_LOOPS.warmPool.idleIntervalMs) {
        drainedAt = Date.now();
        try {
          const drained = await services.warmPool.refill(signal);
          if (drained.retired > 0) logger.info({ event: 'warm_pool_drained', ...drained }, 'warm_pool_drained');
        } catch (error) {
          logger.warn({ event: 'warm_pool_drain_failed', err: error }, 'warm_pool_drain_failed');
        }
      }
    },
  });
  // docs/maintenance.md: the warm_pool loop runs where a warm pool is configured, every 5 s.
  if (services.warmPool.enabled) {
    loops.runner.register({
      name: HUB_LOOPS.warmPool.name,
      lease: HUB_LOOPS.warmPool.lease,
      intervalMs: HUB_LOOPS.warmPool.intervalMs,
      work: async ({ signal, logger }) => {
        const outcome = await services.warmPool.refill(signal);
        if (outcome.started + outcome.retired > 0) logger.info({ event: 'warm_pool_refilled', ...outcome }, 'warm_pool_refilled');
      },
    });
  }
  loops.maintenance.reportSessionsReclaimed(() => {
    const count = reclaimedSinceReport;
    reclaimedSinceReport = 0;
    return count;
  });
}
