import { TextInput } from '@mantine/core';
import { joinPath, useCreateFolder } from '../../../api/workspace';
import { fieldError } from '../../../components/FormError';
import { FormModal } from '../../../components/FormModal';
import { useFormValues } from '../../../components/use-form-values';

interface Props {
  pid: string;
  nid: string;
  folder: string;
  opened: boolean;
  onClose: () => void;
}

/** Creates a folder inside the folder being shown (a name with slashes makes the folders between). */
export function NewFolderModal({ pid, nid, folder, opened, onClose }: Props) {
  const { values, set } = useFormValues({ name: '' }, opened);
  const create = useCreateFolder(pid, nid);
  return (
    <FormModal title="New folder" opened={opened} onClose={onClose} mutation={create} request={() => joinPath(folder, values.name.trim())} fields={['path']}>
      <TextInput
        label="Name"
        description={folder ? `Inside ${folder}` : 'At the top of the workspace'}
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={fieldError(create.error, 'path')}
        required
        data-autofocus
      />
    </FormModal>
  );
}
