import { isIP } from 'node:net';
import type { FieldProblem } from '../../../../core/errors.js';
import type { IntegrationConfig, IntegrationField } from './kind.js';
import { prefixed, text, urlHost } from './kind.js';

export const SSL_MODES = ['disable', 'prefer', 'require', 'verify-full'] as const;
export type SslMode = (typeof SSL_MODES)[number];

/** The fields PostgreSQL and MySQL share: where the server is, which database, who signs in. */
export function databaseFields(defaultPort: number, server: string): IntegrationField[] {
  return [
    { key: 'host', name: 'Host', type: 'string', required: true, secret: false, description: `The ${server} server's host name or address.` },
    {
      key: 'port',
      name: 'Port',
      type: 'integer',
      required: true,
      secret: false,
      description: 'The TCP port.',
      default: defaultPort,
      minimum: 1,
      maximum: 65535,
    },
    { key: 'database', name: 'Database', type: 'string', required: true, secret: false, description: 'The database notebooks use.' },
    { key: 'user', name: 'User', type: 'string', required: true, secret: false, description: 'The user notebooks sign in as.' },
    { key: 'password', name: 'Password', type: 'string', required: true, secret: true, description: "The user's password." },
    {
      key: 'sslmode',
      name: 'TLS',
      type: 'enum',
      required: true,
      secret: false,
      description:
        'disable: plain TCP; prefer: TLS when the server offers it; require: TLS, certificate not checked; verify-full: TLS with the certificate checked against the host name.',
      default: 'prefer',
      values: SSL_MODES,
    },
  ];
}

/** `scheme://user:password@host:port/database`, every part percent-encoded. */
export function databaseUrl(scheme: string, config: Readonly<IntegrationConfig>, password: string | undefined, query = ''): string {
  const user = encodeURIComponent(text(config, 'user'));
  const credentials = password === undefined ? user : `${user}:${encodeURIComponent(password)}`;
  return `${scheme}://${credentials}@${urlHost(text(config, 'host'))}:${text(config, 'port')}/${encodeURIComponent(text(config, 'database'))}${query}`;
}

/** The variables both database kinds give: `_URL`, `_HOST`, `_PORT`, `_DATABASE`, `_USER`, `_PASSWORD`, `_SSLMODE`. */
export function databaseVariables(envPrefix: string, config: Readonly<IntegrationConfig>, password: string | undefined, url: string): Record<string, string> {
  return prefixed(envPrefix, {
    URL: url,
    HOST: text(config, 'host'),
    PORT: text(config, 'port'),
    DATABASE: text(config, 'database'),
    USER: text(config, 'user'),
    PASSWORD: password,
    SSLMODE: text(config, 'sslmode'),
  });
}

const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9_]([A-Za-z0-9_-]{0,62})(\.[A-Za-z0-9_]([A-Za-z0-9_-]{0,62}))*\.?$/;

/** The host must be a host name or an IP address (no scheme, port or path). */
export function databaseCheck(config: Readonly<IntegrationConfig>): FieldProblem[] {
  const host = text(config, 'host');
  return host === '' || HOST_NAME.test(host) || isIP(host) !== 0
    ? []
    : [{ field: 'config.host', message: 'must be a host name or an IP address, without scheme, port or path' }];
}
