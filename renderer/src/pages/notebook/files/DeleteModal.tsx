import { useEffect } from 'react';
import { useDeleteItem, type WorkspaceItem } from '../../../api/workspace';
import { ConfirmModal } from '../../../components/ConfirmModal';

interface Props {
  pid: string;
  nid: string;
  item: WorkspaceItem | null;
  onClose: () => void;
}

/** Deletes a file, or a folder with everything in it, after a confirmation. */
export function DeleteModal({ pid, nid, item, onClose }: Props) {
  const remove = useDeleteItem(pid, nid);
  const { reset } = remove;
  useEffect(() => reset(), [item, reset]);
  return (
    <ConfirmModal
      title={item ? `Delete ${item.name}?` : 'Delete'}
      opened={item !== null}
      onClose={onClose}
      onConfirm={() => item && remove.mutate(item, { onSuccess: onClose })}
      confirmLabel="Delete"
      pending={remove.isPending}
      error={remove.error}
    >
      {item?.kind === 'directory' ? `The folder ${item.path} and everything in it will be deleted.` : `The file ${item?.path ?? ''} will be deleted.`} This
      cannot be undone.
    </ConfirmModal>
  );
}
