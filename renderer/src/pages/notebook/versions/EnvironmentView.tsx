import { Alert, Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { notebookUrls } from '../../../api/notebook-content';
import { versionEnvironmentQuery, type VersionEnvironment } from '../../../api/notebook-versions';
import { formatDateTime } from '../../../app/format';
import { ErrorView } from '../../../components/ErrorView';
import { LoadingState } from '../../../components/LoadingState';
import { LogView } from '../../../components/LogView';
import { UpdateDependencies } from './UpdateDependencies';

interface PanelProps {
  pid: string;
  nid: string;
  vid: string;
  /** Whether the version is the notebook's current one. */
  current: boolean;
  /** Whether the user may save versions of the notebook (and so update its dependencies). */
  editable: boolean;
}

/**
 * The version's dependencies: locked on save, with their packages, or why they could not be
 * (docs/environments.md); for an editor of the current version, "Update dependencies".
 */
export function VersionEnvironmentPanel({ pid, nid, vid, current, editable }: PanelProps) {
  const environment = useQuery(versionEnvironmentQuery(pid, nid, vid));
  if (environment.isPending) return <LoadingState label="Loading the environment…" />;
  if (environment.isError) return <ErrorView error={environment.error} onRetry={() => void environment.refetch()} />;
  const updatable = editable && (environment.data.status === 'locked' || environment.data.status === 'failed');
  return (
    <Stack gap="md">
      {updatable && <UpdateDependencies pid={pid} nid={nid} versionId={vid} current={current} />}
      <EnvironmentView environment={environment.data} lockUrl={notebookUrls.versionLock(pid, nid, vid)} />
    </Stack>
  );
}

export function EnvironmentView({ environment, lockUrl }: { environment: VersionEnvironment; lockUrl: string }) {
  switch (environment.status) {
    case 'none':
      return <Text c="dimmed">This version declares no dependencies of its own: it runs with the notebook runtime's packages.</Text>;
    case 'unlocked':
      return (
        <Text c="dimmed">
          The dependencies this version declares are installed each time it starts
          {environment.unlocked_reason ? `: ${environment.unlocked_reason.replace(/: its dependencies are installed at each start$/, '')}.` : '.'}
        </Text>
      );
    case 'pending':
      return (
        <Text c="dimmed" role="status">
          Resolving this version’s dependencies…
        </Text>
      );
    case 'failed':
      return (
        <Alert color="red" title="The dependencies could not be resolved">
          <Stack gap="xs">
            <Text size="sm">
              uv could not resolve them when this version was saved, so it cannot start. Correct its dependency block and save again, or update the dependencies
              once the package index has what the block asks for.
            </Text>
            <LogView label="What uv said" text={environment.error?.message ?? ''} maxHeight={240} />
          </Stack>
        </Alert>
      );
    case 'locked':
      return (
        <Stack gap="sm">
          <Text size="sm">
            Locked {environment.locked_at ? formatDateTime(environment.locked_at) : ''}
            {environment.reused_from ? ` (the same dependencies as ${environment.reused_from})` : ''} for {environment.python}. Every start of this version uses
            exactly these packages.
          </Text>
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              Environment
            </Text>
            <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {environment.environment_id}
            </Text>
            <Anchor href={lockUrl} size="xs" target="_blank" rel="noopener">
              View the lock
            </Anchor>
          </Group>
          <Table striped withTableBorder aria-label="Locked packages">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Package</Table.Th>
                <Table.Th>Version</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {environment.packages.map((pkg) => (
                <Table.Tr key={pkg.name}>
                  <Table.Td ff="monospace">{pkg.name}</Table.Td>
                  <Table.Td ff="monospace">{pkg.version}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      );
  }
}
