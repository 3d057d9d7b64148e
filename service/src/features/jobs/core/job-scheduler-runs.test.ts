import { describe, expect, it } from 'vitest';
import { notebookCode, startJobCore, type JobCore } from '../../../../../test/support/job-core.js';
import { newRunId, RUN_SETUP_ALLOWANCE_MS, type JobRecord, type JobRunRecord } from './job-model.js';
import type { RunOutcome } from './job-runner.js';
import type { JobSchedulerDeps } from './job-scheduler.js';

const never = new AbortController().signal;
const SUCCEEDED: RunOutcome = { state: 'succeeded', exitCode: 0, error: null, versionId: null, outputBytes: null, logBytes: 0 };

/**
 * An executor that starts runs and ends each only when the test says so: what the caps and the
 * queue order are about, without the runs' own work in the way.
 */
function heldRuns() {
  const started: string[] = [];
  const ends = new Map<string, (outcome: RunOutcome) => void>();
  const execute: JobSchedulerDeps['execute'] = async (run, _profile, _signal, record) => {
    started.push(run.id);
    await record(await new Promise<RunOutcome>((resolve) => ends.set(run.id, resolve)));
  };
  return { started, execute, end: (runId: string, outcome: RunOutcome = SUCCEEDED) => ends.get(runId)!(outcome) };
}

async function manualJob(w: JobCore, notebookId: string, name: string, extra: { timeout_seconds?: number } = {}): Promise<JobRecord> {
  return w.jobs.create(w.projectId, notebookId, { name, ...extra }, w.owner.id);
}

async function trigger(w: JobCore, job: JobRecord): Promise<JobRunRecord> {
  const run = await w.jobs.trigger(w.projectId, job.notebook_id, job.id, {}, w.owner.id);
  // Runs queued in one millisecond have no order between them.
  w.clock.advance(1000);
  return run;
}

