import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { remoteKeys, type RemoteOperation } from '../../api/remotes';
import { fakeHub, ok } from '../../test/fake-hub';
import { OPERATION } from '../../test/remote-fixtures';
import { renderUi, testQueryClient } from '../../test/render';
import { OperationPage } from './OperationPage';
import { formatEta } from './progress-text';

function renderPage(operation: RemoteOperation) {
  const hub = fakeHub();
  hub.on(`GET /api/v1/remote-operations/${operation.id}`, ok(operation));
  hub.on('GET /api/v1/remote-operations', ok([operation]));
  const client = testQueryClient();
  client.setQueryData(remoteKeys.operation(operation.id), operation);
  const rendered = renderUi(
    <Routes>
      <Route path="/remotes/operations/:opid" element={<OperationPage />} />
    </Routes>,
    { at: `/remotes/operations/${operation.id}`, client },
  );
  return { hub, ...rendered };
}

const DONE: RemoteOperation = {
  ...OPERATION,
  state: 'succeeded',
  progress: { ...OPERATION.progress, files_done: 12, bytes_done: OPERATION.progress.bytes_total, eta_seconds: 0 },
  finished_at: '2026-03-02T10:01:00.000Z',
  notebooks: [
    { notebook_id: 'nb-0000000000000001', remote_notebook_id: 'nb-team0000000001', title: 'Demand model', outcome: 'created', versions: 4, note: null },
    { notebook_id: 'nb-0000000000000002', remote_notebook_id: 'nb-team0000000002', title: 'Holiday effects', outcome: 'conflict', versions: 0, note: null },
    {
      notebook_id: 'nb-0000000000000003',
      remote_notebook_id: 'nb-team0000000003',
      title: 'Weather join',
      outcome: 'skipped',
      versions: 0,
      note: 'its workspace is held by an edit session: pull again after it ends',
    },
  ],
};

describe('a pull’s page', () => {
  it('shows the progress while it runs: versions and files, bytes and the time left', () => {
    renderPage(OPERATION);
    expect(screen.getByRole('heading', { level: 1, name: 'Pull from team' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Pull from team: 13%' })).toBeTruthy();
    expect(screen.getByText('3 of 12 versions and files · 5.0 MB of 40 MB · about 2 min left')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open the project' })).toBeNull();
  });

  it('once done, says how each notebook came out and links to the new project and its conflicts', () => {
    renderPage(DONE);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText(/3 notebooks: 1 created, 1 conflict, 1 skipped\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the project' }).getAttribute('href')).toBe('/projects/proj-0000000000000001/notebooks');
    const table = screen.getByRole('table', { name: 'Notebooks of the pull' });
    expect(within(table).getByRole('link', { name: 'Resolve the conflict' }).getAttribute('href')).toBe(
      '/projects/proj-0000000000000001/sync/conflicts/nb-0000000000000002',
    );
    expect(table.textContent).toContain('held by an edit session');
  });

  it('says in words why a pull failed, and takes it up again with the history chosen', async () => {
    const failed: RemoteOperation = {
      ...OPERATION,
      state: 'failed',
      project_id: null,
      error: { code: 'SERVICE_UNAVAILABLE', message: 'the team hub of remote team (https://hub.example.com) is unreachable: connection reset' },
    };
    const { hub, user } = renderPage(failed);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('The team hub cannot be reached')).toBeTruthy();
    // The hub takes the failed pull up under the same id.
    hub.on(
      'POST /api/v1/remotes/team/pulls',
      () => (hub.on(`GET /api/v1/remote-operations/${OPERATION.id}`, ok(OPERATION)), { status: 202, ...ok(OPERATION) }),
    );
    await user.click(screen.getByRole('button', { name: 'Take the pull up again' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Pull a team project' })).getByRole('button', { name: 'Pull' }));
    await screen.findByRole('progressbar');
    expect(hub.seen.find((request) => request.method === 'POST')!.body).toEqual({ remote_project_id: OPERATION.remote_project_id, history: 'all' });
  });

  it('says the team hub refused a push of a viewer', () => {
    renderPage({
      ...OPERATION,
      kind: 'push',
      state: 'failed',
      error: { code: 'FORBIDDEN', message: 'the team hub of remote team refused: a viewer may not change notebooks in this project' },
    });
    expect(within(screen.getByRole('alert')).getByText('The team hub refused')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Push again' })).toBeTruthy();
  });
});

describe('formatEta', () => {
  it('rounds as a person says it', () => {
    expect(formatEta(0.2)).toBe('about 1 s');
    expect(formatEta(42)).toBe('about 42 s');
    expect(formatEta(95)).toBe('about 2 min');
    expect(formatEta(3900)).toBe('about 1 h 5 min');
    expect(formatEta(7200)).toBe('about 2 h');
  });
});
