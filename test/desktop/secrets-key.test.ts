import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDesktopHub } from '../../electron/src/host/desktop-hub.js';
import { desktopSecretsKey, hubKeyFileIn, type KeychainStorage } from '../../electron/src/host/secrets-key.js';
import { readSettings } from '../../service/src/config/settings.js';
import { makeTempDir } from '../support/temp-dir.js';

/**
 * A stand-in for Electron's safeStorage (the Electron binary cannot run here): "encrypts" with a
 * key of its own, so a test can see the file is not the key in the clear, and can play a keychain
 * that is missing, plain-text only, or another one.
 */
function fakeSafeStorage(options: { available?: boolean; backend?: string } = {}): KeychainStorage & { calls: string[] } {
  const mask = randomBytes(64);
  const xor = (bytes: Buffer) => Buffer.from(bytes.map((byte, index) => byte ^ mask[index % mask.length]!));
  const calls: string[] = [];
  return {
    calls,
    isEncryptionAvailable: () => options.available ?? true,
    getSelectedStorageBackend: () => options.backend ?? 'gnome_libsecret',
    encryptString: (text) => (calls.push('encrypt'), Buffer.concat([Buffer.from('fake-keychain:'), xor(Buffer.from(text, 'utf8'))])),
    decryptString: (sealed) => {
      calls.push('decrypt');
      if (!sealed.subarray(0, 14).equals(Buffer.from('fake-keychain:'))) throw new Error('not sealed by this fake keychain');
      const text = xor(sealed.subarray(14)).toString('utf8');
      if (!/^[A-Za-z0-9+/=\n]+$/.test(text)) throw new Error('sealed by another fake keychain');
      return text;
    },
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function folder(): Promise<{ keychainFile: string; hubDataDir: string }> {
  const temp = await makeTempDir('desktop-key');
  cleanups.push(temp.cleanup);
  const hubDataDir = path.join(temp.dir, 'hub');
  await mkdir(hubDataDir, { recursive: true });
  return { keychainFile: path.join(temp.dir, 'secrets-key.keychain'), hubDataDir };
}

describe('the desktop’s deployment key', () => {
  it('is made at the first launch, kept only encrypted by the keychain, and the same at the next', async () => {
    const where = await folder();
    const keychain = fakeSafeStorage();
    const first = await desktopSecretsKey({ ...where, safeStorage: keychain });
    expect(first).toMatchObject({ where: 'keychain', created: true, movedFromKeyFile: false });
    const key = first.env.SERVICE_SECRETS_KEY!;
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(readSettings({ SERVICE_DATA_DIR: where.hubDataDir, ...first.env }).secrets).toMatchObject({ source: 'environment', retired: [] });

    const onDisk = await readFile(where.keychainFile);
    expect(onDisk.toString('latin1')).not.toContain(key);
    expect((await stat(where.keychainFile)).mode & 0o777).toBe(0o600);
    expect(await readdir(where.hubDataDir)).toEqual([]);

    const second = await desktopSecretsKey({ ...where, safeStorage: keychain });
    expect(second).toEqual({ env: { SERVICE_SECRETS_KEY: key }, where: 'keychain', created: false, movedFromKeyFile: false });
  });

  it('moves a key file from a launch without a keychain into the keychain, retired keys and all', async () => {
    const where = await folder();
    const [active, retired] = [randomBytes(32).toString('base64'), randomBytes(32).toString('base64')];
    await writeFile(hubKeyFileIn(where.hubDataDir), `# Notebook Hub deployment keys\n${active}\n${retired}\n`, { mode: 0o600 });
    const moved = await desktopSecretsKey({ ...where, safeStorage: fakeSafeStorage() });
    expect(moved).toEqual({
      env: { SERVICE_SECRETS_KEY: active, SERVICE_SECRETS_RETIRED_KEYS: retired },
      where: 'keychain',
      created: false,
      movedFromKeyFile: true,
    });
    expect(await readdir(where.hubDataDir)).toEqual([]);
  });

  it('leaves the key to the hub’s own key file where no keychain answers, or only a plain-text one', async () => {
    for (const keychain of [fakeSafeStorage({ available: false }), fakeSafeStorage({ backend: 'basic_text' })]) {
      const where = await folder();
      expect(await desktopSecretsKey({ ...where, safeStorage: keychain })).toEqual({ env: {}, where: 'key-file', created: false, movedFromKeyFile: false });
      expect(keychain.calls).toEqual([]);
      await expect(stat(where.keychainFile)).rejects.toThrow(/ENOENT/);
    }
  });

  it('is the desktop hub’s key: no key lies in the data folder, and the hub will not start without it', async () => {
    const where = await folder();
    const keychain = fakeSafeStorage();
    const launch = async (env: Record<string, string>) => startDesktopHub({ dataDir: where.hubDataDir, env, logLevel: 'silent', uiDir: null });
    const projectId = 'proj-0000000000000001';
    const first = await launch((await desktopSecretsKey({ ...where, safeStorage: keychain })).env);
    try {
      await first.hub.services.gitCredentials.set(
        projectId,
        { read_token: 'desktop-read-token-0123456789', repositories: ['acme/notebooks'] },
        'usr-0000000000000001',
      );
    } finally {
      await first.close();
    }
    await expect(stat(hubKeyFileIn(where.hubDataDir))).rejects.toThrow(/ENOENT/);
    const next = await launch((await desktopSecretsKey({ ...where, safeStorage: keychain })).env);
    try {
      expect((await next.hub.services.gitCredentials.read(projectId, 'https://github.com/acme/notebooks.git'))?.password).toBe('desktop-read-token-0123456789');
    } finally {
      await next.close();
    }
    await expect(launch({})).rejects.toThrow(/the store holds sealed secrets, but their key file .*secrets-key is missing/);
    await expect(launch({ SERVICE_SECRETS_KEY: randomBytes(32).toString('base64') })).rejects.toThrow(/the deployment key does not match.*SERVICE_SECRETS_KEY/);
  });

  it('refuses to replace a key another keychain sealed: the stored secrets need that one', async () => {
    const where = await folder();
    await desktopSecretsKey({ ...where, safeStorage: fakeSafeStorage() });
    const before = await readFile(where.keychainFile);
    await expect(desktopSecretsKey({ ...where, safeStorage: fakeSafeStorage() })).rejects.toThrow(/cannot be decrypted by this system's keychain/);
    expect((await readFile(where.keychainFile)).equals(before)).toBe(true);
  });
});
