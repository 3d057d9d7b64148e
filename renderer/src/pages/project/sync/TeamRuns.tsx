import { Anchor, Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { keys } from '../../../api/queries';
import { isLiveRun, projectRunsQuery, useOpenRun, useStopRun, type RemoteRun } from '../../../api/remote-runs';
import { hubPath } from '../../../app/base-path';
import { DataTable, type Column } from '../../../components/DataTable';
import { DateTime } from '../../../components/DateTime';
import { notifyFailure } from '../../../components/failure-notification';
import { problemOf } from '../../remotes/remote-problem';

export const RUN_STATES: Record<RemoteRun['state'], { label: string; color: string; hint: string }> = {
  starting: { label: 'Starting', color: 'blue', hint: 'The team hub is starting it (a job waits for a slot).' },
  running: { label: 'Running', color: 'green', hint: 'It runs on the team hub.' },
  ended: { label: 'Ended', color: 'gray', hint: 'It ended; what it left is back here.' },
  failed: { label: 'Failed', color: 'red', hint: 'It failed on the team hub; what it left is back here.' },
};

const how = (run: RemoteRun) => (run.kind === 'job' ? 'Job' : run.mode === 'app' ? 'App session' : 'Editor session');

function Outcome({ run, pid }: { run: RemoteRun; pid: string }) {
  if (run.kind === 'job' && run.output) {
    return (
      <Group gap="xs">
        {run.output.output_bytes !== null && (
          <Anchor href={hubPath(`/api/v1/remote-runs/${run.id}/output`)} target="_blank" rel="noopener noreferrer" size="sm">
            Output
          </Anchor>
        )}
        <Anchor href={hubPath(`/api/v1/remote-runs/${run.id}/log`)} target="_blank" rel="noopener noreferrer" size="sm">
          Log
        </Anchor>
      </Group>
    );
  }
  if (run.result?.local_version_id && run.result.outcome !== 'unchanged') {
    return (
      <Anchor component={Link} to={`/projects/${pid}/notebooks/${run.notebook_id}/versions/${run.result.local_version_id}`} size="sm">
        {run.result.outcome === 'conflict' ? 'In conflict: resolve it' : 'Its result, as a version here'}
      </Anchor>
    );
  }
  if (run.result) return <Text size="sm">Nothing new came back.</Text>;
  if (run.error) {
    return (
      <Tooltip label={run.error.message} multiline maw={360}>
        <Text size="sm" c="orange">
          Could not ask the team hub: trying again
        </Text>
      </Tooltip>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {run.team.failure?.message ?? '—'}
    </Text>
  );
}

/**
 * Your sessions and job runs on the team hub for this project (docs/ui/remotes.md, "Running on the
 * team hub"): read every few seconds while one runs, which brings its result back once it ended.
 * Nothing shows until there is one.
 */
export function TeamRuns({ pid, titles }: { pid: string; titles: ReadonlyMap<string, string> }) {
  const runs = useQuery(projectRunsQuery(pid));
  const stop = useStopRun(pid);
  const open = useOpenRun();
  const queryClient = useQueryClient();
  const live = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const now = new Set((runs.data ?? []).filter(isLiveRun).map((run) => run.id));
    // A run that ended brought its result back: the notebooks' states and versions moved.
    if ([...live.current].some((id) => !now.has(id))) void queryClient.invalidateQueries({ queryKey: keys.project(pid) });
    live.current = now;
  }, [runs.data, pid, queryClient]);
  if (!runs.data || runs.data.length === 0) return null;
  const failed = (error: Error) => notifyFailure(error, { title: problemOf(error).title });
  const columns: Column<RemoteRun>[] = [
    { header: 'Notebook', breakAnywhere: true, cell: (run) => <Text size="sm">{titles.get(run.notebook_id) ?? run.notebook_id}</Text> },
    { header: 'How', width: 130, cell: (run) => <Text size="sm">{how(run)}</Text> },
    { header: 'Profile', width: 120, cell: (run) => <Text size="sm">{run.team.compute_profile ?? run.compute_profile ?? 'its own'}</Text> },
    {
      header: 'State',
      width: 110,
      cell: (run) => (
        <Tooltip label={RUN_STATES[run.state].hint} multiline maw={280}>
          <Badge color={RUN_STATES[run.state].color} variant="dot" tt="none">
            {RUN_STATES[run.state].label}
          </Badge>
        </Tooltip>
      ),
    },
    { header: 'Started', width: 150, cell: (run) => <DateTime value={run.created_at} /> },
    { header: 'Result', width: 200, cell: (run) => <Outcome run={run} pid={pid} /> },
    {
      header: 'Actions',
      hiddenHeader: true,
      width: 160,
      cell: (run) =>
        run.kind === 'session' &&
        isLiveRun(run) && (
          <Group gap={6} wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              onClick={() => open.mutate(run.id, { onError: failed })}
              aria-label={`Open the session of ${titles.get(run.notebook_id) ?? run.notebook_id}`}
            >
              Open
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={stop.isPending && stop.variables === run.id}
              onClick={() => stop.mutate(run.id, { onError: failed })}
              aria-label={`Stop the session of ${titles.get(run.notebook_id) ?? run.notebook_id}`}
            >
              Stop
            </Button>
          </Group>
        ),
    },
  ];
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        On the team hub
      </Title>
      <DataTable label="Runs on the team hub" columns={columns} rows={runs.data} rowKey={(run) => run.id} minWidth={860} nativeScroll framed spacing="sm" />
    </Stack>
  );
}
