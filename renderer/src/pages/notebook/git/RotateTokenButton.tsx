import { Button } from '@mantine/core';
import { useState } from 'react';
import { useRotateSyncToken, type SyncToken } from '../../../api/git';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { SyncTokenModal } from './SyncTokenModal';

/** Issues a push-mode notebook's new sync token after asking, since the one the CI holds stops working at once. */
export function RotateTokenButton({ pid, nid }: { pid: string; nid: string }) {
  const [confirming, setConfirming] = useState(false);
  const [token, setToken] = useState<SyncToken | null>(null);
  const rotate = useRotateSyncToken(pid, nid);
  const close = () => {
    setConfirming(false);
    rotate.reset();
  };
  const confirm = () =>
    rotate.mutate(undefined, {
      onSuccess: (issued) => {
        close();
        setToken(issued);
      },
    });
  return (
    <>
      <Button size="sm" variant="default" onClick={() => setConfirming(true)}>
        Rotate sync token
      </Button>
      <ConfirmModal
        title="Rotate the sync token?"
        opened={confirming}
        onClose={close}
        onConfirm={confirm}
        confirmLabel="Rotate token"
        pending={rotate.isPending}
        error={rotate.error}
      >
        The token your CI holds stops working at once: its calls are refused until you put the new one in its secrets.
      </ConfirmModal>
      <SyncTokenModal token={token} onClose={() => setToken(null)} />
    </>
  );
}
