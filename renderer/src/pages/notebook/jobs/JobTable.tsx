import { Anchor, Group, Stack, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/DataTable';
import { DateTime } from '../../../components/DateTime';
import { useSaveJob, type Job } from '../../../api/jobs';
import { argumentsLine } from './job-format';
import { ScheduleText } from './ScheduleText';
import { RunNowButton } from './RunNowButton';
import { RunStateBadge } from './RunStateBadge';
import { notifyFailure } from '../../../components/failure-notification';

interface Props {
  pid: string;
  nid: string;
  jobs: Job[];
  editable: boolean;
}

/** One row per job: its schedule, next and last run, whether it is enabled, and Run now for editors. */
export function JobTable({ pid, nid, jobs, editable }: Props) {
  const columns: Column<Job>[] = [
    {
      header: 'Name',
      cellProps: { maw: 240 },
      cell: (job) => (
        <>
          <Anchor component={Link} to={job.id} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {job.name}
          </Anchor>
          {job.parameters.length > 0 && (
            <Text size="xs" c="dimmed" ff="monospace" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {argumentsLine(job.parameters)}
            </Text>
          )}
        </>
      ),
    },
    { header: 'Schedule', cell: (job) => <ScheduleText schedule={job.schedule} /> },
    {
      header: 'Next run',
      cell: (job) => (
        <Text size="sm" c={job.next_run_at && job.enabled ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {job.next_run_at && job.enabled ? <DateTime value={job.next_run_at} /> : '—'}
        </Text>
      ),
    },
    { header: 'Last run', cell: (job) => <LastRun job={job} /> },
    { header: 'Enabled', cell: (job) => <EnabledSwitch pid={pid} nid={nid} job={job} editable={editable} /> },
  ];
  return (
    <DataTable
      columns={columns}
      rows={jobs}
      rowKey={(job) => job.id}
      rowActions={
        editable
          ? (job) => (
              <Group justify="flex-end">
                <RunNowButton pid={pid} nid={nid} job={job} />
              </Group>
            )
          : undefined
      }
      minWidth={760}
      spacing="sm"
    />
  );
}

function LastRun({ job }: { job: Job }) {
  const underWay = job.running_runs > 0 ? 'running' : job.queued_runs > 0 ? 'queued' : null;
  return (
    <Stack gap={2} align="flex-start">
      {underWay ? (
        <RunStateBadge state={underWay} />
      ) : job.last_run ? (
        <RunStateBadge state={job.last_run.state} />
      ) : (
        <Text size="sm" c="dimmed">
          Never run
        </Text>
      )}
      {!underWay && job.last_run?.finished_at && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          <DateTime value={job.last_run.finished_at} />
        </Text>
      )}
    </Stack>
  );
}

/** Turns a job on or off in place; a refusal comes as a notification. */
function EnabledSwitch({ pid, nid, job, editable }: { pid: string; nid: string; job: Job; editable: boolean }) {
  const save = useSaveJob(pid, nid);
  const toggle = (enabled: boolean) =>
    save.mutate({ jid: job.id, body: { enabled } }, { onError: (error) => notifyFailure(error, { title: `Could not change ${job.name}` }) });
  return (
    <Switch
      checked={job.enabled}
      disabled={!editable || save.isPending}
      onChange={(event) => toggle(event.currentTarget.checked)}
      aria-label={`${job.name} enabled`}
    />
  );
}
