import { Badge, Button, Group, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { AlertDestination } from '../../api/alerts';
import { formatDateTime } from '../../app/format';
import { kindLabel } from './alert-kinds';

interface Props {
  items: AlertDestination[];
  verifying: string | undefined;
  onVerify: (destination: AlertDestination) => void;
  onEdit: (destination: AlertDestination) => void;
  onDelete: (destination: AlertDestination) => void;
}

/** The destinations: where each sends, which events, whether a test got through, and its actions. */
export function AlertsTable({ items, verifying, onVerify, onEdit, onDelete }: Props) {
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={820} type="native">
        <Table verticalSpacing="sm" aria-label="Alert destinations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="26%">Destination</Table.Th>
              <Table.Th>Events</Table.Th>
              <Table.Th w={190}>Status</Table.Th>
              <Table.Th w={230}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((destination) => (
              <Table.Tr key={destination.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm" fw={500}>
                    {destination.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {destination.type === 'slack' ? 'Slack' : 'Webhook'} to {destination.endpoint_host}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {destination.kinds.map((kind) => (
                      <Tooltip key={kind} label={kindLabel(kind)}>
                        <Badge variant="light" size="sm" tt="none">
                          {kind}
                        </Badge>
                      </Tooltip>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <Badge color={destination.enabled ? 'green' : 'gray'} variant="dot" size="sm">
                      {destination.enabled ? 'enabled' : 'disabled'}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {destination.verified_at ? `Verified ${formatDateTime(destination.verified_at)}` : 'Not verified'}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => onVerify(destination)}
                      loading={verifying === destination.id}
                      aria-label={`Send test to ${destination.name}`}
                    >
                      Send test
                    </Button>
                    <Button size="xs" variant="default" onClick={() => onEdit(destination)} aria-label={`Edit ${destination.name}`}>
                      Edit
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(destination)} aria-label={`Delete ${destination.name}`}>
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
