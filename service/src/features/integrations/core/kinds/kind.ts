import type { FieldProblem } from '../../../../core/errors.js';
import type { SecretSourceType } from '../secret-sources.js';

/** Where an integration lives: the organization, or a project (docs/integrations.md). */
export type IntegrationScopeKind = 'project' | 'organization';

export type FieldType = 'string' | 'integer' | 'boolean' | 'enum' | 'url';

/** A non-secret configuration value. */
export type ConfigValue = string | number | boolean;
export type IntegrationConfig = Record<string, ConfigValue>;

/** One field of a kind's configuration. */
export interface IntegrationField {
  /** Lower-case snake case: the key in `config` (or `secrets` when secret). */
  key: string;
  /** What a form labels it with. */
  name: string;
  type: FieldType;
  /** A value is needed (a default counts). Some kinds need fields only together (see `check`). */
  required: boolean;
  /** Write-only: given as a secret source, read back as `<key>_set` only. */
  secret: boolean;
  description: string;
  default?: ConfigValue;
  /** `enum` only. */
  values?: readonly string[];
  /** `integer` only. */
  minimum?: number;
  maximum?: number;
}

/** What an integration gives a notebook's sandbox. */
export interface RenderedIntegration {
  /** Environment variables, all named `<ENV_PREFIX>_<NAME>`. */
  env: Record<string, string>;
  /** Files for the secrets directory (NOTEBOOK_HUB_SECRETS_DIR), by file name. */
  files: Record<string, Uint8Array>;
  /** A database kind's SQLAlchemy URL: what `DATABASE_URL` becomes when it is the project's only database. */
  databaseUrl?: string;
}

/**
 * An integration kind (docs/integrations.md): one small module each, listed in `kinds/index.ts`.
 * It says what its configuration holds, which of it is secret, where its secrets may come from,
 * whether the hub can test it, and what a notebook receives of it.
 */
export interface IntegrationKind {
  /** Lower-case id: `postgres`, `s3`, ... */
  readonly kind: string;
  readonly name: string;
  readonly description: string;
  readonly scopes: readonly IntegrationScopeKind[];
  readonly fields: readonly IntegrationField[];
  /** The sources its secret fields accept. */
  readonly secretSources: readonly SecretSourceType[];
  /** Whether "test connection" can check it. */
  readonly testable: boolean;
  /**
   * Problems of fields that belong together (basic auth needs a user name), once every field
   * passed its own checks; `secretsSet` names the secret fields that have a value.
   */
  check?(config: Readonly<IntegrationConfig>, secretsSet: ReadonlySet<string>): FieldProblem[];
  /** What a notebook receives: variables named `<envPrefix>_<NAME>` from the config and the resolved secrets. */
  render(config: Readonly<IntegrationConfig>, secrets: Readonly<Record<string, string>>, envPrefix: string): RenderedIntegration;
}

/** Every source: what kinds accept unless they say otherwise. */
export const ALL_SOURCES: readonly SecretSourceType[] = ['stored', 'environment', 'file', 'kubernetes_secret'];
export const BOTH_SCOPES: readonly IntegrationScopeKind[] = ['project', 'organization'];

/** The variables of one integration, each named `<prefix>_<name>`; values that are absent are left out. */
export function prefixed(envPrefix: string, values: Record<string, string | number | boolean | undefined | null>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== '') env[`${envPrefix}_${name}`] = String(value);
  return env;
}

/** A host as a URL's authority needs it (an IPv6 address in brackets). */
export function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export const text = (config: Readonly<IntegrationConfig>, key: string): string => {
  const value = config[key];
  return value === undefined ? '' : String(value);
};
