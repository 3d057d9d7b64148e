import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeHub, ok, refused } from '../../test/fake-hub';
import { renderUi } from '../../test/render';
import { RoleTable, type RoleRow } from './RoleTable';

const PEOPLE: RoleRow[] = [
  { key: 'u-owner', label: 'owner@example.com', detail: 'Owner', role: 'admin', locked: 'The owner is always the admin' },
  { key: 'u-ed', label: 'ed@example.com', role: 'editor' },
];

describe('RoleTable', () => {
  it('changes a member’s role in place', async () => {
    const hub = fakeHub();
    hub.on('PATCH /api/v1/projects/p1/members/u-ed', ok([]));
    const { user } = renderUi(<RoleTable pid="p1" holder="member" caption="People" rows={PEOPLE} editable />);

    await user.click(screen.getByRole('textbox', { name: 'Role of ed@example.com' }));
    await user.click(await screen.findByRole('option', { name: 'Manager' }));
    await waitFor(() => expect(hub.seen).toHaveLength(1));
    expect(hub.seen[0]).toMatchObject({ method: 'PATCH', path: '/api/v1/projects/p1/members/u-ed', body: { role: 'manager' } });
  });

  it('says whose role could not be changed, and why', async () => {
    const hub = fakeHub();
    hub.on('PATCH /api/v1/projects/p1/group-members/data-team', refused(403, 'FORBIDDEN', 'Only managers change roles.'));
    const { user } = renderUi(
      <RoleTable pid="p1" holder="group" caption="Groups" rows={[{ key: 'data-team', label: 'data-team', role: 'viewer' }]} editable />,
    );

    await user.click(screen.getByRole('textbox', { name: 'Role of data-team' }));
    await user.click(await screen.findByRole('option', { name: 'Editor' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not change the role of data-team: Only managers change roles.');
  });

  it('removes a member after asking, and never the owner', async () => {
    const hub = fakeHub();
    hub.on('DELETE /api/v1/projects/p1/members/u-ed', ok({}));
    const { user } = renderUi(<RoleTable pid="p1" holder="member" caption="People" rows={PEOPLE} editable />);

    const ownerRow = screen.getByRole('row', { name: /owner@example.com/ });
    expect(within(ownerRow).queryByRole('button')).toBeNull();
    expect(within(ownerRow).getByText('admin').closest('[title]')?.getAttribute('title')).toBe('The owner is always the admin');

    await user.click(screen.getByRole('button', { name: 'Remove ed@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove member' });
    expect(dialog.textContent).toContain('ed@example.com loses their role in this project');
    expect(hub.seen).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(hub.seen.map((request) => `${request.method} ${request.path}`)).toEqual(['DELETE /api/v1/projects/p1/members/u-ed']));
  });

  it('shows roles without controls to those who may not change them', () => {
    renderUi(<RoleTable pid="p1" holder="member" caption="People" rows={PEOPLE} editable={false} />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Member', 'Role']);
  });
});
