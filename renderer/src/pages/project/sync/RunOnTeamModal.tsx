import { Alert, Loader, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { openLaunch, teamComputeQuery, useRunOnTeam, type RemoteRun, type TeamCompute } from '../../../api/remote-runs';
import { fieldErrorsUnder } from '../../../components/field-errors';
import { FormModal, mountedWhileOpen } from '../../../components/FormModal';
import { useFormValues } from '../../../components/use-form-values';
import { remoteFormError } from '../../remotes/RemoteProblemAlert';
import { problemOf } from '../../remotes/remote-problem';

interface Props {
  pid: string;
  notebook: { id: string; title: string; state: string };
  /** The remote the project syncs through: named in refusals. */
  remote: string;
  onClose: () => void;
  onStarted: (run: RemoteRun) => void;
}

const NOTEBOOK_OWN = '';

function profileLabel(profile: TeamCompute['profiles'][number]): string {
  const parts = [
    profile.cpu !== null ? `${profile.cpu} CPU` : null,
    profile.memory_bytes !== null ? `${Math.round(profile.memory_bytes / 1024 ** 3)} GiB` : null,
  ];
  if (profile.gpu) parts.push(`GPU ${profile.gpu}`);
  const shown = parts.filter(Boolean).join(', ');
  return shown ? `${profile.name} (${shown})` : profile.name;
}

/**
 * Runs a notebook on the team hub (docs/ui/remotes.md, "Running on the team hub"): in a session
 * there, opened in a window through its one-use launch link, or as a job; on the notebook's own
 * compute profile there or another one the team offers.
 */
export const RunOnTeamModal = mountedWhileOpen(function RunOnTeamForm({ pid, notebook, remote, onClose, onStarted }: Props) {
  const compute = useQuery(teamComputeQuery(pid));
  const { values, set } = useFormValues({ kind: 'session' as 'session' | 'job', mode: 'edit' as 'edit' | 'app', profile: NOTEBOOK_OWN }, true);
  const run = useRunOnTeam(pid, notebook.id);
  const jobsOff = compute.data?.jobs_available === false;
  return (
    <FormModal
      title={`Run “${notebook.title}” on the team hub`}
      opened
      onClose={onClose}
      mutation={run}
      request={() => (values.kind === 'job' && jobsOff ? null : { kind: values.kind, mode: values.mode, compute_profile: values.profile || null })}
      onSuccess={(started) => {
        if (started.launch) openLaunch(started.launch);
        onStarted(started.run);
      }}
      fields={['compute_profile', 'mode']}
      renderError={remoteFormError(remote)}
      submitLabel={values.kind === 'session' ? 'Start and open' : 'Run the job'}
    >
      <Stack gap="sm">
        <Text size="sm">
          {notebook.state === 'ahead' || notebook.state === 'local_only' ? 'Your new versions are pushed first. ' : 'It runs the version the team hub has. '}
          The team hub runs it as you, with its integrations and its own rights.
        </Text>
        <SegmentedControl
          aria-label="How to run it"
          data={[
            { value: 'session', label: 'In a session' },
            { value: 'job', label: 'As a job' },
          ]}
          value={values.kind}
          onChange={(value) => set('kind', value as 'session' | 'job')}
        />
        {values.kind === 'session' ? (
          <>
            <SegmentedControl
              aria-label="Session"
              data={[
                { value: 'edit', label: 'Editor' },
                { value: 'app', label: 'App' },
              ]}
              value={values.mode}
              onChange={(value) => set('mode', value as 'edit' | 'app')}
            />
            <Text size="xs" c="dimmed">
              The session opens in a window of its own.{' '}
              {values.mode === 'edit' ? 'When it ends, what it saved comes back here as a new version.' : 'An app brings nothing back.'}
            </Text>
          </>
        ) : (
          <Text size="xs" c="dimmed">
            A headless run for a long job: its output and log come back here when it ends.
          </Text>
        )}
        {compute.isPending ? (
          <Loader size="sm" aria-label="Asking the team hub for its compute profiles" />
        ) : compute.isError ? (
          <Alert color="orange" title={problemOf(compute.error).title}>
            {compute.error.message}
          </Alert>
        ) : (
          <Select
            label="Compute profile"
            data={[
              { value: NOTEBOOK_OWN, label: 'The notebook’s own on the team hub' },
              ...compute.data.profiles.map((profile) => ({ value: profile.name, label: profileLabel(profile) })),
            ]}
            value={values.profile}
            onChange={(value) => set('profile', value ?? NOTEBOOK_OWN)}
            allowDeselect={false}
            description={
              compute.data.profile_choice === 'managers' ? 'On the team hub, only managers may run on another profile than the notebook’s own.' : undefined
            }
            error={fieldErrorsUnder(run.error, 'compute_profile')}
          />
        )}
        {values.kind === 'job' && jobsOff && (
          <Alert color="orange" title="Jobs are off on the team hub">
            The team hub does not run notebooks as jobs. Run it in a session instead.
          </Alert>
        )}
      </Stack>
    </FormModal>
  );
});
