import { Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { SandboxStartupReport } from '../../../api/admin-types';
import { formatDateTime } from '../../../app/format';
import { TraceLink } from '../../../components/TraceLink';
import { formatDuration } from '../../../app/format';
import { StatusBadge } from '../health/StatusBadge';

/** What a run started and how it went: its outcome, total, image and profile, start, sandbox, and its trace where it was traced. */
export function ReportSummary({ report }: { report: SandboxStartupReport }) {
  const resources = report.compute_resources;
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {report.ok ? 'Sandbox started and destroyed' : 'A phase failed'}
        </Title>
        <StatusBadge status={report.ok ? 'ok' : 'failed'} />
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
        <Text size="sm">
          <Text span c="dimmed">
            Total{' '}
          </Text>
          {formatDuration(report.total_ms)}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span c="dimmed">
            Image{' '}
          </Text>
          {report.image ?? '—'}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            Profile{' '}
          </Text>
          {report.compute_profile ?? '—'}
          {resources.cpu !== undefined && ` (${resources.cpu} CPU`}
          {resources.memory_bytes !== undefined && `, ${(resources.memory_bytes / 1024 ** 3).toFixed(1)} GiB`}
          {resources.gpu !== undefined && `, GPU ${resources.gpu}`}
          {resources.cpu !== undefined && ')'}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            Started{' '}
          </Text>
          {formatDateTime(report.started_at)}
        </Text>
      </SimpleGrid>
      <Group gap="sm" mt={4} wrap="nowrap">
        <Text size="xs" c="dimmed" ff="monospace">
          {report.sandbox_id ?? 'no sandbox was created'}
        </Text>
        <TraceLink traceId={report.trace_id} of="this diagnostic run" />
      </Group>
    </Paper>
  );
}
