// The integration form's values, generated from a kind's fields (GET /integration-kinds), and the
// requests they make. Secret fields hold only what the user types now: a saved value never comes
// back from the API, so a saved secret is "kept" until the user replaces or removes it.
import type { Integration, IntegrationDraft, IntegrationField, IntegrationKind, IntegrationReplacement, SecretSourceType } from '../../api/integrations';
import { draftIsEmpty, emptySourceDraft, sourceInput, type SourceDraft } from './secret-sources';

/** A secret field: what the saved integration has (its source, never a value) and what the user does with it. */
export interface SecretFieldState {
  saved: Integration['secrets'][string] | null;
  /** keep: leave the saved source as it is; set: the draft below; remove: clear it. */
  action: 'keep' | 'set' | 'remove';
  draft: SourceDraft;
}

export interface IntegrationFormValues {
  name: string;
  envPrefix: string;
  description: string;
  /** Non-secret fields as the inputs hold them: text (numbers too, until sent) or a switch. */
  config: Record<string, string | boolean>;
  secrets: Record<string, SecretFieldState>;
}

export const secretFields = (kind: IntegrationKind) => kind.fields.filter((field) => field.secret);
export const configFields = (kind: IntegrationKind) => kind.fields.filter((field) => !field.secret);

/** The source a new secret starts with: a stored value where the kind allows it, else its first. */
function firstSource(kind: IntegrationKind): SecretSourceType {
  return kind.secret_sources.includes('stored') ? 'stored' : (kind.secret_sources[0] ?? 'stored');
}

function inputValue(field: IntegrationField, value: string | number | boolean | undefined): string | boolean {
  if (field.type === 'boolean') return value === true;
  return value === undefined ? '' : String(value);
}

/** The form for a new integration of `kind`: each field at its default, each secret to be set. */
export function newIntegrationValues(kind: IntegrationKind): IntegrationFormValues {
  return {
    name: '',
    envPrefix: '',
    description: '',
    config: Object.fromEntries(configFields(kind).map((field) => [field.key, inputValue(field, field.default)])),
    secrets: Object.fromEntries(
      secretFields(kind).map((field) => [field.key, { saved: null, action: 'set' as const, draft: emptySourceDraft(firstSource(kind)) }]),
    ),
  };
}

/** The form for changing `integration`: its saved fields, and each secret kept as it is. */
export function savedIntegrationValues(kind: IntegrationKind, integration: Integration): IntegrationFormValues {
  return {
    name: integration.name,
    envPrefix: integration.env_prefix,
    description: integration.description,
    config: Object.fromEntries(configFields(kind).map((field) => [field.key, inputValue(field, integration.config[field.key])])),
    secrets: Object.fromEntries(
      secretFields(kind).map((field) => {
        const saved = integration.secrets[field.key] ?? null;
        const source = saved && kind.secret_sources.includes(saved.source) ? saved.source : firstSource(kind);
        return [field.key, { saved, action: saved ? ('keep' as const) : ('set' as const), draft: emptySourceDraft(source, saved ?? undefined) }];
      }),
    ),
  };
}

/** The non-secret fields as the API takes them; an empty one is left out (the kind's default, or none). */
export function configOf(kind: IntegrationKind, values: IntegrationFormValues): Record<string, string | number | boolean> {
  const config: Record<string, string | number | boolean> = {};
  for (const field of configFields(kind)) {
    const value = values.config[field.key];
    if (typeof value === 'boolean') config[field.key] = value;
    else if (value !== undefined && value.trim() !== '')
      config[field.key] = field.type === 'integer' && /^-?\d+$/.test(value.trim()) ? Number(value) : value.trim();
  }
  return config;
}

/** A new integration: every secret typed in, each with its source; empty secrets are left out. */
export function createRequest(kind: IntegrationKind, values: IntegrationFormValues): IntegrationDraft {
  const secrets: NonNullable<IntegrationDraft['secrets']> = {};
  for (const [key, state] of Object.entries(values.secrets)) if (state.action === 'set' && !draftIsEmpty(state.draft)) secrets[key] = sourceInput(state.draft);
  return {
    kind: kind.kind,
    name: values.name.trim(),
    ...(values.envPrefix.trim() ? { env_prefix: values.envPrefix.trim() } : {}),
    ...(values.description.trim() ? { description: values.description.trim() } : {}),
    config: configOf(kind, values),
    ...(Object.keys(secrets).length > 0 ? { secrets } : {}),
  };
}

/**
 * A replacement of the whole configuration: secrets kept are left out (the API keeps them),
 * replaced ones carry their new source, removed ones are null.
 */
export function replaceRequest(kind: IntegrationKind, values: IntegrationFormValues): IntegrationReplacement {
  const secrets: NonNullable<IntegrationReplacement['secrets']> = {};
  for (const [key, state] of Object.entries(values.secrets)) {
    if (state.action === 'remove' && state.saved) secrets[key] = null;
    else if (state.action === 'set' && !draftIsEmpty(state.draft)) secrets[key] = sourceInput(state.draft);
  }
  return {
    name: values.name.trim(),
    ...(values.envPrefix.trim() ? { env_prefix: values.envPrefix.trim() } : {}),
    description: values.description.trim(),
    config: configOf(kind, values),
    ...(Object.keys(secrets).length > 0 ? { secrets } : {}),
  };
}

/** The request fields the form shows messages at, so the message above its buttons does not repeat them. */
export function formFields(kind: IntegrationKind): string[] {
  return ['name', 'env_prefix', 'description', ...kind.fields.map((field) => `${field.secret ? 'secrets' : 'config'}.${field.key}`)];
}
