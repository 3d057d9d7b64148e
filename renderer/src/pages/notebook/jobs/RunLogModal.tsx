import { Anchor, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ErrorView } from '../../../components/ErrorView';
import { LoadingState } from '../../../components/LoadingState';
import { LogView } from '../../../components/LogView';
import { isFinished, RUN_POLL_MS, runLogQuery, runUrls, type JobRun } from '../../../api/jobs';
import { RunStateBadge } from './RunStateBadge';

/** A run's log in a monospace panel, read again every two seconds while the run goes on. */
export function RunLogModal({ pid, nid, run, onClose }: { pid: string; nid: string; run: JobRun | null; onClose: () => void }) {
  return (
    <Modal opened={run !== null} onClose={onClose} title={run ? `Log of run ${run.id}` : 'Log'} size="xl">
      {run && <RunLog pid={pid} nid={nid} run={run} />}
    </Modal>
  );
}

function RunLog({ pid, nid, run }: { pid: string; nid: string; run: JobRun }) {
  const underWay = !isFinished(run.state);
  const log = useQuery({ ...runLogQuery(pid, nid, run.job_id, run.id), refetchInterval: underWay ? RUN_POLL_MS : false });
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A growing log stays scrolled to its newest lines.
    if (underWay) viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [log.data, underWay]);

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <RunStateBadge state={run.state} />
          {underWay && (
            <Text size="sm" c="dimmed">
              The log refreshes every 2 seconds while the run goes on.
            </Text>
          )}
        </Group>
        <Anchor href={runUrls.logs(pid, nid, run.job_id, run.id)} target="_blank" rel="noopener" size="sm">
          Open the log in a new tab
        </Anchor>
      </Group>
      {log.isPending ? (
        <LoadingState label="Loading log…" />
      ) : log.isError ? (
        <ErrorView error={log.error} onRetry={() => void log.refetch()} />
      ) : (
        <LogView label={`Log of run ${run.id}`} text={log.data || 'The log is empty so far.'} maxHeight="60vh" viewportRef={viewport} />
      )}
    </Stack>
  );
}
