import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSyncNotebook } from '../../../api/git';
import { shortCommit } from './source-format';
import { notifyFailure } from '../../../components/failure-notification';

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
      onError: (error) => notifyFailure(error, { message: `The sync failed: ${error.message}`, autoClose: false }),
    });
  return (
    <Button size="sm" onClick={start} loading={sync.isPending}>
      Sync now
    </Button>
  );
}
