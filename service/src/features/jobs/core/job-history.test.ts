import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../../test/support/temp-dir.js';
import { FsObjectStore } from '../../../adapters/store/fs-store.js';
import { Catalog } from '../../../core/catalog/catalog.js';
import { newRunId, type JobRunRecord } from './job-model.js';
import { JobRecords, historyEntryOf } from './job-records.js';
import { layout } from '../../../core/storage-layout.js';
import { planRecovery } from '../../../core/recovery/plan.js';
import { JOB_HISTORY_CHECK } from './job-history.js';

const run = (id: string): JobRunRecord => ({
  schema_version: 1,
  id,
  job_id: 'job-0000000000000001',
  project_id: 'proj-0000000000000001',
  notebook_id: 'nb-0000000000000001',
  state: 'succeeded',
  trigger: 'manual',
  due_at: null,
  triggered_by: 'usr-0000000000000001',
  parameters: [],
  timeout_seconds: 60,
  version_id: null,
  queued_at: new Date(parseInt(id.slice(4, 13), 36)).toISOString(),
  started_at: null,
  deadline_at: null,
  finished_at: null,
  exit_code: 0,
  error: null,
  sandbox_id: null,
  output_bytes: null,
  log_bytes: 0,
});

describe('recovery checks the job history indexes', () => {
  let store: FsObjectStore;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    const temp = await makeTempDir('job-history-recovery');
    store = new FsObjectStore(temp.dir);
    cleanup = temp.cleanup;
    await new Catalog(store).initialize();
  });
  afterEach(() => cleanup());

  const historyErrors = async () =>
    (await planRecovery(store, new Catalog(store), { mode: 'rebuild' }, undefined, { checks: [JOB_HISTORY_CHECK] })).report.errors.filter(
      (error) => error.code === 'JOB_HISTORY_BROKEN',
    );

  it('passes intact histories, and blocks on a run missing from its history or an entry naming no run', async () => {
    const records = new JobRecords(store);
    const kept = run(newRunId(Date.now() - 2000));
    const unindexed = run(newRunId(Date.now() - 1000));
    await records.createRun(kept);
    await records.createRun(unindexed);
    expect(await historyErrors()).toEqual([]);

    await store.delete(layout.jobHistoryEntry(unindexed.project_id, unindexed.job_id, historyEntryOf(unindexed)));
    await store.delete(layout.jobRun(kept.project_id, kept.job_id, kept.id));
    const errors = await historyErrors();
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringContaining(`names run ${kept.id}, which is not stored`),
      expect.stringContaining(`run ${unindexed.id} of job ${unindexed.job_id} is missing from its job's history`),
    ]);
    const plan = await planRecovery(store, new Catalog(store), { mode: 'rebuild' }, undefined, { checks: [JOB_HISTORY_CHECK] });
    expect(plan.report.blocking).toBe(true);
  });
});
