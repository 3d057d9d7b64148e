import { Anchor, Group, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { DateTime } from '../../../components/DateTime';
import { useSaveJob, type Job } from './job-api';
import { argumentsLine } from './job-format';
import { ScheduleText } from './ScheduleText';
import { RunNowButton } from './RunNowButton';
import { RunStateBadge } from './RunStateBadge';

interface Props {
  pid: string;
  nid: string;
  jobs: Job[];
  editable: boolean;
}

/** One row per job: its schedule, next and last run, whether it is enabled, and Run now for editors. */
export function JobTable({ pid, nid, jobs, editable }: Props) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Schedule</Table.Th>
            <Table.Th>Next run</Table.Th>
            <Table.Th>Last run</Table.Th>
            <Table.Th>Enabled</Table.Th>
            {editable && (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <JobRow key={job.id} pid={pid} nid={nid} job={job} editable={editable} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function JobRow({ pid, nid, job, editable }: { pid: string; nid: string; job: Job; editable: boolean }) {
  const save = useSaveJob(pid, nid);
  const toggle = (enabled: boolean) =>
    save.mutate(
      { jid: job.id, body: { enabled } },
      { onError: (error) => notifications.show({ color: 'red', title: `Could not change ${job.name}`, message: error.message }) },
    );
  const underWay = job.running_runs > 0 ? 'running' : job.queued_runs > 0 ? 'queued' : null;
  return (
    <Table.Tr>
      <Table.Td maw={240}>
        <Anchor component={Link} to={job.id} fw={500} style={{ overflowWrap: 'anywhere' }}>
          {job.name}
        </Anchor>
        {job.parameters.length > 0 && (
          <Text size="xs" c="dimmed" ff="monospace" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {argumentsLine(job.parameters)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <ScheduleText schedule={job.schedule} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={job.next_run_at && job.enabled ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {job.next_run_at && job.enabled ? <DateTime value={job.next_run_at} /> : '—'}
        </Text>
      </Table.Td>
      <Table.Td>
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
      </Table.Td>
      <Table.Td>
        <Switch
          checked={job.enabled}
          disabled={!editable || save.isPending}
          onChange={(event) => toggle(event.currentTarget.checked)}
          aria-label={`${job.name} enabled`}
        />
      </Table.Td>
      {editable && (
        <Table.Td>
          <Group justify="flex-end">
            <RunNowButton pid={pid} nid={nid} job={job} />
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
