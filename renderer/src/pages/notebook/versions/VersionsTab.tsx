import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { versionsQuery, type NotebookVersion } from '../../../api/notebook-versions';
import type { NotebookDetail, Project } from '../../../api/types';
import { formatDateTime } from '../../../app/format';
import { personIn } from '../../../app/people';
import { DataTable, type Column } from '../../../components/DataTable';
import { EmptyState } from '../../../components/EmptyState';
import { useNotebookContext } from '../notebook-context';

const columns = (notebook: NotebookDetail, project: Project | undefined): Column<NotebookVersion>[] => [
  {
    header: 'Saved',
    cell: (version) => (
      <>
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
      </>
    ),
  },
  { header: 'Message', breakAnywhere: true, cell: (version) => version.message },
  { header: 'Author', breakAnywhere: true, cell: (version) => personIn(project, version.author) },
  { header: 'Snapshot', cell: (version) => (version.html_snapshot ? formatDateTime(version.html_snapshot.captured_at) : '—') },
  {
    header: 'Changes',
    hiddenHeader: true,
    cell: (version) =>
      version.parent_id && (
        <Anchor component={Link} to={`${version.version_id}?view=changes`} size="sm" aria-label={`Changes in ${version.version_id}`}>
          Changes
        </Anchor>
      ),
  },
];

/** The notebook's versions, newest first, a page at a time. */
export function VersionsTab() {
  const { notebook, project } = useNotebookContext();
  const { id: nid, project_id: pid } = notebook.meta;
  const versions = useInfiniteQuery(versionsQuery(pid, nid));
  return (
    <DataTable
      columns={columns(notebook, project)}
      rows={versions.data?.pages.flatMap((page) => page.items) ?? []}
      rowKey={(version) => version.version_id}
      query={versions}
      loadingLabel="Loading versions…"
      empty={<EmptyState title="No versions yet">A version is saved each time the notebook&apos;s code is saved.</EmptyState>}
      pages={versions}
      pagesLabel="Load more versions"
      minWidth={640}
      highlightOnHover
    />
  );
}
