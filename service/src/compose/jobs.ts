import type { HubSettings } from '../config/settings.js';
import { CRONER_SCHEDULES } from '../adapters/schedule/croner-schedules.js';
import type { AuditLog } from '../core/audit/audit-log.js';
import { JobMetrics } from '../core/jobs/job-metrics.js';
import { JobRecords } from '../core/jobs/job-records.js';
import { executeRun } from '../core/jobs/job-runner.js';
import { JobScheduler } from '../core/jobs/job-scheduler.js';
import { JobService } from '../core/jobs/job-service.js';
import { ownerStanding, type JobOwnerDeps } from '../core/jobs/job-owner.js';
import type { NotebookService } from '../core/notebooks/notebook-service.js';
import type { Logger } from '../core/ports/logger.js';
import type { Metrics } from '../core/ports/metrics.js';
import type { BackgroundRunner, NotebookFiles } from '../core/ports/notebook-files.js';
import type { NotebookRuntime } from '../core/ports/notebook-runtime.js';
import type { ObjectStore } from '../core/ports/object-store.js';
import type { ProjectEventPublisher } from '../core/ports/project-events.js';
import type { SandboxDriver } from '../core/ports/sandbox-driver.js';

export interface JobParts {
  store: ObjectStore;
  notebooks: NotebookService;
  files: NotebookFiles;
  audit: AuditLog;
  events: ProjectEventPublisher;
  driver: SandboxDriver;
  runtime: NotebookRuntime;
  background: BackgroundRunner;
  logger: Logger;
  metrics: Metrics;
  projectNameOf(projectId: string): Promise<string>;
  projectExists(projectId: string): Promise<boolean>;
  /** Where the scheduler learns whether a job's owner may still have it run. */
  owners: JobOwnerDeps;
}

/** Jobs (docs/jobs.md): the definitions and runs people manage, and the scheduler that executes runs. */
export function createJobServices(settings: HubSettings, parts: JobParts): { jobs: JobService; jobScheduler: JobScheduler } {
  const now = () => new Date();
  const records = new JobRecords(parts.store);
  const profiles = settings.sandboxes.computeProfiles;
  const jobs = new JobService({
    records,
    notebooks: parts.notebooks,
    schedules: CRONER_SCHEDULES,
    audit: parts.audit,
    limits: settings.jobs,
    computeProfiles: () => profiles.map((profile) => profile.name),
    stopRunSandbox: async (run) => {
      if (run.sandbox_id) await parts.driver.destroy(run.sandbox_id).catch(() => {});
    },
    now,
  });
  const jobScheduler = new JobScheduler({
    records,
    jobs,
    notebooks: parts.notebooks,
    schedules: CRONER_SCHEDULES,
    driver: parts.driver,
    audit: parts.audit,
    events: parts.events,
    metrics: new JobMetrics(parts.metrics),
    background: parts.background,
    logger: parts.logger,
    projectNameOf: parts.projectNameOf,
    notebookExists: async (projectId, notebookId) =>
      (await parts.projectExists(projectId)) && ((await parts.notebooks.get(projectId, notebookId))?.status ?? 'deleted') !== 'deleted',
    ownerStanding: (job) => ownerStanding(parts.owners, job),
    minIntervalMs: settings.jobs.minIntervalSeconds * 1000,
    execute: (run, profile, signal, record) =>
      executeRun(
        {
          records,
          notebooks: parts.notebooks,
          files: parts.files,
          driver: parts.driver,
          runtime: parts.runtime,
          logger: parts.logger,
          computeOf: (name) => profiles.find((profile) => profile.name === name) ?? profiles[0]!,
          startupTimeoutMs: settings.sandboxes.startupTimeoutSeconds * 1000,
          now,
        },
        run,
        profile,
        signal,
        record,
      ),
    maxConcurrentRuns: settings.jobs.maxConcurrentRuns,
    maxConcurrentRunsPerJob: settings.jobs.maxConcurrentRunsPerJob,
    retentionDays: settings.jobs.runRetentionDays,
    now,
  });
  return { jobs, jobScheduler };
}
