import { assertValidKey } from '../core/ports/object-store.js';
import { ConfigError, httpUrl, oneOf, requiredText, strictBoolean, text, type Env, type SettingDefinition } from './parse.js';
import path from 'node:path';

export type StorageSettings =
  | { kind: 'fs'; root: string }
  /** Held in the hub process's memory and lost when it exits: for tests and demos, never a default. */
  | { kind: 'memory' }
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

export const storageSettingDefinitions: SettingDefinition[] = [
  { key: 'SERVICE_STORAGE', group: 'storage', name: 'Storage backend', secret: false },
  { key: 'SERVICE_S3_ENDPOINT', group: 'storage', name: 'S3 endpoint', secret: false },
  { key: 'SERVICE_S3_BUCKET', group: 'storage', name: 'S3 bucket', secret: false },
  { key: 'SERVICE_S3_REGION', group: 'storage', name: 'S3 region', secret: false },
  { key: 'SERVICE_S3_PREFIX', group: 'storage', name: 'S3 key prefix', secret: false },
  { key: 'SERVICE_S3_FORCE_PATH_STYLE', group: 'storage', name: 'S3 path-style addressing', secret: false },
  { key: 'SERVICE_S3_ACCESS_KEY_ID', group: 'storage', name: 'S3 access key id', secret: false },
  { key: 'SERVICE_S3_SECRET_ACCESS_KEY', group: 'storage', name: 'S3 secret access key', secret: true },
];

export function readStorageSettings(env: Env, dataDir: string): StorageSettings {
  const kind = oneOf(env, 'SERVICE_STORAGE', ['fs', 's3', 'memory'] as const, 'fs');
  if (kind === 'fs') return { kind, root: path.join(dataDir, 'store') };
  if (kind === 'memory') return { kind };
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
