import { useDeleteItem, type WorkspaceItem } from '../../../api/workspace';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

interface Props {
  pid: string;
  nid: string;
  item: WorkspaceItem | null;
  onClose: () => void;
}

/** Deletes a file, or a folder with everything in it, after a confirmation. */
export function DeleteModal({ pid, nid, item, onClose }: Props) {
  const remove = useDeleteItem(pid, nid);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      title={item ? `Delete ${item.name}?` : 'Delete'}
      opened={item !== null}
      onClose={close}
      onConfirm={() => item && remove.mutate(item, { onSuccess: close })}
      confirmLabel="Delete"
      pending={remove.isPending}
      error={remove.error}
    >
      {item?.kind === 'directory' ? `The folder ${item.path} and everything in it will be deleted.` : `The file ${item?.path ?? ''} will be deleted.`} This
      cannot be undone.
    </ConfirmDialog>
  );
}
