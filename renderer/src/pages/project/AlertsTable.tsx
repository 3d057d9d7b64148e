import { Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AlertDestination } from '../../api/alerts';
import { formatDateTime } from '../../app/format';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataTable, type Column } from '../../components/DataTable';
import { kindLabel } from './alert-kinds';

interface Props {
  items: AlertDestination[];
  verifying: string | undefined;
  onVerify: (destination: AlertDestination) => void;
  onEdit: (destination: AlertDestination) => void;
  remove: UseMutationResult<void, Error, string>;
}

const columns: Column<AlertDestination>[] = [
  {
    header: 'Destination',
    width: '26%',
    breakAnywhere: true,
    cell: (destination) => (
      <>
        <Text size="sm" fw={500}>
          {destination.name}
        </Text>
        <Text size="xs" c="dimmed">
          {destination.type === 'slack' ? 'Slack' : 'Webhook'} to {destination.endpoint_host}
        </Text>
      </>
    ),
  },
  {
    header: 'Events',
    cell: (destination) => (
      <Group gap={4}>
        {destination.kinds.map((kind) => (
          <Tooltip key={kind} label={kindLabel(kind)}>
            <Badge variant="light" size="sm" tt="none">
              {kind}
            </Badge>
          </Tooltip>
        ))}
      </Group>
    ),
  },
  {
    header: 'Status',
    width: 190,
    cell: (destination) => (
      <Stack gap={4} align="flex-start">
        <Badge color={destination.enabled ? 'green' : 'gray'} variant="dot" size="sm">
          {destination.enabled ? 'enabled' : 'disabled'}
        </Badge>
        <Text size="xs" c="dimmed">
          {destination.verified_at ? `Verified ${formatDateTime(destination.verified_at)}` : 'Not verified'}
        </Text>
      </Stack>
    ),
  },
];

/** The destinations: where each sends, which events, whether a test got through, and its actions. */
export function AlertsTable({ items, verifying, onVerify, onEdit, remove }: Props) {
  return (
    <DataTable
      label="Alert destinations"
      columns={columns}
      rows={items}
      rowKey={(destination) => destination.id}
      rowActions={(destination) => (
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
          <ConfirmButton
            mutation={remove}
            variables={destination.id}
            label="Delete"
            ariaLabel={`Delete ${destination.name}`}
            button={{ size: 'xs', variant: 'subtle', color: 'red' }}
            title="Delete alert destination"
          >
            “{destination.name}” stops receiving this project&apos;s events. Its URL and secret are forgotten.
          </ConfirmButton>
        </Group>
      )}
      actionsWidth={230}
      minWidth={820}
      nativeScroll
      framed
      spacing="sm"
    />
  );
}
