import { Button, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DateTime } from '../../../components/DateTime';
import { EmptyState } from '../../../components/EmptyState';
import { isFinished, useCancelRun, type JobRun } from './job-api';
import { formatRunDuration } from './job-format';
import { RunLogModal } from './RunLogModal';
import { RunOutputModal } from './RunOutputModal';
import { RunStateBadge } from './RunStateBadge';

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
  const cancelRun = (run: JobRun) =>
    cancel.mutate(run.id, { onError: (error) => notifications.show({ color: 'red', title: 'Could not cancel the run', message: error.message }) });
  // The modals show the newest state of the run they opened for, as the history is read again.
  const current = (run: JobRun | null) => (run ? (runs.find((candidate) => candidate.id === run.id) ?? run) : null);
  return (
    <>
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="sm" aria-label="Run history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>State</Table.Th>
              <Table.Th>Trigger</Table.Th>
              <Table.Th>Started</Table.Th>
              <Table.Th>Duration</Table.Th>
              <Table.Th>Exit code</Table.Th>
              <Table.Th>Error</Table.Th>
              <Table.Th>Output and log</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.map((run) => (
              <Table.Tr key={run.id}>
                <Table.Td>
                  <RunStateBadge state={run.state} />
                </Table.Td>
                <Table.Td>{TRIGGERS[run.trigger]}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {run.started_at ? (
                    <DateTime value={run.started_at} />
                  ) : (
                    <Text span size="sm" c="dimmed">
                      Queued <DateTime value={run.queued_at} />
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRunDuration(run.duration_ms)}</Table.Td>
                <Table.Td ff="monospace">{run.exit_code ?? '—'}</Table.Td>
                <Table.Td maw={280}>
                  {run.error ? (
                    <Text size="sm" c="red" lineClamp={3} title={run.error.message} style={{ overflowWrap: 'anywhere' }}>
                      {run.error.message}
                    </Text>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      disabled={!run.has_output}
                      onClick={() => setOutputOf(run)}
                      aria-label={`Output of run ${run.id}`}
                    >
                      Output
                    </Button>
                    <Button size="compact-sm" variant="subtle" onClick={() => setLogOf(run)} aria-label={`Log of run ${run.id}`}>
                      Log
                    </Button>
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
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <RunLogModal pid={pid} nid={nid} run={current(logOf)} onClose={() => setLogOf(null)} />
      <RunOutputModal pid={pid} nid={nid} run={current(outputOf)} onClose={() => setOutputOf(null)} />
    </>
  );
}
