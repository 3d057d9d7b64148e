import path from 'node:path';
import { ConfigError, integer, list, strictBoolean, text, type Env, type SettingDefinition } from './parse.js';

/** Integrations and the places their secrets may come from (docs/integrations.md). */
export interface IntegrationSettings {
  /** `SERVICE_INTEGRATIONS=on` (default): the routes work and `integrations.available` is true. */
  enabled: boolean;
  /** Test connections may use plain http (and not only https). */
  allowHttp: boolean;
  /** Test connections may reach private networks (RFC 1918, unique-local, shared). */
  allowPrivateNetworks: boolean;
  /** How long one test connection may take, start to end. */
  testTimeoutMs: number;
  /** Integrations one project, or the organization, may have. */
  maxPerScope: number;
  /** What a secret held outside the hub's store may be: the administrator opens each kind of source. */
  secretSources: SecretSourceSettings;
}

export interface SecretSourceSettings {
  /**
   * Variables of the hub's environment a reference may name: exact names, or prefixes ending in
   * `*`. Empty: the `environment` source is not offered (the hub's own variables, such as its
   * deployment key, are never anyone's to read).
   */
  environmentVariables: string[];
  /** Absolute directories a `file` reference must lie in (mounted secrets). Empty: not offered. */
  fileDirectories: string[];
  /** Whether Secrets of the hub's namespace labelled `notebook-hub.io/secret-source=true` may be named. */
  kubernetes: boolean;
}

export const integrationSettingDefinitions: SettingDefinition[] = [
  { key: 'SERVICE_INTEGRATIONS', group: 'integrations', name: 'Integrations: project and organization integrations (on or off)', secret: false },
  { key: 'SERVICE_INTEGRATIONS_ALLOW_HTTP', group: 'integrations', name: 'Integrations: test connections over plain http', secret: false },
  {
    key: 'SERVICE_INTEGRATIONS_ALLOW_PRIVATE_NETWORKS',
    group: 'integrations',
    name: 'Integrations: test connections to private networks',
    secret: false,
  },
  { key: 'SERVICE_INTEGRATIONS_TEST_TIMEOUT_SECONDS', group: 'integrations', name: 'Integrations: time limit of a test connection (seconds)', secret: false },
  { key: 'SERVICE_INTEGRATIONS_MAX_PER_SCOPE', group: 'integrations', name: 'Integrations: most integrations per project or organization', secret: false },
  {
    key: 'SERVICE_SECRET_SOURCE_VARIABLES',
    group: 'integrations',
    name: 'Secret sources: hub environment variables references may name (names or PREFIX_*, comma-separated)',
    secret: false,
  },
  { key: 'SERVICE_SECRET_SOURCE_DIRS', group: 'integrations', name: 'Secret sources: directories of mounted secret files (comma-separated)', secret: false },
  {
    key: 'SERVICE_SECRET_SOURCE_KUBERNETES',
    group: 'integrations',
    name: "Secret sources: labelled Secrets of the hub's namespace (on or off)",
    secret: false,
  },
];

const VARIABLE_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*\*?$/;

/** A switch written `on` or `off`. */
export function onOff(env: Env, name: string, fallback: 'on' | 'off'): boolean {
  const value = text(env, name)?.toLowerCase() ?? fallback;
  if (value !== 'on' && value !== 'off') throw new ConfigError(name, `must be "on" or "off", got ${JSON.stringify(env[name])}`);
  return value === 'on';
}

export function readIntegrationSettings(env: Env): IntegrationSettings {
  const environmentVariables = list(env, 'SERVICE_SECRET_SOURCE_VARIABLES');
  for (const entry of environmentVariables) {
    if (!VARIABLE_PATTERN.test(entry) || entry === '*')
      throw new ConfigError(
        'SERVICE_SECRET_SOURCE_VARIABLES',
        `must list variable names or prefixes ending in * (such as TEAM_SECRET_*), got ${JSON.stringify(entry)}`,
      );
  }
  const fileDirectories = list(env, 'SERVICE_SECRET_SOURCE_DIRS');
  for (const entry of fileDirectories) {
    if (!path.isAbsolute(entry) || path.resolve(entry) === path.parse(entry).root)
      throw new ConfigError('SERVICE_SECRET_SOURCE_DIRS', `must list absolute directories other than the root, got ${JSON.stringify(entry)}`);
  }
  return {
    enabled: onOff(env, 'SERVICE_INTEGRATIONS', 'on'),
    allowHttp: strictBoolean(env, 'SERVICE_INTEGRATIONS_ALLOW_HTTP', false),
    allowPrivateNetworks: strictBoolean(env, 'SERVICE_INTEGRATIONS_ALLOW_PRIVATE_NETWORKS', false),
    testTimeoutMs: integer(env, 'SERVICE_INTEGRATIONS_TEST_TIMEOUT_SECONDS', 10, { min: 1, max: 60 }) * 1000,
    maxPerScope: integer(env, 'SERVICE_INTEGRATIONS_MAX_PER_SCOPE', 100, { min: 1, max: 1000 }),
    secretSources: {
      environmentVariables,
      fileDirectories: fileDirectories.map((entry) => path.resolve(entry)),
      kubernetes: onOff(env, 'SERVICE_SECRET_SOURCE_KUBERNETES', 'off'),
    },
  };
}
