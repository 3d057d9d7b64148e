import { Anchor, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { RuntimeSession } from '../../../api/admin-types';
import { formatDateTime } from '../../../app/format';
import { DataTable, type Column, type TableQuery } from '../../../components/DataTable';
import { EmptyState } from '../../../components/EmptyState';
import type { PagedQuery } from '../../../components/LoadMore';
import { TraceLink } from '../../../components/TraceLink';
import { RequestError } from '../RequestError';
import { BLOCKED_REASONS } from './blocked-reasons';

const STATE_COLORS: Record<RuntimeSession['state'], string> = { provisioning: 'blue', running: 'green', stopping: 'orange', stopped: 'gray', failed: 'red' };

function ReclaimCell({ session, onReclaim }: { session: RuntimeSession; onReclaim: () => void }) {
  const reason = session.reclaim_blocked_reason ? BLOCKED_REASONS[session.reclaim_blocked_reason] : null;
  const button = (
    <Button size="xs" variant="default" onClick={onReclaim} aria-label={`Reclaim session ${session.id}`}>
      Reclaim
    </Button>
  );
  // The hint covers only causes that need no sandbox call; the API decides, so the button stays usable.
  return reason ? (
    <Tooltip label={reason} multiline w={260}>
      {button}
    </Tooltip>
  ) : (
    button
  );
}

const columns: Column<RuntimeSession>[] = [
  {
    header: 'Session',
    cell: (session) => (
      <>
        <Text size="xs" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {session.id}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Badge size="xs" variant="outline">
            {session.mode}
          </Badge>
          <TraceLink traceId={session.trace_id} of={`session ${session.id}`} />
        </Group>
      </>
    ),
  },
  {
    header: 'Notebook',
    cell: (session) => (
      <>
        <Anchor
          component={Link}
          to={`/projects/${session.project_id}/notebooks/${session.notebook_id}`}
          size="xs"
          ff="monospace"
          style={{ whiteSpace: 'nowrap' }}
        >
          {session.notebook_id}
        </Anchor>
        <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {session.project_id}
        </Text>
      </>
    ),
  },
  {
    header: 'User',
    cell: (session) => (
      <Text size="xs" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {session.user_id}
      </Text>
    ),
  },
  {
    header: 'State',
    width: 130,
    cell: (session) => (
      <Stack gap={2} align="flex-start">
        <Badge color={STATE_COLORS[session.state]} variant="dot" style={{ flexShrink: 0, overflow: 'visible' }}>
          {session.state}
        </Badge>
        {session.stop_reason && (
          <Text size="xs" c="dimmed">
            {session.stop_reason}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    header: 'Started',
    cell: (session) => (
      <>
        <Text size="sm">{formatDateTime(session.created_at)}</Text>
        {session.stopped_at && (
          <Text size="xs" c="dimmed">
            over {formatDateTime(session.stopped_at)}
          </Text>
        )}
      </>
    ),
  },
  {
    header: 'Sandbox',
    cell: (session) => (
      <>
        <Text size="sm">{session.sandbox_released ? 'released' : 'held'}</Text>
        {session.reclaim_blocked_reason && (
          <Text size="xs" c="dimmed">
            {session.reclaim_blocked_reason.replace(/_/g, ' ')}
          </Text>
        )}
      </>
    ),
  },
];

/** One row per session: where it runs, whose it is, its state, and whether a reclaim would pass its first checks. */
interface Props {
  rows: RuntimeSession[];
  /** The paged query the rows come from. */
  query: TableQuery & PagedQuery;
  onReclaim: (session: RuntimeSession) => void;
}

export function SessionsTable({ rows, query, onReclaim }: Props) {
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(session) => session.id}
      query={query}
      loadingLabel="Loading runtime sessions…"
      errorView={RequestError}
      empty={
        <EmptyState title="No sessions hold a sandbox">
          Running sessions, and sessions that are over but whose sandbox is not released yet, appear here.
        </EmptyState>
      }
      rowActions={(session) => <ReclaimCell session={session} onReclaim={() => onReclaim(session)} />}
      pages={query}
      minWidth={960}
      spacing="sm"
      highlightOnHover
    />
  );
}
