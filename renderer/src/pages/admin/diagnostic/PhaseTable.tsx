import { Code, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { StatusBadge } from '../health/StatusBadge';
import { isCommand, type PhaseRow } from './report-rows';

function PhaseDetail({ row }: { row: PhaseRow }) {
  const { phase } = row;
  const command = isCommand(phase) ? phase : null;
  if (!phase.error && !command) return <Text size="sm">—</Text>;
  return (
    <Stack gap={4}>
      {phase.error && (
        <Text size="sm" fw={600}>
          {phase.error.code}: {phase.error.message}
        </Text>
      )}
      {command?.failure_code && <Text size="xs">failure: {command.failure_code}</Text>}
      {command && <Code>{command.command}</Code>}
      {command?.stdout && (
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 160, overflow: 'auto' }}>
          {command.stdout}
        </Code>
      )}
      {command?.stderr && (
        <Code block color="red.1" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 160, overflow: 'auto' }}>
          {command.stderr}
        </Code>
      )}
    </Stack>
  );
}

/** Each phase's status, exact duration, and what it ran or why it failed. */
export function PhaseTable({ title, rows }: { title: string; rows: PhaseRow[] }) {
  return (
    <Paper withBorder radius="md">
      <Title order={3} size="h5" p="md" pb={0}>
        {title}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={170}>Phase</Table.Th>
              <Table.Th w={120}>Status</Table.Th>
              <Table.Th w={120} ta="right">
                Duration (ms)
              </Table.Th>
              <Table.Th>Command and output</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td>
                  <StatusBadge status={row.phase.status} />
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {row.phase.duration_ms === null ? '—' : row.phase.duration_ms.toLocaleString(undefined, { maximumFractionDigits: 1 })}
                </Table.Td>
                <Table.Td>
                  <PhaseDetail row={row} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
