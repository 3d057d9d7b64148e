import { Group, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { maintenanceHealthQuery } from '../../../api/admin-health';
import type { LoopHealth } from '../../../api/admin-types';
import { EmptyState } from '../../../components/EmptyState';
import { DataTable, type Column } from '../../../components/DataTable';
import { RequestError } from '../RequestError';
import { formatDuration } from '../../../app/format';
import { formatMillisAt } from './format';
import { StatusBadge } from './StatusBadge';

const MEANING = {
  ok: 'No loop is failing or stalled.',
  degraded: 'At least one loop is failing; a restart would not fix it.',
  stalled: 'At least one loop is stalled; a restart can recover it.',
  unavailable: 'The process that answered runs no maintenance loops (maintenance is off on this replica).',
};

type Loop = [name: string, health: LoopHealth];

const columns: Column<Loop>[] = [
  { header: 'Loop', mono: true, cell: ([name]) => name },
  { header: 'State', cell: ([, loop]) => <StatusBadge status={loop.status} /> },
  {
    header: 'Last run',
    cell: ([, loop]) => (
      <>
        {formatMillisAt(loop.last_started_at)}
        {loop.last_started_at !== null && loop.last_completed_at !== null && loop.last_completed_at < loop.last_started_at && (
          <Text size="xs" c="dimmed">
            still running
          </Text>
        )}
      </>
    ),
  },
  {
    header: 'Last success',
    cell: ([, loop]) => (
      <>
        {formatMillisAt(loop.last_success_at)}
        {loop.seconds_since_success !== null && (
          <Text size="xs" c="dimmed">
            {formatDuration(loop.seconds_since_success * 1000)} ago
          </Text>
        )}
      </>
    ),
  },
  { header: 'Duration', cell: ([, loop]) => formatDuration(loop.last_duration_ms) },
  {
    header: 'Failures in a row',
    cell: ([, loop]) => (
      <Text size="sm" fw={loop.consecutive_failures > 0 ? 700 : undefined}>
        {loop.consecutive_failures}
      </Text>
    ),
  },
  { header: 'Timeouts', cell: ([, loop]) => loop.timeouts },
  {
    header: 'Every',
    cell: ([, loop]) => (
      <>
        {formatDuration(loop.interval_ms)}
        <Text size="xs" c="dimmed">
          deadline {formatDuration(loop.deadline_ms)}
        </Text>
      </>
    ),
  },
];

/** Per maintenance loop: its state, its last run and how it went. Refreshed every 15 seconds. */
export function MaintenanceSection() {
  const health = useQuery(maintenanceHealthQuery);
  return (
    <section aria-labelledby="maintenance-heading">
      <Title order={2} size="h4" mb="sm" id="maintenance-heading">
        Maintenance loops
      </Title>
      {health.data && (
        <Group gap="sm" mb="sm">
          <StatusBadge status={health.data.status} />
          <Text size="sm">{MEANING[health.data.status]}</Text>
        </Group>
      )}
      <DataTable
        columns={columns}
        rows={health.data ? Object.entries(health.data.loops).sort(([a], [b]) => a.localeCompare(b)) : []}
        rowKey={([name]) => name}
        query={health}
        loadingLabel="Loading maintenance health…"
        errorView={RequestError}
        empty={
          <EmptyState title="No maintenance loops here">
            Maintenance runs on one replica (SERVICE_RUN_MAINTENANCE=true); this answer came from another one, or from a hub with maintenance off.
          </EmptyState>
        }
        minWidth={860}
        spacing="sm"
      />
    </section>
  );
}
