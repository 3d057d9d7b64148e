import type { HubSettings } from '../../../config/settings.js';
import type { JobScheduler } from '../core/job-scheduler.js';
import type { HubLoops } from '../../../loops/compose.js';
import { HUB_LOOPS } from '../../../loops/loop-types.js';

/** What the job loops drive. */
export interface JobLoopServices {
  jobScheduler: Pick<JobScheduler, 'tick' | 'applyRetention'>;
}

/**
 * The `job_scheduler` loop where SERVICE_JOBS=on (docs/jobs.md, "The scheduler"), and the run
 * retention task of the maintenance loop. Without them jobs are accepted but never run.
 */
export function registerJobLoops(loops: HubLoops, services: JobLoopServices, settings: HubSettings): void {
  if (!settings.jobs.enabled) return;
  loops.runner.register({
    name: HUB_LOOPS.jobScheduler.name,
    lease: HUB_LOOPS.jobScheduler.lease,
    intervalMs: settings.jobs.tickSeconds * 1000,
    fixedRate: true,
    work: async ({ signal, logger }) => {
      const outcome = await services.jobScheduler.tick(signal);
      if (outcome.fired + outcome.dispatched + outcome.reclaimed > 0) logger.info({ event: 'job_scheduler_tick', ...outcome }, 'job_scheduler_tick');
    },
  });
  loops.maintenance.addTask({
    name: 'job_run_retention',
    run: async ({ signal }) => ({ deleted: await services.jobScheduler.applyRetention(signal) }),
  });
}
