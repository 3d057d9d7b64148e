import { Badge, Button, Group, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { tablePreviewQuery, tableQuery, type DatabaseTable, type DataSource } from '../../../../api/data-browser';
import { DataTable } from '../../../../components/DataTable';
import { DataErrorAlert } from '../DataErrorAlert';
import { useDataContext } from '../data-context';
import { dataLinks } from '../data-links';
import { DataGrid } from '../grid/DataGrid';
import { OpenInNotebookButton } from '../notebook/OpenInNotebook';
import { Skeletons } from '../Skeletons';
import { ResultFacts } from './ResultFacts';
import { rowEstimate, selectFrom } from './sql';

interface Props {
  source: DataSource;
  schema: string;
  table: string;
  /** The table as the list has it (its type and row estimate); null when the list does not have it. */
  listed: DatabaseTable | null;
}

/** One table or view: its first rows and its columns, with Query and Open in notebook. */
export function TableDetails({ source, schema, table, listed }: Props) {
  const { project, offers } = useDataContext();
  const columns = useQuery(tableQuery(project.id, source.id, schema, table));
  const preview = useQuery(tablePreviewQuery(project.id, source.id, schema, table));
  const estimate = rowEstimate(listed?.row_estimate ?? null);
  const qualified = `${schema}.${table}`;

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {qualified}
          </Title>
          <Group gap={6} mt={2}>
            <Badge size="sm" variant="light" color={listed?.type === 'view' ? 'gray' : 'blue'}>
              {listed?.type ?? 'table'}
            </Badge>
            {estimate && (
              <Text size="sm" c="dimmed">
                {estimate} (the server&apos;s estimate)
              </Text>
            )}
          </Group>
        </div>
        <Group gap="xs">
          {offers?.query !== false && (
            <Button variant="default" component={Link} to={dataLinks.query(project.id, source.id, selectFrom(source.kind, schema, table))}>
              Query this table
            </Button>
          )}
          <OpenInNotebookButton source={source} data={{ table: { schema, name: table } }} what={qualified} />
        </Group>
      </Group>
      <Tabs defaultValue="rows">
        <Tabs.List>
          <Tabs.Tab value="rows">First rows</Tabs.Tab>
          <Tabs.Tab value="columns">Columns{columns.data ? ` (${columns.data.columns.length})` : ''}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rows" pt="sm">
          {preview.isPending ? (
            <Skeletons label="Reading the first rows…" rows={8} height={26} />
          ) : preview.isError ? (
            <DataErrorAlert title="The first rows cannot be read" error={preview.error} onRetry={() => void preview.refetch()} />
          ) : (
            <>
              <ResultFacts result={preview.data} of="table" />
              <div style={{ marginTop: 8 }}>
                {preview.data.rows.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    The table is empty.
                  </Text>
                ) : (
                  <DataGrid label={`First rows of ${qualified}`} columns={preview.data.columns} rows={preview.data.rows} />
                )}
              </div>
            </>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="columns" pt="sm">
          {columns.isPending ? (
            <Skeletons label="Loading the columns…" rows={6} />
          ) : columns.isError ? (
            <DataErrorAlert title="The columns cannot be read" error={columns.error} onRetry={() => void columns.refetch()} />
          ) : (
            <DataTable
              label={`Columns of ${qualified}`}
              columns={[
                { header: 'Column', breakAnywhere: true, cell: (column) => column.name },
                { header: 'Type', mono: true, breakAnywhere: true, cell: (column) => column.type },
                { header: 'Nullable', width: 96, cell: (column) => (column.nullable ? 'yes' : 'no') },
              ]}
              rows={columns.data.columns}
              rowKey={(column) => column.name}
              spacing="xs"
              framed
            />
          )}
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