/** The scheduler's queue, caps, reclaiming and the recording of outcomes (docs/jobs.md, "The scheduler"). */
describe('the job scheduler running runs', () => {
  it('starts queued runs oldest first, within the global cap and the cap per job', async () => {
    const w = await startJobCore({ maxConcurrentRuns: 2, maxConcurrentRunsPerJob: 1 });
    const { notebookId } = await w.notebook('Report', notebookCode());
    const [a, b, c] = [await manualJob(w, notebookId, 'A'), await manualJob(w, notebookId, 'B'), await manualJob(w, notebookId, 'C')];
    const a1 = await trigger(w, a!);
    const a2 = await trigger(w, a!);
    const b1 = await trigger(w, b!);
    const c1 = await trigger(w, c!);
    const held = heldRuns();
    const scheduler = w.scheduler({ execute: held.execute });

    expect((await scheduler.tick(never)).dispatched).toBe(2);
    expect(held.started).toEqual([a1.id, b1.id]);
    expect(await w.jobs.get(w.projectId, notebookId, a!.id)).toMatchObject({ queued_run_ids: [a2.id], running_run_ids: [a1.id] });
    expect((await scheduler.tick(never)).dispatched).toBe(0);

    held.end(a1.id);
    await waitFor(async () => (await w.jobs.run(w.projectId, a!.id, a1.id)).state === 'succeeded');
    expect((await scheduler.tick(never)).dispatched).toBe(1);
    expect(held.started).toEqual([a1.id, b1.id, a2.id]);
    for (const id of [b1.id, a2.id]) held.end(id);
    await w.background.settled();
    expect((await scheduler.tick(never)).dispatched).toBe(1);
    expect(held.started.at(-1)).toBe(c1.id);
    held.end(c1.id);
    await w.background.settled();
    const started = await w.jobs.run(w.projectId, c!.id, c1.id);
    expect(started).toMatchObject({ state: 'succeeded', started_at: expect.any(String), finished_at: expect.any(String) });
    expect(Date.parse(started.deadline_at!) - Date.parse(started.started_at!)).toBe(600 * 1000 + RUN_SETUP_ALLOWANCE_MS);
  });

  it('ends as timed out a run past its deadline that no process here executes, and destroys its sandbox', async () => {
    const w = await startJobCore();
    const { notebookId } = await w.notebook('Report', notebookCode());
    const job = await manualJob(w, notebookId, 'Slow', { timeout_seconds: 60 });
    const run = await trigger(w, job);
    // The replica executing the run got as far as its sandbox, then stopped answering (its process died).
    const dying = w.scheduler({
      execute: async (claimed) => {
        const sandbox = await w.driver.create({ compute: {} });
        await w.records.updateRun(claimed.project_id, claimed.job_id, claimed.id, (current) => ({ ...current, sandbox_id: sandbox.id }));
        await new Promise(() => {});
      },
    });
    expect((await dying.tick(never)).dispatched).toBe(1);
    await waitFor(async () => (await w.jobs.run(w.projectId, job.id, run.id)).sandbox_id !== null);
    const sandboxId = (await w.jobs.run(w.projectId, job.id, run.id)).sandbox_id!;
    expect(await dying.sandboxesInUse()).toEqual(new Set([sandboxId]));

    const other = w.scheduler();
    w.clock.advance(60_000 + RUN_SETUP_ALLOWANCE_MS - 5_000);
    expect((await other.tick(never)).reclaimed).toBe(0);
    w.clock.advance(10_000);
    // The replica that still executes it leaves it alone; another one reclaims it.
    expect((await dying.tick(never)).reclaimed).toBe(0);
    expect((await other.tick(never)).reclaimed).toBe(1);
    expect(await w.jobs.run(w.projectId, job.id, run.id)).toMatchObject({ state: 'timed_out', error: { code: 'TIMED_OUT' }, finished_at: expect.any(String) });
    expect(w.driver.alive()).not.toContain(sandboxId);
    expect(await w.jobs.get(w.projectId, notebookId, job.id)).toMatchObject({ running_run_ids: [], last_run: { id: run.id, state: 'timed_out' } });
    expect(w.events.filter((event) => event.kind === 'job.run.failed').map((event) => event.data)).toEqual([
      expect.objectContaining({ run_id: run.id, state: 'timed_out', error: expect.stringContaining('deadline') }),
    ]);
    expect((await other.tick(never)).reclaimed).toBe(0);
  });

  it('records a failed run, tells the alert destinations, and does not run it again', async () => {
    const w = await startJobCore();
    const { notebookId, versionId } = await w.notebook('Report', notebookCode());
    const job = await manualJob(w, notebookId, 'Breaks');
    w.driver.behaviour = (run) => {
      run.print('Traceback (most recent call last):');
      run.print('ValueError: the input file is empty');
      run.render('<html>with the error</html>');
      return 1;
    };
    const run = await trigger(w, job);
    const scheduler = w.scheduler();
    await scheduler.tick(never);
    await w.background.settled();

    const failed = await w.jobs.run(w.projectId, job.id, run.id);
    expect(failed).toMatchObject({
      state: 'failed',
      exit_code: 1,
      version_id: versionId,
      error: { code: 'NOTEBOOK_FAILED', message: 'ValueError: the input file is empty' },
    });
    expect((await w.jobs.output(w.projectId, job.id, run.id)).toString()).toBe('<html>with the error</html>');
    expect(await w.jobs.get(w.projectId, notebookId, job.id)).toMatchObject({
      queued_run_ids: [],
      running_run_ids: [],
      last_run: { id: run.id, state: 'failed' },
    });
    expect(w.events.map((event) => [event.kind, event.data])).toEqual([
      [
        'job.run.failed',
        expect.objectContaining({
          job_id: job.id,
          job_name: 'Breaks',
          run_id: run.id,
          state: 'failed',
          trigger: 'manual',
          exit_code: 1,
          error: 'ValueError: the input file is empty',
        }),
      ],
    ]);
    expect(await w.auditEvents()).toContain('job.run.finish');
    // A failed run still counts as the notebook's last run; its page is no snapshot of the version.
    expect((await w.services.notebooks.get(w.projectId, notebookId))?.last_run_at).toBe(failed.finished_at);
    await expect(w.services.notebooks.latestSnapshot(w.projectId, notebookId)).rejects.toMatchObject({ code: 'NO_HTML_SNAPSHOT' });
    expect(await scheduler.tick(never)).toEqual({ fired: 0, dispatched: 0, reclaimed: 0 });
    expect(w.driver.exports).toHaveLength(1);
    expect(w.driver.alive()).toEqual([]);
  });

  it("keeps a succeeded run's page as the snapshot of the version it ran", async () => {
    const w = await startJobCore();
    const { notebookId, versionId } = await w.notebook('Report', notebookCode());
    const job = await manualJob(w, notebookId, 'Renders');
    const run = await trigger(w, job);
    await w.scheduler().tick(never);
    await w.background.settled();
    expect(await w.jobs.run(w.projectId, job.id, run.id)).toMatchObject({ state: 'succeeded', exit_code: 0, error: null, output_bytes: 21 });
    const snapshot = await w.services.notebooks.latestSnapshot(w.projectId, notebookId);
    expect(snapshot.version.version_id).toBe(versionId);
    expect(snapshot.html.toString()).toBe('<html>rendered</html>');
    expect(w.events.map((event) => event.kind)).toEqual(['job.run.succeeded']);
  });

  it('never starts a run cancelled while queued, and sends nothing for it', async () => {
    const w = await startJobCore();
    const { notebookId } = await w.notebook('Report', notebookCode());
    const job = await manualJob(w, notebookId, 'Cancelled');
    const run = await trigger(w, job);
    const cancelled = await w.jobs.cancel(w.projectId, notebookId, job.id, run.id, w.owner.id);
    expect(cancelled).toMatchObject({ state: 'cancelled', error: { code: 'CANCELLED' } });
    expect((await w.scheduler().tick(never)).dispatched).toBe(0);
    expect(w.driver.exports).toEqual([]);
    expect(await w.jobs.get(w.projectId, notebookId, job.id)).toMatchObject({ queued_run_ids: [], last_run: { id: run.id, state: 'cancelled' } });
    expect(w.events).toEqual([]);
  });

  it("drops from a job's queue the id of a run that was never stored, once its trigger must have died", async () => {
    const w = await startJobCore({ maxConcurrentRuns: 0 });
    const { notebookId } = await w.notebook('Report', notebookCode());
    const job = await manualJob(w, notebookId, 'Half-queued');
    const lost = newRunId(w.clock.now().getTime());
    await w.records.updateJob(w.projectId, notebookId, job.id, (current) => ({ ...current, queued_run_ids: [lost] }));
    const scheduler = w.scheduler();
    w.clock.advance(59_000);
    await scheduler.tick(never);
    expect((await w.jobs.get(w.projectId, notebookId, job.id)).queued_run_ids).toEqual([lost]);
    w.clock.advance(2_000);
    await scheduler.tick(never);
    expect((await w.jobs.get(w.projectId, notebookId, job.id)).queued_run_ids).toEqual([]);
  });

  it('ends the runs it executes as failed when the hub shuts down, destroying their sandboxes', async () => {
    const w = await startJobCore();
    const { notebookId } = await w.notebook('Report', notebookCode());
    const job = await manualJob(w, notebookId, 'Long');
    // The notebook runs until its sandbox goes.
    w.driver.behaviour = async (run) => {
      run.print('working');
      await run.destroyed;
      return 0;
    };
    const run = await trigger(w, job);
    const scheduler = w.scheduler();
    await scheduler.tick(never);
    await waitFor(async () => w.driver.exports.length === 1);
    await scheduler.close();
    expect(await w.jobs.run(w.projectId, job.id, run.id)).toMatchObject({ state: 'failed', error: { code: 'SERVICE_UNAVAILABLE' } });
    expect(w.driver.alive()).toEqual([]);
    expect((await w.jobs.log(w.projectId, job.id, run.id)).toString()).toMatch(/working\n.*Stopped: the hub executing the run shut down/s);
    // A closed scheduler starts nothing more.
    await trigger(w, job);
    expect((await scheduler.tick(never)).dispatched).toBe(0);
  });

  it('deletes runs past retention and the runs of deleted jobs, and mends the history index', async () => {
    const w = await startJobCore({ retentionDays: 30 });
    const { notebookId } = await w.notebook('Report', notebookCode());
    const kept = await manualJob(w, notebookId, 'Kept');
    const gone = await manualJob(w, notebookId, 'Deleted');
    const scheduler = w.scheduler();
    const runToEnd = async (job: JobRecord) => {
      const run = await trigger(w, job);
      await scheduler.tick(never);
      await w.background.settled();
      return run;
    };
    const old = await runToEnd(kept);
    w.clock.advance(10 * 86_400_000);
    const recent = await runToEnd(kept);
    const orphan = await runToEnd(gone);
    await w.jobs.delete(w.projectId, notebookId, gone.id, w.owner.id);
    // A run whose history entry was never written (its writer stopped in between) gets one back.
    const entries = await w.store.list(`job-history/${w.projectId}/${kept.id}/`);
    const recentEntry = entries.items.find((item) => item.key.endsWith(recent.id))!;
    await w.store.delete(recentEntry.key);

    expect(await scheduler.applyRetention(never, new Date(w.clock.now().getTime() + 25 * 86_400_000))).toBe(2);
    expect((await w.jobs.runs(w.projectId, kept.id, { cursor: null, limit: 10 })).items.map((run) => run.id)).toEqual([recent.id]);
    await expect(w.jobs.run(w.projectId, kept.id, old.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await w.records.output({ project_id: w.projectId, job_id: gone.id, id: orphan.id }, 'log')).toBeNull();
    expect((await w.store.list(`job-history/${w.projectId}/${gone.id}/`)).items).toEqual([]);
    expect(await scheduler.applyRetention(never, new Date(w.clock.now().getTime() + 25 * 86_400_000))).toBe(0);
  });
});

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the condition never held');
}
