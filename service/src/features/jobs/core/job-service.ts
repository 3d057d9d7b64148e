import type { AuditLog } from '../../../core/audit/audit-log.js';
import { HubError, type FieldProblem } from '../../../core/errors.js';
import type { NotebookService } from '../../../core/notebooks/notebook-service.js';
import type { CronSchedules } from '../../../core/ports/cron-schedules.js';
import { newJobId, newRunId, isFinished, type JobRecord, type JobRunRecord, type JobSchedule } from './job-model.js';
import type { JobRecords } from './job-records.js';
import { OWNER_STANDING_TEXT } from './job-owner.js';
import { gapUnder, spoken } from './schedule-interval.js';

/** The limits of docs/jobs.md, from the deployment's settings. */
export interface JobLimits {
  maxPerNotebook: number;
  maxQueuedRunsPerJob: number;
  defaultTimeoutSeconds: number;
  maxTimeoutSeconds: number;
  /** The least time between two due times of a schedule (SERVICE_JOBS_MIN_INTERVAL_SECONDS). */
  minIntervalSeconds: number;
}

export interface JobInput {
  name: string;
  schedule?: JobSchedule | null;
  on_demand?: boolean;
  parameters?: string[];
  timeout_seconds?: number | null;
  compute_profile?: string | null;
  version_id?: string | null;
  enabled?: boolean;
}

export type JobPatch = Partial<JobInput>;

export interface JobServiceDeps {
  records: JobRecords;
  notebooks: NotebookService;
  schedules: CronSchedules;
  audit: AuditLog;
  limits: JobLimits;
  computeProfiles: () => string[];
  /** Ends a running run at once: its sandbox goes (the run's executor then sees it cancelled). */
  stopRunSandbox(run: JobRunRecord): Promise<void>;
  now: () => Date;
}

export const JOB_NAME_MAX = 200;
export const PARAMETERS_MAX = 50;
export const PARAMETER_MAX_LENGTH = 1000;

/**
 * Job definitions and their runs (docs/jobs.md): what people create, change, trigger and cancel.
 * Runs are executed by the scheduler on a maintenance replica ({@link JobScheduler}).
 */
export class JobService {
  constructor(private readonly deps: JobServiceDeps) {
    // A version a job is pinned to stays when older versions are pruned.
    deps.notebooks.holdVersionsWith(async (projectId, notebookId) =>
      (await deps.records.jobsOf(projectId, notebookId)).flatMap((job) => (job.version_id ? [job.version_id] : [])),
    );
  }

  async create(projectId: string, notebookId: string, input: JobInput, actor: string): Promise<JobRecord> {
    await this.checkInput(projectId, notebookId, input, true);
    const existing = await this.deps.records.jobsOf(projectId, notebookId);
    if (existing.length >= this.deps.limits.maxPerNotebook) {
      throw new HubError('RESOURCE_EXHAUSTED', `this notebook already has ${existing.length} job(s), the most this deployment allows; delete one first`);
    }
    const now = this.deps.now();
    const job: JobRecord = {
      schema_version: 1,
      id: newJobId(now.getTime()),
      project_id: projectId,
      notebook_id: notebookId,
      name: input.name.trim(),
      schedule: input.schedule ? { cron: input.schedule.cron.trim(), time_zone: input.schedule.time_zone } : null,
      on_demand: input.on_demand ?? true,
      parameters: input.parameters ?? [],
      timeout_seconds: input.timeout_seconds ?? null,
      compute_profile: input.compute_profile ?? null,
      version_id: input.version_id ?? null,
      enabled: input.enabled ?? true,
      disabled_reason: null,
      created_at: now.toISOString(),
      created_by: actor,
      owner: actor,
      updated_at: now.toISOString(),
      schedule_mark: now.toISOString(),
      queued_run_ids: [],
      running_run_ids: [],
      last_run: null,
    };
    await this.deps.records.createJob(job);
    await this.deps.audit.append({ event: 'job.create', actor, projectId, metadata: { job_id: job.id, notebook_id: notebookId, name: job.name } });
    return job;
  }

  async get(projectId: string, notebookId: string, jobId: string): Promise<JobRecord> {
    const job = await this.deps.records.job(projectId, notebookId, jobId);
    if (!job) throw new HubError('NOT_FOUND', `job ${jobId} not found`);
    return job;
  }

