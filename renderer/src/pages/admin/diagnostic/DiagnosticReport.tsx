import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SandboxStartupReport } from '../../../api/admin-types';
import { formatDateTime } from '../../../app/format';
import { formatDuration } from '../health/format';
import { StatusBadge } from '../health/StatusBadge';
import { NumbersTable } from './NumbersTable';
import { PhaseTable } from './PhaseTable';
import { benchmarkRows, chartData, phaseRows } from './report-rows';

function TimingChart({ title, data }: { title: string; data: { phase: string; ms: number }[] }) {
  if (data.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      <div role="img" aria-label={`${title}: ${data.map((row) => `${row.phase} ${row.ms} ms`).join(', ')}`}>
        <BarChart
          h={Math.max(140, data.length * 40 + 40)}
          data={data}
          dataKey="phase"
          orientation="vertical"
          yAxisProps={{ width: 150 }}
          series={[{ name: 'ms', label: 'Duration', color: 'blue.6' }]}
          valueFormatter={(value) => `${value} ms`}
          gridAxis="x"
          withBarValueLabel
        />
      </div>
    </Paper>
  );
}

/** A finished run: what was started, the phase timings as charts, and the raw numbers as tables. */
export function DiagnosticReport({ report }: { report: SandboxStartupReport }) {
  const phases = phaseRows(report);
  const backend = Object.entries(report.startup_timings_ms).map(([name, ms]) => ({ phase: name.replace(/_ms$/, '').replace(/_/g, ' '), ms: Math.round(ms) }));
  const benchmark = report.environment_setup_benchmark ? benchmarkRows(report.environment_setup_benchmark) : null;
  const resources = report.compute_resources;
  return (
    <Stack gap="md" aria-label="Diagnostic report" component="section">
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
        <Text size="xs" c="dimmed" mt={4} ff="monospace">
          {report.sandbox_id ?? 'no sandbox was created'}
        </Text>
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: backend.length > 0 ? 2 : 1 }} spacing="md">
        <TimingChart title="Phases" data={chartData(phases)} />
        <TimingChart title="Backend start-up timings" data={backend} />
      </SimpleGrid>
      <PhaseTable title="Phases" rows={phases} />
      {backend.length > 0 && <NumbersTable title="Backend start-up timings" unit="ms" values={report.startup_timings_ms} />}
      {Object.keys(report.counters).length > 0 && <NumbersTable title="Counters" values={report.counters} />}
      {benchmark && report.environment_setup_benchmark && (
        <>
          <TimingChart title={`Environment set-up benchmark (${report.environment_setup_benchmark.tool})`} data={chartData(benchmark)} />
          <PhaseTable title="Environment set-up benchmark" rows={benchmark} />
        </>
      )}
    </Stack>
  );
}
