import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { DEPLOYMENT_KEY_BYTES, decodeKeyText, encodeKeyText } from '../../core/secrets/key-text.js';

/** A key file that cannot be used as it is; the message names the file and the line. */
export class KeyFileError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`the key file ${file} ${detail}`);
    this.name = 'KeyFileError';
  }
}

const HEADER = [
  '# Notebook Hub deployment keys (docs/secrets-at-rest.md): they seal the secrets in the store.',
  '# Keep this file secret and back it up apart from the store. The first key seals new secrets;',
  '# the keys after it are retired keys, still read until `notebook-hub secrets rotate-key` has',
  '# re-wrapped everything under the first one.',
];

export function newDeploymentKey(): Buffer {
  return randomBytes(DEPLOYMENT_KEY_BYTES);
}

/** The file's keys, the active one first; null when there is no file. Blank lines and `#` comments are skipped. */
export async function readKeyFile(file: string): Promise<Buffer[] | null> {
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new KeyFileError(file, `cannot be read: ${(error as Error).message}`);
  }
  const keys: Buffer[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const key = decodeKeyText(trimmed);
    if (!key) throw new KeyFileError(file, `line ${index + 1} is not a key (32 bytes in base64, one key per line)`);
    keys.push(key);
  }
  if (keys.length === 0) throw new KeyFileError(file, 'holds no key');
  return keys;
}

/**
 * Replaces the file with these keys (the active one first), owner-only: written whole to a
 * temporary file beside it, fsynced, then renamed over it, so a crash leaves the old or the new file.
 */
export async function writeKeyFile(file: string, keys: readonly Buffer[]): Promise<void> {
  await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeWhole(temporary, keys);
    await fsp.rename(temporary, file);
  } catch (error) {
    await fsp.rm(temporary, { force: true }).catch(() => {});
    throw new KeyFileError(file, `cannot be written: ${(error as Error).message}`);
  }
}

/**
 * Makes the file with one new key, unless it exists: two processes starting at once end up with
 * the same key (the second reads the first one's file). Resolves to the file's keys.
 */
export async function createKeyFile(file: string): Promise<{ keys: Buffer[]; created: boolean }> {
  await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeWhole(temporary, [newDeploymentKey()]);
    // link() never replaces: it fails when the file appeared meanwhile.
    await fsp.link(temporary, file);
    return { keys: (await readKeyFile(file))!, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new KeyFileError(file, `cannot be created: ${(error as Error).message}`);
    const existing = await readKeyFile(file);
    if (!existing) throw new KeyFileError(file, 'vanished while it was being created');
    return { keys: existing, created: false };
  } finally {
    await fsp.rm(temporary, { force: true }).catch(() => {});
  }
}

async function writeWhole(file: string, keys: readonly Buffer[]): Promise<void> {
  const handle = await fsp.open(file, 'wx', 0o600);
  try {
    await handle.writeFile(`${[...HEADER, ...keys.map(encodeKeyText)].join('\n')}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