  /** A notebook's jobs, newest first; the cursor is the last job id of the previous page. */
  async list(
    projectId: string,
    notebookId: string,
    page: { cursor: string | null; limit: number },
  ): Promise<{ items: JobRecord[]; nextCursor: string | null }> {
    const newestFirst = (await this.deps.records.jobsOf(projectId, notebookId)).reverse();
    const start = page.cursor === null ? 0 : newestFirst.findIndex((job) => job.id < page.cursor!);
    const items = start < 0 ? [] : newestFirst.slice(start, start + page.limit);
    const more = start >= 0 && start + page.limit < newestFirst.length;
    return { items, nextCursor: more ? items[items.length - 1]!.id : null };
  }

  async update(projectId: string, notebookId: string, jobId: string, patch: JobPatch, actor: string): Promise<JobRecord> {
    const current = await this.get(projectId, notebookId, jobId);
    await this.checkInput(projectId, notebookId, { ...current, ...patch }, false, patch);
    const now = this.deps.now().toISOString();
    const updated = await this.deps.records.updateJob(projectId, notebookId, jobId, (job) => {
      const schedule =
        patch.schedule === undefined ? job.schedule : patch.schedule && { cron: patch.schedule.cron.trim(), time_zone: patch.schedule.time_zone };
      const switchedOn = patch.enabled === true && !job.enabled;
      const rescheduled = JSON.stringify(schedule) !== JSON.stringify(job.schedule) || switchedOn;
      return {
        ...job,
        ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
        schedule,
        ...(patch.on_demand !== undefined ? { on_demand: patch.on_demand } : {}),
        ...(patch.parameters !== undefined ? { parameters: patch.parameters } : {}),
        ...(patch.timeout_seconds !== undefined ? { timeout_seconds: patch.timeout_seconds } : {}),
        ...(patch.compute_profile !== undefined ? { compute_profile: patch.compute_profile } : {}),
        ...(patch.version_id !== undefined ? { version_id: patch.version_id } : {}),
        ...(patch.enabled !== undefined ? { enabled: patch.enabled, disabled_reason: null } : {}),
        // Whoever switches a job on answers for its scheduled runs from then on.
        ...(switchedOn ? { owner: actor } : {}),
        // A new schedule, or one switched back on, counts from now: no catch-up for times before.
        ...(rescheduled ? { schedule_mark: now } : {}),
        updated_at: now,
      };
    });
    await this.deps.audit.append({
      event: 'job.update',
      actor,
      projectId,
      metadata: { job_id: jobId, notebook_id: notebookId, fields: Object.keys(patch).sort() },
    });
    return updated;
  }

  /** Deletes a job: its queued and running runs are cancelled; its history goes with the next retention pass. */
  async delete(projectId: string, notebookId: string, jobId: string, actor: string): Promise<void> {
    const job = await this.get(projectId, notebookId, jobId);
    for (const runId of [...job.queued_run_ids, ...job.running_run_ids]) {
      await this.cancelRun(job, runId, actor).catch(() => {});
    }
    await this.deps.records.deleteJob(job);
    await this.deps.audit.append({ event: 'job.delete', actor, projectId, metadata: { job_id: jobId, notebook_id: notebookId, name: job.name } });
  }

  /** Queues a run now (docs/jobs.md, "Runs"); `parameters` replace the job's own for this run. */
  async trigger(projectId: string, notebookId: string, jobId: string, input: { parameters?: string[] }, actor: string): Promise<JobRunRecord> {
    if (input.parameters !== undefined) assertNoProblems(parameterProblems(input.parameters));
    const job = await this.get(projectId, notebookId, jobId);
    if (!job.on_demand) throw new HubError('CONFLICT', 'this job runs on its schedule only; allow on-demand runs (on_demand: true) to run it now');
    if (!job.enabled)
      throw new HubError(
        'CONFLICT',
        `this job is ${job.disabled_reason ? `paused: ${OWNER_STANDING_TEXT[job.disabled_reason]}` : 'disabled'}; enable it to run it`,
      );
    const now = this.deps.now();
    const run = this.newRun(job, { id: newRunId(now.getTime()), trigger: 'manual', dueAt: null, triggeredBy: actor, parameters: input.parameters, now });
    await this.enqueue(job, run);
    await this.deps.audit.append({ event: 'job.run.trigger', actor, projectId, metadata: { job_id: jobId, notebook_id: notebookId, run_id: run.id } });
    return run;
  }

