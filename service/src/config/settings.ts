import path from 'node:path';
import envPaths from 'env-paths';
import { assertValidKey } from '../core/store/object-store.js';
import {
  ConfigError,
  httpUrl,
  integer,
  oneOf,
  requiredText,
  strictBoolean,
  text,
  type Env,
} from './parse.js';

export { ConfigError } from './parse.js';

export type StorageSettings =
  | { kind: 'fs'; root: string }
  | {
      kind: 's3';
      endpoint: string | undefined;
      bucket: string;
      region: string;
      prefix: string;
      forcePathStyle: boolean;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
    };

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface HubSettings {
  host: string;
  port: number;
  /** Root of everything the hub keeps on local disk. */
  dataDir: string;
  storage: StorageSettings;
  auth: 'local' | 'oidc';
  version: string;
  logLevel: LogLevel;
  runMaintenance: boolean;
  sessionConnectionAware: boolean;
  automaticThumbnails: boolean;
  shutdownTimeoutSeconds: number;
}

/**
 * Every variable the hub reads, with its group and whether its value is secret. The deployment
 * configuration view and the operator docs are generated from this table; a `SERVICE_*` variable
 * missing from it is reported at start-up as unknown.
 */
export const SETTING_DEFINITIONS = [
  { key: 'SERVICE_HOST', group: 'server', name: 'Listen address', secret: false },
  { key: 'SERVICE_PORT', group: 'server', name: 'Listen port', secret: false },
  { key: 'SERVICE_DATA_DIR', group: 'server', name: 'Data directory', secret: false },
  { key: 'SERVICE_VERSION', group: 'server', name: 'Deployment version', secret: false },
  { key: 'SERVICE_LOG_LEVEL', group: 'server', name: 'Log level', secret: false },
  { key: 'SERVICE_RUN_MAINTENANCE', group: 'server', name: 'Run maintenance loops', secret: false },
  { key: 'SERVICE_SHUTDOWN_TIMEOUT_SECONDS', group: 'server', name: 'Shutdown drain budget', secret: false },
  { key: 'SERVICE_STORAGE', group: 'storage', name: 'Storage backend', secret: false },
  { key: 'SERVICE_S3_ENDPOINT', group: 'storage', name: 'S3 endpoint', secret: false },
  { key: 'SERVICE_S3_BUCKET', group: 'storage', name: 'S3 bucket', secret: false },
  { key: 'SERVICE_S3_REGION', group: 'storage', name: 'S3 region', secret: false },
  { key: 'SERVICE_S3_PREFIX', group: 'storage', name: 'S3 key prefix', secret: false },
  { key: 'SERVICE_S3_FORCE_PATH_STYLE', group: 'storage', name: 'S3 path-style addressing', secret: false },
  { key: 'SERVICE_S3_ACCESS_KEY_ID', group: 'storage', name: 'S3 access key id', secret: false },
  { key: 'SERVICE_S3_SECRET_ACCESS_KEY', group: 'storage', name: 'S3 secret access key', secret: true },
  { key: 'SERVICE_AUTH', group: 'auth', name: 'Authentication backend', secret: false },
  { key: 'SERVICE_SESSION_CONNECTION_AWARE', group: 'sessions', name: 'Connection-aware session lifetimes', secret: false },
  { key: 'SERVICE_AUTOMATIC_THUMBNAILS', group: 'sessions', name: 'Automatic thumbnails', secret: false },
] as const satisfies readonly { key: string; group: string; name: string; secret: boolean }[];

const KNOWN_KEYS = new Set<string>(SETTING_DEFINITIONS.map((definition) => definition.key));

export const DEFAULT_PORT = 8321;

export function defaultDataDir(): string {
  return envPaths('notebook-hub', { suffix: '' }).data;
}

/** Reads the configuration once, strictly. Throws {@link ConfigError} naming the bad variable. */
export function readSettings(env: Env = process.env): HubSettings {
  const dataDir = path.resolve(text(env, 'SERVICE_DATA_DIR') ?? defaultDataDir());
  const runMaintenance = strictBoolean(env, 'SERVICE_RUN_MAINTENANCE', true);
  return {
    host: text(env, 'SERVICE_HOST') ?? '127.0.0.1',
    port: integer(env, 'SERVICE_PORT', DEFAULT_PORT, { min: 0, max: 65535 }),
    dataDir,
    storage: readStorage(env, dataDir),
    auth: oneOf(env, 'SERVICE_AUTH', ['local', 'oidc'] as const, 'local'),
    version: text(env, 'SERVICE_VERSION') ?? 'dev',
    logLevel: oneOf(env, 'SERVICE_LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    runMaintenance,
    sessionConnectionAware: strictBoolean(env, 'SERVICE_SESSION_CONNECTION_AWARE', true),
    automaticThumbnails: strictBoolean(env, 'SERVICE_AUTOMATIC_THUMBNAILS', true),
    shutdownTimeoutSeconds: integer(env, 'SERVICE_SHUTDOWN_TIMEOUT_SECONDS', runMaintenance ? 120 : 10, { min: 1, max: 3600 }),
  };
}

function readStorage(env: Env, dataDir: string): StorageSettings {
  const kind = oneOf(env, 'SERVICE_STORAGE', ['fs', 's3'] as const, 'fs');
  if (kind === 'fs') return { kind, root: path.join(dataDir, 'store') };
  const prefix = text(env, 'SERVICE_S3_PREFIX') ?? '';
  if (prefix !== '') {
    try {
      assertValidKey(prefix);
    } catch (error) {
      throw new ConfigError('SERVICE_S3_PREFIX', `is not a usable key prefix (${(error as Error).message})`);
    }
  }
  const accessKeyId = text(env, 'SERVICE_S3_ACCESS_KEY_ID');
  const secretAccessKey = text(env, 'SERVICE_S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError(
      accessKeyId === undefined ? 'SERVICE_S3_ACCESS_KEY_ID' : 'SERVICE_S3_SECRET_ACCESS_KEY',
      'must be set together with its pair (or leave both unset to use the default AWS credential chain)',
    );
  }
  return {
    kind,
    endpoint: httpUrl(env, 'SERVICE_S3_ENDPOINT'),
    bucket: requiredText(env, 'SERVICE_S3_BUCKET', 'when SERVICE_STORAGE=s3'),
    region: text(env, 'SERVICE_S3_REGION') ?? 'us-east-1',
    prefix,
    forcePathStyle: strictBoolean(env, 'SERVICE_S3_FORCE_PATH_STYLE', false),
    accessKeyId,
    secretAccessKey,
  };
}

/** `SERVICE_*` variables that no setting reads: most likely typos, reported at start-up. */
export function unknownSettingVariables(env: Env = process.env): string[] {
  return Object.keys(env)
    .filter((key) => key.startsWith('SERVICE_') && !KNOWN_KEYS.has(key))
    .sort();
}
