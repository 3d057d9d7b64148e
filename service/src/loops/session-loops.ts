import type { HubSettings } from '../config/settings.js';
import type { HubServices } from '../services.js';
import type { HubLoops } from './compose.js';
import { HUB_LOOPS } from './loop-types.js';

/**
 * The session lifecycle loop (autosave, idle, lifetime and provider-cap deadlines, sandboxes of
 * sessions that are over, sandboxes nobody owns) and the warm pool's loop. Sessions the lifecycle
 * loop reclaims are reported in the next maintenance cycle.
 */
export function registerSessionLoops(loops: HubLoops, services: HubServices, settings: HubSettings): void {
  let reclaimedSinceReport = 0;
  loops.runner.register({
    name: HUB_LOOPS.sessionLifecycle.name,
    lease: HUB_LOOPS.sessionLifecycle.lease,
    intervalMs: settings.sessions.sweepIntervalSeconds * 1000,
    work: async ({ signal, logger }) => {
      const outcome = await services.sweepSessions(signal);
      reclaimedSinceReport += outcome.reclaimed;
      logger.debug({ event: 'session_sweep', ...outcome }, 'session_sweep');
    },
  });
  // Spec: the warm_pool loop runs where a warm pool is configured.
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
