import type { FieldProblem } from '../../../core/errors.js';
import type { SecretBox } from '../../../core/ports/secret-box.js';
import {
  KUBERNETES_KEY,
  KUBERNETES_NAME,
  MAX_PATH_LENGTH,
  MAX_SECRET_VALUE_LENGTH,
  SECRET_SOURCE_TYPES,
  SecretSourceError,
  VARIABLE_NAME,
  type SecretReference,
  type SecretSource,
  type SecretSourceReader,
  type SecretSourceType,
} from '../../../core/ports/secret-sources.js';
import { openValue, plaintextCount, sealValue, type StoredSecret } from '../../../core/secrets/sealed-values.js';

// The sources and the port that reads references are the base's (core/ports/secret-sources.ts, what
// adapters implement); here is what integrations and project secrets do with them.
export {
  SECRET_SOURCE_TYPES,
  SecretSourceError,
  type SecretReference,
  type SecretSource,
  type SecretSourceReader,
  type SecretSourceType,
} from '../../../core/ports/secret-sources.js';

/** A source as a record keeps it: a stored value sealed (docs/secrets-at-rest.md); a reference as it is (it is not secret). */
export type KeptSecretSource = { source: 'stored'; value: StoredSecret } | SecretReference;

/** What reads show of a source: the kind of source and a reference, never a value. */
export type SecretSourceView = { source: 'stored' } | SecretReference;

/** Why a source is not well formed (before anything is read), or null. */
export function sourceSyntaxProblem(source: SecretSource): string | null {
  switch (source.source) {
    case 'stored':
      if (source.value.length === 0) return 'the value is empty';
      return source.value.length > MAX_SECRET_VALUE_LENGTH ? `the value is longer than ${MAX_SECRET_VALUE_LENGTH} characters` : null;
    case 'environment':
      return VARIABLE_NAME.test(source.variable) ? null : `${JSON.stringify(source.variable)} is not an environment variable name`;
    case 'file':
      if (!source.path.startsWith('/') || source.path.length > MAX_PATH_LENGTH) return 'the path must be absolute';
      return source.path.split('/').some((segment) => segment === '..' || segment === '.') ? 'the path must not have . or .. segments' : null;
    case 'kubernetes_secret':
      if (!KUBERNETES_NAME.test(source.secret)) return `${JSON.stringify(source.secret)} is not a Kubernetes Secret name`;
      return KUBERNETES_KEY.test(source.key) ? null : `${JSON.stringify(source.key)} is not a key a Secret can have`;
  }
}

/**
 * Why a source cannot be used here, or null: its syntax, whether the deployment offers it and
 * the owner accepts it, and for a reference whether it can be read now ("the variable FOO is not
 * set in the hub's environment"). What is read is dropped: only the problem is kept.
 */
export async function sourceProblem(
  reader: SecretSourceReader,
  source: SecretSource,
  accepted: readonly SecretSourceType[] = SECRET_SOURCE_TYPES,
  signal?: AbortSignal,
): Promise<string | null> {
  if (!accepted.includes(source.source)) return `the source ${source.source} is not accepted here (${accepted.join(', ')})`;
  if (!reader.available.includes(source.source)) return notOffered(source.source);
  const syntax = sourceSyntaxProblem(source);
  if (syntax !== null || source.source === 'stored') return syntax;
  try {
    await reader.read(source, signal);
    return null;
  } catch (error) {
    if (error instanceof SecretSourceError) return error.message;
    throw error;
  }
}

/** Every problem of these sources, each named `<prefix>.<name>`: what a write answers as VALIDATION_ERROR. */
export async function sourcesProblems(
  reader: SecretSourceReader,
  sources: Readonly<Record<string, SecretSource>>,
  prefix: string,
  accepted?: readonly SecretSourceType[],
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  for (const [name, source] of Object.entries(sources)) {
    const problem = await sourceProblem(reader, source, accepted);
    if (problem !== null) problems.push({ field: `${prefix}.${name}`, message: problem });
  }
  return problems;
}

function notOffered(source: SecretSourceType): string {
  switch (source) {
    case 'stored':
      return 'stored values are not offered';
    case 'environment':
      return 'this hub offers no environment variables as secret sources (an administrator opens them with SERVICE_SECRET_SOURCE_VARIABLES)';
    case 'file':
      return 'this hub offers no secret files (an administrator opens directories with SERVICE_SECRET_SOURCE_DIRS)';
    case 'kubernetes_secret':
      return 'this hub does not read Kubernetes Secrets (an administrator turns it on with SERVICE_SECRET_SOURCE_KUBERNETES=on)';
  }
}

/** The source with a stored value sealed for its place, `<record key>#<field>` (a sealed one kept). */
export function keepSource(box: SecretBox, source: SecretSource | KeptSecretSource, key: string, field: string): KeptSecretSource {
  return source.source === 'stored' ? { source: 'stored', value: sealValue(box, source.value, key, field) } : source;
}

/** How many stored values of these sources are still plaintext (migration). */
export function plaintextSources(sources: Readonly<Record<string, KeptSecretSource>>): number {
  return Object.values(sources).reduce((count, source) => count + (source.source === 'stored' ? plaintextCount(source.value) : 0), 0);
}

/** A kept source made readable: a stored value opened (the reference kept as it is). */
export function openSource(box: SecretBox, source: KeptSecretSource, key: string, field: string): SecretSource {
  return source.source === 'stored' ? { source: 'stored', value: openValue(box, source.value, key, field) } : source;
}

/** The secret a source holds: a stored value opened, a reference read. */
export async function resolveSource(
  deps: { box: SecretBox; reader: SecretSourceReader },
  source: KeptSecretSource,
  key: string,
  field: string,
  signal?: AbortSignal,
): Promise<string> {
  if (source.source === 'stored') return openValue(deps.box, source.value, key, field);
  return deps.reader.read(source, signal);
}

/** What reads show of a source: never a value. */
export function sourceView(source: KeptSecretSource | SecretSource): SecretSourceView {
  switch (source.source) {
    case 'stored':
      return { source: 'stored' };
    case 'environment':
      return { source: 'environment', variable: source.variable };
    case 'file':
      return { source: 'file', path: source.path };
    case 'kubernetes_secret':
      return { source: 'kubernetes_secret', secret: source.secret, key: source.key };
  }
}

/** Whether two sources are the same (stored values compared as plaintext). */
export function sameSource(a: SecretSource, b: SecretSource): boolean {
  switch (a.source) {
    case 'stored':
      return b.source === 'stored' && a.value === b.value;
    case 'environment':
      return b.source === 'environment' && a.variable === b.variable;
    case 'file':
      return b.source === 'file' && a.path === b.path;
    case 'kubernetes_secret':
      return b.source === 'kubernetes_secret' && a.secret === b.secret && a.key === b.key;
  }
}
