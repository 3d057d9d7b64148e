import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUsersQuery } from '../../../api/admin';
import type { AdminUser } from '../../../api/admin-types';
import { meQuery } from '../../../api/queries';
import { fakeHub, refused } from '../../../test/fake-hub';
import { renderUi, testQueryClient } from '../../../test/render';
import { UsersTab } from './UsersTab';

const user = (id: string, email: string, name: string, suspended_at: string | null = null): AdminUser => ({
  id,
  email,
  name,
  updated_at: '2026-01-05T10:00:00.000Z',
  suspended_at,
  is_super_admin: false,
});
const ADMIN = { ...user('u-admin', 'admin@example.com', 'Ada'), is_super_admin: true };
const DANA = user('u-dana', 'dana@example.com', 'Dana Scully');
const FOX = user('u-fox', 'fox@example.com', 'Fox Mulder', '2026-01-06T08:00:00.000Z');

function clientWith(users: AdminUser[], nextCursor: string | null = null) {
  const client = testQueryClient();
  client.setQueryData(meQuery.queryKey, { ...ADMIN, picture_url: null, logout_url: null, can_create_projects: true });
  client.setQueryData(adminUsersQuery.queryKey, { pages: [{ items: users, next_cursor: nextCursor }], pageParams: [null] });
  return client;
}

const emails = () =>
  screen
    .queryAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('UsersTab', () => {
  it('searches the loaded users by e-mail or name, the search kept in the address', async () => {
    const { user: person } = renderUi(<UsersTab />, { client: clientWith([ADMIN, DANA, FOX]), at: '/admin/users?q=scully', path: '/admin/users' });
    expect(screen.getByRole('searchbox', { name: 'Search by e-mail or name' })).toHaveProperty('value', 'scully');
    expect(emails()).toEqual(['dana@example.comDana Scully · u-dana']);

    await person.clear(screen.getByRole('searchbox'));
    expect(emails()).toHaveLength(3);
    expect(emails()[0]).toContain('admin@example.comyousuper admin');
  });

  it('says where to look further when nothing loaded matches', () => {
    renderUi(<UsersTab />, { client: clientWith([ADMIN, DANA], 'next-page'), at: '/admin/users?q=nobody', path: '/admin/users' });
    expect(screen.getByRole('heading', { name: 'No matching users' })).toBeTruthy();
    expect(screen.getByText('None of the loaded users match; load more to search further.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });

  it('restores a suspended user after asking, and keeps a refusal in the dialog', async () => {
    const hub = fakeHub();
    hub.on('POST /api/v1/admin/users/u-fox/unsuspend', refused(409, 'CONFLICT', 'The user was restored meanwhile.'));
    const { user: person } = renderUi(<UsersTab />, { client: clientWith([ADMIN, FOX]), at: '/admin/users', path: '/admin/users' });

    await person.click(screen.getByRole('button', { name: 'Restore fox@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore this user?' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Restore'));
    await person.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The user was restored meanwhile.');
  });
});
