import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { refsQuery, useUpdateSource, type GitSource, type GitSourcePatch } from '../../../api/git';
import { FormModal, mountedWhileOpen } from '../../../components/FormModal';
import { useFormValues } from '../../../components/use-form-values';
import { SOURCE_FIELDS, SourceFields, type SourceValues } from './SourceFields';

interface Props {
  pid: string;
  nid: string;
  source: GitSource;
  opened: boolean;
  onClose: () => void;
}

/**
 * Changes where the notebook reads from (applied by the next sync) or who syncs it (at once). Each
 * opening starts from the source as it is now and lists the branches afresh.
 */
export const ChangeSourceModal = mountedWhileOpen(ChangeSourceForm);

/** What the form starts from: the settings waiting for a sync when there are some, else the current ones. */
function valuesOf(source: GitSource): SourceValues {
  const config = source.pending_config ?? source;
  return {
    repo: config.repo,
    provider: source.provider === 'gitlab' ? 'gitlab' : 'github',
    branch: config.branch,
    root_path: config.root_path,
    entry_notebook: config.entry_notebook,
    sync_mode: source.sync_mode,
  };
}

/** Only what changed, so an unchanged repository is not resolved again. The provider is not sent: the API keeps the one the notebook was created with. */
function patchOf(start: SourceValues, values: SourceValues): GitSourcePatch {
  const patch: GitSourcePatch = {};
  const repo = values.repo.trim();
  if (repo !== start.repo) patch.repo = repo;
  if (values.branch.trim() !== start.branch) patch.branch = values.branch.trim();
  if (values.root_path.trim() !== start.root_path) patch.root_path = values.root_path.trim();
  if (values.entry_notebook.trim() !== start.entry_notebook) patch.entry_notebook = values.entry_notebook.trim();
  if (values.sync_mode !== start.sync_mode) patch.sync_mode = values.sync_mode;
  return patch;
}

function ChangeSourceForm({ pid, nid, source, onClose }: Omit<Props, 'opened'>) {
  const [start] = useState(() => valuesOf(source));
  const { values, set } = useFormValues(start, true);
  const update = useUpdateSource(pid, nid);
  const refs = useQuery(refsQuery(pid, nid));

  // Short, on one line, so the branch's input stays level with the provider beside it.
  let note = 'Looking up the branches…';
  if (refs.isError) note = 'The branches could not be listed: type one';
  else if (refs.data) note = `${refs.data.length === 1 ? 'One branch' : `${refs.data.length} branches`} to choose from, or type one`;

  const patch = patchOf(start, values);
  const onSuccess = (notebook: { source: unknown }) => {
    const after = notebook.source as GitSource;
    const messages = [after.pending_config ? 'The new settings apply at the next sync.' : 'Source saved.'];
    if (patch.sync_mode === 'push') messages.push('Rotate the sync token to get the sync URL and token for your CI.');
    if (patch.sync_mode === 'pull') messages.push('Its sync token no longer works.');
    notifications.show({ color: 'green', message: messages.join(' ') });
  };

  return (
    <FormModal
      title="Change source"
      opened
      onClose={onClose}
      mutation={update}
      // Nothing changed: nothing to send.
      request={() => (Object.keys(patch).length > 0 ? patch : null)}
      onSuccess={onSuccess}
      fields={SOURCE_FIELDS}
      submitLabel="Save"
      size="lg"
    >
      <Alert color="blue" styles={{ message: { color: 'var(--mantine-color-text)' } }}>
        The repository, branch, folder and entry notebook apply at the next sync: until one works with them, the notebook keeps its code and files. The sync
        mode applies at once.
      </Alert>
      <SourceFields values={values} onChange={set} error={update.error} branches={{ list: refs.data ?? [], note }} providerFixed />
    </FormModal>
  );
}
