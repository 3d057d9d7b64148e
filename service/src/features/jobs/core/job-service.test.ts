import { describe, expect, it } from 'vitest';
import { notebookCode, startJobCore } from '../../../../../test/support/job-core.js';
import { HubError } from '../../../core/errors.js';

/** The field a refusal names, or its code when it names none. */
async function refused(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HubError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.details?.[0]?.field ?? error.code;
}

/** Job definitions, triggers and cancels (docs/jobs.md, "Jobs" and "Runs"). */
describe('the job service', () => {
  it('refuses every bad field of a job with the field named, and stores nothing', async () => {
    const w = await startJobCore();
    const { notebookId } = await w.notebook('Report', notebookCode());
    const create = (input: Record<string, unknown>) => refused(w.jobs.create(w.projectId, notebookId, { name: 'Job', ...input } as never, w.owner.id));
    expect(await create({ name: '  ' })).toBe('name');
    expect(await create({ name: 'x'.repeat(201) })).toBe('name');
    expect(await create({ schedule: { cron: '61 * * * *', time_zone: 'UTC' } })).toBe('schedule');
    expect(await create({ schedule: { cron: '* * * *', time_zone: 'UTC' } })).toBe('schedule');
    expect(await create({ schedule: { cron: '0 * * * *', time_zone: 'Mars/Olympus' } })).toBe('schedule');
    expect(await create({ on_demand: false })).toBe('on_demand');
    expect(await create({ parameters: Array.from({ length: 51 }, () => 'a') })).toBe('parameters');
    expect(await create({ parameters: ['ok', 'nul\0'] })).toBe('parameters[1]');
    expect(await create({ timeout_seconds: 0 })).toBe('timeout_seconds');
    expect(await create({ timeout_seconds: 3601 })).toBe('timeout_seconds');
    expect(await create({ compute_profile: 'huge' })).toBe('compute_profile');
    expect(await create({ version_id: 'ver-0000000000000000' })).toBe('version_id');
    expect((await w.jobs.list(w.projectId, notebookId, { cursor: null, limit: 10 })).items).toEqual([]);
    expect(await w.auditEvents()).not.toContain('job.create');
  });

  it('keeps at most the configured number of jobs per notebook', async () => {
    const w = await startJobCore({ limits: { maxPerNotebook: 2 } });
    const { notebookId } = await w.notebook('Report', notebookCode());
    await w.jobs.create(w.projectId, notebookId, { name: 'One' }, w.owner.id);
    await w.jobs.create(w.projectId, notebookId, { name: 'Two' }, w.owner.id);
    await expect(w.jobs.create(w.projectId, notebookId, { name: 'Three' }, w.owner.id)).rejects.toMatchObject({ code: 'RESOURCE_EXHAUSTED' });
  });

  it('lists jobs newest first, a page at a time', async () => {
    const w = await startJobCore();
    const { notebookId } = await w.notebook('Report', notebookCode());
    const names = ['A', 'B', 'C'];
    for (const name of names) {
      await w.jobs.create(w.projectId, notebookId, { name }, w.owner.id);
      w.clock.advance(1000);
    }
    const first = await w.jobs.list(w.projectId, notebookId, { cursor: null, limit: 2 });
    expect(first.items.map((job) => job.name)).toEqual(['C', 'B']);
    const second = await w.jobs.list(w.projectId, notebookId, { cursor: first.nextCursor, limit: 2 });
    expect(second).toMatchObject({ items: [{ name: 'A' }], nextCursor: null });
  });

  it('queues no more runs than the cap even when triggers arrive at once', async () => {
    const w = await startJobCore({ limits: { maxQueuedRunsPerJob: 3 } });
    const { notebookId } = await w.notebook('Report', notebookCode());
    const job = await w.jobs.create(w.projectId, notebookId, { name: 'Busy', parameters: ['--all'] }, w.owner.id);
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => w.jobs.trigger(w.projectId, notebookId, job.id, {}, w.owner.id)));
    const queued = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(queued).toHaveLength(3);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'RESOURCE_EXHAUSTED' });
    expect((await w.jobs.get(w.projectId, notebookId, job.id)).queued_run_ids.sort()).toEqual(queued.map((run) => run.id).sort());
    expect((await w.jobs.runs(w.projectId, job.id, { cursor: null, limit: 10 })).items).toHaveLength(3);
    expect(queued[0]).toMatchObject({
      state: 'queued',
      trigger: 'manual',
      triggered_by: w.owner.id,
      parameters: ['--all'],
      timeout_seconds: 600,
      version_id: null,
    });
    const own = await w.jobs.trigger(w.projectId, notebookId, job.id, { parameters: ['--one'] }, w.owner.id).catch((error: unknown) => error);
    expect(own).toMatchObject({ code: 'RESOURCE_EXHAUSTED' });
  });

  it('refuses a run of a disabled job or of one that runs on its schedule only', async () => {
    const w = await startJobCore();
    const { notebookId } = await w.notebook('Report', notebookCode());
    const scheduleOnly = await w.jobs.create(
      w.projectId,
      notebookId,
      { name: 'Nightly', schedule: { cron: '0 2 * * *', time_zone: 'UTC' }, on_demand: false },
      w.owner.id,
    );
    await expect(w.jobs.trigger(w.projectId, notebookId, scheduleOnly.id, {}, w.owner.id)).rejects.toMatchObject({ code: 'CONFLICT' });
    const disabled = await w.jobs.create(w.projectId, notebookId, { name: 'Off', enabled: false }, w.owner.id);
    await expect(w.jobs.trigger(w.projectId, notebookId, disabled.id, {}, w.owner.id)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(w.jobs.nextRunAt(disabled)).toBeNull();
    expect(await refused(w.jobs.trigger(w.projectId, notebookId, disabled.id, { parameters: ['\0'] }, w.owner.id))).toBe('parameters[0]');
  });

  it('cancels a run once, destroying the sandbox of a running one, and refuses to cancel an ended run', async () => {
    const w = await startJobCore();
    const { notebookId } = await w.notebook('Report', notebookCode());
    const job = await w.jobs.create(w.projectId, notebookId, { name: 'Job' }, w.owner.id);
    const queued = await w.jobs.trigger(w.projectId, notebookId, job.id, {}, w.owner.id);
    const sandbox = await w.driver.create({ compute: {} });
    await w.records.updateRun(w.projectId, job.id, queued.id, (current) => ({ ...current, state: 'running', sandbox_id: sandbox.id }));
    const cancelled = await w.jobs.cancel(w.projectId, notebookId, job.id, queued.id, w.owner.id);
    expect(cancelled).toMatchObject({ state: 'cancelled', error: { code: 'CANCELLED', message: `cancelled by ${w.owner.id}` } });
    expect(w.driver.alive()).toEqual([]);
    await expect(w.jobs.cancel(w.projectId, notebookId, job.id, queued.id, w.owner.id)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(w.jobs.output(w.projectId, job.id, queued.id)).rejects.toMatchObject({ code: 'NO_RUN_OUTPUT' });
    expect((await w.jobs.log(w.projectId, job.id, queued.id)).length).toBe(0);
    await expect(w.jobs.run(w.projectId, job.id, 'run-0000000000000000')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await w.auditEvents()).filter((event) => event.startsWith('job.')).sort()).toEqual(['job.create', 'job.run.cancel', 'job.run.trigger']);
  });

  it('cancels the runs of a job it deletes, and audits the change of each field', async () => {
    const w = await startJobCore();
    const { notebookId } = await w.notebook('Report', notebookCode());
    const job = await w.jobs.create(w.projectId, notebookId, { name: 'Job' }, w.owner.id);
    const run = await w.jobs.trigger(w.projectId, notebookId, job.id, {}, w.owner.id);
    const updated = await w.jobs.update(w.projectId, notebookId, job.id, { name: ' Renamed ', timeout_seconds: 30 }, w.owner.id);
    expect(updated).toMatchObject({ name: 'Renamed', timeout_seconds: 30, queued_run_ids: [run.id] });
    await w.jobs.delete(w.projectId, notebookId, job.id, w.owner.id);
    expect((await w.records.run(w.projectId, job.id, run.id))?.state).toBe('cancelled');
    await expect(w.jobs.get(w.projectId, notebookId, job.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await w.auditEvents()).toEqual(expect.arrayContaining(['job.update', 'job.delete']));
  });

  it('keeps the version a job is pinned to when older versions are pruned', async () => {
    const w = await startJobCore();
    const { services } = w;
    const { notebookId, versionId: pinned } = await w.notebook('Report', notebookCode('print(0)'));
    await w.jobs.create(w.projectId, notebookId, { name: 'Pinned', version_id: pinned }, w.owner.id);
    let base = pinned;
    // More saves than the deployment keeps versions of a notebook.
    for (let i = 1; i <= services.settings.limits.maxVersionsPerNotebook + 2; i++) {
      base = (await services.notebooks.save(w.projectId, notebookId, { code: notebookCode(`print(${i})`), baseVersionId: base }, w.owner)).version_id;
    }
    expect(await services.notebooks.code(w.projectId, notebookId, pinned)).toBe(notebookCode('print(0)'));
  });
});
