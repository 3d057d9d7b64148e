import { TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTransferItem, type WorkspaceItem } from '../../../api/workspace';
import { fieldError } from '../../../components/FormError';
import { FormModal } from '../../../components/FormModal';

interface Props {
  pid: string;
  nid: string;
  kind: 'copy' | 'move';
  item: WorkspaceItem | null;
  onClose: () => void;
}

function suggestedPath(kind: 'copy' | 'move', item: WorkspaceItem): string {
  if (kind === 'move') return item.path;
  const dot = item.kind === 'file' ? item.path.lastIndexOf('.') : -1;
  return dot > item.path.lastIndexOf('/') + 1 ? `${item.path.slice(0, dot)} copy${item.path.slice(dot)}` : `${item.path} copy`;
}

/** Moves (renames) or copies a file or folder to a path typed in full, so it can also go to another folder. */
export function TransferModal({ pid, nid, kind, item, onClose }: Props) {
  const [to, setTo] = useState('');
  const transfer = useTransferItem(pid, nid, kind);
  const { reset } = transfer;
  useEffect(() => {
    if (item) setTo(suggestedPath(kind, item));
    reset();
  }, [item, kind, reset]);
  const verb = kind === 'copy' ? 'Copy' : 'Move or rename';
  return (
    <FormModal
      title={item ? `${verb} ${item.name}` : verb}
      opened={item !== null}
      onClose={onClose}
      onSubmit={() => item && transfer.mutate({ from: item.path, to: to.trim() }, { onSuccess: onClose })}
      error={transfer.error}
      fields={['to']}
      pending={transfer.isPending}
      submitLabel={kind === 'copy' ? 'Copy' : 'Move'}
    >
      <TextInput
        label="New path"
        description="The full path in the workspace; missing folders are created."
        value={to}
        onChange={(event) => setTo(event.currentTarget.value)}
        error={fieldError(transfer.error, 'to')}
        required
        data-autofocus
      />
    </FormModal>
  );
}
