import { screen, waitFor, within } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { meQuery } from '../../../api/queries';
import { operationsQuery, remoteKeys, remotesQuery, type ProjectRemote, type Remote } from '../../../api/remotes';
import type { Project } from '../../../api/types';
import { fakeHub, ok, refused } from '../../../test/fake-hub';
import { LINKED, ME, OPERATION, REMOTE, UNLINKED } from '../../../test/remote-fixtures';
import { renderUi, testQueryClient } from '../../../test/render';
import { SyncTab } from './SyncTab';

const PID = 'proj-0000000000000001';
const project = (role: Project['your_role'], name = 'Forecasts') => ({ id: PID, name, your_role: role }) as Project;

function renderTab(status: ProjectRemote, { role = 'manager' as Project['your_role'], remotes = [REMOTE] as Remote[], name = 'Forecasts' } = {}) {
  const hub = fakeHub();
  hub.on('GET /api/v1/remote-operations', ok([]));
  hub.on(`GET /api/v1/projects/${PID}/remote`, ok(status));
  const client = testQueryClient();
  client.setQueryData(meQuery.queryKey, ME);
  client.setQueryData(operationsQuery.queryKey, []);
  client.setQueryData(remotesQuery.queryKey, remotes);
  client.setQueryData(remoteKeys.project(PID), status);
  const rendered = renderUi(
    <Routes>
      <Route element={<Outlet context={project(role, name)} />}>
        <Route path="/projects/:pid/sync" element={<SyncTab />} />
      </Route>
    </Routes>,
    { at: `/projects/${PID}/sync`, client },
  );
  return { hub, ...rendered };
}

const rowOf = (title: string) => screen.getByRole('row', { name: new RegExp(title) });

