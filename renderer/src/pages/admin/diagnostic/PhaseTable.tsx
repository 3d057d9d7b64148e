import { Code, Paper, Stack, Text, Title } from '@mantine/core';
import { DataTable } from '../../../components/DataTable';
import { LogView } from '../../../components/LogView';
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
      {command?.stdout && <LogView label={`Output of ${row.label}`} text={command.stdout} maxHeight={160} />}
      {command?.stderr && <LogView label={`Errors of ${row.label}`} text={command.stderr} maxHeight={160} color="red.1" />}
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
      <DataTable
        columns={[
          { header: 'Phase', width: 170, cell: (row) => row.label },
          { header: 'Status', width: 120, cell: (row) => <StatusBadge status={row.phase.status} /> },
          {
            header: 'Duration (ms)',
            width: 120,
            align: 'right',
            mono: true,
            cell: (row) => (row.phase.duration_ms === null ? '—' : row.phase.duration_ms.toLocaleString(undefined, { maximumFractionDigits: 1 })),
          },
          { header: 'Command and output', cell: (row) => <PhaseDetail row={row} /> },
        ]}
        rows={rows}
        rowKey={(row) => row.key}
        minWidth={640}
        spacing="sm"
        fixedLayout
      />
    </Paper>
  );
}
