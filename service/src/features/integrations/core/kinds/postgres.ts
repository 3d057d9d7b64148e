import { ALL_SOURCES, BOTH_SCOPES, text, type IntegrationKind } from './kind.js';
import { databaseCheck, databaseFields, databaseUrl, databaseVariables } from './database-fields.js';

/** A PostgreSQL database: notebooks get a `postgresql://` URL (what SQLAlchemy, psycopg and marimo's SQL cells read). */
export const postgresKind: IntegrationKind = {
  kind: 'postgres',
  name: 'PostgreSQL',
  description: 'A PostgreSQL database (or one that speaks its protocol).',
  scopes: BOTH_SCOPES,
  fields: databaseFields(5432, 'PostgreSQL'),
  secretSources: ALL_SOURCES,
  testable: true,
  check: databaseCheck,
  render(config, secrets, envPrefix) {
    const mode = text(config, 'sslmode');
    // libpq's own default is prefer: the URL names the mode only when it is another.
    const url = databaseUrl('postgresql', config, secrets.password, mode && mode !== 'prefer' ? `?sslmode=${mode}` : '');
    return { env: databaseVariables(envPrefix, config, secrets.password, url), files: {}, databaseUrl: url };
  },
};
