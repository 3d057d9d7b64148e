import { HubError } from '../../../core/errors.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import type { JobRecord, JobRunRecord } from './job-model.js';
import { runOutputText } from '../../../core/notebooks/run-output-text.js';
import type { JobInput, JobPatch, JobService } from './job-service.js';
import type { AccessControl } from '../../../core/access/access-control.js';
import type { Page } from '../../../core/use-cases/caller.js';

export interface JobUseCaseDeps {
  access: AccessControl;
  jobs: JobService;
  /** `SERVICE_JOBS=on`: otherwise runs stay queued, so nothing is run now. */
  enabled: boolean;
}

/** The job {@link JobUseCases.runNow} makes for a notebook that has none of that name (docs/mcp.md, `run_notebook`). */
export const ON_DEMAND_JOB_NAME = 'On demand';

type NotebookRef = { projectId: string; notebookId: string };
type JobRef = NotebookRef & { jobId: string };
type RunRef = JobRef & { runId: string };

/** A job as callers see it: the record with when its schedule fires next. */
export type JobView = JobRecord & { next_run_at: string | null };

/**
 * A notebook's jobs (docs/jobs.md). Whoever may see the notebook reads its jobs, runs, output and
 * logs (`project.read`); editors create, change, delete, run and cancel (`notebook.write`).
 */
export class JobUseCases {
  constructor(private readonly deps: JobUseCaseDeps) {}

  async list(principal: Principal, input: NotebookRef & { cursor: string | null; limit: number }): Promise<Page<JobView>> {
    await this.authorize(principal, input, 'project.read');
    const page = await this.deps.jobs.list(input.projectId, input.notebookId, input);
    return { items: page.items.map((job) => this.view(job)), nextCursor: page.nextCursor };
  }

  async create(principal: Principal, input: NotebookRef & { job: JobInput }): Promise<JobView> {
    await this.authorize(principal, input, 'notebook.write');
    return this.view(await this.deps.jobs.create(input.projectId, input.notebookId, input.job, principal.user.id));
  }

  async get(principal: Principal, input: JobRef): Promise<JobView> {
    await this.authorize(principal, input, 'project.read');
    return this.view(await this.deps.jobs.get(input.projectId, input.notebookId, input.jobId));
  }

  async update(principal: Principal, input: JobRef & { patch: JobPatch }): Promise<JobView> {
    await this.authorize(principal, input, 'notebook.write');
    return this.view(await this.deps.jobs.update(input.projectId, input.notebookId, input.jobId, input.patch, principal.user.id));
  }

  async delete(principal: Principal, input: JobRef): Promise<void> {
    await this.authorize(principal, input, 'notebook.write');
    await this.deps.jobs.delete(input.projectId, input.notebookId, input.jobId, principal.user.id);
  }

  async trigger(principal: Principal, input: JobRef & { parameters?: string[] }): Promise<JobRunRecord> {
    await this.authorize(principal, input, 'notebook.write');
    return this.deps.jobs.trigger(
      input.projectId,
      input.notebookId,
      input.jobId,
      { ...(input.parameters ? { parameters: input.parameters } : {}) },
      principal.user.id,
    );
  }

  /**
   * Runs a notebook headless now, through `jobId` or else through its job named "On demand"
   * (made the first time, without a schedule, visible on the Jobs tab like any job): how an
   * assistant runs a notebook whose editors set no job up for it.
   */
  async runNow(principal: Principal, input: NotebookRef & { jobId?: string; parameters?: string[] }): Promise<JobRunRecord> {
    await this.authorize(principal, input, 'notebook.write');
    if (!this.deps.enabled)
      throw new HubError('SERVICE_UNAVAILABLE', 'jobs are off in this deployment (SERVICE_JOBS=off): notebooks are not run headless here');
    let jobId = input.jobId;
    if (jobId === undefined) {
      const { items } = await this.deps.jobs.list(input.projectId, input.notebookId, { cursor: null, limit: 1000 });
      const named = items.find((job) => job.name === ON_DEMAND_JOB_NAME);
      jobId =
        named?.id ??
        (await this.deps.jobs.create(input.projectId, input.notebookId, { name: ON_DEMAND_JOB_NAME, schedule: null, on_demand: true }, principal.user.id)).id;
    }
    return this.trigger(principal, { ...input, jobId });
  }

  /** A run's outputs as text (null when it left no output page). */
  async outputText(principal: Principal, input: RunRef): Promise<string | null> {
    const run = await this.run(principal, input);
    if (run.output_bytes === null) return null;
    return runOutputText((await this.output(principal, input)).toString('utf8'));
  }

  async runs(principal: Principal, input: JobRef & { cursor: string | null; limit: number }): Promise<Page<JobRunRecord>> {
    await this.job(principal, input, 'project.read');
    return this.deps.jobs.runs(input.projectId, input.jobId, input);
  }

  async run(principal: Principal, input: RunRef): Promise<JobRunRecord> {
    await this.job(principal, input, 'project.read');
    return this.deps.jobs.run(input.projectId, input.jobId, input.runId);
  }

  async cancel(principal: Principal, input: RunRef): Promise<JobRunRecord> {
    await this.job(principal, input, 'notebook.write');
    return this.deps.jobs.cancel(input.projectId, input.notebookId, input.jobId, input.runId, principal.user.id);
  }

  async output(principal: Principal, input: RunRef): Promise<Buffer> {
    await this.job(principal, input, 'project.read');
    return this.deps.jobs.output(input.projectId, input.jobId, input.runId);
  }

  async log(principal: Principal, input: RunRef): Promise<Buffer> {
    await this.job(principal, input, 'project.read');
    return this.deps.jobs.log(input.projectId, input.jobId, input.runId);
  }

  private view(job: JobRecord): JobView {
    return { ...job, next_run_at: this.deps.jobs.nextRunAt(job) };
  }

  private authorize(principal: Principal, ref: NotebookRef, action: 'project.read' | 'notebook.write') {
    return this.deps.access.notebook(principal, ref.projectId, ref.notebookId, action);
  }

  /** The notebook must hold the job: a run is reached only through its own job and notebook. */
  private async job(principal: Principal, ref: JobRef, action: 'project.read' | 'notebook.write'): Promise<void> {
    await this.authorize(principal, ref, action);
    await this.deps.jobs.get(ref.projectId, ref.notebookId, ref.jobId);
  }
}
