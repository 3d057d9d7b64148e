import { describe, expect, it } from 'vitest';
import { projectAudit } from '../support/alert-fixtures.js';
import { useAlertingSessionWorld } from '../support/alerting-session-world.js';
import { sandboxRuntime } from '../support/session-world.js';
import { createJob, jobNotebook, jobsPath, runToEnd, saveNotebookCode } from '../support/job-world.js';

/** A run that ends tells the project's alert destinations (a real HTTP receiver), signed. */
describe.skipIf(sandboxRuntime === null)('job run alerts', () => {
  const alerting = useAlertingSessionWorld();

  it('delivers job.run.failed with the error, and job.run.succeeded, to the destinations subscribed to them', async () => {
    const { w, receiver } = alerting;
    await alerting.subscribe('/jobs', ['job.run.failed', 'job.run.succeeded'], 'job-alert-secret');
    const broken = await w.notebook('Broken pipeline');
    await saveNotebookCode(w, broken, jobNotebook({ fail: 'no rows today' }));
    const failingJob = await createJob(w, broken, { name: 'Nightly pipeline' });
    const failed = await runToEnd(
      w,
      broken,
      failingJob,
      (await w.api(`${jobsPath(w, broken)}/${failingJob}/runs`, 'editor', { method: 'POST', body: {} })).json.data.id,
    );
    expect(failed.state).toBe('failed');

    const [delivery] = await receiver.waitFor('/jobs', 1);
    expect(delivery!.signatureValid).toBe(true);
    expect(delivery!.json).toMatchObject({
      kind: 'job.run.failed',
      project_id: w.pid,
      actor: 'system',
      data: { job_id: failingJob, job_name: 'Nightly pipeline', notebook_id: broken, run_id: failed.id, state: 'failed', trigger: 'manual', exit_code: 1 },
    });
    expect(delivery!.json.data.error).toContain('no rows today');

    const fine = await w.notebook('Fine report');
    await saveNotebookCode(w, fine, jobNotebook());
    const goodJob = await createJob(w, fine, { name: 'Morning report' });
    const succeeded = await runToEnd(
      w,
      fine,
      goodJob,
      (await w.api(`${jobsPath(w, fine)}/${goodJob}/runs`, 'editor', { method: 'POST', body: {} })).json.data.id,
    );
    expect(succeeded.state).toBe('succeeded');
    const deliveries = await receiver.waitFor('/jobs', 2);
    expect(deliveries[1]!.json).toMatchObject({ kind: 'job.run.succeeded', data: { run_id: succeeded.id, state: 'succeeded', exit_code: 0 } });

    const finishes = (await projectAudit(w.t, w.pid)).filter((entry) => entry.event === 'job.run.finish');
    expect(finishes.map((entry) => entry.metadata)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ run_id: failed.id, state: 'failed', exit_code: 1 }),
        expect.objectContaining({ run_id: succeeded.id, state: 'succeeded', exit_code: 0 }),
      ]),
    );
  }, 180_000);
});
