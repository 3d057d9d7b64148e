import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { joinPath, useCreateFolder } from '../../../api/workspace';
import { fieldError } from '../../../components/FormError';
import { FormModal } from '../../../components/FormModal';

interface Props {
  pid: string;
  nid: string;
  folder: string;
  opened: boolean;
  onClose: () => void;
}

/** Creates a folder inside the folder being shown (a name with slashes makes the folders between). */
export function NewFolderModal({ pid, nid, folder, opened, onClose }: Props) {
  const [name, setName] = useState('');
  const create = useCreateFolder(pid, nid);
  const close = () => {
    setName('');
    create.reset();
    onClose();
  };
  return (
    <FormModal
      title="New folder"
      opened={opened}
      onClose={close}
      onSubmit={() => create.mutate(joinPath(folder, name.trim()), { onSuccess: close })}
      error={create.error}
      fields={['path']}
      pending={create.isPending}
    >
      <TextInput
        label="Name"
        description={folder ? `Inside ${folder}` : 'At the top of the workspace'}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={fieldError(create.error, 'path')}
        required
        data-autofocus
      />
    </FormModal>
  );
}
