import { kindOf, type ConfigValue, type IntegrationKind } from './kinds/index.js';
import { ORGANIZATION_SCOPE, type IntegrationRecord, type IntegrationVersionRecord } from './integration-records.js';
import { sourceView, type KeptSecretSource, type SecretSource, type SecretSourceType } from './secret-sources.js';

/** A secret field's source as reads show it: the kind of source and, where the reader may see it, the reference; never a value. */
export interface SecretSourceSummary {
  source: SecretSourceType;
  variable?: string;
  path?: string;
  secret?: string;
  key?: string;
}

/**
 * An integration as every answer shows it (docs/integrations.md): the non-secret configuration,
 * each secret field as `<key>_set` in `config` and its source in `secrets`, never a value.
 */
export interface IntegrationView {
  id: string;
  scope: 'organization' | 'project';
  project_id: string | null;
  kind: string;
  name: string;
  env_prefix: string;
  description: string;
  /** Non-secret values, and `<key>_set: true|false` for every secret field of the kind. */
  config: Record<string, ConfigValue>;
  /** The secret fields that are set, with their source. */
  secrets: Record<string, SecretSourceSummary>;
  version_id: string;
  version_number: number;
  copied_from: { integration_id: string; version_id: string } | null;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}

export interface IntegrationVersionView {
  id: string;
  integration_id: string;
  number: number;
  kind: string;
  name: string;
  env_prefix: string;
  description: string;
  config: Record<string, ConfigValue>;
  secrets: Record<string, SecretSourceSummary>;
  changed_secrets: string[];
  created_at: string;
  created_by: string;
}

function summary(source: KeptSecretSource | SecretSource, references: boolean): SecretSourceSummary {
  return references ? { ...sourceView(source) } : { source: source.source };
}

/** `<key>_set` for every secret field of the kind (the fields set being `set`). */
function secretFlags(kind: IntegrationKind | undefined, set: readonly string[]): Record<string, boolean> {
  const keys = kind ? kind.fields.filter((field) => field.secret).map((field) => field.key) : set;
  return Object.fromEntries(keys.map((key) => [`${key}_set`, set.includes(key)]));
}

/**
 * What an answer shows of an integration. `references: false` leaves out where a secret comes
 * from beyond its kind of source (the organization's integrations, to someone who does not manage them).
 */
export function integrationView(
  record: IntegrationRecord<KeptSecretSource | SecretSource>,
  options: { references: boolean } = { references: true },
): IntegrationView {
  const set = Object.keys(record.secrets);
  return {
    id: record.id,
    scope: record.scope === ORGANIZATION_SCOPE ? 'organization' : 'project',
    project_id: record.scope === ORGANIZATION_SCOPE ? null : record.scope,
    kind: record.kind,
    name: record.name,
    env_prefix: record.env_prefix,
    description: record.description,
    config: { ...record.config, ...secretFlags(kindOf(record.kind), set) },
    secrets: Object.fromEntries(Object.entries(record.secrets).map(([key, source]) => [key, summary(source, options.references)])),
    version_id: record.version_id,
    version_number: record.version_number,
    copied_from: record.copied_from,
    created_at: record.created_at,
    created_by: record.created_by,
    updated_at: record.updated_at,
    updated_by: record.updated_by,
  };
}

export function versionView(version: IntegrationVersionRecord, options: { references: boolean } = { references: true }): IntegrationVersionView {
  return {
    id: version.id,
    integration_id: version.integration_id,
    number: version.number,
    kind: version.kind,
    name: version.name,
    env_prefix: version.env_prefix,
    description: version.description,
    config: { ...version.config, ...secretFlags(kindOf(version.kind), Object.keys(version.secrets)) },
    secrets: Object.fromEntries(Object.entries(version.secrets).map(([key, source]) => [key, options.references ? { ...source } : { source: source.source }])),
    changed_secrets: version.changed_secrets,
    created_at: version.created_at,
    created_by: version.created_by,
  };
}