  /**
   * Adds a run to its job's queue and stores it. The queue is on the job record, so the cap holds
   * however many requests arrive at once; RESOURCE_EXHAUSTED when it is full.
   */
  async enqueue(job: JobRecord, run: JobRunRecord, mark?: { schedule_mark: string }): Promise<JobRunRecord | null> {
    let refused: 'full' | 'marked' | null = null;
    await this.deps.records.updateJob(job.project_id, job.notebook_id, job.id, (current) => {
      refused = null;
      if (mark && current.schedule_mark !== null && current.schedule_mark >= mark.schedule_mark) {
        refused = 'marked';
        return undefined;
      }
      if (current.queued_run_ids.length >= this.deps.limits.maxQueuedRunsPerJob) {
        refused = 'full';
        // A due time that finds the queue full is passed over, not fired later.
        return mark ? { ...current, ...mark } : undefined;
      }
      return { ...current, ...(mark ?? {}), queued_run_ids: [...current.queued_run_ids, run.id] };
    });
    if (refused === 'marked') return null;
    if (refused === 'full') {
      if (mark) return null;
      throw new HubError(
        'RESOURCE_EXHAUSTED',
        `this job already has ${this.deps.limits.maxQueuedRunsPerJob} queued run(s), the most this deployment allows; wait for them or cancel one`,
      );
    }
    await this.deps.records.createRun(run);
    return run;
  }

  newRun(
    job: JobRecord,
    run: { id: string; trigger: JobRunRecord['trigger']; dueAt: Date | null; triggeredBy: string; parameters: string[] | undefined; now: Date },
  ): JobRunRecord {
    return {
      schema_version: 1,
      id: run.id,
      job_id: job.id,
      project_id: job.project_id,
      notebook_id: job.notebook_id,
      state: 'queued',
      trigger: run.trigger,
      due_at: run.dueAt?.toISOString() ?? null,
      triggered_by: run.triggeredBy,
      parameters: run.parameters ?? job.parameters,
      timeout_seconds: job.timeout_seconds ?? this.deps.limits.defaultTimeoutSeconds,
      version_id: job.version_id,
      queued_at: run.now.toISOString(),
      started_at: null,
      deadline_at: null,
      finished_at: null,
      exit_code: null,
      error: null,
      sandbox_id: null,
      output_bytes: null,
      log_bytes: 0,
    };
  }

  async cancel(projectId: string, notebookId: string, jobId: string, runId: string, actor: string): Promise<JobRunRecord> {
    const job = await this.get(projectId, notebookId, jobId);
    const run = await this.run(projectId, jobId, runId);
    if (isFinished(run)) throw new HubError('CONFLICT', `run ${runId} is ${run.state} already`);
    const cancelled = await this.cancelRun(job, runId, actor);
    await this.deps.audit.append({ event: 'job.run.cancel', actor, projectId, metadata: { job_id: jobId, notebook_id: notebookId, run_id: runId } });
    return cancelled;
  }

  private async cancelRun(job: JobRecord, runId: string, actor: string): Promise<JobRunRecord> {
    const finishedAt = this.deps.now().toISOString();
    const cancelled = await this.deps.records.updateRun(job.project_id, job.id, runId, (current) =>
      isFinished(current)
        ? undefined
        : { ...current, state: 'cancelled', finished_at: finishedAt, error: { code: 'CANCELLED', message: `cancelled by ${actor}` } },
    );
    await this.deps.records
      .updateJob(job.project_id, job.notebook_id, job.id, (current) => ({
        ...current,
        queued_run_ids: current.queued_run_ids.filter((id) => id !== runId),
        running_run_ids: current.running_run_ids.filter((id) => id !== runId),
        last_run: { id: runId, state: 'cancelled', finished_at: finishedAt },
      }))
      .catch(() => {});
    if (cancelled.sandbox_id) await this.deps.stopRunSandbox(cancelled);
    return cancelled;
  }

  async run(projectId: string, jobId: string, runId: string): Promise<JobRunRecord> {
    const run = await this.deps.records.run(projectId, jobId, runId);
    if (!run) throw new HubError('NOT_FOUND', `run ${runId} not found`);
    return run;
  }

  async runs(projectId: string, jobId: string, page: { cursor: string | null; limit: number }) {
    return this.deps.records.history(projectId, jobId, page);
  }

