/**
 * The deployment key and the secret box built on it (docs/secrets-at-rest.md): from
 * SERVICE_SECRETS_KEY, or a key file (SERVICE_SECRETS_KEY_FILE, or the one made at the first start
 * beside the data directory). Used by the hub and by the commands that read or write secrets.
 */
import { deploymentKey, EnvelopeSecretBox } from '../adapters/secrets/envelope-secret-box.js';
import { createKeyFile, KeyFileError, newDeploymentKey, readKeyFile, writeKeyFile } from '../adapters/secrets/key-file.js';
import type { SecretsSettings } from '../config/settings.js';
import type { Logger } from '../core/ports/logger.js';
import type { ObjectStore } from '../core/ports/object-store.js';
import type { SecretBox } from '../core/ports/secret-box.js';
import { sealedRecordKinds } from './features.js';
import { SecretsAtRest, SecretsKeyMismatchError, verifySecretsKey, type SecretsState } from '../core/secrets/secrets-at-rest.js';

/** The deployment key is missing, unreadable or not the one the store's secrets are under. */
export class SecretsKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretsKeyError';
  }
}

/** Where the key came from, in the words an operator would change it with. */
export function keySourceOf(settings: SecretsSettings): string {
  return settings.source === 'environment'
    ? 'SERVICE_SECRETS_KEY (with SERVICE_SECRETS_RETIRED_KEYS)'
    : `the key file ${settings.file}${settings.createIfMissing ? ' (the default; SERVICE_SECRETS_KEY or SERVICE_SECRETS_KEY_FILE name another key)' : ' (SERVICE_SECRETS_KEY_FILE)'}`;
}

async function loadKeys(settings: SecretsSettings, mayCreate: boolean, logger?: Logger): Promise<Buffer[]> {
  if (settings.source === 'environment') return [settings.active, ...settings.retired];
  const existing = await readKeyFile(settings.file);
  if (existing) return existing;
  if (!settings.createIfMissing) throw new SecretsKeyError(`configuration error: SERVICE_SECRETS_KEY_FILE names ${settings.file}, which does not exist`);
  if (!mayCreate) {
    throw new SecretsKeyError(
      `configuration error: the store holds sealed secrets, but their key file ${settings.file} is missing: restore it, or give the deployment key in SERVICE_SECRETS_KEY or SERVICE_SECRETS_KEY_FILE`,
    );
  }
  const { keys, created } = await createKeyFile(settings.file);
  if (created) logger?.info({ event: 'secrets_key_created', file: settings.file }, 'a new deployment key was made for sealing stored secrets');
  return keys;
}

function boxOf(keys: Buffer[]): EnvelopeSecretBox {
  const [active, ...retired] = keys.map(deploymentKey);
  return new EnvelopeSecretBox({ active: active!, retired });
}

/**
 * The secret box of this deployment. A store that holds no sealed secret yet may get a new key
 * file (the default one only); a store whose secrets are under a key this hub was not given stops
 * here with {@link SecretsKeyError}, naming the setting to fix. `state` is 'unknown' when the store
 * could not be read: the key is then loaded without being checked.
 */
export async function openSecretBox(settings: SecretsSettings, state: SecretsState | null | 'unknown', logger?: Logger): Promise<SecretBox> {
  let box: EnvelopeSecretBox;
  try {
    // A store that does not answer cannot say whether it holds sealed secrets: the default key file
    // is made then too, and a key that turns out not to match stops the next start with a message.
    box = boxOf(await loadKeys(settings, state === null || state === 'unknown', logger));
  } catch (error) {
    if (error instanceof KeyFileError) throw new SecretsKeyError(`configuration error: ${error.message}`);
    throw error;
  }
  if (state !== 'unknown' && state !== null) {
    try {
      verifySecretsKey(box, state);
    } catch (error) {
      if (error instanceof SecretsKeyMismatchError) throw mismatch(settings, box, error);
      throw error;
    }
  }
  return box;
}

function mismatch(settings: SecretsSettings, box: SecretBox, error: SecretsKeyMismatchError): SecretsKeyError {
  const given = `${box.activeKeyId}${box.keyIds.length > 1 ? ` (retired: ${box.keyIds.slice(1).join(', ')})` : ''}`;
  const why =
    error.reason === 'unknown-key'
      ? `the store's secrets are sealed under key ${error.kid}, and ${keySourceOf(settings)} holds ${given}`
      : `key ${error.kid} from ${keySourceOf(settings)} does not open the store's secrets (a wrong key with a colliding id, or altered data)`;
  return new SecretsKeyError(`configuration error: the deployment key does not match: ${why}. Give the hub the key its secrets were sealed with.`);
}

/**
 * At the hub's start, once the store answers: the key check, the one-time sealing of plaintext
 * left by older hubs (logged with counts), and a warning while secrets remain under a retired key.
 */
export async function prepareSecrets(settings: SecretsSettings, store: ObjectStore, box: SecretBox, logger: Logger): Promise<void> {
  const atRest = new SecretsAtRest(store, box, { kinds: sealedRecordKinds() });
  let outcome: Awaited<ReturnType<SecretsAtRest['prepare']>>;
  try {
    outcome = await atRest.prepare((line) => logger.info({ event: 'secrets_migration_progress', progress: line }, 'sealing plaintext secrets'));
  } catch (error) {
    if (error instanceof SecretsKeyMismatchError) throw mismatch(settings, box, error);
    throw error;
  }
  if (outcome.migrated) {
    const { records, sealed } = outcome.migrated;
    logger.info(
      { event: 'secrets_migrated', records, sealed },
      sealed > 0 ? `sealed ${sealed} plaintext secret(s) in ${records} record(s)` : 'no plaintext secret to seal',
    );
  }
  const { state } = outcome;
  if (state.check.kid !== box.activeKeyId || SecretsAtRest.rotationUnfinished(state, box.activeKeyId)) {
    logger.warn(
      { event: 'secrets_rotation_pending', key_id: state.check.kid, active_key_id: box.activeKeyId },
      'stored secrets are still under a retired key: run `notebook-hub secrets rotate-key`',
    );
  }
}

/**
 * A new active key for a key-file deployment: written to the file ahead of the keys it held,
 * which become retired keys. Resolves to the box built from the new file.
 */
export async function addKeyToFile(settings: Extract<SecretsSettings, { source: 'file' }>): Promise<SecretBox> {
  const current = (await readKeyFile(settings.file)) ?? [];
  const keys = [newDeploymentKey(), ...current];
  await writeKeyFile(settings.file, keys);
  return boxOf(keys);
}
