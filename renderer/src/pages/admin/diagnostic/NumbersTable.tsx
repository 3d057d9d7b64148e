import { Paper, Title } from '@mantine/core';
import { DataTable } from '../../../components/DataTable';

/** A report's map of numbers (timings or counters), as the API gave them. */
export function NumbersTable({ title, values, unit }: { title: string; values: Record<string, number>; unit?: string }) {
  return (
    <Paper withBorder radius="md">
      <Title order={3} size="h5" p="md" pb={0}>
        {title}
      </Title>
      <DataTable
        columns={[
          { header: 'Name', mono: true, cell: ([name]) => name },
          {
            header: unit ? `Value (${unit})` : 'Value',
            align: 'right',
            mono: true,
            cell: ([, value]) => value.toLocaleString(undefined, { maximumFractionDigits: 2 }),
          },
        ]}
        rows={Object.entries(values)}
        rowKey={([name]) => name}
      />
    </Paper>
  );
}
