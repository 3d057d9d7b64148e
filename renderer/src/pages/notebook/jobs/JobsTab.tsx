import { Button, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorView } from '../../../components/ErrorView';
import { LoadingState } from '../../../components/LoadingState';
import { LoadMore } from '../../../components/LoadMore';
import { canEdit, useNotebookContext } from '../notebook-context';
import { jobsQuery, RUN_POLL_MS } from '../../../api/jobs';
import { JobFormModal } from './JobFormModal';
import { JobTable } from './JobTable';
import { JobsUnavailableNotice } from './JobsUnavailableNotice';

/** The notebook's jobs: their schedules and last outcomes, and, for editors, creating and running them. */
export function JobsTab() {
  const { notebook, project } = useNotebookContext();
  const { id: nid, project_id: pid } = notebook.meta;
  const editable = canEdit(project);
  const [creating, setCreating] = useState(false);
  const jobs = useInfiniteQuery({
    ...jobsQuery(pid, nid),
    // A job with runs under way changes its last run soon: follow it.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((job) => job.queued_runs + job.running_runs > 0)) ? RUN_POLL_MS : false,
  });
  const items = jobs.data?.pages.flatMap((page) => page.items) ?? [];
  const newJob = editable && <Button onClick={() => setCreating(true)}>New job</Button>;

  let content;
  if (jobs.isPending) content = <LoadingState label="Loading jobs…" />;
  else if (jobs.isError && !jobs.isFetchNextPageError) content = <ErrorView error={jobs.error} onRetry={() => void jobs.refetch()} />;
  else if (items.length === 0)
    content = (
      <EmptyState title="No jobs yet" action={newJob}>
        A job runs this notebook without anyone opening it: on a schedule, such as every morning at seven, or when someone presses Run now. Each run keeps its
        HTML output and its log.
        {!editable && ' Editors of this project can create jobs.'}
      </EmptyState>
    );
  else
    content = (
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {items.length === 1 ? '1 job runs' : `${items.length} jobs run`} this notebook headless, each in a fresh sandbox.
          </Text>
          {newJob}
        </Group>
        <JobTable pid={pid} nid={nid} jobs={items} editable={editable} />
        <LoadMore pages={jobs} label="Load more jobs" />
      </Stack>
    );

  return (
    <Stack gap="md">
      <JobsUnavailableNotice />
      {content}
      <JobFormModal pid={pid} nid={nid} job={null} opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
