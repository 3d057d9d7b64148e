import { Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { tablesQuery, type DataSource } from '../../../../api/data-browser';
import { EmptyState } from '../../../../components/EmptyState';
import { DataErrorAlert } from '../DataErrorAlert';
import { useDataContext } from '../data-context';
import { Skeletons } from '../Skeletons';
import classes from './DatabaseBrowser.module.css';
import { DatabaseFrame } from './DatabaseFrame';
import { TableDetails } from './TableDetails';
import { TablesTree } from './TablesTree';

/** A database: its tables and views on the left, the chosen one (or a summary) on the right. */
export function DatabaseBrowser({ source, selected = null }: { source: DataSource; selected?: { schema: string; table: string } | null }) {
  const { project } = useDataContext();
  const tables = useQuery(tablesQuery(project.id, source.id));

  let body;
  if (tables.isPending) body = <Skeletons label="Loading the tables…" rows={6} />;
  else if (tables.isError) body = <DataErrorAlert title="The tables cannot be listed" error={tables.error} onRetry={() => void tables.refetch()} />;
  else if (tables.data.tables.length === 0)
    body = (
      <EmptyState title="No tables">
        The database has no tables or views that this integration&apos;s user can see. The Query page still runs SQL against it.
      </EmptyState>
    );
  else {
    const list = tables.data.tables;
    const chosen = selected && list.find((table) => table.schema === selected.schema && table.name === selected.table);
    const views = list.filter((table) => table.type === 'view').length;
    const schemas = new Set(list.map((table) => table.schema)).size;
    body = (
      <div className={classes.split}>
        <TablesTree source={source} tables={list} selected={selected} />
        <Stack gap="md" miw={0}>
          {selected ? (
            <TableDetails source={source} schema={selected.schema} table={selected.table} listed={chosen ?? null} />
          ) : (
            <Paper withBorder p="lg" radius="md">
              <Text fw={600}>
                {list.length - views} {list.length - views === 1 ? 'table' : 'tables'} and {views} {views === 1 ? 'view' : 'views'} in {schemas}{' '}
                {schemas === 1 ? 'schema' : 'schemas'}
              </Text>
              <Text size="sm" c="dimmed" mt={4}>
                Choose one on the left to see its columns and first rows, or write SQL on the Query page.
              </Text>
            </Paper>
          )}
        </Stack>
      </div>
    );
  }
  return (
    <DatabaseFrame source={source} active="tables">
      {body}
    </DatabaseFrame>
  );
}
