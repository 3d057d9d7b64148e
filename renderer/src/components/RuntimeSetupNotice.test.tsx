import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meQuery } from '../api/queries';
import { runtimeSetupQuery, type RuntimeSetupStatus } from '../api/runtime-setup';
import type { Me } from '../api/types';
import { fakeHub, ok } from '../test/fake-hub';
import { renderUi, testQueryClient } from '../test/render';
import { RuntimeSetupNotice } from './RuntimeSetupNotice';

const ADMIN: Me = { id: 'u1', email: 'admin@example.com', name: null, picture_url: null, logout_url: null, is_super_admin: true, can_create_projects: true };
const NEEDS_REPAIR: RuntimeSetupStatus = {
  state: 'needs_repair',
  percent: null,
  step: null,
  detail: 'The runtime build did not finish.',
  log_tail: 'uv venv\nerror: interrupted',
};
const PREPARING: RuntimeSetupStatus = {
  state: 'preparing',
  percent: 12,
  step: 'Installing marimo',
  detail: 'Building.',
  log_tail: 'rebuilding the notebook runtime',
};

function clientWith(me: Me, status: RuntimeSetupStatus) {
  const client = testQueryClient();
  client.setQueryData(meQuery.queryKey, me);
  client.setQueryData(runtimeSetupQuery.queryKey, status);
  return client;
}

describe('RuntimeSetupNotice', () => {
  it('shows a runtime that needs a repair, with its log in a region the keyboard reaches', async () => {
    const { user } = renderUi(<RuntimeSetupNotice />, { client: clientWith(ADMIN, NEEDS_REPAIR) });
    const notice = screen.getByRole('alert', { name: 'The notebook runtime needs a repair' });
    expect(notice.textContent).toContain('The runtime build did not finish.');

    await user.click(screen.getByRole('button', { name: 'Show log' }));
    const log = await screen.findByRole('region', { name: "The last lines of the runtime's build log" });
    expect(log.textContent).toContain('error: interrupted');
    expect(log.getAttribute('tabindex')).toBe('0');
  });

  it('repairs it for a super admin and shows the build’s progress from the answer', async () => {
    const hub = fakeHub();
    hub.on('POST /api/v1/runtime-setup', ok(PREPARING));
    hub.on('GET /api/v1/runtime-setup', ok(PREPARING));
    const { user } = renderUi(<RuntimeSetupNotice />, { client: clientWith(ADMIN, NEEDS_REPAIR) });

    await user.click(screen.getByRole('button', { name: 'Repair' }));
    const building = await screen.findByRole('status', { name: 'Setting up the notebook runtime' });
    expect(building.textContent).toContain('Installing marimo…');
    expect(screen.getByRole('progressbar', { name: 'Notebook runtime set-up progress' }).getAttribute('aria-valuenow')).toBe('12');
    expect(hub.seen.find((request) => request.method === 'POST')?.body).toEqual({ rebuild: true });
  });

  it('offers no repair to anyone else', () => {
    renderUi(<RuntimeSetupNotice />, { client: clientWith({ ...ADMIN, is_super_admin: false }, NEEDS_REPAIR) });
    expect(screen.getByRole('alert', { name: 'The notebook runtime needs a repair' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Repair' })).toBeNull();
  });

  it('says nothing while the runtime is ready', () => {
    renderUi(<RuntimeSetupNotice />, { client: clientWith(ADMIN, { ...NEEDS_REPAIR, state: 'ready', log_tail: null }) });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
