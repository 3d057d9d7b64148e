import { Button, Checkbox, CopyButton, Group, PasswordInput, Radio, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSaveAlert, type AlertDestination, type AlertDestinationPatch } from '../../api/alerts';
import { FormModal } from '../../components/FormModal';
import { kindLabel } from './alert-kinds';
import { fieldErrorsUnder } from '../../components/field-errors';

interface Props {
  projectId: string;
  /** The destination to change, or undefined to add one. */
  editing: AlertDestination | undefined;
  types: ('slack' | 'webhook')[];
  kinds: string[];
  onClose: () => void;
}

const TYPE_LABELS = { webhook: 'Webhook (signed JSON)', slack: 'Slack incoming webhook' };

/** A random signing secret, so nobody has to invent one; it is shown here once to copy to the receiver. */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Adds or changes an alert destination. The API never returns a URL or secret, so editing leaves them empty: empty keeps them. */
export function AlertFormModal({ projectId, editing, types, kinds, onClose }: Props) {
  const [type, setType] = useState<'slack' | 'webhook'>(editing?.type ?? (types.includes('webhook') ? 'webhook' : (types[0] ?? 'webhook')));
  const [name, setName] = useState(editing?.name ?? '');
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [chosen, setChosen] = useState<string[]>(editing?.kinds.filter((kind) => kind !== 'unknown') ?? []);
  const [enabled, setEnabled] = useState(editing?.enabled ?? true);
  const mutation = useSaveAlert(projectId);
  const urlField = type === 'slack' ? 'webhook_url' : 'url';

  const request = (): Parameters<typeof mutation.mutate>[0] => {
    if (!editing)
      return {
        id: null,
        body: { type, name: name.trim(), kinds: chosen, enabled, [urlField]: url.trim(), ...(type === 'webhook' ? { signing_secret: secret } : {}) },
      };
    const body: AlertDestinationPatch = { name: name.trim(), kinds: chosen, enabled };
    if (url.trim()) body[urlField] = url.trim();
    if (type === 'webhook' && secret) body.signing_secret = secret;
    return { id: editing.id, body };
  };
  const onSuccess = () => notifications.show({ color: 'green', message: `Alert destination “${name.trim()}” ${editing ? 'saved' : 'added'}.` });

  return (
    <FormModal
      title={editing ? 'Edit alert destination' : 'Add alert destination'}
      opened
      onClose={onClose}
      mutation={mutation}
      request={request}
      onSuccess={onSuccess}
      submitLabel={editing ? 'Save' : 'Add destination'}
      size="lg"
    >
      {!editing && types.length > 1 && (
        <Radio.Group label="Type" value={type} onChange={(value) => setType(value as 'slack' | 'webhook')}>
          <Group gap="lg" mt={6}>
            {[...types]
              .sort()
              .reverse()
              .map((value) => (
                <Radio key={value} value={value} label={TYPE_LABELS[value]} />
              ))}
          </Group>
        </Radio.Group>
      )}
      <TextInput
        label="Name"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        required
        maxLength={100}
        data-autofocus
        error={fieldErrorsUnder(mutation.error, 'name')}
      />
      <TextInput
        label={type === 'slack' ? 'Incoming-webhook URL' : 'Receiver URL'}
        description={
          editing ? `Now sending to ${editing.endpoint_host}. Leave empty to keep the current URL; a new one must be verified again.` : 'An https address.'
        }
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
        required={!editing}
        type="url"
        autoComplete="off"
        error={fieldErrorsUnder(mutation.error, urlField)}
      />
      {type === 'webhook' && (
        <Stack gap={4}>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <PasswordInput
              label="Signing secret"
              value={secret}
              onChange={(event) => setSecret(event.currentTarget.value)}
              required={!editing}
              autoComplete="new-password"
              style={{ flex: 1 }}
              error={fieldErrorsUnder(mutation.error, 'signing_secret')}
            />
            <Button variant="default" onClick={() => setSecret(newSecret())}>
              Generate
            </Button>
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy} disabled={!secret}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            {editing ? 'Leave empty to keep the current secret. ' : 'The receiver checks the X-Hub-Signature HMAC with it (16 to 256 characters). '}
            The hub never shows a secret again: copy it to your receiver before saving.
          </Text>
        </Stack>
      )}
      <Checkbox.Group label="Send these events" value={chosen} onChange={setChosen} required error={fieldErrorsUnder(mutation.error, 'kinds')}>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" mt="xs">
          {kinds.map((kind) => (
            <Checkbox key={kind} value={kind} label={kindLabel(kind)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Switch
        label="Enabled"
        description="A disabled destination receives nothing."
        checked={enabled}
        onChange={(event) => setEnabled(event.currentTarget.checked)}
      />
    </FormModal>
  );
}
