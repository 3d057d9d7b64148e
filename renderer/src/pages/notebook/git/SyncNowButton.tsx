import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSyncNotebook } from '../../../api/git';
import { shortCommit } from './source-format';

/** Brings the notebook to its branch's head now; the outcome (or the API's refusal) is a notification. */
export function SyncNowButton({ pid, nid }: { pid: string; nid: string }) {
  const sync = useSyncNotebook(pid, nid);
  const start = () =>
    sync.mutate(undefined, {
      onSuccess: (result) =>
        notifications.show({
          color: 'green',
          message: result.synced ? `Synced ${shortCommit(result.commit)}.` : `Already at ${shortCommit(result.commit)}.`,
        }),
      // One line, no title: a notification's description is drawn in a colour too faint for its text.
      onError: (error) => notifications.show({ color: 'red', message: `The sync failed: ${error.message}`, autoClose: false }),
    });
  return (
    <Button size="sm" onClick={start} loading={sync.isPending}>
      Sync now
    </Button>
  );
}
