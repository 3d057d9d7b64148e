import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { capabilitiesQuery } from '../../../api/notebook-access';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { DateTime } from '../../../components/DateTime';
import { useDeleteJob, type Job } from '../../../api/jobs';
import { argumentsLine } from './job-format';
import { JobFormModal } from './JobFormModal';
import { RunNowButton } from './RunNowButton';
import { ScheduleText } from './ScheduleText';

/** Why the hub switched a job off, as its owner's standing says. */
const PAUSED_BECAUSE: Record<NonNullable<Job['disabled_reason']>, string> = {
  owner_suspended: 'its owner’s account is suspended',
  owner_left_project: 'its owner is no longer an editor of this project',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The job's settings at a glance, with Run now, Edit and Delete for those who may change it. */
export function JobSummary({ pid, nid, job, editable }: { pid: string; nid: string; job: Job; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteJob(pid, nid);
  const navigate = useNavigate();
  const capabilities = useQuery(capabilitiesQuery);
  const defaultTimeout = capabilities.data?.jobs.default_timeout_seconds;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 20rem' }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {job.name}
            </Title>
            <Badge color={job.enabled ? 'green' : 'gray'} variant="dot" style={{ flexShrink: 0 }}>
              {job.enabled ? 'Enabled' : 'Disabled'}
            </Badge>
          </Group>
          {editable && (
            <Group gap="xs">
              <RunNowButton pid={pid} nid={nid} job={job} size="sm" />
              <Button size="sm" variant="default" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <ConfirmButton
                mutation={remove}
                variables={job.id}
                label="Delete"
                confirmLabel="Delete job"
                button={{ size: 'sm', variant: 'default', color: 'red' }}
                title={`Delete ${job.name}?`}
                onSuccess={() => void navigate('..', { relative: 'path' })}
              >
                The job stops running; its queued and running runs are cancelled and its run history is deleted.
              </ConfirmButton>
            </Group>
          )}
        </Group>
        {job.disabled_reason && (
          <Alert color="yellow" title="Paused by the hub" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            This job stopped running on its schedule because {PAUSED_BECAUSE[job.disabled_reason]}. An editor who enables it again becomes its owner.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          <Fact label="Schedule">
            <ScheduleText schedule={job.schedule} />
          </Fact>
          <Fact label="Next run">{job.next_run_at && job.enabled ? <DateTime value={job.next_run_at} /> : '—'}</Fact>
          <Fact label="On demand">{job.on_demand ? 'Allowed' : 'Schedule only'}</Fact>
          <Fact label="Parameters">
            {job.parameters.length ? (
              <Text span size="sm" ff="monospace">
                {argumentsLine(job.parameters)}
              </Text>
            ) : (
              'None'
            )}
          </Fact>
          <Fact label="Timeout">{job.timeout_seconds ? `${job.timeout_seconds} s` : `Hub default${defaultTimeout ? ` (${defaultTimeout} s)` : ''}`}</Fact>
          <Fact label="Compute profile">{job.compute_profile ?? "The notebook's"}</Fact>
          <Fact label="Version">{job.version_id ?? 'The current one at each run'}</Fact>
          <Fact label="Created">
            <DateTime value={job.created_at} />
          </Fact>
        </SimpleGrid>
      </Stack>
      <JobFormModal pid={pid} nid={nid} job={job} opened={editing} onClose={() => setEditing(false)} />
    </Paper>
  );
}
