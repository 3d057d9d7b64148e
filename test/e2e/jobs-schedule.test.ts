import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRecords } from '../../service/src/features/jobs/core/job-records.js';
import { sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { createJob, jobNotebook, jobsPath, runToEnd, saveNotebookCode, tick } from '../support/job-world.js';

type Run = { id: string; due_at: string | null; trigger: string; state: string };

/** Cron schedules: exactly once per due time across hubs sharing a store, catch-up after downtime, retention. */
describe.skipIf(sandboxRuntime === null)('job schedules', () => {
  let w: SessionWorld;
  let nid: string;
  beforeAll(async () => {
    // Schedules a few seconds apart: the hub's minimum interval (5 minutes by default) lowered to match.
    w = await startSessionWorld({ SERVICE_JOBS: 'on', SERVICE_JOBS_MIN_INTERVAL_SECONDS: '1' });
    nid = await w.notebook('Scheduled');
    await saveNotebookCode(w, nid, jobNotebook());
  }, 60_000);
  afterAll(() => w?.close());

  const runs = async (jobId: string): Promise<Run[]> => (await w.api(`${jobsPath(w, nid)}/${jobId}/runs?limit=100`, 'viewer')).json.data.items;

  it('fires every due time exactly once while two hubs on one store tick at once', async () => {
    // A second hub on the same store, its scheduler loop running every second beside this test's own ticks.
    const other: TestHub = await startTestHub({
      env: {
        SERVICE_DATA_DIR: w.t.dataDir,
        SERVICE_SANDBOX_RUNTIME_DIR: sandboxRuntime!.runtimeDir,
        SERVICE_RUN_MAINTENANCE: 'true',
        SERVICE_JOBS: 'on',
        SERVICE_JOBS_MIN_INTERVAL_SECONDS: '1',
        SERVICE_JOBS_TICK_SECONDS: '1',
      },
    });
    try {
      const jobId = await createJob(w, nid, { name: 'Every 3 seconds', schedule: { cron: '*/3 * * * * *', time_zone: 'Europe/Berlin' } });
      const job = (await w.api(`${jobsPath(w, nid)}/${jobId}`, 'viewer')).json.data;
      expect(Date.parse(job.next_run_at)).toBeGreaterThan(Date.parse(job.created_at));
      const ends = Date.now() + 10_000;
      while (Date.now() < ends) {
        await Promise.all([tick(w), other.hub.services.jobScheduler.tick(new AbortController().signal), tick(w)]);
        await sleep(150);
      }
      await w.api(`${jobsPath(w, nid)}/${jobId}`, 'editor', { method: 'PATCH', body: { enabled: false } });
      const dueTimes = (await runs(jobId)).map((run) => Date.parse(run.due_at!)).sort((a, b) => a - b);
      expect(dueTimes.length).toBeGreaterThanOrEqual(2);
      expect(new Set(dueTimes).size).toBe(dueTimes.length);
      // One run per due time, none skipped: consecutive multiples of 3 seconds.
      for (let i = 1; i < dueTimes.length; i++) expect(dueTimes[i]! - dueTimes[i - 1]!).toBe(3000);
      expect(dueTimes.every((due) => due % 3000 === 0 && due > Date.parse(job.created_at))).toBe(true);
      for (const run of await runs(jobId))
        if (run.state === 'queued') await w.api(`${jobsPath(w, nid)}/${jobId}/runs/${run.id}/cancel`, 'editor', { method: 'POST' });
    } finally {
      await other.hub.close();
      await other.close();
    }
  }, 120_000);

  it('fires the latest missed due time once after downtime, and nothing more until the next one', async () => {
    const jobId = await createJob(w, nid, { name: 'Every 4 seconds', schedule: { cron: '*/4 * * * * *', time_zone: 'UTC' }, parameters: ['--day', 'sunday'] });
    // No tick for three due times: the hub was down.
    await sleep(13_000);
    const beforeTick = Date.now();
    const fired = await tick(w);
    const afterTick = Date.now();
    let caughtUp: Run | undefined;
    try {
      expect(fired.fired).toBe(1);
      const [first, ...others] = await runs(jobId);
      caughtUp = first;
      expect(others).toEqual([]);
      expect(caughtUp).toMatchObject({ trigger: 'schedule' });
      // The latest due time at the tick: a multiple of 4 seconds no later than the tick and less than 4 seconds before it.
      const due = Date.parse(caughtUp!.due_at!);
      expect(due % 4000).toBe(0);
      expect(due).toBeLessThanOrEqual(afterTick);
      expect(due).toBeGreaterThan(beforeTick - 4000);
      // A second tick fires nothing unless a new due time has come since (a slow machine may take 4 seconds).
      const second = await tick(w);
      const newDueTimeCame = Math.floor(Date.now() / 4000) * 4000 > due;
      expect(second.fired).toBe(newDueTimeCame ? second.fired : 0);
      expect(second.fired).toBeLessThanOrEqual(1);
    } finally {
      // Disabled whatever happened above, so that this schedule cannot fire into the next tests' ticks.
      await w.api(`${jobsPath(w, nid)}/${jobId}`, 'editor', { method: 'PATCH', body: { enabled: false } });
    }
    const done = await runToEnd(w, nid, jobId, caughtUp!.id);
    expect(done).toMatchObject({ state: 'succeeded', triggered_by: 'system', parameters: ['--day', 'sunday'] });
  }, 120_000);

  it('stops firing the schedule of a deleted notebook', async () => {
    const doomed = await w.notebook('Deleted later');
    await saveNotebookCode(w, doomed, jobNotebook());
    const jobId = await createJob(w, doomed, { name: 'Orphaned', schedule: { cron: '* * * * * *', time_zone: 'UTC' } });
    expect((await w.api(`/api/v1/projects/${w.pid}/notebooks/${doomed}`, 'admin', { method: 'DELETE' })).status).toBe(200);
    await sleep(2_000);
    expect((await tick(w)).fired).toBe(0);
    expect((await new JobRecords(w.t.hub.store).job(w.pid, doomed, jobId))!.queued_run_ids).toEqual([]);
  }, 60_000);

  it('deletes runs past the retention period and the runs of deleted jobs, with their output and history', async () => {
    const kept = await createJob(w, nid, { name: 'Kept' });
    const old = (await w.api(`${jobsPath(w, nid)}/${kept}/runs`, 'editor', { method: 'POST', body: {} })).json.data.id as string;
    const oldEnded = Date.parse((await runToEnd(w, nid, kept, old)).finished_at);
    await sleep(20);
    const recent = (await w.api(`${jobsPath(w, nid)}/${kept}/runs`, 'editor', { method: 'POST', body: {} })).json.data;
    await runToEnd(w, nid, kept, recent.id);
    // Retention (30 days by default) as seen 30 days after a moment between `old` ending and `recent` being queued.
    const later = new Date((oldEnded + Date.parse(recent.queued_at)) / 2 + 30 * 86_400_000);
    const records = new JobRecords(w.t.hub.store);
    const gone = await createJob(w, nid, { name: 'Deleted' });
    const orphan = (await w.api(`${jobsPath(w, nid)}/${gone}/runs`, 'editor', { method: 'POST', body: {} })).json.data.id as string;
    await runToEnd(w, nid, gone, orphan);
    expect((await w.api(`${jobsPath(w, nid)}/${gone}`, 'editor', { method: 'DELETE' })).status).toBe(200);

    // At that moment the earlier tests' runs are past retention too: `old` and `orphan` are among those deleted.
    expect(await w.t.hub.services.jobScheduler.applyRetention(new AbortController().signal, later)).toBeGreaterThanOrEqual(2);
    expect((await runs(kept)).map((run) => run.id)).toEqual([recent.id]);
    expect((await w.api(`${jobsPath(w, nid)}/${kept}/runs/${old}`, 'viewer')).status).toBe(404);
    expect(await records.output({ project_id: w.pid, job_id: kept, id: old }, 'html')).toBeNull();
    expect(await records.output({ project_id: w.pid, job_id: gone, id: orphan }, 'log')).toBeNull();
    expect((await w.t.hub.store.list(`job-history/${w.pid}/${gone}/`)).items).toEqual([]);
    expect((await w.api(`${jobsPath(w, nid)}/${kept}/runs/${recent.id}/output`, 'viewer')).status).toBe(200);
  }, 180_000);
});
