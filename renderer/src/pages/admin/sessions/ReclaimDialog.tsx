import { Checkbox, Code, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useReclaimSession } from '../../../api/admin';
import type { RuntimeSession } from '../../../api/admin-types';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ProblemAlert } from '../ProblemAlert';
import { BLOCKED_REASONS } from './blocked-reasons';

/** Confirms a reclaim, with or without saving the notebook first; a refusal (409 or 503) keeps the dialog open with the API's message. */
export function ReclaimDialog({ session, onClose }: { session: RuntimeSession | null; onClose: () => void }) {
  const reclaim = useReclaimSession();
  const [save, setSave] = useState(true);
  const { reset } = reclaim;
  useEffect(() => {
    reset();
    setSave(session?.reclaim_blocked_reason !== 'attachment_unsupported');
  }, [session, reset]);
  if (!session) return null;
  const hint = session.reclaim_blocked_reason ? BLOCKED_REASONS[session.reclaim_blocked_reason] : null;
  const confirm = () =>
    reclaim.mutate(
      { pid: session.project_id, sid: session.id, save },
      {
        onSuccess: (result) => {
          notifications.show({
            color: 'green',
            message: `Session ${session.id} reclaimed; ${result.saved ? 'its notebook was saved as a new version' : 'nothing was saved'}.`,
          });
          onClose();
        },
      },
    );
  return (
    <ConfirmDialog
      title="Reclaim this session?"
      opened
      onClose={onClose}
      onConfirm={confirm}
      confirmLabel="Reclaim"
      pending={reclaim.isPending}
      error={reclaim.error}
    >
      <Stack gap="sm">
        <div>
          Session <Code>{session.id}</Code> ({session.mode}, {session.state}) will lose its sandbox and free its notebook.
        </div>
        {hint && (
          <ProblemAlert tone="warning" announce={false}>
            {hint}
          </ProblemAlert>
        )}
        <Checkbox
          label="Save the notebook from the sandbox as a new version first"
          description={save ? undefined : 'Edits not yet saved in the sandbox are discarded.'}
          checked={save}
          onChange={(event) => setSave(event.currentTarget.checked)}
        />
      </Stack>
    </ConfirmDialog>
  );
}
