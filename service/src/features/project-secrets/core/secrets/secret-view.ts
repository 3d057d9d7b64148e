import type { ProjectSecretRecord } from './secret-records.js';
import type { SecretSourceType } from './secret-source.js';

/**
 * A project secret as every surface shows it: its name, where its value comes from, and never
 * the value. A reference's variable name, file path or Secret name and key are not secret.
 */
export interface ProjectSecretView {
  name: string;
  description: string;
  source: SecretSourceType;
  /** True for a stored value (which is never shown); false for a reference. */
  value_set: boolean;
  variable?: string;
  path?: string;
  secret?: string;
  key?: string;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}

export function secretViewOf(record: ProjectSecretRecord): ProjectSecretView {
  const { source } = record;
  const reference =
    source.source === 'environment'
      ? { variable: source.variable }
      : source.source === 'file'
        ? { path: source.path }
        : source.source === 'kubernetes_secret'
          ? { secret: source.secret, key: source.key }
          : {};
  return {
    name: record.name,
    description: record.description,
    source: source.source,
    value_set: source.source === 'stored',
    ...reference,
    created_at: record.created_at,
    created_by: record.created_by,
    updated_at: record.updated_at,
    updated_by: record.updated_by,
  };
}
