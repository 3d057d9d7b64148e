import { Code, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SecretSourceType } from '../../api/integrations';
import { MONO_INPUT } from '../../components/mono-input';

/** Where a secret's value comes from (docs/integrations.md, "Secret sources"), as people read it. */
export const SOURCE_LABELS: Record<SecretSourceType, string> = {
  stored: 'Stored value',
  environment: 'Environment variable',
  file: 'File',
  kubernetes_secret: 'Kubernetes Secret',
};

export const ALL_SOURCES: readonly SecretSourceType[] = ['stored', 'environment', 'file', 'kubernetes_secret'];

/** A source as the API shows it: the type, and for a reference where it points (not secret). */
export interface SourceView {
  source: SecretSourceType;
  variable?: string | undefined;
  path?: string | undefined;
  secret?: string | undefined;
  key?: string | undefined;
}

/** "Environment variable TEAM_DB_PASSWORD", "Stored value"; a reference's target in code type. Never a value. */
export function SourceText({ view }: { view: SourceView }) {
  const target = targetOf(view);
  return (
    <Text size="sm" component="span" style={{ overflowWrap: 'anywhere' }}>
      {SOURCE_LABELS[view.source]}
      {target && <> {target}</>}
    </Text>
  );
}

function targetOf(view: SourceView): ReactNode {
  switch (view.source) {
    case 'environment':
      return view.variable ? <Code>{view.variable}</Code> : null;
    case 'file':
      return view.path ? <Code>{view.path}</Code> : null;
    case 'kubernetes_secret':
      return view.secret ? (
        <>
          <Code>{view.secret}</Code>, key <Code>{view.key ?? ''}</Code>
        </>
      ) : null;
    default:
      return null;
  }
}

/** A source as the user fills it in: every input kept, so switching the source back loses nothing typed. */
export interface SourceDraft {
  source: SecretSourceType;
  value: string;
  variable: string;
  path: string;
  secret: string;
  key: string;
}

export const emptySourceDraft = (source: SecretSourceType, from?: SourceView): SourceDraft => ({
  source,
  value: '',
  variable: from?.variable ?? '',
  path: from?.path ?? '',
  secret: from?.secret ?? '',
  key: from?.key ?? '',
});

/** Whether nothing was typed for the chosen source. */
export function draftIsEmpty(draft: SourceDraft): boolean {
  switch (draft.source) {
    case 'stored':
      return draft.value === '';
    case 'environment':
      return draft.variable.trim() === '';
    case 'file':
      return draft.path.trim() === '';
    case 'kubernetes_secret':
      return draft.secret.trim() === '' && draft.key.trim() === '';
  }
}

export type SourceInput =
  | { source: 'stored'; value: string }
  | { source: 'environment'; variable: string }
  | { source: 'file'; path: string }
  | { source: 'kubernetes_secret'; secret: string; key: string };

/** The API's body for the chosen source (the value as typed: spaces may belong to a password). */
export function sourceInput(draft: SourceDraft): SourceInput {
  switch (draft.source) {
    case 'stored':
      return { source: 'stored', value: draft.value };
    case 'environment':
      return { source: 'environment', variable: draft.variable.trim() };
    case 'file':
      return { source: 'file', path: draft.path.trim() };
    case 'kubernetes_secret':
      return { source: 'kubernetes_secret', secret: draft.secret.trim(), key: draft.key.trim() };
  }
}

interface InputsProps {
  /** The field's name, in every input's label ("Password: environment variable"). */
  label: string;
  draft: SourceDraft;
  onChange: (draft: SourceDraft) => void;
  sources: readonly SecretSourceType[];
  /** The API's message for this secret, shown at its inputs. */
  error: string | undefined;
  /** Under the stored value's input: what leaving it empty does. */
  storedHint?: string;
  required?: boolean;
}

/**
 * The choice of source (when more than one is offered) and its inputs: a value to store (a password
 * field that starts empty: a stored value is never shown), a variable, a path, or a Secret and key.
 */
export function SourceInputs({ label, draft, onChange, sources, error, storedHint, required }: InputsProps) {
  const set = (change: Partial<SourceDraft>) => onChange({ ...draft, ...change });
  return (
    <Stack gap={6}>
      {sources.length > 1 && (
        <SegmentedControl
          size="xs"
          aria-label={`Source of ${label}`}
          value={draft.source}
          onChange={(value) => set({ source: value as SecretSourceType })}
          data={sources.map((source) => ({ value: source, label: SOURCE_LABELS[source] }))}
          style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
        />
      )}
      {draft.source === 'stored' && (
        <PasswordInput
          aria-label={`${label}: value to store`}
          placeholder="Value to store"
          description={storedHint}
          value={draft.value}
          onChange={(event) => set({ value: event.currentTarget.value })}
          autoComplete="new-password"
          required={required}
          error={error}
          // Mantine marks an invalid password input with data-invalid only.
          aria-invalid={error ? true : undefined}
        />
      )}
      {draft.source === 'environment' && (
        <TextInput
          aria-label={`${label}: environment variable of the hub`}
          placeholder="TEAM_DB_PASSWORD"
          description="A variable of the hub's environment that its operator opened for references."
          value={draft.variable}
          onChange={(event) => set({ variable: event.currentTarget.value })}
          autoComplete="off"
          required={required}
          error={error}
          styles={MONO_INPUT}
        />
      )}
      {draft.source === 'file' && (
        <TextInput
          aria-label={`${label}: file on the hub`}
          placeholder="/run/secrets/db-password"
          description="A mounted file in a directory the hub's operator opened for references."
          value={draft.path}
          onChange={(event) => set({ path: event.currentTarget.value })}
          autoComplete="off"
          required={required}
          error={error}
          styles={MONO_INPUT}
        />
      )}
      {draft.source === 'kubernetes_secret' && (
        <Group grow align="flex-start" gap="xs" preventGrowOverflow={false}>
          <TextInput
            aria-label={`${label}: Kubernetes Secret`}
            placeholder="Secret: db-credentials"
            description="In the hub's namespace, labelled notebook-hub.io/secret-source=true."
            value={draft.secret}
            onChange={(event) => set({ secret: event.currentTarget.value })}
            autoComplete="off"
            required={required}
            error={error}
          />
          <TextInput
            aria-label={`${label}: key in the Secret`}
            placeholder="Key: password"
            value={draft.key}
            onChange={(event) => set({ key: event.currentTarget.value })}
            autoComplete="off"
            required={required}
          />
        </Group>
      )}
    </Stack>
  );
}
