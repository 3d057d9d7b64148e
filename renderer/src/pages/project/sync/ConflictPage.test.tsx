import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { meQuery } from '../../../api/queries';
import { remoteKeys, type RemoteConflict } from '../../../api/remotes';
import type { Project } from '../../../api/types';
import { fakeHub, ok } from '../../../test/fake-hub';
import { code, CONFLICT, LINKED, ME } from '../../../test/remote-fixtures';
import { renderUi, testQueryClient } from '../../../test/render';
import { ConflictPage } from './ConflictPage';
import { MARKERS } from './three-way';

const PID = 'proj-0000000000000001';
const NID = CONFLICT.notebook_id;

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname}</output>;
}

function renderPage(conflict: RemoteConflict, role: Project['your_role'] = 'editor') {
  const hub = fakeHub();
  const client = testQueryClient();
  client.setQueryData(meQuery.queryKey, ME);
  client.setQueryData(remoteKeys.project(PID), LINKED);
  client.setQueryData(remoteKeys.conflict(PID, NID), conflict);
  hub.on(`GET /api/v1/projects/${PID}/remote`, ok(LINKED));
  hub.on(`GET /api/v1/projects/${PID}/notebooks/${NID}`, ok({}));
  const rendered = renderUi(
    <>
      <Routes>
        <Route element={<Outlet context={{ id: PID, name: 'Forecasts', your_role: role, members: [] } as unknown as Project} />}>
          <Route path="/projects/:pid/sync/conflicts/:nid" element={<ConflictPage />} />
          <Route path="/projects/:pid/sync" element={<p>The Sync tab</p>} />
        </Route>
      </Routes>
      <Address />
    </>,
    { at: `/projects/${PID}/sync/conflicts/${NID}`, client },
  );
  return { hub, ...rendered };
}

const resolved = (choice: string, pushed: boolean) =>
  ok({ notebook_id: NID, choice, version_id: 'ver-new', pushed, push: pushed ? { outcome: 'updated', note: null } : null });

describe('the conflict view', () => {
  it('shows base, mine and theirs, and mine beside theirs with whose change each is', async () => {
    const { user } = renderPage(CONFLICT);
    expect(screen.getByRole('heading', { name: 'Conflict in Holiday effects' })).toBeTruthy();
    expect(screen.getByText('Faster rate')).toBeTruthy();
    expect(screen.getByText('Two weeks')).toBeTruthy();
    expect(screen.getByText(/bob@team/)).toBeTruthy();
    const sideBySide = screen.getByRole('region', { name: 'Mine and theirs, side by side' });
    expect(within(sideBySide).getByRole('rowheader', { name: 'Changed on both sides differently' })).toBeTruthy();
    const rows = within(sideBySide).getAllByRole('row');
    expect(rows.some((row) => row.textContent === '2rate = 22rate = 3')).toBe(true);
    expect(rows.some((row) => row.textContent === '3days = 73days = 14')).toBe(true);
    expect(screen.getByText('1 place changed differently on both sides.')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Their changes' }));
    const theirs = screen.getByRole('region', { name: 'The team’s changes since the base' });
    expect(theirs.textContent).toContain('days = 14');
  });

  it('keeps both after saying what happens on each side, then goes back to the Sync tab', async () => {
    const { hub, user } = renderPage(CONFLICT);
    hub.on(`POST /api/v1/projects/${PID}/remote/conflicts/${NID}/resolve`, resolved('keep_both', true));
    await user.click(screen.getByRole('button', { name: 'Keep both' }));
    const dialog = screen.getByRole('dialog', { name: 'Keep both versions?' });
    expect(dialog.textContent).toContain('yours is pushed to the team hub after theirs');
    await user.click(within(dialog).getByRole('button', { name: 'Keep both' }));
    await waitFor(() => expect(screen.getByLabelText('address').textContent).toBe(`/projects/${PID}/sync`));
    expect(hub.seen.find((request) => request.method === 'POST')!.body).toEqual({ choice: 'keep_both' });
  });

  it('takes theirs, saying that nothing is sent', async () => {
    const { hub, user } = renderPage(CONFLICT);
    hub.on(`POST /api/v1/projects/${PID}/remote/conflicts/${NID}/resolve`, resolved('take_theirs', false));
    await user.click(screen.getByRole('button', { name: 'Take theirs' }));
    const dialog = screen.getByRole('dialog', { name: 'Take the team’s version?' });
    expect(dialog.textContent).toContain('Nothing is sent to the team hub');
    await user.click(within(dialog).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(screen.getByLabelText('address').textContent).toBe(`/projects/${PID}/sync`));
    expect(hub.seen.find((request) => request.method === 'POST')!.body).toEqual({ choice: 'take_theirs' });
  });

  it('merges in the editor: starts from both sides’ changes with the conflict marked, warns of markers left, saves the edited code', async () => {
    const { hub, user } = renderPage(CONFLICT);
    hub.on(`POST /api/v1/projects/${PID}/remote/conflicts/${NID}/resolve`, resolved('merged', true));
    await user.click(screen.getByRole('button', { name: 'Merge in the editor' }));
    const editor = screen.getByRole('textbox', { name: 'Merged notebook' }) as HTMLTextAreaElement;
    expect(editor.value).toBe(
      code('import marimo', MARKERS.mine, 'rate = 2', 'days = 7', MARKERS.middle, 'rate = 3', 'days = 14', MARKERS.theirs, 'print(rate)'),
    );
    expect(screen.getByText('1 place still marked')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save the merge' }));
    let dialog = screen.getByRole('dialog', { name: 'Save the merge?' });
    expect(dialog.textContent).toContain('still marks 1 conflict');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const merged = code('import marimo', 'rate = 2', 'days = 14', 'print(rate)');
    fireEvent.change(editor, { target: { value: merged } });
    expect(screen.getByText('No conflict markers left.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save the merge' }));
    dialog = screen.getByRole('dialog', { name: 'Save the merge?' });
    expect(dialog.textContent).not.toContain('still marks');
    await user.click(within(dialog).getByRole('button', { name: 'Save and push' }));
    await waitFor(() => expect(screen.getByLabelText('address').textContent).toBe(`/projects/${PID}/sync`));
    expect(hub.seen.find((request) => request.method === 'POST')!.body).toEqual({ choice: 'merged', code: merged });
  });

  it('offers only keep both and take theirs when only the workspace files conflict', () => {
    renderPage({ ...CONFLICT, base: null, mine: null, theirs: null, workspace: { theirs_manifest_id: 'wsm-1' } });
    expect(screen.getByText('The workspace files changed on both sides too')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Keep both' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Take theirs' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Merge in the editor' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Mine and theirs, side by side' })).toBeNull();
  });

  it('without a base, marks every difference and says why', () => {
    renderPage({ ...CONFLICT, base: null });
    expect(screen.getByText(/The code both sides last had is not known any more/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'My changes' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows a viewer the conflict without the choices', () => {
    renderPage(CONFLICT, 'viewer');
    expect(screen.queryByRole('button', { name: 'Keep both' })).toBeNull();
    expect(screen.getByText('An editor of this project resolves it.')).toBeTruthy();
  });
});
