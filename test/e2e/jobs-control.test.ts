import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRecords } from '../../service/src/features/jobs/core/job-records.js';
import { projectAudit } from '../support/alert-fixtures.js';
import { eventually, sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';
import { createJob, jobNotebook, jobsPath, runToEnd, saveNotebookCode, tick } from '../support/job-world.js';

/** Timeouts, cancels, the queue cap and idempotent run creation, with real marimo on the local driver. */
describe.skipIf(sandboxRuntime === null)('controlling job runs', () => {
  let w: SessionWorld;
  let nid: string;
  beforeAll(async () => {
    w = await startSessionWorld({ SERVICE_JOBS: 'on', SERVICE_JOBS_MAX_QUEUED_RUNS_PER_JOB: '2' });
    nid = await w.notebook('Slow report');
    await saveNotebookCode(w, nid, jobNotebook({ sleepSeconds: 120 }));
  }, 60_000);
  afterAll(() => w?.close());

  const runsOf = (jobId: string) => `${jobsPath(w, nid)}/${jobId}/runs`;
  const sandboxOf = async (runId: string) => (await w.t.hub.services.sandboxes.list()).filter((sandbox) => sandbox.labels.job_run_id === runId);
  const trigger = (jobId: string, headers: Record<string, string> = {}) => w.api(runsOf(jobId), 'editor', { method: 'POST', body: {}, headers });

  it('ends a run that passes its timeout as timed_out, with the log so far, and destroys its sandbox', async () => {
    const jobId = await createJob(w, nid, { name: 'Too slow', timeout_seconds: 10 });
    const run = await runToEnd(w, nid, jobId, (await trigger(jobId)).json.data.id);
    expect(run).toMatchObject({ state: 'timed_out', exit_code: null, error: { code: 'TIMED_OUT' } });
    const log = (await w.api(`${runsOf(jobId)}/${run.id}/logs`, 'viewer')).text;
    expect(log).toContain('job arguments:');
    expect(log).toContain('passed its timeout of 10 s');
    expect(await sandboxOf(run.id)).toEqual([]);
    expect((await w.api(`${runsOf(jobId)}/${run.id}/output`, 'viewer')).json.error.code).toBe('NO_RUN_OUTPUT');
  }, 120_000);

  it('cancels a running run at once (its sandbox goes) and a queued one (it never starts)', async () => {
    const jobId = await createJob(w, nid, { name: 'Cancelled' });
    const first = (await trigger(jobId)).json.data.id as string;
    const second = (await trigger(jobId)).json.data.id as string;
    // One run of a job at a time: the second waits in the queue.
    const running = await eventually(
      async () => {
        await tick(w);
        return (await w.api(`${runsOf(jobId)}/${first}/logs`, 'viewer')).text;
      },
      (log) => log.includes('job arguments:'),
      60_000,
    );
    expect(running).toContain('Running notebook.py');
    expect((await w.api(`${runsOf(jobId)}/${second}`, 'viewer')).json.data.state).toBe('queued');

    const cancelled = await w.api(`${runsOf(jobId)}/${first}/cancel`, 'editor', { method: 'POST' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.data).toMatchObject({ state: 'cancelled', error: { code: 'CANCELLED' } });
    expect(await sandboxOf(first)).toEqual([]);
    const queued = await w.api(`${runsOf(jobId)}/${second}/cancel`, 'editor', { method: 'POST' });
    expect(queued.json.data.state).toBe('cancelled');
    expect((await w.api(`${runsOf(jobId)}/${second}/cancel`, 'editor', { method: 'POST' })).json.error.code).toBe('CONFLICT');

    // The executor's own ending does not overwrite the cancel, and nothing starts the queued run.
    await eventually(
      async () => (await w.api(`${jobsPath(w, nid)}/${jobId}`, 'viewer')).json.data,
      (job) => job.running_runs === 0 && job.queued_runs === 0,
      30_000,
    );
    await tick(w);
    expect((await w.api(`${runsOf(jobId)}/${first}`, 'viewer')).json.data.state).toBe('cancelled');
    expect((await w.api(`${runsOf(jobId)}/${second}`, 'viewer')).json.data).toMatchObject({ state: 'cancelled', started_at: null });
    const audit = (await projectAudit(w.t, w.pid)).filter((entry) => entry.event === 'job.run.cancel').map((entry) => entry.metadata.run_id);
    expect(audit).toEqual(expect.arrayContaining([first, second]));
  }, 120_000);

  it('ends a run whose hub stopped while executing it once its deadline has passed, and destroys its sandbox', async () => {
    const jobId = await createJob(w, nid, { name: 'Orphaned run' });
    const runId = (await trigger(jobId)).json.data.id as string;
    // As a hub that crashed mid-run leaves it: running, with a sandbox, and no process executing it.
    const sandbox = await w.t.hub.services.sandboxes.create({ compute: {}, labels: { job_run_id: runId } });
    const records = new JobRecords(w.t.hub.store);
    const started = new Date(Date.now() - 3_600_000).toISOString();
    await records.updateRun(w.pid, jobId, runId, (run) => ({
      ...run,
      state: 'running',
      started_at: started,
      deadline_at: new Date(Date.now() - 1000).toISOString(),
      sandbox_id: sandbox.id,
    }));
    await records.updateJob(w.pid, nid, jobId, (job) => ({ ...job, queued_run_ids: [], running_run_ids: [runId] }));

    expect((await tick(w)).reclaimed).toBe(1);
    const run = (await w.api(`${runsOf(jobId)}/${runId}`, 'viewer')).json.data;
    expect(run).toMatchObject({ state: 'timed_out', error: { code: 'TIMED_OUT' } });
    expect(run.error.message).toContain('the hub executing it stopped');
    expect(await sandboxOf(runId)).toEqual([]);
    expect((await w.api(`${jobsPath(w, nid)}/${jobId}`, 'viewer')).json.data).toMatchObject({ running_runs: 0, last_run: { id: runId, state: 'timed_out' } });
  }, 60_000);

  it('refuses a run beyond the queue cap, and a run of a disabled or schedule-only job', async () => {
    const jobId = await createJob(w, nid, { name: 'Queue cap' });
    expect((await trigger(jobId)).status).toBe(201);
    expect((await trigger(jobId)).status).toBe(201);
    const refused = await trigger(jobId);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatchObject({ code: 'RESOURCE_EXHAUSTED' });
    expect(refused.json.error.message).toContain('2 queued run(s)');
    expect((await w.api(runsOf(jobId), 'viewer')).json.data.items).toHaveLength(2);

    const disabled = await createJob(w, nid, { name: 'Off', enabled: false });
    expect((await trigger(disabled)).json.error.code).toBe('CONFLICT');
    const scheduleOnly = await createJob(w, nid, { name: 'Nightly', schedule: { cron: '0 3 * * *', time_zone: 'UTC' }, on_demand: false });
    expect((await trigger(scheduleOnly)).json.error.code).toBe('CONFLICT');
    for (const id of [jobId, disabled, scheduleOnly]) expect((await w.api(`${jobsPath(w, nid)}/${id}`, 'editor', { method: 'DELETE' })).status).toBe(200);
  }, 60_000);

  it('creates one run for one Idempotency-Key, however often the request is retried', async () => {
    const jobId = await createJob(w, nid, { name: 'Retried' });
    const first = await trigger(jobId, { 'idempotency-key': 'run-once-please' });
    const again = await trigger(jobId, { 'idempotency-key': 'run-once-please' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json.data.id).toBe(first.json.data.id);
    expect((await w.api(runsOf(jobId), 'viewer')).json.data.items.map((run: { id: string }) => run.id)).toEqual([first.json.data.id]);
  }, 60_000);

  it("lists a notebook's jobs and a job's runs newest first, page by page", async () => {
    const notebook = await w.notebook('Paged');
    const jobIds = [
      await createJob(w, notebook, { name: 'first' }),
      await createJob(w, notebook, { name: 'second' }),
      await createJob(w, notebook, { name: 'third' }),
    ];
    const pages = async (path: string, limit: number) => {
      const ids: string[][] = [];
      let cursor: string | null = null;
      do {
        const page: { items: { id: string }[]; next_cursor: string | null } = (
          await w.api(`${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, 'viewer')
        ).json.data;
        ids.push(page.items.map((item) => item.id));
        cursor = page.next_cursor;
      } while (cursor);
      return ids;
    };
    expect(await pages(jobsPath(w, notebook), 2)).toEqual([[jobIds[2], jobIds[1]], [jobIds[0]]]);
    const runIds: string[] = [];
    // Two: the queue cap of this hub.
    for (let i = 0; i < 2; i++) {
      runIds.push((await w.api(`${jobsPath(w, notebook)}/${jobIds[0]}/runs`, 'editor', { method: 'POST', body: {} })).json.data.id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await pages(`${jobsPath(w, notebook)}/${jobIds[0]}/runs`, 1)).toEqual([[runIds[1]], [runIds[0]]]);
    for (const runId of runIds) await w.api(`${jobsPath(w, notebook)}/${jobIds[0]}/runs/${runId}/cancel`, 'editor', { method: 'POST' });
  }, 60_000);

  it('validates job definitions field by field', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const answer = await w.api(jobsPath(w, nid), 'editor', { method: 'POST', body });
      expect(answer.status, answer.text).toBe(422);
      return answer.json.error as { code: string; message: string; details: { field: string; message: string }[] };
    };
    expect((await bad({ name: 'x', schedule: { cron: 'every day', time_zone: 'UTC' } })).details[0]).toMatchObject({ field: 'schedule' });
    expect((await bad({ name: 'x', schedule: { cron: '0 7 * * *', time_zone: 'Mars/Olympus' } })).details[0]!.message).toMatch(/time ?zone/i);
    expect((await bad({ name: 'x', timeout_seconds: 10 ** 9 })).details[0]).toMatchObject({ field: 'timeout_seconds' });
    expect((await bad({ name: 'x', compute_profile: 'huge' })).details[0]).toMatchObject({ field: 'compute_profile' });
    expect((await bad({ name: 'x', on_demand: false })).details[0]).toMatchObject({ field: 'on_demand' });
    expect((await bad({ name: 'x', version_id: 'ver-0000000000000000' })).details[0]).toMatchObject({ field: 'version_id' });
    expect((await bad({ name: '   ' })).details[0]).toMatchObject({ field: 'name' });
    expect((await w.api(jobsPath(w, nid), 'viewer', { method: 'POST', body: { name: 'viewer job' } })).status).toBe(403);
  }, 60_000);
});
