import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable, type Column } from '../../../components/DataTable';
import { DateTime } from '../../../components/DateTime';
import { EmptyState } from '../../../components/EmptyState';
import { TraceLink } from '../../../components/TraceLink';
import { isFinished, useCancelRun, type JobRun } from '../../../api/jobs';
import { formatRunDuration } from './job-format';
import { RunLogModal } from './RunLogModal';
import { RunOutputModal } from './RunOutputModal';
import { RunStateBadge } from './RunStateBadge';
import { notifyFailure } from '../../../components/failure-notification';

interface Props {
  pid: string;
  nid: string;
  jid: string;
  runs: JobRun[];
  editable: boolean;
}

const TRIGGERS: Record<JobRun['trigger'], string> = { schedule: 'Schedule', manual: 'Run now' };

/** The job's runs, newest first: outcome, timing, error, and each run's output and log. */
export function RunsTable({ pid, nid, jid, runs, editable }: Props) {
  const [logOf, setLogOf] = useState<JobRun | null>(null);
  const [outputOf, setOutputOf] = useState<JobRun | null>(null);
  const cancel = useCancelRun(pid, nid, jid);
  if (runs.length === 0) return <EmptyState title="No runs yet">Runs appear here when the schedule fires or someone presses Run now.</EmptyState>;
  const cancelRun = (run: JobRun) => cancel.mutate(run.id, { onError: (error) => notifyFailure(error, { title: 'Could not cancel the run' }) });
  // The modals show the newest state of the run they opened for, as the history is read again.
  const current = (run: JobRun | null) => (run ? (runs.find((candidate) => candidate.id === run.id) ?? run) : null);
  const columns: Column<JobRun>[] = [
    { header: 'State', cell: (run) => <RunStateBadge state={run.state} /> },
    { header: 'Trigger', cell: (run) => TRIGGERS[run.trigger] },
    {
      header: 'Started',
      cellProps: { style: { whiteSpace: 'nowrap' } },
      cell: (run) =>
        run.started_at ? (
          <DateTime value={run.started_at} />
        ) : (
          <Text span size="sm" c="dimmed">
            Queued <DateTime value={run.queued_at} />
          </Text>
        ),
    },
    { header: 'Duration', cellProps: { style: { whiteSpace: 'nowrap' } }, cell: (run) => formatRunDuration(run.duration_ms) },
    { header: 'Exit code', mono: true, cell: (run) => run.exit_code ?? '—' },
    {
      header: 'Error',
      cellProps: { maw: 280 },
      cell: (run) =>
        run.error ? (
          <Text size="sm" c="red" lineClamp={3} title={run.error.message} style={{ overflowWrap: 'anywhere' }}>
            {run.error.message}
          </Text>
        ) : (
          '—'
        ),
    },
    {
      header: 'Output and log',
      cell: (run) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" variant="subtle" disabled={!run.has_output} onClick={() => setOutputOf(run)} aria-label={`Output of run ${run.id}`}>
            Output
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => setLogOf(run)} aria-label={`Log of run ${run.id}`}>
            Log
          </Button>
          <TraceLink traceId={run.trace_id} of={`run ${run.id}`} button />
          {editable && !isFinished(run.state) && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              loading={cancel.isPending && cancel.variables === run.id}
              onClick={() => cancelRun(run)}
              aria-label={`Cancel run ${run.id}`}
            >
              Cancel
            </Button>
          )}
        </Group>
      ),
    },
  ];
  return (
    <>
      <DataTable label="Run history" columns={columns} rows={runs} rowKey={(run) => run.id} minWidth={820} spacing="sm" />
      <RunLogModal pid={pid} nid={nid} run={current(logOf)} onClose={() => setLogOf(null)} />
      <RunOutputModal pid={pid} nid={nid} run={current(outputOf)} onClose={() => setOutputOf(null)} />
    </>
  );
}
