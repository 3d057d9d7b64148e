import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useRestoreVersion, type NotebookVersion } from '../../../api/notebook-versions';
import { formatDateTime } from '../../../app/format';
import { ConfirmModal } from '../../../components/ConfirmModal';

interface Props {
  pid: string;
  version: NotebookVersion;
  currentVersionId: string | null;
}

/** Restores a version after a confirmation: its code becomes a new version, nothing is overwritten. */
export function RestoreButton({ pid, version, currentVersionId }: Props) {
  const [opened, dialog] = useDisclosure(false);
  const restore = useRestoreVersion(pid, version.notebook_id);
  const navigate = useNavigate();
  const close = () => {
    restore.reset();
    dialog.close();
  };
  const confirm = () =>
    restore.mutate(
      { vid: version.version_id, baseVersionId: currentVersionId },
      {
        onSuccess: (created) => {
          dialog.close();
          notifications.show({ color: 'green', title: 'Version restored', message: `Its code is now the current version (${created.version_id}).` });
          void navigate(`/projects/${pid}/notebooks/${version.notebook_id}/versions/${created.version_id}`);
        },
      },
    );
  return (
    <>
      <Button variant="default" onClick={dialog.open}>
        Restore this version
      </Button>
      <ConfirmModal
        title="Restore this version?"
        opened={opened}
        onClose={close}
        onConfirm={confirm}
        confirmLabel="Restore"
        pending={restore.isPending}
        error={restore.error}
        tone="safe"
      >
        The code saved on {formatDateTime(version.saved_at)} becomes a new version on top of the history. No version is changed or removed.
      </ConfirmModal>
    </>
  );
}
