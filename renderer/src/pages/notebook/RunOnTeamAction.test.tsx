import { Notifications, notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { remoteKeys } from '../../api/remotes';
import type { Project } from '../../api/types';
import { fakeHub, ok } from '../../test/fake-hub';
import { LINKED, UNLINKED } from '../../test/remote-fixtures';
import { renderUi, testQueryClient } from '../../test/render';
import { RunOnTeamAction } from './RunOnTeamAction';

const PID = 'proj-0000000000000001';
const CLEANING = 'nb-0000000000000002';
const IN_CONFLICT = 'nb-0000000000000004';
const COMPUTE = { profiles: [], default_profile: 'default', profile_choice: 'editors', jobs_available: true };
const LAUNCH = { launch_url: 'https://team.example/api/v1/sync/launches/abc', expires_at: '2026-03-02T12:01:00.000Z' };

function renderAction(nid: string, role: Project['your_role'] = 'editor', status = LINKED) {
  const hub = fakeHub();
  hub.on(`GET /api/v1/projects/${PID}/remote`, ok(status));
  hub.on(`GET /api/v1/projects/${PID}/remote/compute`, ok(COMPUTE));
  const client = testQueryClient();
  client.setQueryData(remoteKeys.project(PID), status);
  const rendered = renderUi(
    <>
      <Notifications />
      <RunOnTeamAction project={{ id: PID, name: 'Forecasts', your_role: role } as Project} nid={nid} />
    </>,
    { client },
  );
  return { hub, ...rendered };
}

afterEach(() => act(() => notifications.clean()));

describe('"Run on team hub" in a notebook’s heading', () => {
  it('is offered for a synced notebook to those who may change it', () => {
    renderAction(CLEANING);
    expect((screen.getByRole('button', { name: 'Run on team hub' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('is disabled for a notebook in conflict', () => {
    renderAction(IN_CONFLICT);
    expect((screen.getByRole('button', { name: 'Run on team hub' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is not there for a viewer, in a project that does not sync, or for a notebook its sync state does not list', () => {
    const viewer = renderAction(CLEANING, 'viewer');
    expect(screen.queryByRole('button', { name: 'Run on team hub' })).toBeNull();
    viewer.unmount();
    const unlinked = renderAction('nb-0000000000000005', 'editor', UNLINKED);
    expect(screen.queryByRole('button', { name: 'Run on team hub' })).toBeNull();
    unlinked.unmount();
    renderAction('nb-0000000000000006');
    expect(screen.queryByRole('button', { name: 'Run on team hub' })).toBeNull();
  });

  it('starts a session through the same dialog as the Sync tab and points to where it is followed', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { hub, user } = renderAction(CLEANING);
    await user.click(screen.getByRole('button', { name: 'Run on team hub' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run “Cleaning” on the team hub' });
    hub.on(`POST /api/v1/projects/${PID}/notebooks/${CLEANING}/remote/sessions`, {
      status: 201,
      ...ok({ run: { id: 'rrun-1', state: 'starting' }, launch: LAUNCH }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Start and open' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(LAUNCH.launch_url, '_blank', 'noopener,noreferrer'));
    const follow = await screen.findByRole('link', { name: 'On the team hub' });
    expect(follow.getAttribute('href')).toBe(`/projects/${PID}/sync`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
