import { describe, expect, it } from 'vitest';
import { checkConfig, envPrefixOf, envPrefixProblem } from './integration-config.js';
import { kindOf } from './kinds/index.js';

describe('integration configuration', () => {
  it('derives an upper-case variable prefix from a name', () => {
    expect(envPrefixOf('Analytics DB')).toBe('ANALYTICS_DB');
    expect(envPrefixOf('  sales-2024 (EU) ')).toBe('SALES_2024_EU');
    expect(envPrefixOf('Café crème')).toBe('CAFE_CREME');
    expect(envPrefixOf('2024 data')).toBe('I_2024_DATA');
    expect(envPrefixOf('***')).toBe('INTEGRATION');
    expect(envPrefixOf('notebook hub')).toBe('X_NOTEBOOK_HUB');
    expect(envPrefixOf('x'.repeat(80))).toHaveLength(48);
    expect(envPrefixProblem('NOTEBOOK_HUB_DB')).toMatch(/own prefix/);
    expect(envPrefixProblem('lower')).toMatch(/upper-case/);
    expect(envPrefixProblem('OK_1')).toBeNull();
  });

  it('applies defaults, checks every field by its type, and refuses what the kind does not have', () => {
    const postgres = kindOf('postgres')!;
    expect(checkConfig(postgres, { host: 'db', database: 'd', user: 'u' })).toEqual({
      config: { host: 'db', port: 5432, database: 'd', user: 'u', sslmode: 'prefer' },
      problems: [],
    });
    expect(checkConfig(postgres, { host: 'db\n', port: 1.5, sslmode: 'sometimes', user: 7, password: 'x', extra: true }).problems).toEqual([
      { field: 'config.password', message: 'is secret: give it in secrets, as a source' },
      { field: 'config.extra', message: 'is not a field of postgres integrations' },
      { field: 'config.host', message: 'must not hold control characters' },
      { field: 'config.port', message: 'must be an integer' },
      { field: 'config.database', message: 'is required' },
      { field: 'config.user', message: 'must be a string' },
      { field: 'config.sslmode', message: 'must be one of disable, prefer, require, verify-full' },
    ]);
    const api = kindOf('http_api')!;
    expect(checkConfig(api, { base_url: 'ftp://files.example.com' }).problems).toEqual([{ field: 'config.base_url', message: 'must be an http(s) URL' }]);
    expect(checkConfig(api, { base_url: 'https://user:pw@api.example.com' }).problems).toEqual([
      { field: 'config.base_url', message: 'must not carry a user name or password (give them in their own fields)' },
    ]);
    // Where a URL may point is the outbound policy's, when the hub connects: a private address can be saved.
    expect(checkConfig(api, { base_url: 'http://10.0.0.5:8080' }).problems).toEqual([]);
  });
});
