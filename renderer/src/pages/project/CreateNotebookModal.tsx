import { Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useCreateNotebook } from '../../api/queries';
import type { NotebookStatusFilter } from '../../api/types';
import { fieldError } from '../../components/FormError';
import { FormModal } from '../../components/FormModal';
import { useFormValues } from '../../components/use-form-values';
import { NotebookStatusSelect, NotebookTitleInput } from './NotebookFields';

interface Props {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}

/** Creates a blank notebook (title, description, status). */
export function CreateNotebookModal({ projectId, opened, onClose }: Props) {
  const { values, set } = useFormValues({ title: '', description: '', status: 'draft' as NotebookStatusFilter }, opened);
  const create = useCreateNotebook(projectId);
  const navigate = useNavigate();
  const request = () => ({
    title: values.title.trim(),
    status: values.status,
    ...(values.description.trim() ? { description: values.description.trim() } : {}),
  });
  const onSuccess = (notebook: { meta: { id: string; title: string } }) => {
    notifications.show({ color: 'green', message: `Notebook “${notebook.meta.title}” created.` });
    void navigate(`/projects/${projectId}/notebooks/${notebook.meta.id}`);
  };

  return (
    <FormModal
      title="Create notebook"
      opened={opened}
      onClose={onClose}
      mutation={create}
      request={request}
      onSuccess={onSuccess}
      fields={['title', 'description', 'status']}
    >
      <NotebookTitleInput value={values.title} onChange={(title) => set('title', title)} error={fieldError(create.error, 'title')} />
      <Textarea
        label="Description"
        value={values.description}
        onChange={(event) => set('description', event.currentTarget.value)}
        maxLength={5000}
        autosize
        minRows={3}
        error={fieldError(create.error, 'description')}
      />
      <NotebookStatusSelect
        value={values.status}
        onChange={(status) => set('status', status)}
        statuses={['draft', 'active', 'archived']}
        error={fieldError(create.error, 'status')}
      />
    </FormModal>
  );
}
