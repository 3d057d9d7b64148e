import { Badge, Button, Fieldset, Group, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { IntegrationField, IntegrationKind } from '../../api/integrations';
import { fieldErrorsUnder } from '../../components/field-errors';
import { configFields, derivedPrefix, secretFields, type IntegrationFormValues, type SecretFieldState } from './kind-form';
import { emptySourceDraft, SourceInputs, SourceText } from './secret-sources';
import { MONO_INPUT } from '../../components/mono-input';

interface Props {
  kind: IntegrationKind;
  values: IntegrationFormValues;
  onChange: (values: IntegrationFormValues) => void;
  error: Error | null;
  /** Changing a saved integration: each secret says whether it is set. */
  editing: boolean;
}

/** The form generated from a kind: its name and variable prefix, each field by its type, each secret by its source. */
export function IntegrationFields({ kind, values, onChange, error, editing }: Props) {
  const setConfig = (key: string, value: string | boolean) => onChange({ ...values, config: { ...values.config, [key]: value } });
  const setSecret = (key: string, state: SecretFieldState) => onChange({ ...values, secrets: { ...values.secrets, [key]: state } });
  const secrets = secretFields(kind);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Name"
          value={values.name}
          onChange={(event) => onChange({ ...values, name: event.currentTarget.value })}
          required
          maxLength={100}
          data-autofocus
          error={fieldErrorsUnder(error, 'name')}
        />
        <TextInput
          label="Variable prefix"
          description="Notebooks read PREFIX_URL, PREFIX_USER, …"
          placeholder={derivedPrefix(values.name) || 'ANALYTICS_DB'}
          value={values.envPrefix}
          onChange={(event) => onChange({ ...values, envPrefix: event.currentTarget.value.toUpperCase() })}
          maxLength={48}
          autoComplete="off"
          styles={MONO_INPUT}
          error={fieldErrorsUnder(error, 'env_prefix')}
        />
      </SimpleGrid>
      <Textarea
        label="Description"
        value={values.description}
        onChange={(event) => onChange({ ...values, description: event.currentTarget.value })}
        autosize
        minRows={1}
        maxRows={4}
        maxLength={1000}
        error={fieldErrorsUnder(error, 'description')}
      />
      <Fieldset legend={`${kind.name} settings`} variant="filled">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {configFields(kind).map((field) => (
            <ConfigInput key={field.key} field={field} value={values.config[field.key] ?? ''} onChange={(value) => setConfig(field.key, value)} error={error} />
          ))}
        </SimpleGrid>
      </Fieldset>
      {secrets.length > 0 && (
        <Fieldset legend="Secrets" variant="filled">
          <Stack gap="md">
            <Text size="xs" c="dimmed">
              A secret is never shown again once saved, here or anywhere: the hub stores it sealed, or reads it where it lives.
            </Text>
            {secrets.map((field) => (
              <SecretInput
                key={field.key}
                field={field}
                kind={kind}
                state={values.secrets[field.key]!}
                onChange={(state) => setSecret(field.key, state)}
                error={fieldErrorsUnder(error, `secrets.${field.key}`)}
                editing={editing}
              />
            ))}
          </Stack>
        </Fieldset>
      )}
    </Stack>
  );
}

function ConfigInput({
  field,
  value,
  onChange,
  error,
}: {
  field: IntegrationField;
  value: string | boolean;
  onChange: (value: string | boolean) => void;
  error: Error | null;
}) {
  const common = {
    label: field.name,
    description: field.description,
    required: field.required && field.type !== 'boolean',
    error: fieldErrorsUnder(error, `config.${field.key}`),
  };
  switch (field.type) {
    case 'boolean':
      return <Switch {...common} checked={value === true} onChange={(event) => onChange(event.currentTarget.checked)} mt="xs" />;
    case 'enum':
      return (
        <Select
          {...common}
          data={field.values ?? []}
          value={typeof value === 'string' && value !== '' ? value : null}
          onChange={(chosen) => onChange(chosen ?? '')}
          allowDeselect={!field.required}
          clearable={!field.required}
        />
      );
    case 'integer':
      return (
        <TextInput
          {...common}
          inputMode="numeric"
          value={String(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          placeholder={field.default !== undefined ? String(field.default) : undefined}
          autoComplete="off"
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={field.type === 'url' ? 'url' : 'text'}
          value={String(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          placeholder={typeof field.default === 'string' ? field.default : undefined}
          autoComplete="off"
        />
      );
  }
}

/**
 * A secret field: "set" with its source and Replace (and Remove, for one the kind does not need),
 * or the inputs of a new source. A saved value is never filled in: the API never returns one.
 */
function SecretInput({
  field,
  kind,
  state,
  onChange,
  error,
  editing,
}: {
  field: IntegrationField;
  kind: IntegrationKind;
  state: SecretFieldState;
  onChange: (state: SecretFieldState) => void;
  error: string | undefined;
  editing: boolean;
}) {
  const { saved, action } = state;
  const labelId = `secret-${kind.kind}-${field.key}`;
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500} id={labelId}>
              {field.name}
              {field.required && (
                <Text span c="var(--mantine-color-error)" aria-hidden="true">
                  {' *'}
                </Text>
              )}
            </Text>
            {editing && (
              <Badge size="xs" variant="dot" color={saved && action !== 'remove' ? 'green' : 'gray'}>
                {!saved ? 'not set' : action === 'remove' ? 'to be removed' : action === 'set' ? 'set: replacing' : 'set'}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {field.description}
          </Text>
        </div>
        {saved && action === 'keep' && (
          <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
            <Button size="xs" variant="default" onClick={() => onChange({ ...state, action: 'set' })} aria-label={`Replace ${field.name}`}>
              Replace
            </Button>
            {!field.required && (
              <Button size="xs" variant="subtle" color="red" onClick={() => onChange({ ...state, action: 'remove' })} aria-label={`Remove ${field.name}`}>
                Remove
              </Button>
            )}
          </Group>
        )}
        {saved && action !== 'keep' && (
          <Button
            size="xs"
            variant="subtle"
            style={{ flex: 'none' }}
            onClick={() => onChange({ ...state, action: 'keep', draft: emptySourceDraft(state.draft.source, saved) })}
            aria-label={`Keep the saved ${field.name}`}
          >
            Keep saved
          </Button>
        )}
      </Group>
      {saved && action !== 'set' && (
        <Text size="sm" c={action === 'remove' ? 'dimmed' : undefined} td={action === 'remove' ? 'line-through' : undefined}>
          <SourceText view={saved} />
          {saved.source === 'stored' && ' (not shown)'}
        </Text>
      )}
      {action === 'set' && (
        <SourceInputs
          label={field.name}
          draft={state.draft}
          onChange={(draft) => onChange({ ...state, draft })}
          sources={kind.secret_sources}
          error={error}
          required={field.required && !saved}
        />
      )}
      {action !== 'set' && error && (
        <Text size="xs" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
