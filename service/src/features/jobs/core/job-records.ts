import { HubError } from '../../../core/errors.js';
import { PreconditionFailedError, type ObjectStore } from '../../../core/ports/object-store.js';
import { getJson, jsonBody, updateJson } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';
import type { JobRecord, JobRunRecord } from './job-model.js';

/** 36^9 - 1: the largest time a 9-digit base-36 id holds; history keys count down from it. */
const TIME_CEILING = 36 ** 9 - 1;

/** A run's history key: newest runs sort first, as the store lists keys in ascending order. */
export function historyEntryOf(run: Pick<JobRunRecord, 'id' | 'queued_at'>): string {
  return `${(TIME_CEILING - Date.parse(run.queued_at)).toString(36).padStart(9, '0')}-${run.id}`;
}

export const runIdOfHistoryEntry = (entry: string): string => entry.slice(entry.indexOf('-') + 1);

/** Jobs, their runs, run history and run output in the object store (docs/storage.md). */
export class JobRecords {
  constructor(private readonly store: ObjectStore) {}

  async job(projectId: string, notebookId: string, jobId: string): Promise<JobRecord | null> {
    return (await getJson<JobRecord>(this.store, layout.job(projectId, notebookId, jobId)))?.value ?? null;
  }

  async createJob(job: JobRecord): Promise<void> {
    await this.store.put(layout.job(job.project_id, job.notebook_id, job.id), jsonBody(job), { ifNoneMatch: '*' });
  }

  /** Changes a job through compare-and-swap; `change` returning undefined leaves it as it is. NOT_FOUND when it is gone. */
  async updateJob(projectId: string, notebookId: string, jobId: string, change: (current: JobRecord) => JobRecord | undefined): Promise<JobRecord> {
    const result = await updateJson<JobRecord>(this.store, layout.job(projectId, notebookId, jobId), (current) => {
      if (!current) throw new HubError('NOT_FOUND', `job ${jobId} not found`);
      return change(current);
    });
    return result.value!;
  }

  async deleteJob(job: Pick<JobRecord, 'project_id' | 'notebook_id' | 'id'>): Promise<void> {
    await this.store.delete(layout.job(job.project_id, job.notebook_id, job.id));
  }

  /** A notebook's jobs, oldest first. */
  async jobsOf(projectId: string, notebookId: string): Promise<JobRecord[]> {
    return this.readAll(layout.notebookJobsPrefix(projectId, notebookId));
  }

  /** Every job of the deployment (the scheduler's tick). */
  async *allJobs(): AsyncGenerator<JobRecord> {
    let cursor: string | null = null;
    do {
      const page = await this.store.list(layout.jobsPrefix, { cursor });
      for (const item of page.items) {
        const job = await getJson<JobRecord>(this.store, item.key);
        if (job) yield job.value;
      }
      cursor = page.nextCursor;
    } while (cursor);
  }

  async run(projectId: string, jobId: string, runId: string): Promise<JobRunRecord | null> {
    return (await getJson<JobRunRecord>(this.store, layout.jobRun(projectId, jobId, runId)))?.value ?? null;
  }

  /** Stores a new run and its history entry; false when a run with its id exists already. */
  async createRun(run: JobRunRecord): Promise<boolean> {
    try {
      await this.store.put(layout.jobRun(run.project_id, run.job_id, run.id), jsonBody(run), { ifNoneMatch: '*' });
    } catch (error) {
      if (error instanceof PreconditionFailedError) return false;
      throw error;
    }
    await this.store.put(layout.jobHistoryEntry(run.project_id, run.job_id, historyEntryOf(run)), jsonBody({ run_id: run.id }));
    return true;
  }

  async updateRun(projectId: string, jobId: string, runId: string, change: (current: JobRunRecord) => JobRunRecord | undefined): Promise<JobRunRecord> {
    const result = await updateJson<JobRunRecord>(this.store, layout.jobRun(projectId, jobId, runId), (current) => {
      if (!current) throw new HubError('NOT_FOUND', `run ${runId} not found`);
      return change(current);
    });
    return result.value!;
  }

