import { ConfigError, integer, text, type Env, type SettingDefinition } from './parse.js';

/** Scheduled and on-demand notebook runs (docs/jobs.md). */
export interface JobSettings {
  /** `SERVICE_JOBS=on`: the scheduler runs (on maintenance replicas) and the capabilities say so. */
  enabled: boolean;
  tickSeconds: number;
  maxPerNotebook: number;
  maxQueuedRunsPerJob: number;
  defaultTimeoutSeconds: number;
  maxTimeoutSeconds: number;
  runRetentionDays: number;
  /** Runs executing at once, over all jobs of the deployment. */
  maxConcurrentRuns: number;
  /** Runs of one job executing at once. */
  maxConcurrentRunsPerJob: number;
  /** The least time between two due times of a schedule. */
  minIntervalSeconds: number;
}

export const jobSettingDefinitions: SettingDefinition[] = [
  { key: 'SERVICE_JOBS', group: 'jobs', name: 'Jobs: scheduled and on-demand notebook runs (on or off)', secret: false },
  { key: 'SERVICE_JOBS_TICK_SECONDS', group: 'jobs', name: 'Jobs: how often the scheduler looks for due runs (seconds)', secret: false },
  { key: 'SERVICE_JOBS_MAX_PER_NOTEBOOK', group: 'jobs', name: 'Jobs: most jobs per notebook', secret: false },
  { key: 'SERVICE_JOBS_MAX_QUEUED_RUNS_PER_JOB', group: 'jobs', name: 'Jobs: most queued runs per job', secret: false },
  { key: 'SERVICE_JOBS_DEFAULT_TIMEOUT_SECONDS', group: 'jobs', name: "Jobs: a run's timeout when its job sets none (seconds)", secret: false },
  { key: 'SERVICE_JOBS_MAX_TIMEOUT_SECONDS', group: 'jobs', name: 'Jobs: the longest timeout a job may set (seconds)', secret: false },
  { key: 'SERVICE_JOBS_RUN_RETENTION_DAYS', group: 'jobs', name: 'Jobs: how long finished runs are kept (days)', secret: false },
  { key: 'SERVICE_JOBS_MAX_CONCURRENT_RUNS', group: 'jobs', name: 'Jobs: runs executing at once', secret: false },
  { key: 'SERVICE_JOBS_MAX_CONCURRENT_RUNS_PER_JOB', group: 'jobs', name: 'Jobs: runs of one job executing at once', secret: false },
  { key: 'SERVICE_JOBS_MIN_INTERVAL_SECONDS', group: 'jobs', name: 'Jobs: the least time between two due times of a schedule (seconds)', secret: false },
];

export function readJobSettings(env: Env): JobSettings {
  const switched = text(env, 'SERVICE_JOBS')?.toLowerCase() ?? 'off';
  if (switched !== 'on' && switched !== 'off') throw new ConfigError('SERVICE_JOBS', `must be "on" or "off", got ${JSON.stringify(env.SERVICE_JOBS)}`);
  const maxTimeoutSeconds = integer(env, 'SERVICE_JOBS_MAX_TIMEOUT_SECONDS', 6 * 3600, { min: 10, max: 7 * 24 * 3600 });
  const defaultTimeoutSeconds = integer(env, 'SERVICE_JOBS_DEFAULT_TIMEOUT_SECONDS', Math.min(3600, maxTimeoutSeconds), { min: 10, max: 7 * 24 * 3600 });
  if (defaultTimeoutSeconds > maxTimeoutSeconds) {
    throw new ConfigError(
      'SERVICE_JOBS_DEFAULT_TIMEOUT_SECONDS',
      `must not exceed SERVICE_JOBS_MAX_TIMEOUT_SECONDS (${maxTimeoutSeconds}), got ${defaultTimeoutSeconds}`,
    );
  }
  return {
    enabled: switched === 'on',
    tickSeconds: integer(env, 'SERVICE_JOBS_TICK_SECONDS', 60, { min: 1, max: 3600 }),
    maxPerNotebook: integer(env, 'SERVICE_JOBS_MAX_PER_NOTEBOOK', 20, { min: 1, max: 1000 }),
    maxQueuedRunsPerJob: integer(env, 'SERVICE_JOBS_MAX_QUEUED_RUNS_PER_JOB', 5, { min: 1, max: 1000 }),
    defaultTimeoutSeconds,
    maxTimeoutSeconds,
    runRetentionDays: integer(env, 'SERVICE_JOBS_RUN_RETENTION_DAYS', 30, { min: 1, max: 3650 }),
    maxConcurrentRuns: integer(env, 'SERVICE_JOBS_MAX_CONCURRENT_RUNS', 2, { min: 1, max: 1000 }),
    maxConcurrentRunsPerJob: integer(env, 'SERVICE_JOBS_MAX_CONCURRENT_RUNS_PER_JOB', 1, { min: 1, max: 100 }),
    minIntervalSeconds: integer(env, 'SERVICE_JOBS_MIN_INTERVAL_SECONDS', 300, { min: 1, max: 86_400 }),
  };
}
