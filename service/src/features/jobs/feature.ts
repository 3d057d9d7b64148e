import type { HubSettings } from '../../config/settings.js';
import { CRONER_SCHEDULES } from '../../adapters/schedule/croner-schedules.js';
import type { AuditLog } from '../../core/audit/audit-log.js';
import { JobMetrics } from './core/job-metrics.js';
import { JobRecords } from './core/job-records.js';
import { executeRun, type JobRunnerDeps } from './core/job-runner.js';
import { JobScheduler } from './core/job-scheduler.js';
import { JobService } from './core/job-service.js';
import type { NotebookService } from '../../core/notebooks/notebook-service.js';
import type { Logger } from '../../core/ports/logger.js';
import type { Metrics } from '../../core/ports/metrics.js';
import type { Tracer } from '../../core/ports/tracing.js';
import type { NotebookFiles } from '../../core/notebooks/notebook-files.js';
import type { BackgroundRunner } from '../../core/ports/background-runner.js';
import type { NotebookRuntime } from '../../core/ports/notebook-runtime.js';
import type { ObjectStore } from '../../core/ports/object-store.js';
import type { ProjectEventPublisher } from '../../core/ports/project-events.js';
import type { SandboxDriver } from '../../core/ports/sandbox-driver.js';
import type { BaseServices, Feature } from '../feature.js';
import { JOB_HISTORY_CHECK } from './core/job-history.js';
import { JobUseCases } from './core/job-use-cases.js';
import { ownerStanding, type JobOwnerDeps } from './core/job-owner.js';
import { jobRoutes } from './http/job-routes.js';
import { registerJobLoops } from './loops/job-loops.js';
import { lazyToolSet } from '../../http/mcp/lazy-tool-set.js';
import { userMayUseIntegrations } from '../../core/sandboxes/workload-rights.js';

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
  tracer?: Tracer;
  projectNameOf(projectId: string): Promise<string>;
  projectExists(projectId: string): Promise<boolean>;
  /** Where the scheduler learns whether a job's owner may still have it run. */
  owners: JobOwnerDeps;
  /** What run sandboxes receive of the project's secrets and integrations (docs/project-secrets.md). */
  workloads?: JobRunnerDeps['workloads'];
  /** The packages runs execute with (docs/environments.md). */
  environments?: JobRunnerDeps['environments'];
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
          ...(parts.tracer ? { tracer: parts.tracer } : {}),
          ...(parts.workloads ? { workloads: parts.workloads } : {}),
          mayUse: (userId, projectId) => userMayUseIntegrations(parts.owners, userId, projectId),
          ...(parts.environments ? { environments: parts.environments } : {}),
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

/** What jobs take of the base. */
type JobsBase = Pick<
  BaseServices,
  | 'settings'
  | 'store'
  | 'notebooks'
  | 'workspace'
  | 'audit'
  | 'events'
  | 'sandboxes'
  | 'runtime'
  | 'background'
  | 'logger'
  | 'metrics'
  | 'tracer'
  | 'projects'
  | 'access'
  | 'users'
  | 'entitlementRules'
  | 'workloads'
  | 'environments'
>;

/**
 * Jobs (docs/jobs.md): a notebook's scheduled and on-demand headless runs, their routes and MCP
 * tools, and the scheduler's loop (where SERVICE_JOBS=on). The sandboxes of runs are the
 * scheduler's: the session sweep leaves them alone, and a drain ends the runs going on.
 */
export const jobsFeature = {
  name: 'jobs',
  build(base: JobsBase) {
    const { settings, projects } = base;
    const { jobs, jobScheduler } = createJobServices(settings, {
      store: base.store,
      notebooks: base.notebooks,
      files: base.workspace,
      audit: base.audit,
      events: base.events,
      driver: base.sandboxes,
      runtime: base.runtime,
      background: base.background,
      logger: base.logger,
      metrics: base.metrics,
      tracer: base.tracer,
      projectNameOf: async (projectId) => (await projects.get(projectId))?.name ?? projectId,
      projectExists: async (projectId) => ((await projects.get(projectId))?.status ?? 'deleted') !== 'deleted',
      workloads: base.workloads,
      environments: base.environments,
      owners: {
        user: (userId) => base.users.get(userId),
        project: (projectId) => projects.get(projectId),
        entitlementRules: base.entitlementRules,
      },
    });
    const useCases = { jobs: new JobUseCases({ access: base.access, jobs, enabled: settings.jobs.enabled }) };
    return {
      services: { jobs, jobScheduler },
      useCases,
      routes: [{ after: 'notebooks', register: (app) => jobRoutes(app, { useCases, settings }) }],
      mcpTools: [lazyToolSet(async () => (await import('./mcp-tools/job-tools.js')).jobTools(useCases))],
      loops: (loops) => registerJobLoops(loops, { jobScheduler }, settings),
      sessions: { ownedSandboxIds: () => jobScheduler.sandboxesInUse() },
      // Runs going on end as failed, their sandboxes destroyed, rather than hold up the drain.
      stop: () => void jobScheduler.close(),
    };
  },
  recoveryChecks: [JOB_HISTORY_CHECK],
} satisfies Feature;
