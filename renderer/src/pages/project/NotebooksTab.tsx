import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { capabilitiesQuery } from '../../api/notebook-access';
import { notebooksQuery } from '../../api/queries';
import type { NotebookStatusFilter } from '../../api/types';
import { formatDateTime } from '../../app/format';
import { EmptyState } from '../../components/EmptyState';
import { ErrorView } from '../../components/ErrorView';
import { LoadingState } from '../../components/LoadingState';
import { CreateGitNotebookModal } from './CreateGitNotebookModal';
import { CreateNotebookModal } from './CreateNotebookModal';
import { StatusBadge } from './StatusBadge';
import { canWriteNotebooks, useProjectContext } from './project-context';

const STATUSES: NotebookStatusFilter[] = ['draft', 'active', 'archived'];
const isStatus = (value: string | null): value is NotebookStatusFilter => STATUSES.includes(value as NotebookStatusFilter);

/** The project's notebooks, filtered by status (kept in the URL: ?status=active). */
export function NotebooksTab() {
  const project = useProjectContext();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : undefined;
  const notebooks = useInfiniteQuery(notebooksQuery(project.id, status));
  const [creating, createModal] = useDisclosure(false);
  const [creatingFromGit, gitModal] = useDisclosure(false);
  // The hub lists Git providers only while Git-synced notebooks are turned on (SERVICE_GIT).
  const gitOn = (useQuery(capabilitiesQuery).data?.source_control.sync_providers.length ?? 0) > 0;
  const items = notebooks.data?.pages.flatMap((page) => page.items) ?? [];
  const createButton = canWriteNotebooks(project) && (
    <Group gap="sm">
      <Button variant="default" component={Link} to={`/projects/${project.id}/import`}>
        Import
      </Button>
      {gitOn && (
        <Button variant="default" onClick={gitModal.open}>
          From a Git repository
        </Button>
      )}
      <Button onClick={createModal.open}>Create notebook</Button>
    </Group>
  );

  let body;
  if (notebooks.isPending) body = <LoadingState label="Loading notebooks…" />;
  else if (notebooks.isError && !notebooks.isFetchNextPageError) body = <ErrorView error={notebooks.error} onRetry={() => void notebooks.refetch()} />;
  else if (items.length === 0)
    body = (
      <EmptyState title={status ? `No ${status} notebooks` : 'No notebooks yet'} action={!status && createButton}>
        {status ? 'Choose another status to see other notebooks.' : 'Notebooks are marimo apps and their files.'}
      </EmptyState>
    );
  else
    body = (
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={640}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Tags</Table.Th>
                <Table.Th>Updated</Table.Th>
                <Table.Th>Last run</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((notebook) => (
                <Table.Tr key={notebook.id}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap" align="baseline">
                      <Anchor component={Link} to={`/projects/${project.id}/notebooks/${notebook.id}`} fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {notebook.title}
                      </Anchor>
                      {notebook.source_type === 'git' && (
                        <Badge size="xs" variant="outline" color="gray" title="Synced from a Git repository" style={{ flexShrink: 0 }}>
                          Git
                        </Badge>
                      )}
                    </Group>
                    {notebook.description && (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {notebook.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={notebook.status} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {notebook.tags.map((tag) => (
                        <Badge key={tag} variant="outline" size="xs">
                          {tag}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatDateTime(notebook.updated_at)}</Table.Td>
                  <Table.Td>{formatDateTime(notebook.last_run_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {notebooks.hasNextPage && (
          <Group justify="center">
            <Button variant="default" onClick={() => void notebooks.fetchNextPage()} loading={notebooks.isFetchingNextPage}>
              Load more
            </Button>
          </Group>
        )}
        {notebooks.isFetchNextPageError && <ErrorView error={notebooks.error} />}
      </Stack>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Notebook status"
          value={status ?? 'all'}
          onChange={(value) => setParams(value === 'all' ? {} : { status: value }, { replace: true })}
          data={[
            { value: 'all', label: 'All' },
            { value: 'draft', label: 'Draft' },
            { value: 'active', label: 'Active' },
            { value: 'archived', label: 'Archived' },
          ]}
        />
        {items.length > 0 && createButton}
      </Group>
      {body}
      <CreateNotebookModal projectId={project.id} opened={creating} onClose={createModal.close} />
      {gitOn && <CreateGitNotebookModal projectId={project.id} opened={creatingFromGit} onClose={gitModal.close} />}
    </Stack>
  );
}
