import type { HubSettings } from '../../../config/settings.js';
import type { JobScheduler } from '../core/job-scheduler.js';
import type { HubLoops } from '../../../loops/compose.js';

/** The scheduler's loop (docs/maintenance.md); its interval is SERVICE_JOBS_TICK_SECONDS. */
export const JOB_SCHEDULER_LOOP = { name: 'job_scheduler', lease: 'jobs' } as const;

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
    name: JOB_SCHEDULER_LOOP.name,
    lease: JOB_SCHEDULER_LOOP.lease,
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
