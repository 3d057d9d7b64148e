import { Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Tagged } from '../../../api/client';
import {
  secretQuery,
  useCreateSecret,
  useReplaceSecret,
  type NewProjectSecret,
  type ProjectSecret,
  type SecretReplacement,
} from '../../../api/project-secrets';
import { conflictView } from '../../../components/ConflictAlert';
import { ErrorView } from '../../../components/ErrorView';
import { fieldErrorsUnder } from '../../../components/field-errors';
import { FormModal } from '../../../components/FormModal';
import { LoadingState } from '../../../components/LoadingState';
import { ALL_SOURCES, emptySourceDraft, sourceInput, SourceInputs, SourceText, type SourceDraft } from '../../integrations/secret-sources';
import { MONO_INPUT } from '../../../components/mono-input';

const FIELDS = ['name', 'description', 'source', 'value', 'variable', 'path', 'secret', 'key'];

/** The API's message for the source's inputs (it names the source or the field of the chosen source). */
const sourceError = (error: Error | null) =>
  ['source', 'value', 'variable', 'path', 'secret', 'key']
    .map((field) => fieldErrorsUnder(error, field))
    .filter((message) => message !== undefined)
    .join('; ') || undefined;

/** A new secret: its name (the variable notebooks read), a description, and where its value comes from. */
export function NewSecretModal({ pid, onClose }: { pid: string; onClose: () => void }) {
  const create = useCreateSecret(pid);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [draft, setDraft] = useState<SourceDraft>(emptySourceDraft('stored'));
  const request = (): NewProjectSecret => ({ name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}), ...sourceInput(draft) });
  return (
    <FormModal
      title="Add secret"
      opened
      onClose={onClose}
      mutation={create}
      request={request}
      onSuccess={(secret) => notifications.show({ color: 'green', message: `Secret ${secret.name} added.` })}
      fields={FIELDS}
      submitLabel="Add secret"
      size="lg"
    >
      <TextInput
        label="Name"
        description="The environment variable notebooks read: upper-case letters, digits and _, starting with a letter."
        placeholder="WAREHOUSE_TOKEN"
        value={name}
        onChange={(event) => setName(event.currentTarget.value.toUpperCase())}
        required
        maxLength={64}
        styles={MONO_INPUT}
        autoComplete="off"
        data-autofocus
        error={fieldErrorsUnder(create.error, 'name')}
      />
      <Textarea
        label="Description"
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        autosize
        minRows={1}
        maxRows={3}
        maxLength={500}
        error={fieldErrorsUnder(create.error, 'description')}
      />
      <SourceBlock draft={draft} onChange={setDraft} error={sourceError(create.error)} required />
    </FormModal>
  );
}

function SourceBlock({
  draft,
  onChange,
  error,
  required,
  storedHint,
}: {
  draft: SourceDraft;
  onChange: (draft: SourceDraft) => void;
  error: string | undefined;
  required?: boolean;
  storedHint?: string;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Value
      </Text>
      <SourceInputs label="Value" draft={draft} onChange={onChange} sources={ALL_SOURCES} error={error} required={required} storedHint={storedHint} />
      <Text size="xs" c="dimmed">
        A stored value is sealed by the hub and never shown again; a reference is read by the hub when a notebook starts, and checked now.
      </Text>
    </Stack>
  );
}

/**
 * Replacing a secret: read afresh with its ETag, sent back as If-Match; when someone else changed
 * it since, the dialog says so and "Reload" starts over from their version.
 */
export function ReplaceSecretModal({ pid, name, onClose }: { pid: string; name: string; onClose: () => void }) {
  const secret = useQuery({ ...secretQuery(pid, name), refetchOnMount: 'always', refetchOnWindowFocus: false });
  const [read, setRead] = useState<Tagged<ProjectSecret> | null>(null);
  if (read === null && secret.data && !secret.isFetching) setRead(secret.data);
  const reload = () =>
    void secret.refetch().then((result) => {
      if (result.data) setRead(result.data);
    });
  if (read === null)
    return (
      <Modal opened onClose={onClose} title={`Replace ${name}`} size="lg">
        {secret.isError ? <ErrorView error={secret.error} onRetry={() => void secret.refetch()} /> : <LoadingState label="Reading the secret…" />}
      </Modal>
    );
  return <ReplaceSecretForm key={read.etag} pid={pid} read={read} onReload={reload} onClose={onClose} />;
}

function ReplaceSecretForm({ pid, read, onReload, onClose }: { pid: string; read: Tagged<ProjectSecret>; onReload: () => void; onClose: () => void }) {
  const saved = read.data;
  const replace = useReplaceSecret(pid);
  const [description, setDescription] = useState(saved.description);
  const [draft, setDraft] = useState<SourceDraft>(emptySourceDraft(saved.source, saved));
  const request = () => {
    const source = sourceInput(draft);
    // A stored value left empty keeps the one stored (the API's rule for a PUT without `value`).
    const body = (source.source === 'stored' && source.value === '' ? { source: 'stored' } : source) as SecretReplacement;
    return { name: saved.name, etag: read.etag, body: { ...body, description: description.trim() } };
  };
  return (
    <FormModal
      title={`Replace ${saved.name}`}
      opened
      onClose={onClose}
      mutation={replace}
      request={request}
      onSuccess={() => notifications.show({ color: 'green', message: `Secret ${saved.name} saved.` })}
      fields={FIELDS}
      submitLabel="Save"
      size="lg"
      renderError={conflictView('secret', onReload)}
    >
      <Text size="sm">
        Now: <SourceText view={saved} />
        {saved.value_set && ' (not shown)'}
      </Text>
      <Textarea
        label="Description"
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        autosize
        minRows={1}
        maxRows={3}
        maxLength={500}
        data-autofocus
        error={fieldErrorsUnder(replace.error, 'description')}
      />
      <SourceBlock
        draft={draft}
        onChange={setDraft}
        error={sourceError(replace.error)}
        storedHint={saved.value_set && draft.source === 'stored' ? 'Leave empty to keep the stored value.' : undefined}
      />
    </FormModal>
  );
}
