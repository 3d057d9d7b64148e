import { Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateNotebook } from '../../api/queries';
import type { NotebookStatusFilter } from '../../api/types';
import { fieldError } from '../../components/FormError';
import { FormModal } from '../../components/FormModal';
import { NotebookStatusSelect, NotebookTitleInput } from './NotebookFields';

interface Props {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}

/** Creates a blank notebook (title, description, status). */
export function CreateNotebookModal({ projectId, opened, onClose }: Props) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [status, setStatus] = useState<NotebookStatusFilter>('draft');
  const create = useCreateNotebook(projectId);
  const navigate = useNavigate();

  const close = () => {
    setTitle('');
    setDescription('');
    setStatus('draft');
    create.reset();
    onClose();
  };

  const onSubmit = () => {
    create.mutate(
      { title: title.trim(), status, ...(description.trim() ? { description: description.trim() } : {}) },
      {
        onSuccess: (notebook) => {
          notifications.show({ color: 'green', message: `Notebook “${notebook.meta.title}” created.` });
          close();
          void navigate(`/projects/${projectId}/notebooks/${notebook.meta.id}`);
        },
      },
    );
  };

  return (
    <FormModal
      title="Create notebook"
      opened={opened}
      onClose={close}
      onSubmit={onSubmit}
      error={create.error}
      fields={['title', 'description', 'status']}
      pending={create.isPending}
    >
      <NotebookTitleInput value={title} onChange={setTitle} error={fieldError(create.error, 'title')} />
      <Textarea
        label="Description"
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        maxLength={5000}
        autosize
        minRows={3}
        error={fieldError(create.error, 'description')}
      />
      <NotebookStatusSelect value={status} onChange={setStatus} statuses={['draft', 'active', 'archived']} error={fieldError(create.error, 'status')} />
    </FormModal>
  );
}
