import { HubError, type FieldProblem } from '../../../core/errors.js';
import { checkConfig, completenessProblems, DESCRIPTION_MAX, envPrefixOf, envPrefixProblem, nameProblem, secretKeyProblems } from './integration-config.js';
import type { IntegrationScopeKind } from './kinds/kind.js';
import { kindOf, type IntegrationConfig, type IntegrationKind } from './kinds/index.js';
import { sourcesProblems, type SecretSource, type SecretSourceReader } from './secret-sources.js';

/** A new integration, as a create request gives it. */
export interface IntegrationInput {
  kind: string;
  name: string;
  /** Default: derived from the name (`Analytics DB` → `ANALYTICS_DB`). */
  env_prefix?: string;
  description?: string;
  config?: Record<string, unknown>;
  /** Secret fields by key; null (or absent) leaves a field unset. */
  secrets?: Record<string, SecretSource | null>;
}

/**
 * The whole configuration of an integration, as a replace (PUT) gives it. A secret field left out
 * keeps its source, `null` removes it; the kind cannot change; `env_prefix` left out keeps the
 * current one (the variables notebooks read do not move with a rename).
 */
export interface IntegrationReplacement {
  kind?: string;
  name: string;
  env_prefix?: string;
  description?: string;
  config: Record<string, unknown>;
  secrets?: Record<string, SecretSource | null>;
}

/** What a write stores, once checked. */
export interface CheckedIntegration {
  kind: IntegrationKind;
  name: string;
  env_prefix: string;
  description: string;
  config: IntegrationConfig;
  /** The secret fields that are set, the current ones merged with those given. */
  secrets: Record<string, SecretSource>;
}

/** The kind named, which must exist and allow this scope. */
export function kindFor(kind: string, scope: IntegrationScopeKind): IntegrationKind {
  const found = kindOf(kind);
  if (!found) throw invalid([{ field: 'kind', message: 'is not a kind this hub knows (GET /api/v1/integration-kinds lists them)' }]);
  if (!found.scopes.includes(scope))
    throw invalid([{ field: 'kind', message: `${kind} integrations cannot belong to ${scope === 'project' ? 'a project' : 'the organization'}` }]);
  return found;
}

/**
 * Checks a write: every field of the kind, the secret sources given (a reference is read, so a
 * missing variable or file is reported now), and that what is required is set once merged with
 * `current` (the secret sources a replaced integration has). Throws VALIDATION_ERROR with every problem.
 */
export async function checkIntegration(
  kind: IntegrationKind,
  given: {
    name: string;
    env_prefix: string | undefined;
    description: string | undefined;
    config: Record<string, unknown>;
    secrets: Record<string, SecretSource | null>;
  },
  current: { env_prefix: string; secrets: Readonly<Record<string, SecretSource>> } | null,
  reader: SecretSourceReader,
): Promise<CheckedIntegration> {
  const problems: FieldProblem[] = [];
  const name = given.name.trim();
  const namePrinted = nameProblem(given.name);
  if (namePrinted) problems.push({ field: 'name', message: namePrinted });
  const env_prefix = given.env_prefix ?? current?.env_prefix ?? envPrefixOf(name);
  const prefixPrinted = envPrefixProblem(env_prefix);
  if (prefixPrinted) problems.push({ field: 'env_prefix', message: prefixPrinted });
  const description = given.description ?? '';
  if (description.length > DESCRIPTION_MAX) problems.push({ field: 'description', message: `must be at most ${DESCRIPTION_MAX} characters` });
  const { config, problems: configProblems } = checkConfig(kind, given.config);
  problems.push(...configProblems);
  const keyProblems = secretKeyProblems(kind, Object.keys(given.secrets));
  problems.push(...keyProblems);
  const offered = Object.fromEntries(
    Object.entries(given.secrets).filter(
      (entry): entry is [string, SecretSource] => entry[1] !== null && !keyProblems.some((problem) => problem.field === `secrets.${entry[0]}`),
    ),
  );
  problems.push(...(await sourcesProblems(reader, offered, 'secrets', kind.secretSources)));
  const secrets: Record<string, SecretSource> = { ...current?.secrets };
  for (const [key, source] of Object.entries(given.secrets)) {
    if (source === null) delete secrets[key];
    else secrets[key] = source;
  }
  if (configProblems.length === 0) problems.push(...completenessProblems(kind, config, new Set(Object.keys(secrets))));
  if (problems.length > 0) throw invalid(problems);
  return { kind, name, env_prefix, description, config, secrets };
}

export function invalid(problems: FieldProblem[]): HubError {
  return new HubError(
    'VALIDATION_ERROR',
    `the integration is invalid: ${problems.map((problem) => `${problem.field} ${problem.message}`).join('; ')}`,
    problems,
  );
}
