import { Paper, Table, Title } from '@mantine/core';

/** A report's map of numbers (timings or counters), as the API gave them. */
export function NumbersTable({ title, values, unit }: { title: string; values: Record<string, number>; unit?: string }) {
  return (
    <Paper withBorder radius="md">
      <Title order={3} size="h5" p="md" pb={0}>
        {title}
      </Title>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th ta="right">{unit ? `Value (${unit})` : 'Value'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Object.entries(values).map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Td ff="monospace">{name}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {value.toLocaleString(undefined, { maximumFractionDigits: 2 })}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
