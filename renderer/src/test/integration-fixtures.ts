// What the hub answers about integrations, for the component tests: the kinds as
// GET /integration-kinds gives them (PostgreSQL, trimmed to its fields) and one saved integration.
import type { Integration, IntegrationKind } from '../api/integrations';

export const POSTGRES_KIND: IntegrationKind = {
  kind: 'postgres',
  name: 'PostgreSQL',
  description: 'A PostgreSQL database (or one that speaks its protocol).',
  scopes: ['project', 'organization'],
  fields: [
    { key: 'host', name: 'Host', type: 'string', required: true, secret: false, description: "The PostgreSQL server's host name or address." },
    { key: 'port', name: 'Port', type: 'integer', required: true, secret: false, description: 'The TCP port.', default: 5432, minimum: 1, maximum: 65535 },
    { key: 'database', name: 'Database', type: 'string', required: true, secret: false, description: 'The database notebooks use.' },
    { key: 'user', name: 'User', type: 'string', required: true, secret: false, description: 'The user notebooks sign in as.' },
    { key: 'password', name: 'Password', type: 'string', required: true, secret: true, description: "The user's password." },
    {
      key: 'sslmode',
      name: 'TLS',
      type: 'enum',
      required: true,
      secret: false,
      description: 'disable, prefer, require or verify-full.',
      default: 'prefer',
      values: ['disable', 'prefer', 'require', 'verify-full'],
    },
  ],
  secret_sources: ['stored', 'environment', 'file'],
  testable: true,
};

/** An HTTP API kind: a boolean, a URL, and two optional secrets. */
export const HTTP_KIND: IntegrationKind = {
  kind: 'http_api',
  name: 'HTTP API',
  description: 'An HTTP API with a bearer token or basic auth.',
  scopes: ['project', 'organization'],
  fields: [
    { key: 'base_url', name: 'Base URL', type: 'url', required: true, secret: false, description: 'Where the API is.' },
    { key: 'verify', name: 'Check certificates', type: 'boolean', required: true, secret: false, description: 'Check TLS.', default: true },
    { key: 'token', name: 'Token', type: 'string', required: false, secret: true, description: 'A bearer token.' },
  ],
  secret_sources: ['stored'],
  testable: true,
};

export const WAREHOUSE: Integration = {
  id: 'intg-0000000000000001',
  scope: 'project',
  project_id: 'proj-0000000000000001',
  kind: 'postgres',
  name: 'Warehouse',
  env_prefix: 'WAREHOUSE',
  description: 'The analytics warehouse',
  config: { host: 'db.internal', port: 5432, database: 'analytics', user: 'reader', sslmode: 'require', password_set: true },
  secrets: { password: { source: 'stored' } },
  version_id: 'intv-1',
  version_number: 3,
  copied_from: null,
  created_at: '2026-01-05T10:00:00.000Z',
  created_by: 'usr-1',
  updated_at: '2026-01-06T10:00:00.000Z',
  updated_by: 'usr-1',
};
