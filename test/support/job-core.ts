import { CRONER_SCHEDULES } from '../../service/src/adapters/schedule/croner-schedules.js';
import { JobMetrics } from '../../service/src/features/jobs/core/job-metrics.js';
import { ownerStanding } from '../../service/src/features/jobs/core/job-owner.js';
import { JobRecords } from '../../service/src/features/jobs/core/job-records.js';
import { executeRun, type JobRunnerDeps } from '../../service/src/features/jobs/core/job-runner.js';
import { JobScheduler, type JobSchedulerDeps } from '../../service/src/features/jobs/core/job-scheduler.js';
import { JobService, type JobLimits } from '../../service/src/features/jobs/core/job-service.js';
import { NO_METRICS } from '../../service/src/core/ports/metrics.js';
import type { BackgroundRunner } from '../../service/src/core/ports/background-runner.js';
import { WorkspaceService } from '../../service/src/core/workspace/workspace-service.js';
import { FakeExportRuntime, FakeExportSandboxDriver } from './fake-export-sandboxes.js';
import { keptLogger, startMemoryCore, type MemoryCore } from './memory-core.js';

/** A clock a test moves by hand. */
export interface TestClock {
  now(): Date;
  set(iso: string): void;
  advance(ms: number): void;
}

export function testClock(startIso: string): TestClock {
  let at = Date.parse(startIso);
  return {
    now: () => new Date(at),
    set: (iso) => void (at = Date.parse(iso)),
    advance: (ms) => void (at += ms),
  };
}

export interface JobCoreOptions {
  start?: string;
  limits?: Partial<JobLimits>;
  maxConcurrentRuns?: number;
  maxConcurrentRunsPerJob?: number;
  retentionDays?: number;
}

export interface JobCore extends MemoryCore {
  clock: TestClock;
  records: JobRecords;
  jobs: JobService;
  workspace: WorkspaceService;
  driver: FakeExportSandboxDriver;
  runtime: FakeExportRuntime;
  logger: ReturnType<typeof keptLogger>;
  /** Background work started so far (the runs being executed); `settled()` waits for all of it. */
  background: BackgroundRunner & { settled(): Promise<void> };
  /** What `executeRun` is given (the runner's dependencies). */
  runnerDeps: JobRunnerDeps;
  /**
   * A scheduler on this store, as a maintenance replica has it; `execute` replaces the real runner
   * (by default: `executeRun` on the fake driver).
   */
  scheduler(options?: { execute?: JobSchedulerDeps['execute'] }): JobScheduler;
}

/**
 * Jobs on an in-memory store, wired as the jobs feature (service/src/features/jobs/feature.ts)
 * wires them, with a clock the test moves, a fake sandbox driver whose `marimo export` the test
 * scripts, and kept log lines.
 */
export async function startJobCore(options: JobCoreOptions = {}): Promise<JobCore> {
  const core = await startMemoryCore({ SERVICE_COMPUTE_PROFILES: JSON.stringify([{ name: 'small' }, { name: 'large', cpu: 2 }]) });
  const { store, services } = core;
  const clock = testClock(options.start ?? '2026-03-02T10:00:30Z');
  const records = new JobRecords(store);
  const driver = new FakeExportSandboxDriver();
  const runtime = new FakeExportRuntime();
  const logger = keptLogger();
  const workspace = new WorkspaceService(store, services.audit, services.notebooks);
  const profiles = services.settings.sandboxes.computeProfiles;
  const running = new Set<Promise<unknown>>();
  const background = {
    run(work: () => Promise<unknown>) {
      const promise = work().catch(() => {});
      running.add(promise);
      void promise.finally(() => running.delete(promise));
      return true;
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
  const jobs = new JobService({
    records,
    notebooks: services.notebooks,
    schedules: CRONER_SCHEDULES,
    audit: services.audit,
    limits: { maxPerNotebook: 10, maxQueuedRunsPerJob: 5, defaultTimeoutSeconds: 600, maxTimeoutSeconds: 3600, minIntervalSeconds: 60, ...options.limits },
    computeProfiles: () => profiles.map((profile) => profile.name),
    stopRunSandbox: async (run) => {
      if (run.sandbox_id) await driver.destroy(run.sandbox_id).catch(() => {});
    },
    now: clock.now,
  });
  const runnerDeps: JobRunnerDeps = {
    records,
    notebooks: services.notebooks,
    files: workspace,
    driver,
    runtime,
    logger,
    computeOf: (name) => profiles.find((profile) => profile.name === name) ?? profiles[0]!,
    startupTimeoutMs: 60_000,
    now: clock.now,
  };
  const scheduler = ({ execute }: { execute?: JobSchedulerDeps['execute'] } = {}) =>
    new JobScheduler({
      records,
      jobs,
      notebooks: services.notebooks,
      schedules: CRONER_SCHEDULES,
      driver,
      audit: services.audit,
      events: { publish: (event) => void core.events.push(event) },
      metrics: new JobMetrics(NO_METRICS),
      background,
      logger,
      projectNameOf: async (projectId) => (await services.projects.get(projectId))?.name ?? projectId,
      notebookExists: async (projectId, notebookId) =>
        ((await services.projects.get(projectId))?.status ?? 'deleted') !== 'deleted' &&
        ((await services.notebooks.get(projectId, notebookId))?.status ?? 'deleted') !== 'deleted',
      execute: execute ?? ((run, profile, signal, record) => executeRun(runnerDeps, run, profile, signal, record)),
      ownerStanding: (job) =>
        ownerStanding(
          {
            user: (userId) => services.users.get(userId),
            project: (projectId) => services.projects.get(projectId),
            entitlementRules: services.entitlementRules,
          },
          job,
        ),
      minIntervalMs: 60_000,
      maxConcurrentRuns: options.maxConcurrentRuns ?? 4,
      maxConcurrentRunsPerJob: options.maxConcurrentRunsPerJob ?? 1,
      retentionDays: options.retentionDays ?? 30,
      now: clock.now,
    });
  return { ...core, clock, records, jobs, workspace, driver, runtime, logger, background, runnerDeps, scheduler };
}

/** A notebook that passes the hub's check of marimo code; its one cell holds `body`. */
export function notebookCode(body = 'print("hello")'): string {
  return ['import marimo', '', 'app = marimo.App()', '', '', '@app.cell', 'def _():', `    ${body}`, '    return', ''].join('\n');
}
