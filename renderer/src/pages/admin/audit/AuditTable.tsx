import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AuditFilter, AuditLogEntry } from '../../../api/admin-types';
import { formatDateTime } from '../../../app/format';
import { DataTable, type TableQuery } from '../../../components/DataTable';
import type { PagedQuery } from '../../../components/LoadMore';
import { RequestError } from '../RequestError';
import { Metadata } from './Metadata';

interface Props {
  rows: AuditLogEntry[];
  /** The paged query the rows come from. */
  query: TableQuery & PagedQuery;
  /** What stands instead of the table when no entry matches. */
  empty: ReactNode;
  /** Narrows the log to one value seen in a row (an event type, an actor, a project). */
  onFilter: (field: keyof AuditFilter, value: string) => void;
}

function FilterLink({ label, value, onClick }: { label: string; value: string; onClick: () => void }) {
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      ff="monospace"
      onClick={onClick}
      title={`Show only ${label} ${value}`}
      style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
    >
      {value}
    </Anchor>
  );
}

/** Audit entries with their details; event, actor and project narrow the filter when clicked. */
export function AuditTable({ rows, query, empty, onFilter }: Props) {
  return (
    <DataTable
      columns={[
        {
          header: 'Time',
          width: 200,
          cell: (entry) => (
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(entry.ts)}
            </Text>
          ),
        },
        { header: 'Event', width: 180, cell: (entry) => <FilterLink label="event" value={entry.event} onClick={() => onFilter('event', entry.event)} /> },
        { header: 'Actor', width: 190, cell: (entry) => <FilterLink label="actor" value={entry.actor} onClick={() => onFilter('actor', entry.actor)} /> },
        {
          header: 'Project',
          width: 180,
          cell: (entry) =>
            entry.project_id ? <FilterLink label="project" value={entry.project_id} onClick={() => onFilter('project_id', entry.project_id!)} /> : '—',
        },
        { header: 'Details', cell: (entry) => <Metadata metadata={entry.metadata} /> },
      ]}
      rows={rows}
      rowKey={(entry) => entry.id}
      query={query}
      loadingLabel="Loading the audit log…"
      errorView={RequestError}
      empty={empty}
      pages={query}
      minWidth={860}
      spacing="sm"
      fixedLayout
    />
  );
}
