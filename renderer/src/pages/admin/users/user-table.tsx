import { Badge, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AdminUser } from '../../../api/admin-types';
import { formatDateTime } from '../../../app/format';
import { ConfirmButton } from '../../../components/ConfirmButton';
import type { Column } from '../../../components/DataTable';

/** Each user: who they are (marked when it is you) and whether they are suspended. */
export function userColumns(meId: string): Column<AdminUser>[] {
  return [
    {
      header: 'User',
      cellProps: { maw: 420 },
      cell: (user) => (
        <>
          <Group gap="xs" wrap="nowrap">
            <Text fw={500} truncate="end">
              {user.email}
            </Text>
            {user.id === meId && (
              <Badge variant="outline" size="sm">
                you
              </Badge>
            )}
            {user.is_super_admin && (
              <Badge variant="light" size="sm">
                super admin
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" truncate="end">
            {user.name ? `${user.name} · ` : ''}
            {user.id}
          </Text>
        </>
      ),
    },
    {
      header: 'Status',
      cell: (user) =>
        user.suspended_at !== null ? (
          <Stack gap={2} align="flex-start">
            <Badge color="red" variant="dot">
              suspended
            </Badge>
            <Text size="xs" c="dimmed">
              since {formatDateTime(user.suspended_at)}
            </Text>
          </Stack>
        ) : (
          <Badge color="green" variant="dot">
            active
          </Badge>
        ),
    },
    { header: 'Last change', cell: (user) => formatDateTime(user.updated_at) },
  ];
}

type SetSuspended = UseMutationResult<AdminUser, Error, { userId: string; suspend: boolean }>;

/** Suspends (or restores) a user after asking; the API's refusal, such as suspending yourself, stays in the dialog. */
export function SuspendButton({ user, mutation }: { user: AdminUser; mutation: SetSuspended }) {
  const suspend = user.suspended_at === null;
  const verb = suspend ? 'Suspend' : 'Restore';
  return (
    <ConfirmButton
      mutation={mutation}
      variables={{ userId: user.id, suspend }}
      label={verb}
      ariaLabel={`${verb} ${user.email}`}
      button={{ size: 'xs', variant: suspend ? 'default' : 'light', color: suspend ? 'red' : undefined }}
      title={suspend ? 'Suspend this user?' : 'Restore this user?'}
      tone={suspend ? 'danger' : 'safe'}
      onSuccess={(updated) =>
        notifications.show({ color: suspend ? 'orange' : 'green', message: `${updated.email} ${suspend ? 'is suspended' : 'can sign in again'}.` })
      }
    >
      {suspend ? (
        <>
          <b>{user.email}</b> will be refused on every request, in the browser and with their tokens, until restored. Their projects and notebooks are kept.
        </>
      ) : (
        <>
          <b>{user.email}</b> will be able to sign in and use their tokens again.
        </>
      )}
    </ConfirmButton>
  );
}
