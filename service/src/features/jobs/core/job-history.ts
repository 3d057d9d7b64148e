import { JobRecords, historyEntryOf } from './job-records.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import { layout } from '../../../core/storage-layout.js';
import type { DiscoverySink } from '../../../core/recovery/discovery-sink.js';
import type { RecordCheck } from '../../../core/recovery/plan.js';

/**
 * The job history indexes (docs/jobs.md): every history entry names a stored run, and every run
 * has its entry. Recovery does not repair them; a broken index blocks apply. The run records are
 * covered by the report token like the catalog's records.
 */
export async function checkJobHistory(store: ObjectStore, sink: DiscoverySink): Promise<void> {
  const records = new JobRecords(store);
  const entries = new Set<string>();
  let checked = 0;
  for await (const entry of records.allHistoryEntries()) {
    entries.add(entry.key);
    const run = await records.run(entry.projectId, entry.jobId, entry.runId);
    if (!run) {
      sink.error({ code: 'JOB_HISTORY_BROKEN', key: entry.key, message: `the history of job ${entry.jobId} names run ${entry.runId}, which is not stored` });
    } else if (historyEntryOf(run) !== entry.key.slice(entry.key.lastIndexOf('/') + 1)) {
      sink.error({ code: 'JOB_HISTORY_BROKEN', key: entry.key, message: `the history entry of run ${run.id} does not match the time it was queued` });
    }
    if (++checked % 5000 === 0) sink.progress(`job history: ${checked} entries checked`);
  }
  for await (const run of records.allRuns()) {
    const key = layout.jobHistoryEntry(run.project_id, run.job_id, historyEntryOf(run));
    sink.record(layout.jobRun(run.project_id, run.job_id, run.id));
    if (!entries.has(key)) sink.error({ code: 'JOB_HISTORY_BROKEN', key, message: `run ${run.id} of job ${run.job_id} is missing from its job's history` });
  }
}

/** The offline recovery's check of the job history indexes. */
export const JOB_HISTORY_CHECK: RecordCheck = { name: 'job history indexes', check: checkJobHistory };
