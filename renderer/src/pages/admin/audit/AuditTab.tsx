import { Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { auditQuery } from '../../../api/admin';
import type { AuditFilter } from '../../../api/admin-types';
import { ApiError } from '../../../api/errors';
import { EmptyState } from '../../../components/EmptyState';
import { RequestError } from '../RequestError';
import { AuditFilters } from './AuditFilters';
import { AuditTable } from './AuditTable';
import { filterFromParams, paramsFromFilter } from './audit-filter';

function isFilterRefusal(error: Error): error is ApiError {
  return error instanceof ApiError && (error.code === 'VALIDATION_ERROR' || error.code === 'BAD_REQUEST');
}

/** The deployment's audit log, newest first; its filters live in the URL (?event=&actor=&project_id=&from=&to=). */
export function AuditTab() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // Keyed on the search string so the filter (and the query key) keeps its identity across renders.
  const filter = useMemo(() => filterFromParams(new URLSearchParams(key)), [key]);
  const events = useInfiniteQuery(auditQuery(filter));
  const apply = (next: AuditFilter) => setParams(paramsFromFilter(next));
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.keys(filter).length > 0;

  const refused = events.isError && isFilterRefusal(events.error);
  const empty = (
    <EmptyState title={filtered ? 'No matching events' : 'No events in the last 30 days'}>
      {filtered ? 'Nothing recorded matches these filters in this range. Widen the range or clear a filter.' : 'Changes to projects and notebooks appear here.'}
    </EmptyState>
  );

  return (
    <Stack gap="md">
      <AuditFilters filter={filter} onApply={apply} error={events.isError ? events.error : null} />
      <Text size="xs" c="dimmed">
        Filters match exactly. Without dates the log covers the last 30 UTC days; a range may span at most 30 days.
      </Text>
      {refused ? (
        <RequestError error={events.error} title="These filters were refused" />
      ) : (
        <AuditTable rows={items} query={events} empty={empty} onFilter={(field, value) => apply({ ...filter, [field]: value })} />
      )}
    </Stack>
  );
}
