import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useRestoreVersion, type NotebookVersion } from '../../../api/notebook-versions';
import { formatDateTime } from '../../../app/format';
import { ConfirmButton } from '../../../components/ConfirmButton';

interface Props {
  pid: string;
  version: NotebookVersion;
  currentVersionId: string | null;
}

/** Restores a version after a confirmation: its code becomes a new version, nothing is overwritten. */
export function RestoreButton({ pid, version, currentVersionId }: Props) {
  const restore = useRestoreVersion(pid, version.notebook_id);
  const navigate = useNavigate();
  const onRestored = (created: NotebookVersion) => {
    notifications.show({ color: 'green', title: 'Version restored', message: `Its code is now the current version (${created.version_id}).` });
    void navigate(`/projects/${pid}/notebooks/${version.notebook_id}/versions/${created.version_id}`);
  };
  return (
    <ConfirmButton
      mutation={restore}
      variables={{ vid: version.version_id, baseVersionId: currentVersionId }}
      label="Restore this version"
      confirmLabel="Restore"
      button={{ variant: 'default' }}
      title="Restore this version?"
      tone="safe"
      onSuccess={onRestored}
    >
      The code saved on {formatDateTime(version.saved_at)} becomes a new version on top of the history. No version is changed or removed.
    </ConfirmButton>
  );
}