describe('the Sync tab of a linked project', () => {
  it('shows the team project, when it was fetched, and every notebook’s state in words', () => {
    renderTab(LINKED);
    expect(screen.getByRole('heading', { name: 'Forecasts' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'team' }).getAttribute('href')).toBe('/remotes/team');
    expect(screen.getByText(/last fetched/)).toBeTruthy();
    expect(rowOf('Demand model').textContent).toContain('In step');
    expect(rowOf('Cleaning').textContent).toContain('Ahead');
    expect(rowOf('Weather join').textContent).toContain('Behind');
    expect(rowOf('Holiday effects').textContent).toContain('Diverged');
    expect(rowOf('Scratch').textContent).toContain('Only here');
    expect(rowOf('New on the team hub').textContent).toContain('Only on the team hub');
    // A notebook only the team hub has is no link here; a conflict is resolved from its row.
    expect(within(rowOf('New on the team hub')).queryByRole('link')).toBeNull();
    expect(within(rowOf('Holiday effects')).getByRole('link', { name: 'Resolve the conflict of Holiday effects' }).getAttribute('href')).toBe(
      `/projects/${PID}/sync/conflicts/nb-0000000000000004`,
    );
    expect(screen.getByText('A notebook is in conflict')).toBeTruthy();
    const summary = screen.getByRole('group', { name: 'Notebooks by state' });
    expect(summary.textContent).toContain('1 diverged');
    expect(summary.textContent).toContain('1 only on the team hub');
    expect(screen.getByText('Warehouse')).toBeTruthy();
  });

  it('fetches the team’s heads and shows the states that come back', async () => {
    const { hub, user } = renderTab({ ...LINKED, link: { ...LINKED.link!, fetched_at: null } });
    expect(screen.getByText(/never fetched/)).toBeTruthy();
    hub.on(`POST /api/v1/projects/${PID}/remote/fetch`, ok({ ...LINKED, notebooks: [{ ...LINKED.notebooks[0]!, state: 'behind' }] }));
    await user.click(screen.getByRole('button', { name: 'Fetch' }));
    await waitFor(() => expect(rowOf('Demand model').textContent).toContain('Behind'));
  });

  it('pushes, following the push until it ends, then reads the states again', async () => {
    const { hub, user } = renderTab(LINKED);
    const push = { ...OPERATION, id: 'rop-0000000000000002', kind: 'push' as const, project_id: PID };
    hub.on(`POST /api/v1/projects/${PID}/remote/push`, { status: 202, ...ok(push) });
    hub.on(`GET /api/v1/remote-operations/${push.id}`, ok({ ...push, state: 'succeeded', finished_at: '2026-03-02T10:01:00.000Z' }));
    hub.on(`GET /api/v1/projects/${PID}/remote`, ok({ ...LINKED, notebooks: [{ ...LINKED.notebooks[1]!, state: 'in_step' }] }));
    await user.click(screen.getByRole('button', { name: 'Push' }));
    expect(await screen.findByRole('heading', { name: 'Push to team' })).toBeTruthy();
    await waitFor(() => expect(rowOf('Cleaning').textContent).toContain('In step'), { timeout: 4000 });
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByRole('heading', { name: 'Push to team' })).toBeNull();
  });

  it('pulls again into this project through the remote it is linked through', async () => {
    const { hub, user } = renderTab(LINKED);
    hub.on('POST /api/v1/remotes/team/pulls', { status: 202, ...ok(OPERATION) });
    hub.on(`GET /api/v1/remote-operations/${OPERATION.id}`, ok(OPERATION));
    await user.click(screen.getByRole('button', { name: 'Pull again' }));
    const dialog = screen.getByRole('dialog', { name: 'Pull again' });
    expect(dialog.textContent).toContain('Brings what is new in “Forecasts” on the team hub');
    await user.click(within(dialog).getByRole('button', { name: 'Pull' }));
    await screen.findByRole('heading', { name: 'Pull from team' });
    expect(hub.seen.find((request) => request.method === 'POST')!.body).toEqual({
      remote_project_id: LINKED.link!.remote_project_id,
      history: 'all',
      project_id: PID,
    });
  });

  it('says when the team hub cannot be reached for a fetch, keeping the recorded states', async () => {
    const { hub, user } = renderTab(LINKED);
    hub.on(
      `POST /api/v1/projects/${PID}/remote/fetch`,
      refused(503, 'SERVICE_UNAVAILABLE', 'the team hub of remote team (https://hub.example.com) is unreachable'),
    );
    await user.click(screen.getByRole('button', { name: 'Fetch' }));
    await waitFor(() => expect(hub.seen.some((request) => request.method === 'POST')).toBe(true));
    expect(rowOf('Weather join').textContent).toContain('Behind');
  });

  it('offers a viewer the states and Fetch, not Push, Pull again or Unlink', () => {
    renderTab(LINKED, { role: 'viewer' });
    expect(screen.getByRole('button', { name: 'Fetch' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Push' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pull again' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unlink' })).toBeNull();
    expect(within(rowOf('Holiday effects')).getByRole('link', { name: 'View the conflict of Holiday effects' })).toBeTruthy();
  });

  it('keeps Push off when nothing here is newer, and Pull again off without a remote of the team hub', () => {
    renderTab({ ...LINKED, notebooks: [LINKED.notebooks[0]!], summary: { ...LINKED.summary, ahead: 0, conflicts: 0 } }, { remotes: [] });
    expect(screen.getByRole('button', { name: 'Push' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Pull again' }).hasAttribute('disabled')).toBe(true);
  });

  it('unlinks after saying that nothing changes on the team hub', async () => {
    const { hub, user } = renderTab(LINKED);
    hub.on(`DELETE /api/v1/projects/${PID}/remote`, ok({}));
    hub.on(`GET /api/v1/projects/${PID}/remote`, ok(UNLINKED));
    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlink from the team project' });
    expect(dialog.textContent).toContain('nothing changes on the team hub');
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await screen.findByRole('heading', { name: 'Not linked to a team hub' });
  });
});

describe('the Sync tab of an unlinked project', () => {
  it('pushes the project to a team hub the user is signed in to, under a name of their choice', async () => {
    const long = 'Quarterly demand forecasts for every region, with the weather and the holidays of each country';
    const { hub, user } = renderTab(UNLINKED, { name: long });
    const publish = { ...OPERATION, id: 'rop-0000000000000003', kind: 'push' as const, project_id: PID };
    hub.on(`POST /api/v1/projects/${PID}/remote`, { status: 202, ...ok(publish) });
    hub.on(`GET /api/v1/remote-operations/${publish.id}`, ok(publish));
    await user.click(screen.getByRole('button', { name: 'Push to a team hub' }));
    const dialog = screen.getByRole('dialog', { name: 'Push to a team hub' });
    const name = within(dialog).getByRole('textbox', { name: 'Name on the team hub' });
    expect((name as HTMLInputElement).value).toBe(long);
    await user.clear(name);
    await user.type(name, 'Forecasts');
    await user.click(within(dialog).getByRole('button', { name: 'Push' }));
    await screen.findByRole('heading', { name: 'Push to team' });
    expect(hub.seen.find((request) => request.method === 'POST')!.body).toEqual({ remote: 'team', name: 'Forecasts' });
  });

  it('sends a manager without a signed-in remote to add one first; a viewer gets no button', () => {
    renderTab(UNLINKED, { remotes: [{ ...REMOTE, state: 'revoked' }] });
    expect(screen.getByRole('link', { name: 'Add a remote first' }).getAttribute('href')).toBe('/remotes');
  });

  it('offers a viewer nothing to push', () => {
    renderTab(UNLINKED, { role: 'viewer' });
    expect(screen.queryByRole('button', { name: 'Push to a team hub' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add a remote first' })).toBeNull();
  });

  it('shows a spinner while the status loads', () => {
    const hub = fakeHub();
    hub.on(`GET /api/v1/projects/${PID}/remote`, ok(UNLINKED));
    const client = testQueryClient();
    client.setQueryData(meQuery.queryKey, ME);
    renderUi(
      <Routes>
        <Route element={<Outlet context={project('manager')} />}>
          <Route path="/projects/:pid/sync" element={<SyncTab />} />
        </Route>
      </Routes>,
      { at: `/projects/${PID}/sync`, client },
    );
    expect(screen.getByLabelText('Loading the sync states…')).toBeTruthy();
  });
});
