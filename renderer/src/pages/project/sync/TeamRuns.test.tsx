import { screen, waitFor, within } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../../api/queries';
import type { RemoteRun, TeamCompute } from '../../../api/remote-runs';
import { operationsQuery, remoteKeys, remotesQuery } from '../../../api/remotes';
import type { Project } from '../../../api/types';
import { fakeHub, ok } from '../../../test/fake-hub';
import { LINKED, ME, REMOTE } from '../../../test/remote-fixtures';
import { renderUi, testQueryClient } from '../../../test/render';
import { SyncTab } from './SyncTab';

const PID = 'proj-0000000000000001';
const CLEANING = 'nb-0000000000000002';
const COMPUTE: TeamCompute = {
  profiles: [
    { name: 'default', cpu: 1, memory_bytes: 2 * 1024 ** 3, gpu: null },
    { name: 'gpu', cpu: 8, memory_bytes: 64 * 1024 ** 3, gpu: 'nvidia.com/gpu' },
  ],
  default_profile: 'default',
  profile_choice: 'editors',
  jobs_available: true,
};
const LAUNCH = { launch_url: 'https://team.example/api/v1/sync/launches/abc', expires_at: '2026-03-02T12:01:00.000Z' };

const run = (extra: Partial<RemoteRun> = {}): RemoteRun => ({
  id: 'rrun-0000000000000001',
  kind: 'session',
  remote: 'team',
  project_id: PID,
  notebook_id: CLEANING,
  remote_project_id: 'proj-team000000000001',
  remote_notebook_id: 'nb-team00000000002',
  mode: 'edit',
  compute_profile: 'gpu',
  state: 'running',
  team: {
    session_id: 'ses-0000000000000001',
    job_id: null,
    run_id: null,
    state: 'running',
    compute_profile: 'gpu',
    page_url: 'https://team.example/x',
    failure: null,
  },
  push_operation_id: 'rop-0000000000000009',
  result: null,
  output: null,
  error: null,
  created_at: '2026-03-02T12:00:00.000Z',
  updated_at: '2026-03-02T12:00:00.000Z',
  ended_at: null,
  ...extra,
});

function renderTab(runs: RemoteRun[] = [], compute: TeamCompute = COMPUTE) {
  const hub = fakeHub();
  hub.on('GET /api/v1/remote-operations', ok([]));
  hub.on(`GET /api/v1/projects/${PID}/remote`, ok(LINKED));
  hub.on(`GET /api/v1/projects/${PID}/remote/compute`, ok(compute));
  hub.on('GET /api/v1/remote-runs', ok({ items: runs }));
  for (const each of runs) hub.on(`GET /api/v1/remote-runs/${each.id}`, ok(each));
  const client = testQueryClient();
  client.setQueryData(meQuery.queryKey, ME);
  client.setQueryData(operationsQuery.queryKey, []);
  client.setQueryData(remotesQuery.queryKey, [REMOTE]);
  client.setQueryData(remoteKeys.project(PID), LINKED);
  const rendered = renderUi(
    <Routes>
      <Route element={<Outlet context={{ id: PID, name: 'Forecasts', your_role: 'editor' } as Project} />}>
        <Route path="/projects/:pid/sync" element={<SyncTab />} />
      </Route>
    </Routes>,
    { at: `/projects/${PID}/sync`, client },
  );
  return { hub, ...rendered };
}

describe('running notebooks on the team hub from the Sync tab', () => {
  it('offers it for notebooks that can run, not for one in conflict', () => {
    renderTab();
    expect((screen.getByRole('button', { name: 'Run on team hub: Cleaning' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Run on team hub: Holiday effects' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Run on team hub: New on the team hub' })).toBeNull();
  });

  it('starts a session on the profile chosen, opens its launch link, then follows it and stops it with its result back', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { hub, user } = renderTab();
    await user.click(screen.getByRole('button', { name: 'Run on team hub: Cleaning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run “Cleaning” on the team hub' });
    expect(within(dialog).getByText(/new versions are pushed first/)).toBeTruthy();
    await user.click(await within(dialog).findByRole('textbox', { name: 'Compute profile' }));
    await user.click(await screen.findByRole('option', { name: 'gpu (8 CPU, 64 GiB, GPU nvidia.com/gpu)' }));
    hub.on(`POST /api/v1/projects/${PID}/notebooks/${CLEANING}/remote/sessions`, { status: 201, ...ok({ run: run({ state: 'starting' }), launch: LAUNCH }) });
    hub.on('GET /api/v1/remote-runs', ok({ items: [run()] }));
    hub.on(`GET /api/v1/remote-runs/${run().id}`, ok(run()));
    await user.click(within(dialog).getByRole('button', { name: 'Start and open' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(LAUNCH.launch_url, '_blank', 'noopener,noreferrer'));
    expect(hub.seen.find((request) => request.method === 'POST')?.body).toEqual({ mode: 'edit', compute_profile: 'gpu' });

    const table = await screen.findByRole('table', { name: 'Runs on the team hub' });
    const row = await within(table).findByRole('row', { name: /Cleaning/ });
    expect(row.textContent).toContain('Editor session');
    expect(row.textContent).toContain('Running');
    hub.on(`POST /api/v1/remote-runs/${run().id}/launch`, { status: 201, ...ok(LAUNCH) });
    await user.click(within(row).getByRole('button', { name: 'Open the session of Cleaning' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(2));

    const ended = run({
      state: 'ended',
      ended_at: '2026-03-02T12:30:00.000Z',
      result: {
        operation_id: 'rop-000000000000000a',
        outcome: 'updated',
        local_version_id: 'ver-0000000000000042',
        remote_version_id: 'ver-team0000000042',
        note: null,
      },
    });
    hub.on(`POST /api/v1/remote-runs/${run().id}/stop`, ok(ended));
    hub.on('GET /api/v1/remote-runs', ok({ items: [ended] }));
    await user.click(within(row).getByRole('button', { name: 'Stop the session of Cleaning' }));
    const back = await screen.findByRole('link', { name: 'Its result, as a version here' });
    expect(back.getAttribute('href')).toBe(`/projects/${PID}/notebooks/${CLEANING}/versions/ver-0000000000000042`);
    expect(within(screen.getByRole('table', { name: 'Runs on the team hub' })).queryByRole('button', { name: /Stop/ })).toBeNull();
  });

  it('says when jobs are off on the team hub, and sends nothing', async () => {
    const { hub, user } = renderTab([], { ...COMPUTE, jobs_available: false });
    await user.click(screen.getByRole('button', { name: 'Run on team hub: Cleaning' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('As a job'));
    expect(await within(dialog).findByText('Jobs are off on the team hub')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Run the job' }));
    expect(hub.seen.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('links a job’s output and log brought back', async () => {
    const job = run({
      kind: 'job',
      mode: null,
      state: 'ended',
      compute_profile: null,
      team: { session_id: null, job_id: 'job-1', run_id: 'run-1', state: 'succeeded', compute_profile: null, page_url: null, failure: null },
      output: { output_bytes: 1200, log_bytes: 80 },
    });
    renderTab([job]);
    const table = await screen.findByRole('table', { name: 'Runs on the team hub' });
    const row = within(table).getByRole('row', { name: /Cleaning/ });
    expect(row.textContent).toContain('Job');
    expect(row.textContent).toContain('Ended');
    expect(within(row).getByRole('link', { name: 'Output' }).getAttribute('href')).toBe(`/api/v1/remote-runs/${job.id}/output`);
    expect(within(row).getByRole('link', { name: 'Log' }).getAttribute('href')).toBe(`/api/v1/remote-runs/${job.id}/log`);
  });
});
