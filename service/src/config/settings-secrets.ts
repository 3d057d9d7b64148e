import path from 'node:path';
import { decodeKeyText } from '../core/secrets/key-text.js';
import { ConfigError, list, text, type Env, type SettingDefinition } from './parse.js';

/** The key file the hub makes at its first start when no key is configured: beside the store, not in it. */
export const DEFAULT_KEY_FILE_NAME = 'secrets-key';

/**
 * Where the deployment key that seals stored secrets comes from (docs/secrets-at-rest.md):
 * the environment, or a key file (one key per line, the active key first, retired keys after it).
 */
export type SecretsSettings =
  | { source: 'environment'; active: Buffer; retired: Buffer[] }
  | {
      source: 'file';
      file: string;
      /** The default file beside the data directory: made at the first start of a store with no sealed secrets. */
      createIfMissing: boolean;
    };

export const secretsSettingDefinitions: SettingDefinition[] = [
  { key: 'SERVICE_SECRETS_KEY', group: 'secrets', name: 'Deployment key sealing stored secrets', secret: true },
  { key: 'SERVICE_SECRETS_RETIRED_KEYS', group: 'secrets', name: 'Earlier deployment keys, still read', secret: true },
  { key: 'SERVICE_SECRETS_KEY_FILE', group: 'secrets', name: 'Deployment key file', secret: false },
];

export function readSecretsSettings(env: Env, dataDir: string): SecretsSettings {
  const keyText = text(env, 'SERVICE_SECRETS_KEY');
  const file = text(env, 'SERVICE_SECRETS_KEY_FILE');
  const retiredTexts = list(env, 'SERVICE_SECRETS_RETIRED_KEYS');
  if (keyText !== undefined && file !== undefined) {
    throw new ConfigError('SERVICE_SECRETS_KEY_FILE', 'cannot be set together with SERVICE_SECRETS_KEY: give the key one way');
  }
  if (keyText === undefined) {
    if (retiredTexts.length > 0) {
      throw new ConfigError('SERVICE_SECRETS_RETIRED_KEYS', 'is read only with SERVICE_SECRETS_KEY (a key file lists its retired keys after the active one)');
    }
    if (file !== undefined && !path.isAbsolute(file))
      throw new ConfigError('SERVICE_SECRETS_KEY_FILE', `must be an absolute path, got ${JSON.stringify(file)}`);
    return file !== undefined
      ? { source: 'file', file, createIfMissing: false }
      : { source: 'file', file: path.join(dataDir, DEFAULT_KEY_FILE_NAME), createIfMissing: true };
  }
  const active = decodeKeyText(keyText);
  if (!active) throw new ConfigError('SERVICE_SECRETS_KEY', 'must be 32 random bytes in base64 (openssl rand -base64 32)');
  const retired = retiredTexts.map((item, index) => {
    const key = decodeKeyText(item);
    if (!key) throw new ConfigError('SERVICE_SECRETS_RETIRED_KEYS', `entry ${index + 1} is not 32 bytes in base64`);
    return key;
  });
  if (retired.some((key) => key.equals(active))) {
    throw new ConfigError('SERVICE_SECRETS_RETIRED_KEYS', 'lists the active key (SERVICE_SECRETS_KEY) as retired');
  }
  return { source: 'environment', active, retired };
}
