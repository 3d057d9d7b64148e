import { randomBytes } from 'node:crypto';
import { link, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * What the desktop needs of Electron's `safeStorage`: strings encrypted under a key the OS
 * keychain holds (Keychain on macOS, DPAPI on Windows, the Secret Service or KWallet on Linux).
 */
export interface KeychainStorage {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: `basic_text` means no keychain answered and the "encryption" uses a fixed key. */
  getSelectedStorageBackend?(): string;
}

export interface DesktopSecretsKey {
  /** The settings that give the hub its deployment key; empty: the hub's own key file. */
  env: Record<string, string>;
  /** Where the key is kept. */
  where: 'keychain' | 'key-file';
  /** Made at this launch (the first, or the first with a keychain). */
  created: boolean;
  /** A key file from a launch without a keychain was moved into the keychain at this launch. */
  movedFromKeyFile: boolean;
}

/** The hub's own key file (its default, `$SERVICE_DATA_DIR/secrets-key`), used where no keychain answers. */
export const hubKeyFileIn = (hubDataDir: string) => path.join(hubDataDir, 'secrets-key');

/** The key's lines as the hub's key file has them: base64, the active key first. */
function keyLinesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/**
 * The desktop's deployment key (docs/desktop.md, "Secrets"), kept encrypted by the OS keychain in
 * `keychainFile`: decrypted at each launch and handed to the hub as SERVICE_SECRETS_KEY (and its
 * retired keys), so no key lies in the data folder in the clear. The first launch makes it; a key
 * file the hub made on a launch without a keychain is moved in. Where no keychain answers, the
 * hub keeps its own key file (mode 0600) as a headless hub does.
 *
 * A keychain that no longer decrypts the file (another user, a reset keychain) is an error, and the
 * file is left alone: a new key would make the stored secrets unreadable for good.
 */
export async function desktopSecretsKey(options: { keychainFile: string; hubDataDir: string; safeStorage: KeychainStorage }): Promise<DesktopSecretsKey> {
  const { keychainFile, safeStorage } = options;
  if (!safeStorage.isEncryptionAvailable() || safeStorage.getSelectedStorageBackend?.() === 'basic_text') {
    return { env: {}, where: 'key-file', created: false, movedFromKeyFile: false };
  }
  const sealed = await readFile(keychainFile).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (sealed) {
    let lines: string[];
    try {
      lines = keyLinesOf(safeStorage.decryptString(sealed));
    } catch (error) {
      throw new Error(
        `the deployment key in ${keychainFile} cannot be decrypted by this system's keychain (${error instanceof Error ? error.message : String(error)}): the app's stored secrets need it; restore the keychain it was made with`,
        { cause: error },
      );
    }
    if (lines.length === 0) throw new Error(`${keychainFile} holds no deployment key`);
    // A move into the keychain that stopped before removing the key file finishes here.
    const left = await readPlain(hubKeyFileIn(options.hubDataDir));
    if (left !== null && keyLinesOf(left).join('\n') === lines.join('\n')) await rm(hubKeyFileIn(options.hubDataDir), { force: true });
    return { env: envOf(lines), where: 'keychain', created: false, movedFromKeyFile: false };
  }
  const plainFile = hubKeyFileIn(options.hubDataDir);
  const plain = await readPlain(plainFile);
  const lines = plain === null ? [randomBytes(32).toString('base64')] : keyLinesOf(plain);
  if (lines.length === 0) throw new Error(`${plainFile} holds no deployment key`);
  await writeOnce(keychainFile, safeStorage.encryptString(lines.join('\n')));
  if (plain !== null) await rm(plainFile, { force: true });
  return { env: envOf(lines), where: 'keychain', created: plain === null, movedFromKeyFile: plain !== null };
}

function readPlain(file: string): Promise<string | null> {
  return readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
}

function envOf([active, ...retired]: string[]): Record<string, string> {
  return { SERVICE_SECRETS_KEY: active!, ...(retired.length > 0 ? { SERVICE_SECRETS_RETIRED_KEYS: retired.join(',') } : {}) };
}

/** Writes the file whole (owner-only) under its name only if nothing is there yet. */
async function writeOnce(file: string, bytes: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' });
    await link(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}
