import { TextInput } from '@mantine/core';
import { useTransferItem, type WorkspaceItem } from '../../../api/workspace';
import { fieldError } from '../../../components/FormError';
import { FormModal } from '../../../components/FormModal';
import { useFormValues } from '../../../components/use-form-values';

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
  const { values, set } = useFormValues({ to: item ? suggestedPath(kind, item) : '' }, item !== null);
  const transfer = useTransferItem(pid, nid, kind);
  const verb = kind === 'copy' ? 'Copy' : 'Move or rename';
  return (
    <FormModal
      title={item ? `${verb} ${item.name}` : verb}
      opened={item !== null}
      onClose={onClose}
      mutation={transfer}
      request={() => (item ? { from: item.path, to: values.to.trim() } : null)}
      fields={['to']}
      submitLabel={kind === 'copy' ? 'Copy' : 'Move'}
    >
      <TextInput
        label="New path"
        description="The full path in the workspace; missing folders are created."
        value={values.to}
        onChange={(event) => set('to', event.currentTarget.value)}
        error={fieldError(transfer.error, 'to')}
        required
        data-autofocus
      />
    </FormModal>
  );
}
