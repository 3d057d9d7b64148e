import { Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useCreateProject } from '../../api/queries';
import { fieldError } from '../../components/FormError';
import { FormModal } from '../../components/FormModal';
import { useFormValues } from '../../components/use-form-values';

export function CreateProjectModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { values, set } = useFormValues({ name: '', description: '' }, opened);
  const create = useCreateProject();
  const navigate = useNavigate();
  const onSuccess = (project: { id: string; name: string }) => {
    notifications.show({ color: 'green', message: `Project “${project.name}” created.` });
    void navigate(`/projects/${project.id}`);
  };

  return (
    <FormModal
      title="Create project"
      opened={opened}
      onClose={onClose}
      mutation={create}
      request={() => ({ name: values.name.trim(), ...(values.description.trim() ? { description: values.description.trim() } : {}) })}
      onSuccess={onSuccess}
      fields={['name', 'description']}
    >
      <TextInput
        label="Name"
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        required
        maxLength={200}
        data-autofocus
        error={fieldError(create.error, 'name')}
      />
      <Textarea
        label="Description"
        value={values.description}
        onChange={(event) => set('description', event.currentTarget.value)}
        maxLength={2000}
        autosize
        minRows={3}
        error={fieldError(create.error, 'description')}
      />
    </FormModal>
  );
}
