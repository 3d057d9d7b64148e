import type { AuditLog } from '../../../core/audit/audit-log.js';
import type { Logger } from '../../../core/ports/logger.js';
import type { CronSchedules } from '../../../core/ports/cron-schedules.js';
import type { BackgroundRunner } from '../../../core/ports/background-runner.js';
import type { ProjectEventPublisher } from '../../../core/ports/project-events.js';
import type { SandboxDriver } from '../../../core/ports/sandbox-driver.js';
import type { NotebookService } from '../../../core/notebooks/notebook-service.js';
import { isFinished, RUN_SETUP_ALLOWANCE_MS, scheduledRunId, type JobRecord, type JobRunRecord, type OwnerStanding } from './job-model.js';
import type { JobRecords } from './job-records.js';
import type { JobService } from './job-service.js';
import type { JobMetrics } from './job-metrics.js';
import type { RunOutcome } from './job-runner.js';
import { ownerOf } from './job-owner.js';

export interface JobSchedulerDeps {
  records: JobRecords;
  jobs: JobService;
  notebooks: NotebookService;
  schedules: CronSchedules;
  driver: SandboxDriver;
  audit: AuditLog;
  events: ProjectEventPublisher;
  metrics: JobMetrics;
  background: BackgroundRunner;
  logger: Logger;
  projectNameOf(projectId: string): Promise<string>;
  /** Whether the job's notebook (and its project) still exist: a schedule stops firing once either is deleted. */
  notebookExists(projectId: string, notebookId: string): Promise<boolean>;
  /** Null when the job's owner may still have it run; else why not (the job is then switched off). */
  ownerStanding(job: JobRecord): Promise<OwnerStanding | null>;
  /** The least time between two due times a schedule fires for (SERVICE_JOBS_MIN_INTERVAL_SECONDS). */
  minIntervalMs: number;
  /**
   * Executes a run the scheduler marked running and hands its outcome to `record` (before its
   * sandbox is destroyed); `signal` aborts when the hub shuts down.
   */
  execute(run: JobRunRecord, profile: string | null, signal: AbortSignal, record: (outcome: RunOutcome) => Promise<void>): Promise<void>;
  maxConcurrentRuns: number;
  maxConcurrentRunsPerJob: number;
  retentionDays: number;
  now: () => Date;
}

export interface TickOutcome {
  fired: number;
  dispatched: number;
  reclaimed: number;
}

/** A queued run whose record never appeared (its trigger died in between) is dropped after this. */
const MISSING_RUN_GRACE_MS = 60_000;

/**
 * The `job_scheduler` loop's work (docs/jobs.md, "The scheduler"). Each tick fires every due
 * schedule once (a due time is claimed on the job record with compare-and-swap, so several
 * maintenance replicas fire it once), reclaims runs past their deadline, and starts queued runs
 * under the global and per-job caps. Runs execute in this process, in the background.
 */
export class JobScheduler {
  /** Runs executing in this process. */
  private readonly executing = new Map<string, Promise<void>>();
  private readonly shutdown = new AbortController();

  constructor(private readonly deps: JobSchedulerDeps) {}

  async tick(signal: AbortSignal): Promise<TickOutcome> {
    const outcome: TickOutcome = { fired: 0, dispatched: 0, reclaimed: 0 };
    const jobs: JobRecord[] = [];
    for await (const listed of this.deps.records.allJobs()) {
      if (signal.aborted) return outcome;
      let job = listed;
      if (await this.fireDue(job)) {
        outcome.fired++;
        // The run just queued starts in this very tick, not the next.
        job = (await this.deps.records.job(job.project_id, job.notebook_id, job.id)) ?? job;
      }
      jobs.push(job);
    }
    const active = await this.activeRuns(jobs, outcome);
    if (!signal.aborted) outcome.dispatched = await this.dispatch(active);
    return outcome;
  }

  /** Stops executing runs (hub shutdown): each ends as failed, its sandbox destroyed. */
  async close(): Promise<void> {
    this.shutdown.abort();
    await Promise.allSettled([...this.executing.values()]);
  }

  /** Sandboxes of runs that are going on (the session sweep leaves them alone). */
  async sandboxesInUse(): Promise<Set<string>> {
    const ids = new Set<string>();
    for await (const job of this.deps.records.allJobs()) {
      for (const runId of job.running_run_ids) {
        const run = await this.deps.records.run(job.project_id, job.id, runId);
        if (run?.sandbox_id && run.state === 'running') ids.add(run.sandbox_id);
      }
    }
    return ids;
  }

