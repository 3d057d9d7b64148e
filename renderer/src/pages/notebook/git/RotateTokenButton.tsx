import { useState } from 'react';
import { useRotateSyncToken, type SyncToken } from '../../../api/git';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { SyncTokenModal } from './SyncTokenModal';

/** Issues a push-mode notebook's new sync token after asking, since the one the CI holds stops working at once. */
export function RotateTokenButton({ pid, nid }: { pid: string; nid: string }) {
  const [token, setToken] = useState<SyncToken | null>(null);
  const rotate = useRotateSyncToken(pid, nid);
  return (
    <>
      <ConfirmButton
        mutation={rotate}
        variables={undefined}
        label="Rotate sync token"
        confirmLabel="Rotate token"
        button={{ size: 'sm', variant: 'default' }}
        title="Rotate the sync token?"
        onSuccess={setToken}
      >
        The token your CI holds stops working at once: its calls are refused until you put the new one in its secrets.
      </ConfirmButton>
      <SyncTokenModal token={token} onClose={() => setToken(null)} />
    </>
  );
}
