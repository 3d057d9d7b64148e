import { Badge, Button, Fieldset, Group, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { IntegrationField, IntegrationKind } from '../../api/integrations';
import { fieldErrorsUnder } from '../../components/field-errors';
import { configFields, secretFields, type IntegrationFormValues, type SecretFieldState } from './kind-form';
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

/**
 * Side by side, an input's description goes under it, so that the inputs of a row line up whatever
 * their descriptions' lengths.
 */
const BESIDE: { inputWrapperOrder: ('label' | 'input' | 'description' | 'error')[] } = { inputWrapperOrder: ['label', 'input', 'description', 'error'] };

/**
 * The form generated from a kind (GET /integration-kinds): its name and variable prefix, each field
 * by its type, each secret by its source. What the hub accepts is the hub's to say: the inputs carry
 * what the kind describes (required, values, range), and the hub's field messages show at them.
 */
export function IntegrationFields({ kind, values, onChange, error, editing }: Props) {
  const setConfig = (key: string, value: string | boolean) => onChange({ ...values, config: { ...values.config, [key]: value } });
  const setSecret = (key: string, state: SecretFieldState) => onChange({ ...values, secrets: { ...values.secrets, [key]: state } });
  const secrets = secretFields(kind);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          {...BESIDE}
          label="Name"
          value={values.name}
          onChange={(event) => onChange({ ...values, name: event.currentTarget.value })}
          required
          data-autofocus
          error={fieldErrorsUnder(error, 'name')}
        />
        <TextInput
          {...BESIDE}
          label="Variable prefix"
          description="Notebooks read PREFIX_URL, PREFIX_USER, …; left empty, the hub makes it from the name."
          placeholder="From the name"
          value={values.envPrefix}
          onChange={(event) => onChange({ ...values, envPrefix: event.currentTarget.value.toUpperCase() })}
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
    description: [field.description, rangeOf(field)].filter(Boolean).join(' '),
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
          {...BESIDE}
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
          {...BESIDE}
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
          {...BESIDE}
          type={field.type === 'url' ? 'url' : 'text'}
          value={String(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          placeholder={typeof field.default === 'string' ? field.default : undefined}
          autoComplete="off"
        />
      );
  }
}

/** An integer's range as the kind describes it ("From 1 to 65535."), or nothing. */
function rangeOf({ minimum, maximum }: IntegrationField): string | undefined {
  if (minimum !== undefined && maximum !== undefined) return `From ${minimum} to ${maximum}.`;
  if (minimum !== undefined) return `At least ${minimum}.`;
  return maximum !== undefined ? `At most ${maximum}.` : undefined;
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
