import { describe, expect, it } from 'vitest';
import { notebookCode, startJobCore, type JobCore } from '../../../../../test/support/job-core.js';
import { scheduledRunId, type JobRunRecord } from './job-model.js';

const never = new AbortController().signal;
const EVERY_FIVE_MINUTES = { cron: '*/5 * * * *', time_zone: 'UTC' };

/** A world whose clock starts at 10:00:30 UTC, with a notebook and a job on it that fires every five minutes. */
async function scheduled(options: Parameters<typeof startJobCore>[0] = {}) {
  const w = await startJobCore(options);
  const { notebookId } = await w.notebook('Report', notebookCode());
  const job = await w.jobs.create(w.projectId, notebookId, { name: 'Every five minutes', schedule: EVERY_FIVE_MINUTES, on_demand: true }, w.owner.id);
  return { w, notebookId, job };
}

async function runsOf(w: JobCore, jobId: string): Promise<JobRunRecord[]> {
  return (await w.records.history(w.projectId, jobId, { cursor: null, limit: 100 })).items;
}

/** Cron schedules (docs/jobs.md, "Schedules"), on a clock the test moves. */
describe('the job scheduler firing schedules', () => {
  it('fires a due time once, counted from when the schedule was set, and starts its run in the same tick', async () => {
    const { w, notebookId, job } = await scheduled();
    const scheduler = w.scheduler();
    expect(w.jobs.nextRunAt(job)).toBe('2026-03-02T10:05:00.000Z');
    expect(await scheduler.tick(never)).toEqual({ fired: 0, dispatched: 0, reclaimed: 0 });

    w.clock.set('2026-03-02T10:05:02Z');
    expect(await scheduler.tick(never)).toEqual({ fired: 1, dispatched: 1, reclaimed: 0 });
    await w.background.settled();
    expect(await scheduler.tick(never)).toEqual({ fired: 0, dispatched: 0, reclaimed: 0 });

    const [run, ...others] = await runsOf(w, job.id);
    expect(others).toEqual([]);
    const dueAt = new Date('2026-03-02T10:05:00Z');
    expect(run).toMatchObject({
      id: scheduledRunId(job.id, dueAt),
      trigger: 'schedule',
      due_at: dueAt.toISOString(),
      triggered_by: 'system',
      state: 'succeeded',
    });
    const after = await w.jobs.get(w.projectId, notebookId, job.id);
    expect(after).toMatchObject({ schedule_mark: dueAt.toISOString(), queued_run_ids: [], running_run_ids: [], last_run: { id: run!.id, state: 'succeeded' } });
    expect(w.jobs.nextRunAt(after)).toBe('2026-03-02T10:10:00.000Z');
    expect(w.logger.lines.filter((line) => line.fields.event === 'job_run_fired')).toHaveLength(1);
  });

  it('fires each due time once while two replicas on one store tick at the same moment', async () => {
    const { w, job } = await scheduled();
    const replicas = [w.scheduler(), w.scheduler()];
    w.clock.set('2026-03-02T10:05:01Z');
    const outcomes = await Promise.all([replicas[0]!.tick(never), replicas[1]!.tick(never), replicas[0]!.tick(never), replicas[1]!.tick(never)]);
    await w.background.settled();
    expect(outcomes.reduce((sum, outcome) => sum + outcome.fired, 0)).toBe(1);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.dispatched, 0)).toBe(1);
    expect((await runsOf(w, job.id)).map((run) => run.due_at)).toEqual(['2026-03-02T10:05:00.000Z']);
    expect(w.driver.exports).toHaveLength(1);
  });

  it('catches up after downtime with the latest missed due time only, then waits for the next one', async () => {
    const { w, job } = await scheduled();
    const scheduler = w.scheduler();
    // Down from 10:00:30 to 10:31:10: six due times passed.
    w.clock.set('2026-03-02T10:31:10Z');
    expect((await scheduler.tick(never)).fired).toBe(1);
    await w.background.settled();
    expect((await runsOf(w, job.id)).map((run) => run.due_at)).toEqual(['2026-03-02T10:30:00.000Z']);
    w.clock.set('2026-03-02T10:34:59Z');
    expect((await scheduler.tick(never)).fired).toBe(0);
    w.clock.set('2026-03-02T10:35:00Z');
    expect((await scheduler.tick(never)).fired).toBe(1);
    await w.background.settled();
    expect((await runsOf(w, job.id)).map((run) => run.due_at)).toEqual(['2026-03-02T10:35:00.000Z', '2026-03-02T10:30:00.000Z']);
  });

  it('fires nothing while a job is disabled, and nothing that fell due before it was enabled again', async () => {
    const { w, notebookId, job } = await scheduled();
    const scheduler = w.scheduler();
    await w.jobs.update(w.projectId, notebookId, job.id, { enabled: false }, w.owner.id);
    w.clock.set('2026-03-02T10:12:00Z');
    expect((await scheduler.tick(never)).fired).toBe(0);
    const enabled = await w.jobs.update(w.projectId, notebookId, job.id, { enabled: true }, w.owner.id);
    expect(enabled.schedule_mark).toBe('2026-03-02T10:12:00.000Z');
    expect((await scheduler.tick(never)).fired).toBe(0);
    w.clock.set('2026-03-02T10:15:00Z');
    expect((await scheduler.tick(never)).fired).toBe(1);
    await w.background.settled();
    expect((await runsOf(w, job.id)).map((run) => run.due_at)).toEqual(['2026-03-02T10:15:00.000Z']);
  });

  it('counts a changed schedule from the change, and follows the schedule in its time zone', async () => {
    const { w, notebookId, job } = await scheduled();
    const scheduler = w.scheduler();
    w.clock.set('2026-03-02T10:04:00Z');
    // Every day at 11:05 in Berlin (UTC+1 in March): 10:05 UTC.
    await w.jobs.update(w.projectId, notebookId, job.id, { schedule: { cron: '5 11 * * *', time_zone: 'Europe/Berlin' } }, w.owner.id);
    w.clock.set('2026-03-02T10:05:30Z');
    expect((await scheduler.tick(never)).fired).toBe(1);
    await w.background.settled();
    const [run] = await runsOf(w, job.id);
    expect(run!.due_at).toBe('2026-03-02T10:05:00.000Z');
    expect(w.jobs.nextRunAt(await w.jobs.get(w.projectId, notebookId, job.id))).toBe('2026-03-03T10:05:00.000Z');
  });

  it('passes a due time over when the queue is full, and never fires it later', async () => {
    const { w, notebookId, job } = await scheduled({ limits: { maxQueuedRunsPerJob: 1 }, maxConcurrentRuns: 0 });
    const scheduler = w.scheduler();
    const manual = await w.jobs.trigger(w.projectId, notebookId, job.id, {}, w.owner.id);
    w.clock.set('2026-03-02T10:05:01Z');
    expect(await scheduler.tick(never)).toEqual({ fired: 0, dispatched: 0, reclaimed: 0 });
    expect((await w.jobs.get(w.projectId, notebookId, job.id)).schedule_mark).toBe('2026-03-02T10:05:00.000Z');
    await w.jobs.cancel(w.projectId, notebookId, job.id, manual.id, w.owner.id);
    w.clock.set('2026-03-02T10:09:59Z');
    expect((await scheduler.tick(never)).fired).toBe(0);
    expect((await runsOf(w, job.id)).map((run) => run.id)).toEqual([manual.id]);
  });

  it('lets due times pass without runs once the notebook is deleted, keeping the job and saying so in the log', async () => {
    const { w, notebookId, job } = await scheduled();
    const scheduler = w.scheduler();
    await w.services.notebooks.delete(w.projectId, w.projectName, notebookId, w.owner);
    w.clock.set('2026-03-02T10:05:01Z');
    expect((await scheduler.tick(never)).fired).toBe(0);
    const kept = await w.records.job(w.projectId, notebookId, job.id);
    expect(kept).toMatchObject({ schedule_mark: '2026-03-02T10:05:00.000Z', queued_run_ids: [] });
    expect(await runsOf(w, job.id)).toEqual([]);
    expect(w.logger.lines.find((line) => line.fields.event === 'job_notebook_deleted')?.fields).toMatchObject({ job_id: job.id, notebook_id: notebookId });
    // The next due time is passed over just the same, and logged again.
    w.clock.set('2026-03-02T10:10:01Z');
    expect((await scheduler.tick(never)).fired).toBe(0);
    expect(w.logger.lines.filter((line) => line.fields.event === 'job_notebook_deleted')).toHaveLength(2);
  });

  it('stops at once when the tick is aborted', async () => {
    const { w, job } = await scheduled();
    const aborted = new AbortController();
    aborted.abort();
    w.clock.set('2026-03-02T10:05:01Z');
    expect(await w.scheduler().tick(aborted.signal)).toEqual({ fired: 0, dispatched: 0, reclaimed: 0 });
    expect(await runsOf(w, job.id)).toEqual([]);
  });
});
