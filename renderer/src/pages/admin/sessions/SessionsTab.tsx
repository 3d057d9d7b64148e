import { Button, Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { runtimeSessionsQuery } from '../../../api/admin';
import type { RuntimeSession } from '../../../api/admin-types';
import { ReclaimDialog } from './ReclaimDialog';
import { SessionsTable } from './SessionsTable';

/** Sessions that may still hold a sandbox, across every project, with reclaim for those that are over. */
export function SessionsTab() {
  const sessions = useInfiniteQuery(runtimeSessionsQuery);
  const [reclaiming, setReclaiming] = useState<RuntimeSession | null>(null);
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
      <SessionsTable rows={sessions.data?.pages.flatMap((page) => page.items) ?? []} query={sessions} onReclaim={setReclaiming} />
      <ReclaimDialog session={reclaiming} onClose={() => setReclaiming(null)} />
    </Stack>
  );
}
