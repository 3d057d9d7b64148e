import { Alert, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateGitNotebook, type GitNotebookCreateResult } from '../../api/git';
import type { NotebookStatusFilter } from '../../api/types';
import { fieldError } from '../../components/FormError';
import { FormModal } from '../../components/FormModal';
import { useFormValues } from '../../components/use-form-values';
import { SOURCE_FIELDS, SourceFields, type SourceValues } from '../notebook/git/SourceFields';
import { SyncTokenModal } from '../notebook/git/SyncTokenModal';
import { isRepoUrl } from '../notebook/git/source-format';
import { NotebookStatusSelect, NotebookTitleInput } from './NotebookFields';

interface Props {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}

const EMPTY: SourceValues = { repo: '', provider: 'github', branch: 'main', root_path: '', entry_notebook: '', sync_mode: 'pull' };

type SyncError = NonNullable<GitNotebookCreateResult['sync_error']>;

function SyncErrorNote({ error }: { error: SyncError }) {
  return (
    <Alert color="orange" title="The first sync failed" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {error.message}
      </Text>
      <Text size="sm" mt={4}>
        The notebook was created without code. Fix the cause (the branch, the folder, the entry notebook or the project&apos;s Git credentials), then press Sync
        now on its page.
      </Text>
    </Alert>
  );
}

/**
 * Creates a notebook from a folder of a Git repository; the hub syncs it once before it answers.
 * A push-mode notebook's token is shown here, once, before going to the notebook.
 */
export function CreateGitNotebookModal({ projectId, opened, onClose }: Props) {
  const notebook = useFormValues({ title: '', status: 'draft' as NotebookStatusFilter }, opened);
  const { values, set } = useFormValues(EMPTY, opened);
  const [created, setCreated] = useState<GitNotebookCreateResult | null>(null);
  const create = useCreateGitNotebook(projectId);
  const navigate = useNavigate();

  const open = (result: GitNotebookCreateResult) => {
    const { meta } = result.notebook;
    if (result.sync_error)
      notifications.show({
        color: 'orange',
        // No title: a notification's description is drawn in a colour too faint for its text.
        message: `“${meta.title}” was created, but its first sync failed: ${result.sync_error.message.replace(/\.?$/, '.')} It has no code until a sync works.`,
        autoClose: false,
      });
    else notifications.show({ color: 'green', message: `Notebook “${meta.title}” created from the repository.` });
    void navigate(`/projects/${projectId}/notebooks/${meta.id}`);
  };

  const request = () => {
    const repo = values.repo.trim();
    return {
      title: notebook.values.title.trim(),
      status: notebook.values.status,
      repo,
      // A URL names its host itself; the provider only tells where owner/repo is.
      ...(isRepoUrl(repo) ? {} : { provider: values.provider }),
      branch: values.branch.trim(),
      root_path: values.root_path.trim(),
      entry_notebook: values.entry_notebook.trim(),
      sync_mode: values.sync_mode,
    };
  };
  const onSuccess = (result: GitNotebookCreateResult) => (result.sync_token && result.sync_url ? setCreated(result) : open(result));

  const finish = () => {
    if (created) open(created);
    setCreated(null);
  };
  const token = created?.sync_token && created.sync_url ? { sync_url: created.sync_url, sync_token: created.sync_token } : null;

  return (
    <>
      <FormModal
        title="Create notebook from a Git repository"
        opened={opened}
        onClose={onClose}
        mutation={create}
        request={request}
        onSuccess={onSuccess}
        fields={['title', 'status', ...SOURCE_FIELDS]}
        size="lg"
      >
        <Group align="flex-start" gap="sm" grow preventGrowOverflow={false}>
          <NotebookTitleInput
            value={notebook.values.title}
            onChange={(title) => notebook.set('title', title)}
            error={fieldError(create.error, 'title')}
            style={{ flex: '1 1 16rem' }}
          />
          <NotebookStatusSelect
            value={notebook.values.status}
            onChange={(status) => notebook.set('status', status)}
            statuses={['draft', 'active']}
            error={fieldError(create.error, 'status')}
            style={{ flex: '0 0 10rem' }}
          />
        </Group>
        <SourceFields values={values} onChange={set} error={create.error} />
      </FormModal>
      <SyncTokenModal token={token} onClose={finish}>
        {created?.sync_error && <SyncErrorNote error={created.sync_error} />}
      </SyncTokenModal>
    </>
  );
}
