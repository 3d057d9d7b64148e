import type { AccessControl } from '../../../core/access/access-control.js';
import { HubError } from '../../../core/errors.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import type { SyncJobRun } from '../../../core/sync-protocol.js';

/** A run of the jobs feature, as far as another hub is told of it. */
export interface JobRunLike {
  id: string;
  job_id: string;
  state: SyncJobRun['state'];
  version_id: string | null;
  queued_at: string;
  started_at: string | null;
  finished_at: string | null;
  error: { code: string; message: string } | null;
  output_bytes: number | null;
  log_bytes: number;
}

type NotebookRef = { projectId: string; notebookId: string };
type RunRef = NotebookRef & { jobId: string; runId: string };

/** What the sync API uses of the jobs feature's use cases (linked by the composition root). */
export interface SyncJobsPort {
  list(principal: Principal, input: NotebookRef & { cursor: string | null; limit: number }): Promise<{ items: { id: string; name: string }[] }>;
  create(
    principal: Principal,
    input: NotebookRef & { job: { name: string; schedule: null; on_demand: true; compute_profile: string } },
  ): Promise<{ id: string }>;
  trigger(principal: Principal, input: NotebookRef & { jobId: string }): Promise<JobRunLike>;
  runNow(principal: Principal, input: NotebookRef): Promise<JobRunLike>;
  run(principal: Principal, input: RunRef): Promise<JobRunLike>;
  output(principal: Principal, input: RunRef): Promise<Buffer>;
  log(principal: Principal, input: RunRef): Promise<Buffer>;
}

/** The job a run on `profile` goes through: made once per notebook and profile, visible on the Jobs tab like any. */
export const profileJobName = (profile: string) => `On demand (${profile})`;

/**
 * Running a notebook as a job for another hub (docs/remotes.md, "Running as a job"): a run of the
 * notebook's "On demand" job (or, for another compute profile, of its "On demand (<profile>)" job),
 * followed and read back through the jobs feature's use cases, with their rights (`notebook.write`
 * to run, `project.read` to read) and audit events.
 */
export class SyncJobs {
  constructor(
    private readonly access: Pick<AccessControl, 'notebook'>,
    private readonly jobs: () => SyncJobsPort | null,
    private readonly enabled: boolean,
  ) {}

  /** `notebook.write`, then jobs must be on here (CONFLICT otherwise). */
  async run(principal: Principal, input: NotebookRef & { computeProfile: string | null }): Promise<SyncJobRun> {
    await this.access.notebook(principal, input.projectId, input.notebookId, 'notebook.write');
    if (!this.enabled) throw new HubError('CONFLICT', 'jobs are off on this hub (SERVICE_JOBS=off): notebooks are not run as jobs here');
    const jobs = this.linked();
    if (input.computeProfile === null) return viewOf(await jobs.runNow(principal, input));
    const name = profileJobName(input.computeProfile);
    const { items } = await jobs.list(principal, { ...input, cursor: null, limit: 1000 });
    const jobId =
      items.find((job) => job.name === name)?.id ??
      (await jobs.create(principal, { ...input, job: { name, schedule: null, on_demand: true, compute_profile: input.computeProfile } })).id;
    return viewOf(await jobs.trigger(principal, { ...input, jobId }));
  }

  async read(principal: Principal, input: RunRef): Promise<SyncJobRun> {
    return viewOf(await this.linked().run(principal, input));
  }

  output(principal: Principal, input: RunRef): Promise<Buffer> {
    return this.linked().output(principal, input);
  }

  log(principal: Principal, input: RunRef): Promise<Buffer> {
    return this.linked().log(principal, input);
  }

  /** Runs are read whether jobs run here now or not: past runs stay readable. */
  private linked(): SyncJobsPort {
    const jobs = this.jobs();
    if (!jobs) throw new HubError('SERVICE_UNAVAILABLE', 'this hub offers no jobs');
    return jobs;
  }
}

function viewOf(run: JobRunLike): SyncJobRun {
  return {
    job_id: run.job_id,
    run_id: run.id,
    state: run.state,
    version_id: run.version_id,
    queued_at: run.queued_at,
    started_at: run.started_at,
    finished_at: run.finished_at,
    error: run.error,
    output_bytes: run.output_bytes,
    log_bytes: run.log_bytes,
  };
}
