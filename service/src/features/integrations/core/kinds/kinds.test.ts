import { describe, expect, it } from 'vitest';
import { INTEGRATION_KINDS, kindOf } from './index.js';

describe('integration kinds', () => {
  it('each declares its fields once, its sources and both scopes, and names its variables after its prefix', () => {
    for (const kind of INTEGRATION_KINDS) {
      const keys = kind.fields.map((field) => field.key);
      expect(new Set(keys).size, kind.kind).toBe(keys.length);
      for (const key of keys) expect(key, kind.kind).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(
        kind.fields.some((field) => field.secret),
        kind.kind,
      ).toBe(true);
      expect(kind.secretSources).toContain('stored');
      const config = Object.fromEntries(
        kind.fields.filter((field) => !field.secret).map((field) => [field.key, field.default ?? (field.type === 'url' ? 'https://h.example.com' : 'x')]),
      );
      const secrets = Object.fromEntries(kind.fields.filter((field) => field.secret).map((field) => [field.key, `${field.key}-value`]));
      const { env } = kind.render(config, secrets, 'PFX');
      for (const name of Object.keys(env)) expect(name, kind.kind).toMatch(/^PFX_[A-Z][A-Z0-9_]*$/);
    }
  });

  it('renders a PostgreSQL URL that SQLAlchemy and libpq read, every part encoded', () => {
    const config = { host: 'db.internal', port: 5433, database: 'sales data', user: 'ana@corp', sslmode: 'require' };
    const rendered = kindOf('postgres')!.render(config, { password: 'p@ss:w/rd?' }, 'SALES');
    expect(rendered.databaseUrl).toBe('postgresql://ana%40corp:p%40ss%3Aw%2Frd%3F@db.internal:5433/sales%20data?sslmode=require');
    expect(rendered.env).toEqual({
      SALES_URL: rendered.databaseUrl,
      SALES_HOST: 'db.internal',
      SALES_PORT: '5433',
      SALES_DATABASE: 'sales data',
      SALES_USER: 'ana@corp',
      SALES_PASSWORD: 'p@ss:w/rd?',
      SALES_SSLMODE: 'require',
    });
    // prefer is libpq's own default: the URL does not name it.
    expect(kindOf('postgres')!.render({ ...config, sslmode: 'prefer', host: '::1' }, { password: 'x' }, 'P').databaseUrl).toBe(
      'postgresql://ana%40corp:x@[::1]:5433/sales%20data',
    );
  });

  it('gives notebooks Git credentials without the write token, or nothing when only the hub uses them; checks the paths they serve', () => {
    const git = kindOf('git')!;
    const config = { repository_url: 'https://git.example.com/team/reports.git', username: 'bot', repositories: 'team/other, data/*' };
    const secrets = { token: 'read-value', write_token: 'write-value' };
    expect(git.render(config, secrets, 'REPO').env).toEqual({
      REPO_REPOSITORY_URL: 'https://git.example.com/team/reports.git',
      REPO_USERNAME: 'bot',
      REPO_TOKEN: 'read-value',
    });
    expect(git.render({ ...config, in_notebooks: false }, secrets, 'REPO')).toEqual({ env: {}, files: {} });
    expect(git.check!(config, new Set(['token']))).toEqual([]);
    expect(git.check!({ ...config, repositories: '* team/a/b/* ok' }, new Set())).toEqual([]);
    for (const wrong of ['../up', 'team/../x', 'https://elsewhere.example.com/x', 'team/*/x', 'a b?c'])
      expect(git.check!({ ...config, repositories: wrong }, new Set()), wrong).toEqual([expect.objectContaining({ field: 'config.repositories' })]);
  });

  it('gives notebooks a private package index with its credentials, or nothing when only builds use it; a password needs its user name', () => {
    const index = kindOf('python_index')!;
    const config = { url: 'https://pypi.example.com/simple', username: '__token__' };
    expect(index.render(config, { password: 'tok' }, 'TEAM_INDEX').env).toEqual({
      TEAM_INDEX_URL: 'https://pypi.example.com/simple',
      TEAM_INDEX_USERNAME: '__token__',
      TEAM_INDEX_PASSWORD: 'tok',
    });
    expect(index.render({ ...config, in_notebooks: false }, { password: 'tok' }, 'TEAM_INDEX')).toEqual({ env: {}, files: {} });
    expect(index.check!(config, new Set(['password']))).toEqual([]);
    expect(index.check!({ url: config.url }, new Set())).toEqual([]);
    expect(index.check!({ url: config.url }, new Set(['password']))).toEqual([expect.objectContaining({ field: 'config.username' })]);
  });

  it('renders MySQL for PyMySQL, and an HTTP API with only the credentials its authentication uses', () => {
    expect(kindOf('mysql')!.render({ host: 'h', port: 3306, database: 'd', user: 'u', sslmode: 'disable' }, { password: 'pw' }, 'M').databaseUrl).toBe(
      'mysql+pymysql://u:pw@h:3306/d',
    );
    const api = kindOf('http_api')!;
    expect(api.render({ base_url: 'https://a.example.com', auth: 'bearer' }, { token: 't' }, 'API').env).toEqual({
      API_BASE_URL: 'https://a.example.com',
      API_TOKEN: 't',
    });
    expect(api.render({ base_url: 'https://a.example.com', auth: 'basic', username: 'u' }, { password: 'p', token: 't' }, 'API').env).toEqual({
      API_BASE_URL: 'https://a.example.com',
      API_USERNAME: 'u',
      API_PASSWORD: 'p',
    });
    expect(api.check!({ auth: 'basic' }, new Set())).toEqual([
      { field: 'config.username', message: 'is required for basic authentication' },
      { field: 'secrets.password', message: 'is required for basic authentication' },
    ]);
    expect(api.check!({ auth: 'bearer', test_path: 'https://elsewhere.example.com/' }, new Set(['token']))).toEqual([
      { field: 'config.test_path', message: 'must be a path relative to the base URL' },
    ]);
  });
});
