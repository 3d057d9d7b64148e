import { Alert, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { QueryResult } from '../../../../api/data-browser';
import { formatDuration } from '../../../../app/format';

interface Props {
  result: QueryResult;
  /** A table's first rows stop at the rows asked for by design; a query's result stops at the hub's caps. */
  of: 'query' | 'table';
  actions?: ReactNode;
}

/** How many rows came back and in how long (with the result's actions), and where the hub stopped reading when it did. */
export function ResultFacts({ result, of, actions }: Props) {
  const rows = `${result.row_count.toLocaleString()} ${result.row_count === 1 ? 'row' : 'rows'}`;
  if (of === 'table')
    return (
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {result.truncated ? `The first ${rows}` : `All ${rows}`} · {result.columns.length} {result.columns.length === 1 ? 'column' : 'columns'} ·{' '}
          {formatDuration(result.duration_ms)}
        </Text>
        {actions}
      </Group>
    );
  return (
    <>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {rows} · {result.columns.length} {result.columns.length === 1 ? 'column' : 'columns'} · {formatDuration(result.duration_ms)}
        </Text>
        {actions}
      </Group>
      {result.truncated && (
        <Alert color="blue" variant="light" p="xs" title={result.truncated === 'rows' ? `Truncated at ${result.row_count.toLocaleString()} rows` : 'Truncated'}>
          <Text size="sm">
            {result.truncated === 'rows'
              ? 'The result has more rows than the hub reads for one query; add a LIMIT or a WHERE clause to see the ones you want.'
              : `The hub stopped reading after ${rows}: the result is larger than it reads for one query. Select fewer or narrower columns.`}
          </Text>
        </Alert>
      )}
    </>
  );
}
