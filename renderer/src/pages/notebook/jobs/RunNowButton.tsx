import { Button, Group, Loader, Text, Tooltip } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isFinished, jobKeys, runQuery, useRunJob, type Job } from '../../../api/jobs';
import { RUN_STATE_LOOK } from './job-format';
import { notifyFailure } from '../../../components/failure-notification';

/** Why a job cannot be run now, or null when it can. */
function refusalOf(job: Job): string | null {
  if (!job.enabled) return 'The job is disabled: enable it to run it.';
  if (!job.on_demand) return 'This job runs on its schedule only.';
  return null;
}

/**
 * Queues a run of the job, then follows it (the run is read every two seconds) until it has ended,
 * with a spinner and its state beside the button.
 */
export function RunNowButton({ pid, nid, job, size = 'xs' }: { pid: string; nid: string; job: Job; size?: 'xs' | 'sm' }) {
  const queryClient = useQueryClient();
  const trigger = useRunJob(pid, nid);
  const [runId, setRunId] = useState<string | null>(null);
  const run = useQuery({ ...runQuery(pid, nid, job.id, runId ?? ''), enabled: runId !== null });
  const state = run.data?.state;
  const following = runId !== null && (state === undefined || !isFinished(state));
  const refusal = refusalOf(job);

  useEffect(() => {
    // The list and the history show the run's outcome once it has one.
    if (state && isFinished(state)) void queryClient.invalidateQueries({ queryKey: jobKeys.all(pid, nid) });
  }, [state, pid, nid, queryClient]);

  const start = () =>
    trigger.mutate(job.id, {
      onSuccess: (queued) => setRunId(queued.id),
      onError: (error) => notifyFailure(error, { title: `Could not run ${job.name}` }),
    });

  const button = (
    <Button
      size={size}
      variant="light"
      loading={trigger.isPending}
      disabled={following || refusal !== null}
      onClick={start}
      aria-label={`Run now: ${job.name}`}
    >
      Run now
    </Button>
  );
  return (
    <Group gap="xs" wrap="nowrap">
      {following && (
        <Group gap={6} wrap="nowrap" role="status" aria-live="polite">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            {state === 'running' ? 'Running…' : 'Queued…'}
          </Text>
        </Group>
      )}
      {!following && state && (
        <Text size="sm" c="dimmed" role="status">
          {RUN_STATE_LOOK[state].label}
        </Text>
      )}
      {refusal ? (
        <Tooltip label={refusal}>
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
    </Group>
  );
}