  /** The run's HTML output; NO_RUN_OUTPUT when it has none (not finished, or it failed before marimo rendered anything). */
  async output(projectId: string, jobId: string, runId: string): Promise<Buffer> {
    const run = await this.run(projectId, jobId, runId);
    const html = run.output_bytes === null ? null : await this.deps.records.output(run, 'html');
    if (!html) throw new HubError('NO_RUN_OUTPUT', `run ${runId} has no HTML output${isFinished(run) ? '' : ' yet: it is ' + run.state}`);
    return html;
  }

  /** The run's log so far (empty while it is queued). */
  async log(projectId: string, jobId: string, runId: string): Promise<Buffer> {
    const run = await this.run(projectId, jobId, runId);
    return (await this.deps.records.output(run, 'log')) ?? Buffer.alloc(0);
  }

  /** When the schedule fires next (null without a schedule, or while the job is disabled). */
  nextRunAt(job: JobRecord): string | null {
    if (!job.schedule || !job.enabled) return null;
    const schedule = this.deps.schedules.parse(job.schedule.cron, job.schedule.time_zone);
    if ('problem' in schedule) return null;
    const after = new Date(Math.max(Date.parse(job.schedule_mark ?? job.created_at), this.deps.now().getTime() - 1));
    return schedule.nextAfter(after)?.toISOString() ?? null;
  }

  private async checkInput(projectId: string, notebookId: string, input: JobInput, creating: boolean, patch: JobPatch = input): Promise<void> {
    const problems: FieldProblem[] = [];
    if (creating || patch.name !== undefined) {
      const name = input.name?.trim() ?? '';
      if (name.length === 0 || name.length > JOB_NAME_MAX) problems.push({ field: 'name', message: `must be 1 to ${JOB_NAME_MAX} characters` });
    }
    if (input.schedule) {
      const parsed = this.deps.schedules.parse(input.schedule.cron, input.schedule.time_zone);
      if ('problem' in parsed) problems.push({ field: 'schedule', message: `is not valid: ${parsed.problem}` });
      else if (creating || patch.schedule !== undefined) {
        // A schedule stored before the minimum was set is not refused again when something else changes.
        const minimumMs = this.deps.limits.minIntervalSeconds * 1000;
        const gap = gapUnder(parsed, this.deps.now(), minimumMs);
        if (gap !== null) {
          problems.push({
            field: 'schedule',
            message: `fires ${spoken(gap)} apart at times; this hub runs a job at most once every ${spoken(minimumMs)} (SERVICE_JOBS_MIN_INTERVAL_SECONDS)`,
          });
        }
      }
    }
    if (!input.schedule && input.on_demand === false) problems.push({ field: 'on_demand', message: 'a job without a schedule must allow on-demand runs' });
    if (input.parameters !== undefined) problems.push(...parameterProblems(input.parameters));
    const { maxTimeoutSeconds } = this.deps.limits;
    if (input.timeout_seconds !== undefined && input.timeout_seconds !== null && (input.timeout_seconds < 1 || input.timeout_seconds > maxTimeoutSeconds)) {
      problems.push({ field: 'timeout_seconds', message: `must be between 1 and ${maxTimeoutSeconds} (capabilities.jobs.max_timeout_seconds)` });
    }
    if (input.compute_profile && !this.deps.computeProfiles().includes(input.compute_profile)) {
      problems.push({ field: 'compute_profile', message: `is not one of this deployment's profiles (${this.deps.computeProfiles().join(', ')})` });
    }
    assertNoProblems(problems);
    if (input.version_id && (creating || patch.version_id !== undefined)) {
      await this.deps.notebooks.version(projectId, notebookId, input.version_id).catch(() => {
        throw new HubError('VALIDATION_ERROR', `version ${input.version_id} is not a version of this notebook`, [
          { field: 'version_id', message: 'not found' },
        ]);
      });
    }
  }
}

function parameterProblems(parameters: string[]): FieldProblem[] {
  if (parameters.length > PARAMETERS_MAX) return [{ field: 'parameters', message: `at most ${PARAMETERS_MAX} arguments` }];
  const bad = parameters.findIndex((parameter) => parameter.length > PARAMETER_MAX_LENGTH || parameter.includes('\0'));
  return bad < 0 ? [] : [{ field: `parameters[${bad}]`, message: `must be at most ${PARAMETER_MAX_LENGTH} characters, without NUL` }];
}

function assertNoProblems(problems: FieldProblem[]): void {
  if (problems.length > 0) throw new HubError('VALIDATION_ERROR', `${problems[0]!.field} ${problems[0]!.message}`, problems);
}
