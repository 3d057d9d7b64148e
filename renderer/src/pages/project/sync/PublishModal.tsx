import { Select, Text, TextInput } from '@mantine/core';
import { usePublish, type Remote, type RemoteOperation } from '../../../api/remotes';
import type { Project } from '../../../api/types';
import { fieldErrorsUnder } from '../../../components/field-errors';
import { FormModal, mountedWhileOpen } from '../../../components/FormModal';
import { useFormValues } from '../../../components/use-form-values';
import { remoteFormError } from '../../remotes/RemoteProblemAlert';

interface Props {
  project: Project;
  /** Your signed-in remotes to choose from (at least one). */
  remotes: readonly Remote[];
  onClose: () => void;
  onStarted: (operation: RemoteOperation) => void;
}

/** Pushes a project the team hub lacks: made there (you its manager), this project linked to it, every notebook pushed. */
export const PublishModal = mountedWhileOpen(function PublishForm({ project, remotes, onClose, onStarted }: Props) {
  const { values, set } = useFormValues({ remote: remotes[0]?.name ?? '', name: project.name }, true);
  const publish = usePublish(project.id);
  const trimmed = values.name.trim();
  return (
    <FormModal
      title="Push to a team hub"
      opened
      onClose={onClose}
      mutation={publish}
      request={() => ({ remote: values.remote, ...(trimmed && trimmed !== project.name ? { name: trimmed } : {}) })}
      onSuccess={onStarted}
      fields={['remote', 'name']}
      renderError={remoteFormError(values.remote)}
      submitLabel="Push"
    >
      <Text size="sm">
        Makes the project on the team hub, you its manager (where the team hub lets you make projects), links this project to it and pushes every notebook with
        its versions and files. Integrations and secrets stay here.
      </Text>
      <Select
        label="Team hub"
        data={remotes.map((remote) => ({ value: remote.name, label: `${remote.name}: ${remote.hub?.name ?? remote.url}` }))}
        value={values.remote}
        onChange={(value) => value && set('remote', value)}
        allowDeselect={false}
        required
        error={fieldErrorsUnder(publish.error, 'remote')}
      />
      <TextInput
        label="Name on the team hub"
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        maxLength={200}
        required
        error={fieldErrorsUnder(publish.error, 'name')}
      />
    </FormModal>
  );
});
