import { Button, Group, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { deepHealthQuery } from '../../../api/admin-health';
import { RequestError } from '../RequestError';
import { LoadingState } from '../../../components/LoadingState';
import { formatDuration } from './format';
import { StatusBadge } from './StatusBadge';

/** The preflight suite (storage, identity provider, compute, workload identity), run when the page opens or on demand. */
export function DeepHealthSection() {
  const health = useQuery(deepHealthQuery);
  let body;
  if (health.isPending) body = <LoadingState label="Running the preflight checks…" />;
  else if (health.isError) body = <RequestError error={health.error} onRetry={() => void health.refetch()} />;
  else {
    const checks = health.data.checks ?? [];
    body = (
      <>
        <Group gap="sm" mb="sm">
          <StatusBadge status={health.data.status} />
          <Text size="sm">{checks.some((check) => check.status === 'failed') ? 'A dependency check failed.' : 'Every dependency answered.'}</Text>
        </Group>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Check</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Took</Table.Th>
                <Table.Th>Detail</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {checks.map((check) => (
                <Table.Tr key={check.name}>
                  <Table.Td ff="monospace">{check.name}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={check.status} />
                  </Table.Td>
                  <Table.Td>{formatDuration(check.duration_ms)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{check.detail ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </>
    );
  }
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
      {body}
    </section>
  );
}
