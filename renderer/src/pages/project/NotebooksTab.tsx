import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { capabilitiesQuery } from '../../api/notebook-access';
import { notebooksQuery } from '../../api/queries';
import type { NotebookStatusFilter, NotebookListItem } from '../../api/types';
import { formatDateTime } from '../../app/format';
import { DataTable, type Column } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { CreateGitNotebookModal } from './CreateGitNotebookModal';
import { CreateNotebookModal } from './CreateNotebookModal';
import { StatusBadge } from './StatusBadge';
import { canWriteNotebooks, useProjectContext } from './project-context';

const STATUSES: NotebookStatusFilter[] = ['draft', 'active', 'archived'];
const isStatus = (value: string | null): value is NotebookStatusFilter => STATUSES.includes(value as NotebookStatusFilter);

const columns = (pid: string): Column<NotebookListItem>[] => [
  {
    header: 'Title',
    cell: (notebook) => (
      <>
        <Group gap={6} wrap="nowrap" align="baseline">
          <Anchor component={Link} to={`/projects/${pid}/notebooks/${notebook.id}`} fw={500} style={{ overflowWrap: 'anywhere' }}>
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
      </>
    ),
  },
  { header: 'Status', cell: (notebook) => <StatusBadge status={notebook.status} /> },
  {
    header: 'Tags',
    cell: (notebook) => (
      <Group gap={4}>
        {notebook.tags.map((tag) => (
          <Badge key={tag} variant="outline" size="xs">
            {tag}
          </Badge>
        ))}
      </Group>
    ),
  },
  { header: 'Updated', cell: (notebook) => formatDateTime(notebook.updated_at) },
  { header: 'Last run', cell: (notebook) => formatDateTime(notebook.last_run_at) },
];

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
      <DataTable
        columns={columns(project.id)}
        rows={items}
        rowKey={(notebook) => notebook.id}
        query={notebooks}
        loadingLabel="Loading notebooks…"
        empty={
          <EmptyState title={status ? `No ${status} notebooks` : 'No notebooks yet'} action={!status && createButton}>
            {status ? 'Choose another status to see other notebooks.' : 'Notebooks are marimo apps and their files.'}
          </EmptyState>
        }
        pages={notebooks}
        minWidth={640}
        highlightOnHover
      />
      <CreateNotebookModal projectId={project.id} opened={creating} onClose={createModal.close} />
      {gitOn && <CreateGitNotebookModal projectId={project.id} opened={creatingFromGit} onClose={gitModal.close} />}
    </Stack>
  );
}
