import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../api/queries';
import { operationsQuery, remotesQuery, type Remote, type RemoteOperation } from '../../api/remotes';
import { fakeHub, ok, refused } from '../../test/fake-hub';
import { ME, OPERATION, REMOTE } from '../../test/remote-fixtures';
import { renderUi, testQueryClient } from '../../test/render';
import { RemotesPage } from './RemotesPage';

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname}</output>;
}

function renderPage(remotes?: Remote[], operations: RemoteOperation[] = []) {
  const hub = fakeHub();
  hub.on('GET /api/v1/remote-operations', ok(operations));
  const client = testQueryClient();
  client.setQueryData(meQuery.queryKey, ME);
  client.setQueryData(operationsQuery.queryKey, operations);
  if (remotes) client.setQueryData(remotesQuery.queryKey, remotes);
  const rendered = renderUi(
    <>
      <Routes>
        <Route path="/remotes" element={<RemotesPage />} />
        <Route path="/remotes/:name" element={<p>A remote’s page</p>} />
      </Routes>
      <Address />
    </>,
    { at: '/remotes', client },
  );
  return { hub, ...rendered };
}

const LONG_NAME = 'eu-west-analytics-team-hub-for-forecasts';

describe('the Remotes page', () => {
  it('says what a remote is for when there is none, with one way to add it', () => {
    renderPage([]);
    expect(screen.getByRole('heading', { name: 'No remotes yet' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add a remote' })).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'No pulls or pushes yet' })).toBeTruthy();
  });

  it('shows a spinner while the remotes load, and the hub’s refusal when they cannot', async () => {
    const { hub } = renderPage();
    expect(screen.getByLabelText('Loading remotes…')).toBeTruthy();
    hub.on('GET /api/v1/remotes', refused(403, 'FORBIDDEN', 'a scoped token may not use remotes'));
    await screen.findByText('a scoped token may not use remotes');
  });

  it('lists each remote with its team hub, user and state, and offers a sign-in again where it is not connected', () => {
    renderPage([
      REMOTE,
      { ...REMOTE, name: 'staging', state: 'signing_in', hub: null, user_name: null },
      { ...REMOTE, name: LONG_NAME, url: `https://${'very-long-host-name.'.repeat(4)}example.com/notebooks`, state: 'revoked' },
      { ...REMOTE, name: 'bobs', owner_id: 'usr-bob', state: 'revoked' },
    ]);
    const table = screen.getByRole('table', { name: 'Remotes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Example team hub');
    expect(rows[0]!.textContent).toContain('ada@team');
    expect(rows[0]!.textContent).toContain('Connected');
    expect(rows[1]!.textContent).toContain('Not asked yet');
    expect(rows[1]!.textContent).toContain('Signing in');
    expect(rows[2]!.textContent).toContain('Revoked');
    expect(within(rows[0]!).queryByRole('button', { name: /Sign in/ })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Sign in again to staging' })).toBeTruthy();
    expect(within(rows[2]!).getByRole('button', { name: `Sign in again to ${LONG_NAME}` })).toBeTruthy();
    // Only its owner signs a remote in; a super admin sees another person's, and may remove it.
    expect(rows[3]!.textContent).toContain('Another person’s remote');
    expect(within(rows[3]!).queryByRole('button', { name: /Sign in/ })).toBeNull();
    expect(within(rows[3]!).getByRole('button', { name: 'Remove bobs' })).toBeTruthy();
  });

  it('shows who is signed in on each team hub, as the team hub named them, and a dash while it has not said', () => {
    renderPage([
      { ...REMOTE, user_name: 'Ada Lovelace (ada@example.com)' },
      { ...REMOTE, name: 'staging', state: 'signing_in', hub: null, user_name: null },
    ]);
    const table = screen.getByRole('table', { name: 'Remotes' });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    const column = header.indexOf('Signed in as');
    expect(column).toBeGreaterThan(-1);
    const [signedIn, signingIn] = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[column]!.textContent);
    expect(signedIn).toBe('Ada Lovelace (ada@example.com)');
    expect(signingIn).toBe('—');
  });

  it('says on a finished push that a conflict it kept waits, linked to the conflict, and no more once it is resolved', () => {
    const finished = {
      ...OPERATION,
      kind: 'push',
      state: 'succeeded',
      progress: { files_done: 2, files_total: 3, bytes_done: 0, bytes_total: 0, eta_seconds: 0 },
      finished_at: '2026-03-02T10:01:00.000Z',
    } as const;
    const outcome = { remote_notebook_id: 'nb-team00000000004', versions: 0, note: null };
    renderPage(
      [REMOTE],
      [
        {
          ...finished,
          id: 'rop-0000000000000002',
          notebooks: [{ ...outcome, notebook_id: 'nb-0000000000000004', title: 'Revenue', outcome: 'conflict' }],
          conflicts_waiting: ['nb-0000000000000004'],
        },
        {
          ...finished,
          notebooks: [{ ...outcome, notebook_id: 'nb-0000000000000005', title: 'Costs', outcome: 'conflict' }],
          conflicts_waiting: [],
        },
      ],
    );
    const table = screen.getByRole('table', { name: 'Recent pulls and pushes' });
    const [waiting, resolved] = within(table).getAllByRole('row').slice(1);
    expect(waiting!.textContent).toContain('2 of 3 versions and files');
    const link = within(waiting!).getByRole('link', { name: '1 conflict waits: resolve it' });
    expect(link.getAttribute('href')).toBe(`/projects/${OPERATION.project_id}/sync/conflicts/nb-0000000000000004`);
    expect(resolved!.textContent).not.toMatch(/conflict/);
  });

  it('removes a remote after saying what stays', async () => {
    const { hub, user } = renderPage([REMOTE]);
    let remotes = [REMOTE];
    hub.on('DELETE /api/v1/remotes/team', () => ((remotes = []), ok({})));
    hub.on('GET /api/v1/remotes', () => ok(remotes));
    await user.click(screen.getByRole('button', { name: 'Remove team' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove remote' });
    expect(dialog.textContent).toContain('Projects pulled through it stay here');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await screen.findByRole('heading', { name: 'No remotes yet' });
    expect(hub.seen.map((request) => `${request.method} ${request.path}`)).toContain('DELETE /api/v1/remotes/team');
  });

  it('adds a remote signed in through the browser: opens the team hub’s page and follows the sign-in until it is done', async () => {
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    const { hub, user } = renderPage([]);
    const authorizeUrl = 'https://hub.example.com/oauth/authorize?client_id=c1&state=s1';
    const signingIn = { ...REMOTE, state: 'signing_in', hub: null, user_name: null };
    let remote: Remote = signingIn as Remote;
    hub.on('POST /api/v1/remotes', { status: 201, ...ok({ remote: signingIn, authorize_url: authorizeUrl }) });
    hub.on('GET /api/v1/remotes/team', () => ok(remote));
    hub.on('GET /api/v1/remotes', () => ok([remote]));

    await user.click(screen.getByRole('button', { name: 'Add a remote' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a remote' });
    await user.type(within(dialog).getByRole('textbox', { name: /Address of the team hub/ }), 'https://hub.example.com/');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Team');
    await user.click(within(dialog).getByRole('button', { name: 'Add and sign in' }));

    const signIn = await screen.findByRole('dialog', { name: 'Sign in to the team hub' });
    expect(hub.seen.find((request) => request.method === 'POST')!.body).toEqual({ name: 'team', url: 'https://hub.example.com/' });
    expect(open).toHaveBeenCalledWith(authorizeUrl, '_blank', 'noopener,noreferrer');
    expect(within(signIn).getByRole('link', { name: 'Open the sign-in page' }).getAttribute('href')).toBe(authorizeUrl);
    expect(within(signIn).getByRole('status').textContent).toContain('sign in there and allow this hub');

    // The team hub sends the browser back: the next read of the remote finds it connected.
    remote = REMOTE;
    await within(signIn).findByText(/signed in to Example team hub as ada@team/, {}, { timeout: 5000 });
    expect(within(signIn).getByRole('link', { name: 'Browse its projects' }).getAttribute('href')).toBe('/remotes/team');
  });

  it('adds a remote with a personal access token, never putting the token anywhere but the request', async () => {
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    const { hub, user } = renderPage([]);
    hub.on('POST /api/v1/remotes', { status: 201, ...ok({ remote: { ...REMOTE, sign_in: 'token' }, authorize_url: null }) });
    hub.on('GET /api/v1/remotes', ok([REMOTE]));
    await user.click(screen.getByRole('button', { name: 'Add a remote' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a remote' });
    await user.type(within(dialog).getByRole('textbox', { name: /Address of the team hub/ }), 'https://hub.example.com');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'team');
    await user.click(within(dialog).getByRole('radio', { name: /personal access token/ }));
    await user.type(within(dialog).getByLabelText(/Personal access token/), 'svc_pat_secret');
    await user.click(within(dialog).getByRole('button', { name: 'Add remote' }));

    await waitFor(() => expect(screen.getByLabelText('address').textContent).toBe('/remotes/team'));
    expect(hub.seen.find((request) => request.method === 'POST')!.body).toEqual({ name: 'team', url: 'https://hub.example.com', token: 'svc_pat_secret' });
    expect(open).not.toHaveBeenCalled();
    expect(document.body.textContent).not.toContain('svc_pat_secret');
  });

  it('says in words that the team hub cannot be reached, and keeps the form', async () => {
    const { hub, user } = renderPage([]);
    hub.on(
      'POST /api/v1/remotes',
      refused(503, 'SERVICE_UNAVAILABLE', 'the team hub of remote team (https://hub.example.com) is unreachable: connection refused'),
    );
    await user.click(screen.getByRole('button', { name: 'Add a remote' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a remote' });
    await user.type(within(dialog).getByRole('textbox', { name: /Address of the team hub/ }), 'https://hub.example.com');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'team');
    await user.click(within(dialog).getByRole('button', { name: 'Add and sign in' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The team hub cannot be reached');
    expect(alert.textContent).toContain('is unreachable: connection refused.');
  });

  it('shows the name’s refusal at the name field', async () => {
    const { hub, user } = renderPage([]);
    hub.on(
      'POST /api/v1/remotes',
      refused(422, 'VALIDATION_ERROR', 'name is not valid', [{ field: '/name', message: 'lower-case letters, digits and dashes' }]),
    );
    await user.click(screen.getByRole('button', { name: 'Add a remote' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a remote' });
    await user.type(within(dialog).getByRole('textbox', { name: /Address of the team hub/ }), 'https://hub.example.com');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '-x');
    await user.click(within(dialog).getByRole('button', { name: 'Add and sign in' }));
    await within(dialog).findByText('lower-case letters, digits and dashes');
  });
});
