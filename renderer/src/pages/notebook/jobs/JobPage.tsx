import { Anchor, Stack } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ErrorView } from '../../../components/ErrorView';
import { LoadingState } from '../../../components/LoadingState';
import { LoadMore } from '../../../components/LoadMore';
import { canEdit, useNotebookContext } from '../notebook-context';
import { isFinished, jobQuery, RUN_POLL_MS, runsQuery } from '../../../api/jobs';
import { JobSummary } from './JobSummary';
import { JobsUnavailableNotice } from './JobsUnavailableNotice';
import { RunChart } from './RunChart';
import { RunsTable } from './RunsTable';

/** One job: its settings, a chart of its runs, and its run history a page at a time. */
export function JobPage() {
  const { notebook, project } = useNotebookContext();
  const { id: nid, project_id: pid } = notebook.meta;
  const { jid = '' } = useParams();
  const editable = canEdit(project);
  const job = useQuery({
    ...jobQuery(pid, nid, jid),
    refetchInterval: (query) => (query.state.data && query.state.data.queued_runs + query.state.data.running_runs > 0 ? RUN_POLL_MS : false),
  });
  const runs = useInfiniteQuery({
    ...runsQuery(pid, nid, jid),
    // Runs under way change state: read the history again until they have ended.
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.items.some((run) => !isFinished(run.state))) ? RUN_POLL_MS : false),
  });
  const items = runs.data?.pages.flatMap((page) => page.items) ?? [];

  const back = (
    <Anchor component={Link} to=".." relative="path" size="sm">
      ← All jobs
    </Anchor>
  );
  if (job.isPending) return <LoadingState label="Loading job…" />;
  if (job.isError)
    return (
      <Stack gap="sm">
        {back}
        <ErrorView error={job.error} onRetry={() => void job.refetch()} />
      </Stack>
    );
  return (
    <Stack gap="md">
      {back}
      <JobsUnavailableNotice />
      <JobSummary pid={pid} nid={nid} job={job.data} editable={editable} />
      {runs.isPending ? (
        <LoadingState label="Loading runs…" />
      ) : runs.isError && !runs.isFetchNextPageError ? (
        <ErrorView error={runs.error} onRetry={() => void runs.refetch()} />
      ) : (
        <>
          <RunChart runs={items} />
          <RunsTable pid={pid} nid={nid} jid={jid} runs={items} editable={editable} />
          <LoadMore pages={runs} label="Load more runs" />
        </>
      )}
    </Stack>
  );
}
