import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRecords } from '../../service/src/features/jobs/core/job-records.js';
import { projectAudit } from '../support/alert-fixtures.js';
import { jobsPath, tick } from '../support/job-world.js';
import { startSessionWorld, type SessionWorld } from '../support/session-world.js';

/**
 * What an editor's jobs may make the hub do (docs/jobs.md): a schedule fires at most once every
 * SERVICE_JOBS_MIN_INTERVAL_SECONDS, and nothing runs on its schedule for an owner who is
 * suspended or no longer an editor of the project.
 */
describe('jobs and what they may make the hub do', () => {
  let w: SessionWorld;
  beforeAll(async () => {
    // The scheduler's ticks are the test's own, and no run gets as far as a sandbox.
    w = await startSessionWorld({ SERVICE_JOBS: 'on' }, { driverEnv: {} });
  });
  afterAll(() => w?.close());

  const job = (nid: string, jid: string) => `${jobsPath(w, nid)}/${jid}`;
  const create = (nid: string, cron: string) =>
    w.api(jobsPath(w, nid), 'editor', { method: 'POST', body: { name: `At ${cron}`, schedule: { cron, time_zone: 'Europe/Berlin' } } });
  /** Moves the job's schedule back a day, so that a due time has passed. */
  const makeDue = (nid: string, jid: string) =>
    new JobRecords(w.t.hub.services.store).updateJob(w.pid, nid, jid, (current) => ({
      ...current,
      schedule_mark: new Date(Date.now() - 24 * 3600_000).toISOString(),
    }));
  const runs = async (nid: string, jid: string) => (await w.api(`${job(nid, jid)}/runs`, 'viewer')).json.data.items as unknown[];

  it('refuses a schedule that fires more often than the minimum interval, with what is wrong', async () => {
    const nid = await w.notebook('Every minute');
    for (const cron of ['* * * * *', '*/10 * * * * *', '0,1 7 * * *']) {
      const refused = await create(nid, cron);
      expect(refused.status, cron).toBe(422);
      expect(refused.json.error.code).toBe('VALIDATION_ERROR');
      expect(refused.json.error.details).toEqual([
        {
          field: 'schedule',
          message: expect.stringMatching(/ apart at times; this hub runs a job at most once every 5 min \(SERVICE_JOBS_MIN_INTERVAL_SECONDS\)$/),
        },
      ]);
    }
    const created = await create(nid, '*/5 * * * *');
    expect(created.status, created.text).toBe(201);
    const changed = await w.api(job(nid, created.json.data.id), 'editor', { method: 'PATCH', body: { schedule: { cron: '*/2 * * * *', time_zone: 'UTC' } } });
    expect(changed.json.error?.details?.[0]?.field, changed.text).toBe('schedule');
    expect((await w.api(job(nid, created.json.data.id), 'viewer')).json.data.schedule.cron).toBe('*/5 * * * *');
  });

  it('lets a schedule stored before the minimum fire at most once a minimum interval', async () => {
    const nid = await w.notebook('Stored long ago');
    const jid = (await create(nid, '0 7 * * *')).json.data.id as string;
    await new JobRecords(w.t.hub.services.store).updateJob(w.pid, nid, jid, (current) => ({
      ...current,
      schedule: { cron: '* * * * * *', time_zone: 'UTC' },
      schedule_mark: new Date(Date.now() - 3600_000).toISOString(),
    }));
    await tick(w);
    expect(await runs(nid, jid)).toEqual([]);
  });

  it('pauses the schedule of a job whose owner is suspended or left the project, until an editor switches it on', async () => {
    const nid = await w.notebook('Nightly report');
    const suspendedOwners = (await create(nid, '0 3 * * *')).json.data.id as string;
    expect((await w.api(job(nid, suspendedOwners), 'viewer')).json.data).toMatchObject({ owner: w.userIds.editor, disabled_reason: null });
    const { users } = w.t.hub.services;

    await users.setSuspended(w.userIds.editor, true, 'test');
    await makeDue(nid, suspendedOwners);
    expect((await tick(w)).fired).toBe(0);
    expect(await runs(nid, suspendedOwners)).toEqual([]);
    const paused = (await w.api(job(nid, suspendedOwners), 'viewer')).json.data;
    expect(paused).toMatchObject({ enabled: false, disabled_reason: 'owner_suspended', next_run_at: null });
    // Nobody runs it on demand either, until someone answers for it.
    const onDemand = await w.api(`${job(nid, suspendedOwners)}/runs`, 'manager', { method: 'POST', body: {} });
    expect(onDemand.json.error.code).toBe('CONFLICT');
    expect(onDemand.json.error.message).toContain('its owner is suspended');
    const audit = (await projectAudit(w.t, w.pid)).filter((entry) => entry.event === 'job.pause');
    expect(audit.map((entry) => entry.metadata)).toEqual([
      expect.objectContaining({ job_id: suspendedOwners, reason: 'owner_suspended', owner: w.userIds.editor }),
    ]);

    // An editor (here the manager) switches it on: it is theirs from then on.
    const resumed = await w.api(job(nid, suspendedOwners), 'manager', { method: 'PATCH', body: { enabled: true } });
    expect(resumed.json.data, resumed.text).toMatchObject({ enabled: true, disabled_reason: null, owner: w.userIds.manager, created_by: w.userIds.editor });
    expect(resumed.json.data.next_run_at).not.toBeNull();

    // An owner removed from the project: the same.
    await users.setSuspended(w.userIds.editor, false, 'test');
    const leaversJob = (await create(nid, '0 4 * * *')).json.data.id as string;
    expect((await w.api(`/api/v1/projects/${w.pid}/members/${w.userIds.editor}`, 'admin', { method: 'DELETE' })).status).toBe(200);
    await makeDue(nid, leaversJob);
    expect((await tick(w)).fired).toBe(0);
    expect(await runs(nid, leaversJob)).toEqual([]);
    expect((await w.api(job(nid, leaversJob), 'viewer')).json.data).toMatchObject({ enabled: false, disabled_reason: 'owner_left_project' });
    // The manager's job was not touched.
    expect((await w.api(job(nid, suspendedOwners), 'viewer')).json.data).toMatchObject({ enabled: true, owner: w.userIds.manager });
  });
});
