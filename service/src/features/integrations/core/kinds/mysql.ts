import { ALL_SOURCES, BOTH_SCOPES, type IntegrationKind } from './kind.js';
import { databaseCheck, databaseFields, databaseUrl, databaseVariables } from './database-fields.js';

/**
 * A MySQL or MariaDB database. The URL names the PyMySQL driver (`mysql+pymysql://`): pure
 * Python, so it installs anywhere, and what SQLAlchemy (and so marimo's SQL cells) reads.
 */
export const mysqlKind: IntegrationKind = {
  kind: 'mysql',
  name: 'MySQL / MariaDB',
  description: 'A MySQL or MariaDB database.',
  scopes: BOTH_SCOPES,
  fields: databaseFields(3306, 'MySQL or MariaDB'),
  secretSources: ALL_SOURCES,
  testable: true,
  check: databaseCheck,
  render(config, secrets, envPrefix) {
    const url = databaseUrl('mysql+pymysql', config, secrets.password);
    return { env: databaseVariables(envPrefix, config, secrets.password, url), files: {}, databaseUrl: url };
  },
};
