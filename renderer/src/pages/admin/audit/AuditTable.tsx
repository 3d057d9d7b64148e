import { Anchor, Table, Text } from '@mantine/core';
import type { AuditFilter, AuditLogEntry } from '../../../api/admin-types';
import { formatDateTime } from '../../../app/format';
import { Metadata } from './Metadata';

interface Props {
  items: AuditLogEntry[];
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
export function AuditTable({ items, onFilter }: Props) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={200}>Time</Table.Th>
            <Table.Th w={180}>Event</Table.Th>
            <Table.Th w={190}>Actor</Table.Th>
            <Table.Th w={180}>Project</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(entry.ts)}
                </Text>
              </Table.Td>
              <Table.Td>
                <FilterLink label="event" value={entry.event} onClick={() => onFilter('event', entry.event)} />
              </Table.Td>
              <Table.Td>
                <FilterLink label="actor" value={entry.actor} onClick={() => onFilter('actor', entry.actor)} />
              </Table.Td>
              <Table.Td>
                {entry.project_id ? <FilterLink label="project" value={entry.project_id} onClick={() => onFilter('project_id', entry.project_id!)} /> : '—'}
              </Table.Td>
              <Table.Td>
                <Metadata metadata={entry.metadata} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
