import { Anchor, Badge, Button, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { RuntimeSession } from '../../../api/admin-types';
import { formatDateTime } from '../../../app/format';
import { BLOCKED_REASONS } from './blocked-reasons';

const STATE_COLORS: Record<RuntimeSession['state'], string> = { provisioning: 'blue', running: 'green', stopping: 'orange', stopped: 'gray', failed: 'red' };

function ReclaimCell({ session, onReclaim }: { session: RuntimeSession; onReclaim: () => void }) {
  const reason = session.reclaim_blocked_reason ? BLOCKED_REASONS[session.reclaim_blocked_reason] : null;
  const button = (
    <Button size="xs" variant="default" onClick={onReclaim} aria-label={`Reclaim session ${session.id}`}>
      Reclaim
    </Button>
  );
  // The hint covers only causes that need no sandbox call; the API decides, so the button stays usable.
  return reason ? (
    <Tooltip label={reason} multiline w={260}>
      {button}
    </Tooltip>
  ) : (
    button
  );
}

/** One row per session: where it runs, whose it is, its state, and whether a reclaim would pass its first checks. */
export function SessionsTable({ items, onReclaim }: { items: RuntimeSession[]; onReclaim: (session: RuntimeSession) => void }) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Session</Table.Th>
            <Table.Th>Notebook</Table.Th>
            <Table.Th>User</Table.Th>
            <Table.Th w={130}>State</Table.Th>
            <Table.Th>Started</Table.Th>
            <Table.Th>Sandbox</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((session) => (
            <Table.Tr key={session.id}>
              <Table.Td>
                <Text size="xs" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {session.id}
                </Text>
                <Badge size="xs" variant="outline">
                  {session.mode}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/projects/${session.project_id}/notebooks/${session.notebook_id}`}
                  size="xs"
                  ff="monospace"
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {session.notebook_id}
                </Anchor>
                <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {session.project_id}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {session.user_id}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <Badge color={STATE_COLORS[session.state]} variant="dot" style={{ flexShrink: 0, overflow: 'visible' }}>
                    {session.state}
                  </Badge>
                  {session.stop_reason && (
                    <Text size="xs" c="dimmed">
                      {session.stop_reason}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(session.created_at)}</Text>
                {session.stopped_at && (
                  <Text size="xs" c="dimmed">
                    over {formatDateTime(session.stopped_at)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{session.sandbox_released ? 'released' : 'held'}</Text>
                {session.reclaim_blocked_reason && (
                  <Text size="xs" c="dimmed">
                    {session.reclaim_blocked_reason.replace(/_/g, ' ')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">
                <ReclaimCell session={session} onReclaim={() => onReclaim(session)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
