import type { StoredSecret } from '../../../../core/secrets/sealed-values.js';

/*
 * Where a secret's value comes from. This is the contract of the integrations' secret sources
 * (features/integrations/core/secret-sources.ts), which the integrations' secret fields share:
 * the reader of references (environment variables, files, Kubernetes Secrets) and the check of a
 * reference's form are theirs. Until they join this feature, only the types live here.
 */

/** A secret's source: a value the hub stores (sealed), or a reference the hub reads when it is needed. */
export type SecretSource<Stored = StoredSecret> =
  | { source: 'stored'; value: Stored }
  | { source: 'environment'; variable: string }
  | { source: 'file'; path: string }
  | { source: 'kubernetes_secret'; secret: string; key: string };

export type SecretSourceType = SecretSource['source'];
export const SECRET_SOURCE_TYPES: readonly SecretSourceType[] = ['stored', 'environment', 'file', 'kubernetes_secret'];

/** A source the hub reads when the value is needed: anything but a stored value. */
export type SecretReference = Exclude<SecretSource, { source: 'stored' }>;

/**
 * Reads a reference's value now. Fails with an error whose message a user can act on and which
 * never holds a value ("the variable FOO is not set in the hub's environment", "the Secret s has
 * no key k").
 */
export interface SecretSourceReader {
  read(source: SecretReference): Promise<string>;
}

/** What reads references: the reader, and the check of a reference's form (a problem message, or null). */
export interface SecretReferences {
  reader: SecretSourceReader;
  validate(source: SecretReference): string | null;
}
