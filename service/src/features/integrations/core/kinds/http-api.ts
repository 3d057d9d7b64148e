import type { FieldProblem } from '../../../../core/errors.js';
import { ALL_SOURCES, BOTH_SCOPES, prefixed, text, type IntegrationKind } from './kind.js';

/** An HTTP API reached with a bearer token, with basic authentication, or with nothing. */
export const httpApiKind: IntegrationKind = {
  kind: 'http_api',
  name: 'HTTP API',
  description: 'An HTTP API with a base URL and a bearer token or a user name and password.',
  scopes: BOTH_SCOPES,
  fields: [
    { key: 'base_url', name: 'Base URL', type: 'url', required: true, secret: false, description: "The API's base URL." },
    {
      key: 'auth',
      name: 'Authentication',
      type: 'enum',
      required: true,
      secret: false,
      description: 'bearer: an Authorization: Bearer token; basic: a user name and password; none.',
      default: 'bearer',
      values: ['bearer', 'basic', 'none'],
    },
    { key: 'username', name: 'User name', type: 'string', required: false, secret: false, description: 'basic only.' },
    { key: 'password', name: 'Password', type: 'string', required: false, secret: true, description: 'basic only.' },
    { key: 'token', name: 'Token', type: 'string', required: false, secret: true, description: 'bearer only.' },
    {
      key: 'test_path',
      name: 'Test path',
      type: 'string',
      required: false,
      secret: false,
      description: 'What "test connection" reads, relative to the base URL (empty: the base URL itself). A 2xx answer passes.',
    },
  ],
  secretSources: ALL_SOURCES,
  testable: true,
  check(config, secretsSet) {
    const problems: FieldProblem[] = [];
    const auth = text(config, 'auth');
    if (auth === 'bearer' && !secretsSet.has('token')) problems.push({ field: 'secrets.token', message: 'is required for bearer authentication' });
    if (auth === 'basic' && text(config, 'username') === '') problems.push({ field: 'config.username', message: 'is required for basic authentication' });
    if (auth === 'basic' && !secretsSet.has('password')) problems.push({ field: 'secrets.password', message: 'is required for basic authentication' });
    const testPath = text(config, 'test_path');
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(testPath)) problems.push({ field: 'config.test_path', message: 'must be a path relative to the base URL' });
    return problems;
  },
  render(config, secrets, envPrefix) {
    const auth = text(config, 'auth');
    return {
      env: prefixed(envPrefix, {
        BASE_URL: text(config, 'base_url'),
        TOKEN: auth === 'bearer' ? secrets.token : undefined,
        USERNAME: auth === 'basic' ? text(config, 'username') : undefined,
        PASSWORD: auth === 'basic' ? secrets.password : undefined,
      }),
      files: {},
    };
  },
};
