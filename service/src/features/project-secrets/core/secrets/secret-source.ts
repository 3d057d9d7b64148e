import type { StoredSecret } from '../../../../core/secrets/sealed-values.js';

/*
 * Where a secret's value comes from: the same sources as the integrations' secret fields
 * (core/ports/secret-sources.ts; read by the integrations' reader, which this feature is given).
 * A project secret keeps its stored value sealed, hence the `Stored` parameter.
 */

/** A secret's source: a value the hub stores (sealed), or a reference the hub reads when it is needed. */
export type SecretSource<Stored = StoredSecret> =
  | { source: 'stored'; value: Stored }
  | { source: 'environment'; variable: string }
  | { source: 'file'; path: string }
  | { source: 'kubernetes_secret'; secret: string; key: string };

export type { SecretSourceType } from '../../../../core/ports/secret-sources.js';
export { SECRET_SOURCE_TYPES } from '../../../../core/ports/secret-sources.js';

/** A source the hub reads when the value is needed, and what reads it: the secret-sources port's. */
export type { SecretReference, SecretSourceReader } from '../../../../core/ports/secret-sources.js';
import type { SecretReference, SecretSourceReader } from '../../../../core/ports/secret-sources.js';

/** What reads references: the reader, and the check of a reference's form (a problem message, or null). */
export interface SecretReferences {
  reader: SecretSourceReader;
  validate(source: SecretReference): string | null;
}