  /**
   * Deletes finished runs older than the retention period, and every run of a job that was
   * deleted; mends the history index where a write was cut short (a run without its entry gets
   * one, an entry whose run never got stored goes). Returns how many runs went.
   */
  async applyRetention(signal: AbortSignal, at?: Date): Promise<number> {
    // `at` lets a test look at the runs from a later moment instead of waiting for it.
    const now = (at ?? this.deps.now()).getTime();
    const cutoff = now - this.deps.retentionDays * 86_400_000;
    const jobsKnown = new Set<string>();
    for await (const job of this.deps.records.allJobs()) jobsKnown.add(`${job.project_id}/${job.id}`);
    const entries = new Map<string, string>();
    const indexed = new Set<string>();
    for await (const entry of this.deps.records.allHistoryEntries()) {
      entries.set(entry.key, entry.runId);
      indexed.add(entry.runId);
    }
    const runsKept = new Set<string>();
    let deleted = 0;
    for await (const ref of this.deps.records.allRunKeys()) {
      if (signal.aborted) return deleted;
      // A run's id holds when it was queued (or fell due), which is before it ended: a run younger than
      // the cutoff, of a job that exists, with its history entry, is kept without reading it.
      if (timeOfRunId(ref.runId) >= cutoff && jobsKnown.has(`${ref.projectId}/${ref.jobId}`) && indexed.has(ref.runId)) {
        runsKept.add(ref.runId);
        continue;
      }
      const run = await this.deps.records.run(ref.projectId, ref.jobId, ref.runId);
      if (!run) continue;
      const orphaned = !jobsKnown.has(`${run.project_id}/${run.job_id}`);
      const expired = isFinished(run) && Date.parse(run.finished_at ?? run.queued_at) < cutoff;
      // A run of a deleted job that is still going is left to end first.
      if ((orphaned && (isFinished(run) || Date.parse(run.queued_at) < cutoff)) || expired) {
        await this.deps.records.deleteRun(run);
        deleted++;
        continue;
      }
      runsKept.add(run.id);
      await this.deps.records.ensureHistoryEntry(run, entries);
    }
    for (const [key, runId] of entries) {
      if (signal.aborted) break;
      if (!runsKept.has(runId) && now - timeOfRunId(runId) > MISSING_RUN_GRACE_MS) await this.deps.records.deleteHistoryEntry(key);
    }
    return deleted;
  }

  /** Fires the job's schedule when a due time has passed: the latest one only (at most one catch-up after downtime). */
  private async fireDue(job: JobRecord): Promise<boolean> {
    if (!job.enabled || !job.schedule) return false;
    const schedule = this.deps.schedules.parse(job.schedule.cron, job.schedule.time_zone);
    if ('problem' in schedule) return false;
    const now = this.deps.now();
    let due = schedule.nextAfter(new Date(job.schedule_mark ?? job.created_at));
    if (!due || due > now) return false;
    for (let next = schedule.nextAfter(due); next && next <= now; next = schedule.nextAfter(due)) due = next;
    if (!(await this.deps.notebookExists(job.project_id, job.notebook_id))) {
      // The due time passes without a run; the job stays as it is, for its history.
      await this.passOver(job, due);
      this.deps.logger.info({ event: 'job_notebook_deleted', job_id: job.id, notebook_id: job.notebook_id }, 'job_notebook_deleted');
      return false;
    }
    const next = schedule.nextAfter(due);
    if (next !== null && next.getTime() - due.getTime() < this.deps.minIntervalMs) {
      // A schedule stored before the minimum was set: it fires at most once a minimum interval.
      await this.passOver(job, due);
      this.deps.logger.info({ event: 'job_schedule_too_frequent', job_id: job.id, due_at: due.toISOString() }, 'job_schedule_too_frequent');
      return false;
    }
    const standing = await this.deps.ownerStanding(job);
    if (standing !== null) {
      await this.pauseForOwner(job, due, standing);
      return false;
    }
    const run = this.deps.jobs.newRun(job, {
      id: scheduledRunId(job.id, due),
      trigger: 'schedule',
      dueAt: due,
      triggeredBy: 'system',
      parameters: undefined,
      now,
    });
    const queued = await this.deps.jobs.enqueue(job, run, { schedule_mark: due.toISOString() });
    if (!queued) return false;
    this.deps.metrics.fired(now.getTime() - due.getTime());
    this.deps.logger.info({ event: 'job_run_fired', job_id: job.id, run_id: run.id, due_at: run.due_at }, 'job_run_fired');
    return true;
  }

  /** A due time passes without a run. */
  private async passOver(job: JobRecord, due: Date): Promise<void> {
    await this.deps.records.updateJob(job.project_id, job.notebook_id, job.id, (current) => ({ ...current, schedule_mark: due.toISOString() })).catch(() => {});
  }

