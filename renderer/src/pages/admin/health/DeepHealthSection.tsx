import { Button, Group, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { deepHealthQuery } from '../../../api/admin-health';
import type { HealthCheck } from '../../../api/admin-types';
import { DataTable, type Column } from '../../../components/DataTable';
import { RequestError } from '../RequestError';
import { formatDuration } from '../../../app/format';
import { StatusBadge } from './StatusBadge';

const columns: Column<HealthCheck>[] = [
  { header: 'Check', mono: true, cell: (check) => check.name },
  { header: 'Result', cell: (check) => <StatusBadge status={check.status} /> },
  { header: 'Took', cell: (check) => formatDuration(check.duration_ms) },
  { header: 'Detail', breakAnywhere: true, cell: (check) => check.detail ?? '—' },
];

/** The preflight suite (storage, identity provider, compute, workload identity), run when the page opens or on demand. */
export function DeepHealthSection() {
  const health = useQuery(deepHealthQuery);
  const checks = health.data?.checks ?? [];
  return (
    <section aria-labelledby="preflight-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="preflight-heading">
          Dependencies
        </Title>
        <Button size="xs" variant="default" onClick={() => void health.refetch()} loading={health.isFetching}>
          Check again
        </Button>
      </Group>
      {health.data && (
        <Group gap="sm" mb="sm">
          <StatusBadge status={health.data.status} />
          <Text size="sm">{checks.some((check) => check.status === 'failed') ? 'A dependency check failed.' : 'Every dependency answered.'}</Text>
        </Group>
      )}
      <DataTable
        columns={columns}
        rows={checks}
        rowKey={(check) => check.name}
        query={health}
        loadingLabel="Running the preflight checks…"
        errorView={RequestError}
        minWidth={560}
        spacing="sm"
      />
    </section>
  );
}
