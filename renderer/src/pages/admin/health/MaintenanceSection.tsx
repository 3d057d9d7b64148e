import { Group, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { maintenanceHealthQuery } from '../../../api/admin-health';
import type { LoopHealth } from '../../../api/admin-types';
import { EmptyState } from '../../../components/EmptyState';
import { RequestError } from '../RequestError';
import { LoadingState } from '../../../components/LoadingState';
import { formatDuration, formatMillisAt } from './format';
import { StatusBadge } from './StatusBadge';

const MEANING = {
  ok: 'No loop is failing or stalled.',
  degraded: 'At least one loop is failing; a restart would not fix it.',
  stalled: 'At least one loop is stalled; a restart can recover it.',
  unavailable: 'The process that answered runs no maintenance loops (maintenance is off on this replica).',
};

/** Per maintenance loop: its state, its last run and how it went. Refreshed every 15 seconds. */
export function MaintenanceSection() {
  const health = useQuery(maintenanceHealthQuery);
  let body;
  if (health.isPending) body = <LoadingState label="Loading maintenance health…" />;
  else if (health.isError) body = <RequestError error={health.error} onRetry={() => void health.refetch()} />;
  else {
    const loops = Object.entries(health.data.loops).sort(([a], [b]) => a.localeCompare(b));
    body = (
      <>
        <Group gap="sm" mb="sm">
          <StatusBadge status={health.data.status} />
          <Text size="sm">{MEANING[health.data.status]}</Text>
        </Group>
        {loops.length === 0 ? (
          <EmptyState title="No maintenance loops here">
            Maintenance runs on one replica (SERVICE_RUN_MAINTENANCE=true); this answer came from another one, or from a hub with maintenance off.
          </EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Loop</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Last run</Table.Th>
                  <Table.Th>Last success</Table.Th>
                  <Table.Th>Duration</Table.Th>
                  <Table.Th>Failures in a row</Table.Th>
                  <Table.Th>Timeouts</Table.Th>
                  <Table.Th>Every</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {loops.map(([name, loop]) => (
                  <LoopRow key={name} name={name} loop={loop} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </>
    );
  }
  return (
    <section aria-labelledby="maintenance-heading">
      <Title order={2} size="h4" mb="sm" id="maintenance-heading">
        Maintenance loops
      </Title>
      {body}
    </section>
  );
}

function LoopRow({ name, loop }: { name: string; loop: LoopHealth }) {
  return (
    <Table.Tr>
      <Table.Td ff="monospace">{name}</Table.Td>
      <Table.Td>
        <StatusBadge status={loop.status} />
      </Table.Td>
      <Table.Td>
        {formatMillisAt(loop.last_started_at)}
        {loop.last_started_at !== null && loop.last_completed_at !== null && loop.last_completed_at < loop.last_started_at && (
          <Text size="xs" c="dimmed">
            still running
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {formatMillisAt(loop.last_success_at)}
        {loop.seconds_since_success !== null && (
          <Text size="xs" c="dimmed">
            {formatDuration(loop.seconds_since_success * 1000)} ago
          </Text>
        )}
      </Table.Td>
      <Table.Td>{formatDuration(loop.last_duration_ms)}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={loop.consecutive_failures > 0 ? 700 : undefined}>
          {loop.consecutive_failures}
        </Text>
      </Table.Td>
      <Table.Td>{loop.timeouts}</Table.Td>
      <Table.Td>
        {formatDuration(loop.interval_ms)}
        <Text size="xs" c="dimmed">
          deadline {formatDuration(loop.deadline_ms)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