  /**
   * The job's owner is suspended or no longer an editor of the project: nothing runs on their
   * behalf any more. The job is switched off with the reason (shown on it, and in the audit log)
   * until an editor switches it on again, and so becomes its owner.
   */
  private async pauseForOwner(job: JobRecord, due: Date, reason: OwnerStanding): Promise<void> {
    let paused = false;
    await this.deps.records.updateJob(job.project_id, job.notebook_id, job.id, (current) => {
      paused = current.enabled;
      return { ...current, schedule_mark: due.toISOString(), ...(current.enabled ? { enabled: false, disabled_reason: reason } : {}) };
    });
    if (!paused) return;
    await this.deps.audit.append({
      event: 'job.pause',
      actor: 'system',
      projectId: job.project_id,
      metadata: { job_id: job.id, notebook_id: job.notebook_id, reason, owner: ownerOf(job) },
    });
    this.deps.logger.info({ event: 'job_paused', job_id: job.id, reason }, 'job_paused');
  }

  /**
   * The queued and running runs of every job, after tidying: runs past their deadline that no
   * process here executes are ended as timed out, and ids whose run ended or never appeared leave
   * the job's lists.
   */
  private async activeRuns(jobs: JobRecord[], outcome: TickOutcome): Promise<{ job: JobRecord; queued: JobRunRecord[]; running: number }[]> {
    const now = this.deps.now().getTime();
    const active: { job: JobRecord; queued: JobRunRecord[]; running: number }[] = [];
    for (const job of jobs) {
      const queued: JobRunRecord[] = [];
      let running = 0;
      const gone: string[] = [];
      for (const runId of [...job.queued_run_ids, ...job.running_run_ids]) {
        const run = await this.deps.records.run(job.project_id, job.id, runId);
        if (!run) {
          if (now - timeOfRunId(runId) > MISSING_RUN_GRACE_MS) gone.push(runId);
          continue;
        }
        if (run.state === 'running' && !this.executing.has(run.id) && run.deadline_at !== null && Date.parse(run.deadline_at) < now) {
          await this.complete(run, {
            state: 'timed_out',
            exitCode: null,
            error: { code: 'TIMED_OUT', message: 'the run passed its deadline without finishing (the hub executing it stopped)' },
            versionId: run.version_id,
            outputBytes: null,
            logBytes: run.log_bytes,
          });
          if (run.sandbox_id) await this.deps.driver.destroy(run.sandbox_id).catch(() => {});
          outcome.reclaimed++;
          continue;
        }
        if (isFinished(run)) gone.push(runId);
        else if (run.state === 'queued') queued.push(run);
        else running++;
      }
      if (gone.length > 0) {
        await this.deps.records
          .updateJob(job.project_id, job.notebook_id, job.id, (current) => ({
            ...current,
            queued_run_ids: current.queued_run_ids.filter((id) => !gone.includes(id)),
            running_run_ids: current.running_run_ids.filter((id) => !gone.includes(id)),
          }))
          .catch(() => {});
      }
      active.push({ job, queued, running });
    }
    return active;
  }

  /** Starts queued runs, oldest first, while the caps allow. */
  private async dispatch(active: { job: JobRecord; queued: JobRunRecord[]; running: number }[]): Promise<number> {
    let running = active.reduce((sum, entry) => sum + entry.running, 0);
    const waiting = active.flatMap((entry) => entry.queued.map((run) => ({ entry, run }))).sort((a, b) => (a.run.queued_at < b.run.queued_at ? -1 : 1));
    let dispatched = 0;
    for (const { entry, run } of waiting) {
      if (running >= this.deps.maxConcurrentRuns || this.shutdown.signal.aborted) break;
      if (entry.running >= this.deps.maxConcurrentRunsPerJob) continue;
      const started = await this.claim(entry.job, run);
      if (!started) continue;
      running++;
      entry.running++;
      dispatched++;
      this.start(started, entry.job.compute_profile);
    }
    return dispatched;
  }

  /** Marks a queued run running (on the run, then on its job); null when someone else moved it first. */
  private async claim(job: JobRecord, run: JobRunRecord): Promise<JobRunRecord | null> {
    const now = this.deps.now();
    let mine = false;
    const started = await this.deps.records.updateRun(run.project_id, run.job_id, run.id, (current) => {
      mine = current.state === 'queued';
      return mine
        ? {
            ...current,
            state: 'running',
            started_at: now.toISOString(),
            deadline_at: new Date(now.getTime() + current.timeout_seconds * 1000 + RUN_SETUP_ALLOWANCE_MS).toISOString(),
          }
        : undefined;
    });
    if (!mine) return null;
    // A job deleted meanwhile cancelled its runs first; its record being gone changes nothing here.
    await this.deps.records
      .updateJob(job.project_id, job.notebook_id, job.id, (current) => ({
        ...current,
        queued_run_ids: current.queued_run_ids.filter((id) => id !== run.id),
        running_run_ids: [...current.running_run_ids.filter((id) => id !== run.id), run.id],
      }))
      .catch(() => {});
    this.deps.metrics.started(now.getTime() - Date.parse(run.queued_at));
    return started;
  }

