import { Button, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { runtimeSessionsQuery } from '../../../api/admin';
import type { RuntimeSession } from '../../../api/admin-types';
import { EmptyState } from '../../../components/EmptyState';
import { RequestError } from '../RequestError';
import { LoadingState } from '../../../components/LoadingState';
import { LoadMore } from '../LoadMore';
import { ReclaimDialog } from './ReclaimDialog';
import { SessionsTable } from './SessionsTable';

/** Sessions that may still hold a sandbox, across every project, with reclaim for those that are over. */
export function SessionsTab() {
  const sessions = useInfiniteQuery(runtimeSessionsQuery);
  const [reclaiming, setReclaiming] = useState<RuntimeSession | null>(null);
  const items = sessions.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (sessions.isPending) body = <LoadingState label="Loading runtime sessions…" />;
  else if (sessions.isError && !sessions.isFetchNextPageError) body = <RequestError error={sessions.error} onRetry={() => void sessions.refetch()} />;
  else if (items.length === 0)
    body = (
      <EmptyState title="No sessions hold a sandbox">
        Running sessions, and sessions that are over but whose sandbox is not released yet, appear here.
      </EmptyState>
    );
  else
    body = (
      <Stack gap="sm">
        <SessionsTable items={items} onReclaim={setReclaiming} />
        <LoadMore {...sessions} error={sessions.isFetchNextPageError ? sessions.error : null} />
      </Stack>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed" maw={760}>
          Reclaiming a session that is over saves its notebook as a new version (unless you choose not to), destroys its sandbox and frees the notebook for the
          next editor. Maintenance does this on its own; reclaim here when a session is stuck.
        </Text>
        <Button variant="default" size="xs" onClick={() => void sessions.refetch()} loading={sessions.isRefetching}>
          Refresh
        </Button>
      </Group>
      {body}
      <ReclaimDialog session={reclaiming} onClose={() => setReclaiming(null)} />
    </Stack>
  );
}
