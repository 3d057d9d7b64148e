import { NumberInput, Radio, Stack, Text } from '@mantine/core';
import { usePull, type PullHistory, type RemoteOperation } from '../../api/remotes';
import { fieldErrorsUnder } from '../../components/field-errors';
import { FormModal, mountedWhileOpen } from '../../components/FormModal';
import { useFormValues } from '../../components/use-form-values';
import { remoteFormError } from './RemoteProblemAlert';

interface Props {
  remote: string;
  remoteProjectId: string;
  /** The team project's name, where it is known. */
  projectName?: string;
  /** Pull again into this local project (linked to that team project); none: into a new one. */
  projectId?: string;
  onClose: () => void;
  onStarted: (operation: RemoteOperation) => void;
}

/** Pulls a team project: every version of each notebook, or the newest N. */
export const PullModal = mountedWhileOpen(function PullForm({ remote, remoteProjectId, projectName, projectId, onClose, onStarted }: Props) {
  const { values, set } = useFormValues({ history: 'all', latest: 10 as number | string }, true);
  const pull = usePull();
  const history = (): PullHistory => (values.history === 'all' ? 'all' : { latest: typeof values.latest === 'number' ? values.latest : Number(values.latest) });
  const what = projectName ? `“${projectName}”` : 'the team project';
  return (
    <FormModal
      title={projectId ? 'Pull again' : 'Pull a team project'}
      opened
      onClose={onClose}
      mutation={pull}
      request={() => ({ remote, body: { remote_project_id: remoteProjectId, history: history(), ...(projectId ? { project_id: projectId } : {}) } })}
      onSuccess={onStarted}
      fields={['history']}
      renderError={remoteFormError(remote)}
      submitLabel="Pull"
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {projectId
          ? `Brings what is new in ${what} on the team hub: new versions, new notebooks, and workspace files only the team changed. Notebooks changed on both sides keep their conflict.`
          : `Copies ${what} from the team hub into a new project here, you its owner, linked to the team project so that you can push your versions back. Its integrations are not copied.`}
      </Text>
      <Radio.Group label="Version history" value={values.history} onChange={(value) => set('history', value)}>
        <Stack gap="xs" mt="xs">
          <Radio value="all" label="Every version of each notebook" />
          <Radio value="latest" label="Only the newest versions of each notebook" />
        </Stack>
      </Radio.Group>
      {values.history === 'latest' && (
        <NumberInput
          label="Versions per notebook"
          value={values.latest}
          onChange={(value) => set('latest', value)}
          min={1}
          max={10_000}
          allowDecimal={false}
          allowNegative={false}
          required
          w={200}
          error={fieldErrorsUnder(pull.error, 'history')}
        />
      )}
    </FormModal>
  );
});
