/**
 * Where a secret comes from (docs/integrations.md, "Secret sources"): a value the hub stores
 * sealed, or a reference to a secret kept outside the hub's store, read when it is needed. The
 * same four sources serve integration fields and project secrets; the feature's core
 * (features/integrations/core/secret-sources.ts) validates, seals and resolves them.
 */
export type SecretSource =
  | { source: 'stored'; value: string }
  | { source: 'environment'; variable: string }
  | { source: 'file'; path: string }
  | { source: 'kubernetes_secret'; secret: string; key: string };

export type SecretSourceType = SecretSource['source'];
export const SECRET_SOURCE_TYPES = ['stored', 'environment', 'file', 'kubernetes_secret'] as const satisfies readonly SecretSourceType[];

/** A reference to a secret kept outside the hub's store: what a {@link SecretSourceReader} reads. */
export type SecretReference = Exclude<SecretSource, { source: 'stored' }>;

/**
 * The port that reads references (implemented in adapters/integrations/). The rules of which
 * references this deployment opens are the administrator's (SERVICE_SECRET_SOURCE_*); a reader
 * refuses any other reference with a {@link SecretSourceError}, before reading anything.
 */
export interface SecretSourceReader {
  /** The sources this deployment offers: `stored` always, the others as the administrator opened them. */
  readonly available: readonly SecretSourceType[];
  /** The secret a reference names; a {@link SecretSourceError} says what is wrong in words a person can act on. */
  read(reference: SecretReference, signal?: AbortSignal): Promise<string>;
}

/** A reference that cannot be read. The message names the reference, never a value, and says what to fix. */
export class SecretSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretSourceError';
  }
}

/** What a reference may name: an environment variable, a Secret and its key; how long a secret and a path may be. */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
/** A Kubernetes object name (DNS subdomain). */
export const KUBERNETES_NAME = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/;
/** A key of a Secret's data. */
export const KUBERNETES_KEY = /^[-._a-zA-Z0-9]{1,253}$/;
export const MAX_SECRET_VALUE_LENGTH = 64 * 1024;
export const MAX_PATH_LENGTH = 1024;

/** The label a Secret of the hub's namespace needs before a reference may name it. */
export const KUBERNETES_SOURCE_LABEL = 'notebook-hub.io/secret-source';

/** Whether the administrator opened this variable (SERVICE_SECRET_SOURCE_VARIABLES: names, or prefixes ending in `*`). */
export function variableOpened(variable: string, opened: readonly string[]): boolean {
  return opened.some((entry) => (entry.endsWith('*') ? variable.startsWith(entry.slice(0, -1)) : variable === entry));
}

/** Whether a resolved path lies inside one of the opened directories (both already resolved, links followed). */
export function pathInside(resolved: string, directories: readonly string[]): boolean {
  return directories.some((directory) => resolved.startsWith(directory.endsWith('/') ? directory : `${directory}/`));
}
