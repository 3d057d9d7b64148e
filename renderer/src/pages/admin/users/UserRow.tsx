import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { AdminUser } from '../../../api/admin-types';
import { formatDateTime } from '../../../app/format';

/** One user: who they are, whether they are suspended, and the button that changes it. */
export function UserRow({ user, isMe, onAct }: { user: AdminUser; isMe: boolean; onAct: () => void }) {
  const suspended = user.suspended_at !== null;
  return (
    <Table.Tr>
      <Table.Td maw={420}>
        <Group gap="xs" wrap="nowrap">
          <Text fw={500} truncate="end">
            {user.email}
          </Text>
          {isMe && (
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
      </Table.Td>
      <Table.Td>
        {suspended ? (
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
        )}
      </Table.Td>
      <Table.Td>{formatDateTime(user.updated_at)}</Table.Td>
      <Table.Td ta="right">
        <Button
          size="xs"
          variant={suspended ? 'light' : 'default'}
          color={suspended ? undefined : 'red'}
          onClick={onAct}
          aria-label={`${suspended ? 'Restore' : 'Suspend'} ${user.email}`}
        >
          {suspended ? 'Restore' : 'Suspend'}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
