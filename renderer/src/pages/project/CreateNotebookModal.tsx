import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useCreateNotebook } from '../../api/queries';
import type { NotebookStatusFilter } from '../../api/types';
import { fieldError, FormError } from '../../components/FormError';

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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
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
    <Modal opened={opened} onClose={close} title="Create notebook">
      <form onSubmit={onSubmit}>
        <Stack gap="sm">
          <TextInput
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            required
            maxLength={200}
            data-autofocus
            error={fieldError(create.error, 'title')}
          />
          <Textarea
            label="Description"
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            maxLength={5000}
            autosize
            minRows={3}
            error={fieldError(create.error, 'description')}
          />
          <Select
            label="Status"
            value={status}
            onChange={(value) => value && setStatus(value as NotebookStatusFilter)}
            data={[
              { value: 'draft', label: 'Draft' },
              { value: 'active', label: 'Active' },
              { value: 'archived', label: 'Archived' },
            ]}
            allowDeselect={false}
            error={fieldError(create.error, 'status')}
          />
          <FormError error={create.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
