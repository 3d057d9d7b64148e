import type { FieldProblem } from '../../../core/errors.js';
import type { ConfigValue, IntegrationConfig, IntegrationField, IntegrationKind } from './kinds/index.js';

export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 1000;
export const STRING_MAX = 1000;
export const URL_MAX = 2048;
/** `<ENV_PREFIX>_<NAME>`: an upper-case identifier a shell and Python read as is. */
export const ENV_PREFIX_PATTERN = /^[A-Z][A-Z0-9_]{0,47}$/;
/** Variables the hub gives every sandbox itself (NOTEBOOK_HUB_SECRETS_DIR, ...). */
const RESERVED_PREFIX = /^NOTEBOOK_HUB(_|$)/;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The prefix a name gives (`Analytics DB` → `ANALYTICS_DB`); `INTEGRATION` when it has no letter or digit. */
export function envPrefixOf(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  const prefix = /^[A-Z]/.test(words) ? words : words === '' ? 'INTEGRATION' : `I_${words}`;
  const trimmed = prefix.slice(0, 48).replace(/_+$/, '');
  return RESERVED_PREFIX.test(trimmed) ? `X_${trimmed}`.slice(0, 48) : trimmed;
}

export function envPrefixProblem(prefix: string): string | null {
  if (!ENV_PREFIX_PATTERN.test(prefix)) return 'must be upper-case letters, digits and _, starting with a letter (at most 48)';
  if (RESERVED_PREFIX.test(prefix)) return 'NOTEBOOK_HUB is the hub’s own prefix';
  return null;
}

/** The name as stored (trimmed), or the problem. */
export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'must not be empty';
  if (trimmed.length > NAME_MAX) return `must be at most ${NAME_MAX} characters`;
  return CONTROL.test(trimmed) ? 'must not hold control characters' : null;
}

/** Why a URL field's value is not an absolute http(s) URL without credentials, or null. Where it may point is the outbound policy's, at test time. */
function urlProblem(value: string): string | null {
  if (value.length > URL_MAX) return `must be at most ${URL_MAX} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute http(s) URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http(s) URL';
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password (give them in their own fields)';
  return null;
}

function valueProblem(field: IntegrationField, value: unknown): string | null {
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'integer': {
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be an integer';
      if (field.minimum !== undefined && value < field.minimum) return `must be at least ${field.minimum}`;
      return field.maximum !== undefined && value > field.maximum ? `must be at most ${field.maximum}` : null;
    }
    case 'enum':
      return typeof value === 'string' && field.values?.includes(value) ? null : `must be one of ${field.values?.join(', ')}`;
    case 'url':
      return typeof value === 'string' ? urlProblem(value) : 'must be a URL';
    case 'string':
      if (typeof value !== 'string') return 'must be a string';
      if (value.length > STRING_MAX) return `must be at most ${STRING_MAX} characters`;
      return CONTROL.test(value) ? 'must not hold control characters' : null;
  }
}

/**
 * The configuration as stored: every non-secret field of the kind, the given value or its
 * default (an empty optional field is left out), with a problem for each wrong one (`config.<key>`).
 */
export function checkConfig(kind: IntegrationKind, given: Readonly<Record<string, unknown>>): { config: IntegrationConfig; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const config: IntegrationConfig = {};
  const fields = new Map(kind.fields.map((field) => [field.key, field]));
  for (const key of Object.keys(given)) {
    const field = fields.get(key);
    if (!field) problems.push({ field: `config.${key}`, message: `is not a field of ${kind.kind} integrations` });
    else if (field.secret) problems.push({ field: `config.${key}`, message: 'is secret: give it in secrets, as a source' });
  }
  for (const field of kind.fields.filter((candidate) => !candidate.secret)) {
    const raw = given[field.key];
    const value = raw === undefined || raw === null || raw === '' ? field.default : raw;
    if (value === undefined) {
      if (field.required) problems.push({ field: `config.${field.key}`, message: 'is required' });
      continue;
    }
    const problem = valueProblem(field, value);
    if (problem) problems.push({ field: `config.${field.key}`, message: problem });
    else config[field.key] = value as ConfigValue;
  }
  return { config, problems };
}

/** Problems of the secret keys given: each must be a secret field of the kind. */
export function secretKeyProblems(kind: IntegrationKind, keys: readonly string[]): FieldProblem[] {
  const secret = new Set(kind.fields.filter((field) => field.secret).map((field) => field.key));
  return keys
    .filter((key) => !secret.has(key))
    .map((key) => ({
      field: `secrets.${key}`,
      message: kind.fields.some((field) => field.key === key) ? 'is not secret: give it in config' : `is not a field of ${kind.kind} integrations`,
    }));
}

/** Problems of the secret fields once merged: the required ones must be set, then what the kind checks of fields together. */
export function completenessProblems(kind: IntegrationKind, config: Readonly<IntegrationConfig>, secretsSet: ReadonlySet<string>): FieldProblem[] {
  const missing = kind.fields
    .filter((field) => field.secret && field.required && !secretsSet.has(field.key))
    .map((field) => ({ field: `secrets.${field.key}`, message: 'is required' }));
  return [...missing, ...(kind.check?.(config, secretsSet) ?? [])];
}
