import { Anchor, Button, Group, List, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { environmentCacheQuery } from '../../../api/admin';
import type { EnvironmentCacheOverview } from '../../../api/admin-types';
import { formatDateTime } from '../../../app/format';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorView } from '../../../components/ErrorView';
import { LoadingState } from '../../../components/LoadingState';
import { formatBytes } from '../../notebook/files/bytes';

/** The cache of built notebook environments (docs/environments.md, "The admin view"). */
export function EnvironmentsTab() {
  const overview = useQuery(environmentCacheQuery);
  if (overview.isPending) return <LoadingState label="Loading the environments…" />;
  if (overview.isError) return <ErrorView error={overview.error} onRetry={() => void overview.refetch()} />;
  return <EnvironmentCacheView overview={overview.data} onRefresh={() => void overview.refetch()} refreshing={overview.isRefetching} />;
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={600}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
}

export function EnvironmentCacheView({
  overview,
  onRefresh,
  refreshing = false,
}: {
  overview: EnvironmentCacheOverview;
  onRefresh?: () => void;
  refreshing?: boolean;
}) {
  if (!overview.enabled) {
    return (
      <EmptyState title="Locked environments are not on">
        This deployment&apos;s sandboxes install each notebook&apos;s dependencies when they start (SERVICE_LOCKED_ENVIRONMENTS is off, or the sandbox driver
        does not serve them).
      </EmptyState>
    );
  }
  const { starts } = overview;
  const total = starts.hits + starts.builds + starts.waits;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed" maw={760}>
          Environments are built once from a version&apos;s lock and shared by every session and job run locked to the same packages. The least recently used go
          when the cache outgrows its budget, never one a running sandbox uses.
        </Text>
        {onRefresh && (
          <Button variant="default" size="xs" onClick={onRefresh} loading={refreshing}>
            Refresh
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} aria-label="The cache">
        <Figure label="Size" value={formatBytes(overview.bytes)} detail={`of a ${formatBytes(overview.max_bytes)} budget`} />
        <Figure
          label="Hit rate"
          value={overview.hit_rate === null ? 'No starts yet' : `${Math.round(overview.hit_rate * 100)}%`}
          detail={`${total} start${total === 1 ? '' : 's'} since ${formatDateTime(overview.since)}: ${starts.hits} found, ${starts.waits} waited, ${starts.builds} built`}
        />
        <Figure label="Environments" value={String(overview.environments.length)} />
      </SimpleGrid>
      {overview.environments.length === 0 ? (
        <EmptyState title="No environment built yet">The first start of a notebook with dependencies builds its environment.</EmptyState>
      ) : (
        <Table striped withTableBorder aria-label="Built environments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Environment</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>Running sandboxes</Table.Th>
              <Table.Th>Notebooks</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {overview.environments.map((environment) => (
              <Table.Tr key={environment.id}>
                <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {environment.id}
                  <Text size="xs" c="dimmed" ff="sans-serif">
                    built {formatDateTime(environment.built_at)}
                  </Text>
                </Table.Td>
                <Table.Td>{formatBytes(environment.bytes)}</Table.Td>
                <Table.Td>{formatDateTime(environment.last_used_at)}</Table.Td>
                <Table.Td>{environment.running_sandboxes}</Table.Td>
                <Table.Td>
                  {environment.notebooks.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      None any more
                    </Text>
                  ) : (
                    <List size="sm" listStyleType="none" spacing={2}>
                      {environment.notebooks.map((notebook) => (
                        <List.Item key={`${notebook.project_id}/${notebook.notebook_id}`}>
                          <Anchor component={Link} to={`/projects/${notebook.project_id}/notebooks/${notebook.notebook_id}`}>
                            {notebook.title}
                          </Anchor>{' '}
                          <Text span size="xs" c="dimmed">
                            ({notebook.versions} version{notebook.versions === 1 ? '' : 's'})
                          </Text>
                        </List.Item>
                      ))}
                    </List>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {!overview.notebooks_complete && (
        <Text size="xs" c="dimmed">
          There are more locked versions than one view reads: some notebooks may be missing from the list.
        </Text>
      )}
    </Stack>
  );
}
