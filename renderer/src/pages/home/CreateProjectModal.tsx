import { Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateProject } from '../../api/queries';
import { fieldError } from '../../components/FormError';
import { FormModal } from '../../components/FormModal';

export function CreateProjectModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useCreateProject();
  const navigate = useNavigate();

  const close = () => {
    setName('');
    setDescription('');
    create.reset();
    onClose();
  };

  const onSubmit = () => {
    create.mutate(
      { name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}) },
      {
        onSuccess: (project) => {
          notifications.show({ color: 'green', message: `Project “${project.name}” created.` });
          close();
          void navigate(`/projects/${project.id}`);
        },
      },
    );
  };

  return (
    <FormModal
      title="Create project"
      opened={opened}
      onClose={close}
      onSubmit={onSubmit}
      error={create.error}
      fields={['name', 'description']}
      pending={create.isPending}
    >
      <TextInput
        label="Name"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        required
        maxLength={200}
        data-autofocus
        error={fieldError(create.error, 'name')}
      />
      <Textarea
        label="Description"
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        maxLength={2000}
        autosize
        minRows={3}
        error={fieldError(create.error, 'description')}
      />
    </FormModal>
  );
}
