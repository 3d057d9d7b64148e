import { Anchor, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePublishChangeRequest, type ChangeRequest } from '../../../api/change-requests';
import type { GitSource } from '../../../api/git';
import { versionsQuery, type NotebookVersion } from '../../../api/notebook-versions';
import { mySessionsQuery } from '../../../api/sessions';
import { formatDateTime } from '../../../app/format';
import { fieldError } from '../../../components/FormError';
import { FormModal, mountedWhileOpen } from '../../../components/FormModal';
import { changeRequestName, shortCommit } from './source-format';

interface Props {
  pid: string;
  nid: string;
  source: GitSource;
  opened: boolean;
  onClose: () => void;
}

/** Proposes the notebook's changes to its repository: a saved version, or what an open edit session has now. Each opening lists the versions and sessions as they are now. */
export const ProposeChangeModal = mountedWhileOpen(ProposeChangeForm);

/** How a version reads in the list: when it was saved, what it says, and whether a sync made it. */
function versionLabel(version: NotebookVersion): string {
  const origin = version.commit ? `synced from ${shortCommit(version.commit)}` : version.message || 'saved';
  return `${formatDateTime(version.saved_at)} · ${origin}`;
}

/** The newest version the hub's syncs did not make (an edit), else the newest of all. */
const defaultVersion = (versions: NotebookVersion[]): string | null => (versions.find((version) => !version.commit) ?? versions[0])?.version_id ?? null;

function ProposeChangeForm({ pid, nid, source, onClose }: Omit<Props, 'opened'>) {
  const publish = usePublishChangeRequest(pid, nid);
  const versions = useInfiniteQuery(versionsQuery(pid, nid));
  const sessions = useQuery(mySessionsQuery);
  const session = sessions.data?.find((entry) => entry.project_id === pid && entry.notebook_id === nid && entry.mode === 'edit' && entry.state === 'running');
  const versionList = versions.data?.pages.flatMap((page) => page.items) ?? [];
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [from, setFrom] = useState<'session' | 'version' | null>(null);
  const [versionId, setVersionId] = useState<string | null>(null);
  const chosenFrom = from ?? (session ? 'session' : 'version');
  const chosenVersion = versionId ?? defaultVersion(versionList);

  const request = () =>
    chosenFrom === 'session' && session
      ? { title, ...(description.trim() ? { description } : {}), session_id: session.id }
      : { title, ...(description.trim() ? { description } : {}), ...(chosenVersion ? { version_id: chosenVersion } : {}) };
  const onSuccess = (opened: ChangeRequest) =>
    notifications.show({
      color: 'green',
      title: `Opened ${changeRequestName(opened)}`,
      message: (
        <Anchor href={opened.url} target="_blank" rel="noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {opened.title}
        </Anchor>
      ),
    });

  return (
    <FormModal
      title="Propose changes"
      opened
      onClose={onClose}
      mutation={publish}
      request={request}
      onSuccess={onSuccess}
      fields={['title', 'description', 'version_id']}
      submitLabel="Propose"
      size="lg"
    >
      <Text size="sm">
        The hub commits the notebook as{' '}
        <Text span inherit ff="monospace">
          {source.entry_notebook}
        </Text>{' '}
        on top of{' '}
        <Text span inherit ff="monospace">
          {source.branch}
        </Text>{' '}
        at {source.commit ? shortCommit(source.commit) : 'its synced commit'}, pushes it as a new branch and opens a change request with the project&apos;s
        write token.
      </Text>
      <TextInput
        label="Title"
        required
        maxLength={200}
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
        error={fieldError(publish.error, 'title')}
        data-autofocus
      />
      <Textarea
        label="Description"
        description="Optional: what changed and why"
        autosize
        minRows={3}
        maxRows={8}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        error={fieldError(publish.error, 'description')}
      />
      <Radio.Group label="Propose" value={chosenFrom} onChange={(value) => setFrom(value as 'session' | 'version')}>
        <Stack gap="xs" mt={6}>
          <Radio
            value="session"
            disabled={!session}
            label="My open edit session"
            description={
              session
                ? `The notebook as it is in the editor now, saved or not (started ${formatDateTime(session.created_at)})`
                : 'You have no edit session of this notebook running'
            }
          />
          <Radio value="version" label="A saved version" />
        </Stack>
      </Radio.Group>
      {chosenFrom === 'version' && (
        <Select
          label="Version"
          data={versionList.map((version) => ({ value: version.version_id, label: versionLabel(version) }))}
          value={chosenVersion}
          onChange={setVersionId}
          allowDeselect={false}
          placeholder={versions.isPending ? 'Loading versions…' : 'No versions yet'}
          nothingFoundMessage="No versions"
          error={fieldError(publish.error, 'version_id')}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </FormModal>
  );
}
