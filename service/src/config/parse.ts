/** Strict parsers for environment values; each failure names the variable. */

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`configuration error: ${variable} ${message}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

export function text(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

export function requiredText(env: Env, name: string, why: string): string {
  const value = text(env, name);
  if (value === undefined) throw new ConfigError(name, `is required ${why}`);
  return value;
}

/**
 * Only `true` or `false` (any case, surrounding whitespace ignored); unset or blank takes the
 * default. Values such as `1`, `yes` or `on` are refused so a typo cannot flip a default silently.
 */
export function strictBoolean(env: Env, name: string, fallback: boolean): boolean {
  const value = text(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new ConfigError(name, `must be "true" or "false", got ${JSON.stringify(env[name])}`);
}

export function integer(env: Env, name: string, fallback: number, range: { min: number; max: number }): number {
  const value = text(env, name);
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value)) throw new ConfigError(name, `must be an integer, got ${JSON.stringify(env[name])}`);
  const parsed = Number(value);
  if (parsed < range.min || parsed > range.max) {
    throw new ConfigError(name, `must be between ${range.min} and ${range.max}, got ${parsed}`);
  }
  return parsed;
}

export function oneOf<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const value = text(env, name);
  if (value === undefined) return fallback;
  if ((choices as readonly string[]).includes(value)) return value as T;
  throw new ConfigError(name, `must be one of ${choices.join(', ')}, got ${JSON.stringify(env[name])}`);
}

export function httpUrl(env: Env, name: string): string | undefined {
  const value = text(env, name);
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `must be an http(s) URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, `must be an http(s) URL, got ${JSON.stringify(value)}`);
  }
  return value;
}

export interface SettingDefinition {
  key: string;
  group: string;
  name: string;
  secret: boolean;
}

export function optionalInteger(env: Env, name: string, range: { min: number; max: number }): number | null {
  return text(env, name) === undefined ? null : integer(env, name, 0, range);
}

/** A comma-separated list; blank entries are dropped. */
export function list(env: Env, name: string): string[] {
  return (text(env, name) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
