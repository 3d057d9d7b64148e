import { Autocomplete, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { refsQuery, type GitSource } from '../../../api/git';
import { useCreatePreview, type Preview, type PreviewCreateBody } from '../../../api/previews';
import { fieldError } from '../../../components/FormError';
import { FormModal, mountedWhileOpen } from '../../../components/FormModal';

type Kind = Preview['kind'];

interface Props {
  pid: string;
  nid: string;
  source: GitSource;
  opened: boolean;
  onClose: () => void;
}

/** What a change request is called where the notebook's repository lives. */
const changeRequestNoun = (provider: string | null) => (provider === 'gitlab' ? 'merge request' : 'pull request');

/** A new preview of a branch (suggested from the repository's), a commit or an open change request. Each opening starts empty and lists the branches afresh. */
export const CreatePreviewModal = mountedWhileOpen(CreatePreviewForm);

function CreatePreviewForm({ pid, nid, source, onClose }: Omit<Props, 'opened'>) {
  const [kind, setKind] = useState<Kind>('branch');
  const [branch, setBranch] = useState('');
  const [commit, setCommit] = useState('');
  const [number, setNumber] = useState<number | string>('');
  const [title, setTitle] = useState('');
  const create = useCreatePreview(pid, nid);
  const refs = useQuery(refsQuery(pid, nid));
  const changeRequests = source.provider === 'github' || source.provider === 'gitlab';
  const noun = changeRequestNoun(source.provider);

  let branchNote = 'Looking up the branches…';
  if (refs.isError) branchNote = 'The branches could not be listed: type one';
  else if (refs.data) branchNote = 'The preview follows the branch: when it moves on, the preview does too';

  const request = () => {
    const body: PreviewCreateBody = { ...(title.trim() ? { title: title.trim() } : {}) };
    if (kind === 'branch') body.branch = branch.trim();
    else if (kind === 'commit') body.commit = commit.trim();
    else body.change_request = typeof number === 'number' ? number : Number.parseInt(number, 10);
    return body;
  };
  const onSuccess = (preview: Preview) => notifications.show({ color: 'green', message: `${preview.title}: the hub is preparing the preview.` });

  const kinds = [
    { value: 'branch', label: 'Branch' },
    { value: 'commit', label: 'Commit' },
    ...(changeRequests ? [{ value: 'change_request', label: noun === 'merge request' ? 'Merge request' : 'Pull request' }] : []),
  ];
  return (
    <FormModal title="New preview" opened onClose={onClose} mutation={create} request={request} onSuccess={onSuccess} submitLabel="Create preview">
      <Text size="sm">
        A preview runs the notebook as the repository has it elsewhere, without changing the notebook: its versions and files stay as they are.
      </Text>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="preview-kind-label">
          Preview of
        </Text>
        <SegmentedControl aria-labelledby="preview-kind-label" value={kind} onChange={(value) => setKind(value as Kind)} data={kinds} fullWidth />
      </Stack>
      {kind === 'branch' && (
        <Autocomplete
          label="Branch"
          description={branchNote}
          value={branch}
          onChange={setBranch}
          data={(refs.data ?? []).map((candidate) => candidate.name)}
          error={fieldError(create.error, 'branch')}
          required
          data-autofocus
          maxDropdownHeight={240}
        />
      )}
      {kind === 'commit' && (
        <TextInput
          label="Commit"
          description="The full commit id (40 characters)"
          value={commit}
          onChange={(event) => setCommit(event.currentTarget.value)}
          error={fieldError(create.error, 'commit')}
          ff="monospace"
          required
          data-autofocus
        />
      )}
      {kind === 'change_request' && (
        <NumberInput
          label={`${noun === 'merge request' ? 'Merge request' : 'Pull request'} number`}
          description={`An open ${noun} of ${source.repo}; the preview follows its latest commit`}
          value={number}
          onChange={setNumber}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          error={fieldError(create.error, 'change_request')}
          required
          data-autofocus
        />
      )}
      <TextInput
        label="Title"
        description="Optional; named after what it previews when left empty"
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
        maxLength={200}
      />
    </FormModal>
  );
}