  private start(run: JobRunRecord, profile: string | null): void {
    const work = (async () => {
      try {
        await this.deps.execute(run, profile, this.shutdown.signal, (outcome) => this.complete(run, outcome));
      } catch (error) {
        this.deps.logger.error({ event: 'job_run_error', run_id: run.id, err: error }, 'job_run_error');
      } finally {
        this.executing.delete(run.id);
      }
    })();
    this.executing.set(run.id, work);
    this.deps.background.run(() => work);
  }

  /**
   * Records how a run ended (unless it was cancelled meanwhile), takes it off its job, notes the
   * notebook's `last_run_at`, keeps a succeeded run's HTML as its version's snapshot, tells the
   * project's alert destinations and writes the audit event.
   */
  async complete(run: JobRunRecord, outcome: RunOutcome): Promise<void> {
    const finishedAt = this.deps.now().toISOString();
    // What a finished run promises is in place before the run reads as finished: whoever sees it
    // succeed finds the notebook's last run and the snapshot it made (unless it was cancelled meanwhile).
    const stillOurs = !isFinished((await this.deps.records.run(run.project_id, run.job_id, run.id)) ?? run);
    if (stillOurs && outcome.state !== 'cancelled') await this.deps.notebooks.recordRun(run.project_id, run.notebook_id, finishedAt);
    const versionId = outcome.versionId ?? run.version_id;
    if (stillOurs && outcome.state === 'succeeded' && versionId) {
      const html = await this.deps.records.output(run, 'html');
      if (html) await this.deps.notebooks.attachSnapshot(run.project_id, run.notebook_id, versionId, html, 'system').catch(() => {});
    }
    let recordedState: JobRunRecord['state'] = outcome.state;
    const finished = await this.deps.records.updateRun(run.project_id, run.job_id, run.id, (current) => {
      // The trace is kept also where a cancel finished the run meanwhile: it shows what the run did until then.
      const traced = outcome.traceId ? { trace_id: outcome.traceId } : {};
      if (isFinished(current)) {
        recordedState = current.state;
        return { ...current, log_bytes: outcome.logBytes, ...traced };
      }
      return {
        ...current,
        ...traced,
        state: outcome.state,
        finished_at: finishedAt,
        exit_code: outcome.exitCode,
        error: outcome.error,
        version_id: outcome.versionId ?? current.version_id,
        output_bytes: outcome.outputBytes,
        log_bytes: outcome.logBytes,
      };
    });
    await this.deps.records
      .updateJob(run.project_id, run.notebook_id, run.job_id, (current) => ({
        ...current,
        queued_run_ids: current.queued_run_ids.filter((id) => id !== run.id),
        running_run_ids: current.running_run_ids.filter((id) => id !== run.id),
        last_run: { id: run.id, state: finished.state, finished_at: finished.finished_at },
      }))
      .catch(() => {});
    if (recordedState !== outcome.state) return;
    this.deps.metrics.finished(outcome.state, finished.started_at ? Date.parse(finishedAt) - Date.parse(finished.started_at) : 0);
    await this.deps.audit.append({
      event: 'job.run.finish',
      actor: 'system',
      projectId: run.project_id,
      metadata: { job_id: run.job_id, notebook_id: run.notebook_id, run_id: run.id, state: outcome.state, exit_code: outcome.exitCode },
    });
    if (outcome.state === 'cancelled') return;
    const job = await this.deps.records.job(run.project_id, run.notebook_id, run.job_id);
    this.deps.events.publish({
      kind: outcome.state === 'succeeded' ? 'job.run.succeeded' : 'job.run.failed',
      project_id: run.project_id,
      project_name: await this.deps.projectNameOf(run.project_id),
      actor: 'system',
      occurred_at: finishedAt,
      data: {
        job_id: run.job_id,
        job_name: job?.name ?? run.job_id,
        notebook_id: run.notebook_id,
        run_id: run.id,
        state: outcome.state,
        trigger: run.trigger,
        exit_code: outcome.exitCode,
        ...(outcome.error ? { error: outcome.error.message } : {}),
      },
    });
  }
}

/** The creation time in a time-ordered id (`run-<9 base-36 digits of ms><random>`). */
function timeOfRunId(runId: string): number {
  return parseInt(runId.slice(4, 13), 36);
}
