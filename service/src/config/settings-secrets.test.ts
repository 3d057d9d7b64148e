import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readSettings } from './settings.js';

const read = (env: Record<string, string>) => readSettings({ SERVICE_DATA_DIR: '/srv/hub', ...env }).secrets;
const refusal = (env: Record<string, string>) => {
  try {
    read(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe('the deployment key settings', () => {
  const key = randomBytes(32);

  it('default to a key file beside the store, made at the first start', () => {
    expect(read({})).toEqual({ source: 'file', file: path.join('/srv/hub', 'secrets-key'), createIfMissing: true });
    expect(read({ SERVICE_SECRETS_KEY_FILE: '/run/secrets/hub-key' })).toEqual({ source: 'file', file: '/run/secrets/hub-key', createIfMissing: false });
  });

  it('read a key and retired keys in base64 or base64url, padded or not', () => {
    const [one, two] = [randomBytes(32), randomBytes(32)];
    expect(
      read({
        SERVICE_SECRETS_KEY: ` ${key.toString('base64')} `,
        SERVICE_SECRETS_RETIRED_KEYS: `${one.toString('base64url')}, ${two.toString('base64').replace(/=$/, '')}`,
      }),
    ).toEqual({ source: 'environment', active: key, retired: [one, two] });
  });

  it('refuse anything that is not exactly 32 bytes, naming the variable', () => {
    for (const bad of ['secret', randomBytes(16).toString('base64'), randomBytes(33).toString('base64'), `${key.toString('base64')}x`, key.toString('hex')]) {
      expect(refusal({ SERVICE_SECRETS_KEY: bad }), bad).toBe(
        'configuration error: SERVICE_SECRETS_KEY must be 32 random bytes in base64 (openssl rand -base64 32)',
      );
    }
    expect(refusal({ SERVICE_SECRETS_KEY: key.toString('base64'), SERVICE_SECRETS_RETIRED_KEYS: `${randomBytes(32).toString('base64')},short` })).toBe(
      'configuration error: SERVICE_SECRETS_RETIRED_KEYS entry 2 is not 32 bytes in base64',
    );
  });

  it('refuse contradictions: two sources, retired keys without a key, the active key retired, a relative file', () => {
    const text = key.toString('base64');
    expect(refusal({ SERVICE_SECRETS_KEY: text, SERVICE_SECRETS_KEY_FILE: '/k' })).toMatch(
      /^configuration error: SERVICE_SECRETS_KEY_FILE cannot be set together/,
    );
    expect(refusal({ SERVICE_SECRETS_RETIRED_KEYS: text })).toMatch(/^configuration error: SERVICE_SECRETS_RETIRED_KEYS is read only with SERVICE_SECRETS_KEY/);
    expect(refusal({ SERVICE_SECRETS_KEY: text, SERVICE_SECRETS_RETIRED_KEYS: text })).toMatch(/lists the active key/);
    expect(refusal({ SERVICE_SECRETS_KEY_FILE: 'keys/hub' })).toMatch(/^configuration error: SERVICE_SECRETS_KEY_FILE must be an absolute path/);
  });
});
