import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../api/queries';
import { operationsQuery, remoteKeys, type Remote, type TeamProject } from '../../api/remotes';
import { fakeHub, ok, refused } from '../../test/fake-hub';
import { ME, OPERATION, REMOTE, TEAM_PROJECT } from '../../test/remote-fixtures';
import { renderUi, testQueryClient } from '../../test/render';
import { RemotePage } from './RemotePage';

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

function renderPage(remote: Remote, projects?: TeamProject[], at = '/remotes/team') {
  const hub = fakeHub();
  const client = testQueryClient();
  client.setQueryData(meQuery.queryKey, ME);
  client.setQueryData(operationsQuery.queryKey, [{ ...OPERATION, state: 'succeeded' }]);
  client.setQueryData(remoteKeys.one(remote.name), remote);
  if (projects) client.setQueryData(remoteKeys.projects(remote.name), projects);
  const rendered = renderUi(
    <>
      <Routes>
        <Route path="/remotes/:name" element={<RemotePage />} />
        <Route path="/remotes/operations/:opid" element={<p>The operation’s page</p>} />
      </Routes>
      <Address />
    </>,
    { at, client },
  );
  return { hub, ...rendered };
}

describe('a remote’s page', () => {
  it('lists the team projects with the role there, and pulls one with the newest versions only', async () => {
    const { hub, user } = renderPage(REMOTE, [TEAM_PROJECT, { ...TEAM_PROJECT, id: 'proj-team00000000002', name: 'Board reports', role: 'viewer' }]);
    hub.on('POST /api/v1/remotes/team/pulls', { status: 202, ...ok(OPERATION) });
    hub.on('GET /api/v1/remote-operations', ok([OPERATION]));
    const table = screen.getByRole('table', { name: 'Team projects' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Weekly demand forecasts');
    expect(rows[0]!.textContent).toContain('editor');
    expect(rows[1]!.textContent).toContain('viewer');

    await user.click(screen.getByRole('button', { name: 'Pull Forecasts' }));
    const dialog = screen.getByRole('dialog', { name: 'Pull a team project' });
    expect(dialog.textContent).toContain('Copies “Forecasts” from the team hub into a new project here');
    await user.click(within(dialog).getByRole('radio', { name: 'Only the newest versions of each notebook' }));
    const count = within(dialog).getByRole('textbox', { name: 'Versions per notebook' });
    await user.clear(count);
    await user.type(count, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Pull' }));

    await waitFor(() => expect(screen.getByLabelText('address').textContent).toBe(`/remotes/operations/${OPERATION.id}`));
    expect(hub.seen.find((request) => request.method === 'POST')!.body).toEqual({ remote_project_id: TEAM_PROJECT.id, history: { latest: 5 } });
  });

  it('says that the team hub ended the connection when it lists no projects, with a way to sign in again', async () => {
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    const { hub, user } = renderPage(REMOTE);
    hub.on('GET /api/v1/remotes/team/projects', refused(409, 'CONFLICT', 'the team hub revoked this connection: sign in again (remote team)'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The team hub ended this connection: sign in again')).toBeTruthy();
    await user.click(within(alert).getByRole('link', { name: 'Sign in again' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sign in to team again' });
    hub.on(
      'POST /api/v1/remotes/team/sign-in',
      ok({ remote: { ...REMOTE, state: 'signing_in' }, authorize_url: 'https://hub.example.com/oauth/authorize?state=s2' }),
    );
    hub.on('GET /api/v1/remotes/team', ok({ ...REMOTE, state: 'signing_in' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('dialog', { name: 'Sign in to the team hub' });
    expect(open).toHaveBeenCalledWith('https://hub.example.com/oauth/authorize?state=s2', '_blank', 'noopener,noreferrer');
    expect(hub.seen.find((request) => request.method === 'POST')!.body).toEqual({});
  });

  it('says that the team hub cannot be reached, and tries again', async () => {
    const { hub, user } = renderPage(REMOTE);
    hub.on(
      'GET /api/v1/remotes/team/projects',
      refused(503, 'SERVICE_UNAVAILABLE', 'the team hub of remote team (https://hub.example.com) is unreachable: timed out'),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The team hub cannot be reached');
    hub.on('GET /api/v1/remotes/team/projects', ok([]));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'No team projects to pull' });
  });

  it('shows a revoked remote’s state and no team projects until it is signed in again', () => {
    renderPage({ ...REMOTE, state: 'revoked' });
    expect(screen.getByText('The team hub ended this connection')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Team projects' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeTruthy();
  });

  it('lists the remote’s recent pulls and pushes with their project', () => {
    renderPage(REMOTE, []);
    const table = screen.getByRole('table', { name: 'Recent pulls and pushes' });
    expect(within(table).getByRole('link', { name: 'Pull from team' }).getAttribute('href')).toBe(`/remotes/operations/${OPERATION.id}`);
    expect(table.textContent).toContain('3 of 12 versions and files');
  });
});