  /** A page of a job's runs, newest first. */
  async history(
    projectId: string,
    jobId: string,
    page: { cursor: string | null; limit: number },
  ): Promise<{ items: JobRunRecord[]; nextCursor: string | null }> {
    const listed = await this.store.list(layout.jobHistoryPrefix(projectId, jobId), { cursor: page.cursor, limit: page.limit });
    const items: JobRunRecord[] = [];
    for (const item of listed.items) {
      const run = await this.run(projectId, jobId, runIdOfHistoryEntry(item.key.slice(item.key.lastIndexOf('/') + 1)));
      // An entry whose run was deleted a moment ago (retention) is skipped.
      if (run) items.push(run);
    }
    return { items, nextCursor: listed.nextCursor };
  }

  async putOutput(run: Pick<JobRunRecord, 'project_id' | 'job_id' | 'id'>, part: 'html' | 'log', body: Buffer): Promise<void> {
    await this.store.put(layout.jobRunOutput(run.project_id, run.job_id, run.id, part), body);
  }

  async output(run: Pick<JobRunRecord, 'project_id' | 'job_id' | 'id'>, part: 'html' | 'log'): Promise<Buffer | null> {
    return (await this.store.get(layout.jobRunOutput(run.project_id, run.job_id, run.id, part)))?.body ?? null;
  }

  /** Writes the run's history entry unless `known` (history keys to run ids) holds it. */
  async ensureHistoryEntry(run: JobRunRecord, known: ReadonlyMap<string, string>): Promise<void> {
    const key = layout.jobHistoryEntry(run.project_id, run.job_id, historyEntryOf(run));
    if (!known.has(key)) await this.store.put(key, jsonBody({ run_id: run.id }));
  }

  async deleteHistoryEntry(key: string): Promise<void> {
    await this.store.delete(key);
  }

  /** Removes a run: its output first, its record last, so that a removal cut short is found and finished again. */
  async deleteRun(run: Pick<JobRunRecord, 'project_id' | 'job_id' | 'id' | 'queued_at'>): Promise<void> {
    await this.store.delete(layout.jobHistoryEntry(run.project_id, run.job_id, historyEntryOf(run)));
    for (const part of ['html', 'log'] as const) await this.store.delete(layout.jobRunOutput(run.project_id, run.job_id, run.id, part));
    await this.store.delete(layout.jobRun(run.project_id, run.job_id, run.id));
  }

  /** Every run of the deployment by its key alone: listed, not read. */
  async *allRunKeys(): AsyncGenerator<{ projectId: string; jobId: string; runId: string }> {
    let cursor: string | null = null;
    do {
      const page = await this.store.list(layout.jobRunsPrefix(), { cursor });
      for (const item of page.items) {
        const [, projectId, jobId, runId] = item.key.split('/');
        if (projectId && jobId && runId) yield { projectId, jobId, runId };
      }
      cursor = page.nextCursor;
    } while (cursor);
  }

  /** Every run record of the deployment (the recovery check). */
  async *allRuns(): AsyncGenerator<JobRunRecord> {
    for await (const ref of this.allRunKeys()) {
      const run = await this.run(ref.projectId, ref.jobId, ref.runId);
      if (run) yield run;
    }
  }

  /** Every history entry: `[project, job, entry]`. */
  async *allHistoryEntries(): AsyncGenerator<{ projectId: string; jobId: string; runId: string; key: string }> {
    let cursor: string | null = null;
    do {
      const page = await this.store.list(layout.jobHistoryPrefix(), { cursor });
      for (const item of page.items) {
        const [, projectId, jobId, entry] = item.key.split('/');
        if (projectId && jobId && entry) yield { projectId, jobId, runId: runIdOfHistoryEntry(entry), key: item.key };
      }
      cursor = page.nextCursor;
    } while (cursor);
  }

  private async readAll<T>(prefix: string): Promise<T[]> {
    const values: T[] = [];
    let cursor: string | null = null;
    do {
      const page = await this.store.list(prefix, { cursor });
      for (const item of page.items) {
        const value = await getJson<T>(this.store, item.key);
        if (value) values.push(value.value);
      }
      cursor = page.nextCursor;
    } while (cursor);
    return values;
  }
}
