import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import { isFinished, type JobRun, type RunState } from '../../../api/jobs';
import { formatRunDuration, RUN_STATE_LOOK } from './job-format';

// With seconds: runs a minute apart or less are told apart.
const shortTime = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** One bar per finished run, oldest first; each outcome is its own series, so a bar takes its outcome's colour and the legend names it. */
export function runChartData(runs: readonly JobRun[]): { finished: JobRun[]; rows: Record<string, string | number>[]; states: RunState[] } {
  const finished = runs.filter((run) => isFinished(run.state) && run.duration_ms !== null && run.started_at !== null).reverse();
  const states = [...new Set(finished.map((run) => run.state))];
  const rows = finished.map((run) => ({ run: shortTime.format(new Date(run.started_at!)), id: run.id, [run.state]: Math.round(run.duration_ms! / 100) / 10 }));
  return { finished, rows, states };
}

/** Run durations and outcomes over time, for the runs loaded on the page. */
export function RunChart({ runs }: { runs: readonly JobRun[] }) {
  const { finished, rows, states } = runChartData(runs);
  const summary = finished.map((run) => `${RUN_STATE_LOOK[run.state].label} in ${formatRunDuration(run.duration_ms)}`).join(', ');
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="sm">
        Run durations
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No finished runs yet: once runs end, their durations and outcomes are charted here.
        </Text>
      ) : (
        <div role="img" aria-label={`Run durations, oldest first: ${summary}`}>
          <BarChart
            // Tall enough that every tick of the duration axis keeps its label.
            h={240}
            data={rows}
            dataKey="run"
            type="stacked"
            series={states.map((state) => ({ name: state, label: RUN_STATE_LOOK[state].label, color: `${RUN_STATE_LOOK[state].color}.6` }))}
            valueFormatter={(seconds) => `${seconds} s`}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            gridAxis="y"
            yAxisProps={{ domain: [0, 'auto'], allowDecimals: false, tickCount: 5, scale: 'linear' }}
            maxBarWidth={40}
          />
        </div>
      )}
    </Paper>
  );
}
