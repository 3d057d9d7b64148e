import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import type { SandboxStartupReport } from '../../../api/admin-types';
import { NumbersTable } from './NumbersTable';
import { PhaseTable } from './PhaseTable';
import { ReportSummary } from './ReportSummary';
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
  return (
    <Stack gap="md" aria-label="Diagnostic report" component="section">
      <ReportSummary report={report} />
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
