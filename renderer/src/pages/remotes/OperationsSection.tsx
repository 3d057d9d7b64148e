import { Anchor, Box, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { operationsQuery, type RemoteOperation } from '../../api/remotes';
import { DataTable, type Column } from '../../components/DataTable';
import { DateTime } from '../../components/DateTime';
import { EmptyState } from '../../components/EmptyState';
import { ConflictsWaiting, OperationStateBadge } from './OperationCard';
import { ProjectName } from './ProjectName';
import { progressText } from './progress-text';

/** How many of the newest operations the list shows. */
const SHOWN = 20;

const columns: Column<RemoteOperation>[] = [
  {
    header: 'Operation',
    breakAnywhere: true,
    cell: (operation) => (
      <Anchor component={Link} to={`/remotes/operations/${operation.id}`} size="sm" fw={500}>
        {operation.kind === 'pull' ? 'Pull from' : 'Push to'} {operation.remote}
      </Anchor>
    ),
  },
  {
    header: 'Project here',
    breakAnywhere: true,
    cell: (operation) =>
      operation.project_id ? (
        <ProjectName pid={operation.project_id} />
      ) : (
        <Text size="sm" c="dimmed">
          Not made yet
        </Text>
      ),
  },
  { header: 'State', width: 140, cell: (operation) => <OperationStateBadge state={operation.state} /> },
  {
    header: 'Moved',
    cell: (operation) => (
      <>
        <Text size="sm">{progressText(operation.progress, operation.state === 'running')}</Text>
        <ConflictsWaiting operation={operation} />
      </>
    ),
  },
  { header: 'Started', width: 190, cell: (operation) => <DateTime value={operation.created_at} /> },
];

/** Your recent pulls and pushes, newest first (of one remote when `remote` is given). */
export function OperationsSection({ remote }: { remote?: string }) {
  const operations = useQuery(operationsQuery);
  const rows = (operations.data ?? []).filter((operation) => remote === undefined || operation.remote === remote).slice(0, SHOWN);
  return (
    <section aria-labelledby="operations-heading">
      <Box mb="sm">
        <Title order={2} size="h3" id="operations-heading">
          Recent pulls and pushes
        </Title>
        <Text size="sm" c="dimmed">
          Kept a week after they end. A pull that failed or was cut off goes on where it stopped when you start it again.
        </Text>
      </Box>
      <DataTable
        label="Recent pulls and pushes"
        columns={columns}
        rows={rows}
        rowKey={(operation) => operation.id}
        query={operations}
        loadingLabel="Loading pulls and pushes…"
        empty={<EmptyState title="No pulls or pushes yet">A pull brings a team project here; a push sends your new versions back.</EmptyState>}
        minWidth={760}
        nativeScroll
        framed
        spacing="sm"
      />
    </section>
  );
}
