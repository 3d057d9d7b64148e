import { Anchor, Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { versionsQuery } from '../../../api/notebook-versions';
import { formatDateTime } from '../../../app/format';
import { personIn } from '../../../app/people';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorView } from '../../../components/ErrorView';
import { LoadingState } from '../../../components/LoadingState';
import { useNotebookContext } from '../notebook-context';

/** The notebook's versions, newest first, a page at a time. */
export function VersionsTab() {
  const { notebook, project } = useNotebookContext();
  const { id: nid, project_id: pid } = notebook.meta;
  const versions = useInfiniteQuery(versionsQuery(pid, nid));
  const items = versions.data?.pages.flatMap((page) => page.items) ?? [];

  if (versions.isPending) return <LoadingState label="Loading versions…" />;
  if (versions.isError && !versions.isFetchNextPageError) return <ErrorView error={versions.error} onRetry={() => void versions.refetch()} />;
  if (items.length === 0) return <EmptyState title="No versions yet">A version is saved each time the notebook&apos;s code is saved.</EmptyState>;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={640}>
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Saved</Table.Th>
              <Table.Th>Message</Table.Th>
              <Table.Th>Author</Table.Th>
              <Table.Th>Snapshot</Table.Th>
              <Table.Th>
                <VisuallyHidden>Changes</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((version) => (
              <Table.Tr key={version.version_id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor component={Link} to={version.version_id} fw={500}>
                      {formatDateTime(version.saved_at)}
                    </Anchor>
                    {version.version_id === notebook.source.current_version_id && (
                      <Badge size="sm" variant="dot" color="green">
                        current
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {version.version_id}
                  </Text>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{version.message}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{personIn(project, version.author)}</Table.Td>
                <Table.Td>{version.html_snapshot ? formatDateTime(version.html_snapshot.captured_at) : '—'}</Table.Td>
                <Table.Td>
                  {version.parent_id && (
                    <Anchor component={Link} to={`${version.version_id}?view=changes`} size="sm" aria-label={`Changes in ${version.version_id}`}>
                      Changes
                    </Anchor>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {versions.isFetchNextPageError && <ErrorView error={versions.error} onRetry={() => void versions.fetchNextPage()} />}
      {versions.hasNextPage && (
        <Group justify="center">
          <Button variant="default" loading={versions.isFetchingNextPage} onClick={() => void versions.fetchNextPage()}>
            Load more versions
          </Button>
        </Group>
      )}
    </Stack>
  );
}
