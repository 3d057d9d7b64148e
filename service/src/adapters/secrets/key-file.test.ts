import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../test/support/temp-dir.js';
import { encodeKeyText } from '../../core/secrets/key-text.js';
import { createKeyFile, KeyFileError, newDeploymentKey, readKeyFile, writeKeyFile } from './key-file.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function tempFile(name = 'secrets-key'): Promise<string> {
  const temp = await makeTempDir('key-file');
  cleanups.push(temp.cleanup);
  return path.join(temp.dir, 'data', name);
}

const modeOf = async (file: string) => (await fsp.stat(file)).mode & 0o777;

describe('deployment key files', () => {
  it('are made once, owner-only, in an owner-only folder; a second maker gets the first one’s key', async () => {
    const file = await tempFile();
    const [one, two] = await Promise.all([createKeyFile(file), createKeyFile(file)]);
    expect([one.created, two.created].sort()).toEqual([false, true]);
    expect(one.keys).toHaveLength(1);
    expect(one.keys[0]!.equals(two.keys[0]!)).toBe(true);
    expect(await modeOf(file)).toBe(0o600);
    expect(await modeOf(path.dirname(file))).toBe(0o700);
    expect(await fsp.readdir(path.dirname(file))).toEqual(['secrets-key']);
    expect((await readKeyFile(file))![0]!.equals(one.keys[0]!)).toBe(true);
  });

  it('list the active key first and retired keys after it; comments and blank lines are skipped', async () => {
    const file = await tempFile();
    const [active, retired] = [newDeploymentKey(), newDeploymentKey()];
    await writeKeyFile(file, [active, retired]);
    expect(await modeOf(file)).toBe(0o600);
    const text = await fsp.readFile(file, 'utf8');
    expect(text).toMatch(/^# Notebook Hub deployment keys/);
    expect(text.trim().split('\n').slice(-2)).toEqual([encodeKeyText(active), encodeKeyText(retired)]);
    expect((await readKeyFile(file))!.map((key) => key.toString('hex'))).toEqual([active.toString('hex'), retired.toString('hex')]);
    await fsp.writeFile(file, `\n# mine\n  ${active.toString('base64url')}  \r\n\n`);
    expect((await readKeyFile(file))!.map((key) => key.toString('hex'))).toEqual([active.toString('hex')]);
  });

  it('are refused, naming the file and line, when a line is not a 32-byte key or no key is there', async () => {
    const file = await tempFile();
    expect(await readKeyFile(file)).toBeNull();
    await fsp.mkdir(path.dirname(file), { recursive: true });
    for (const [content, detail] of [
      [`# keys\n${encodeKeyText(newDeploymentKey())}\nnot-a-key\n`, 'line 3 is not a key'],
      [`${newDeploymentKey().subarray(0, 16).toString('base64')}\n`, 'line 1 is not a key'],
      ['# only a comment\n', 'holds no key'],
    ] as const) {
      await fsp.writeFile(file, content);
      const error = await readKeyFile(file).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(KeyFileError);
      expect((error as Error).message).toBe(`the key file ${file} ${detail}${detail.startsWith('line') ? ' (32 bytes in base64, one key per line)' : ''}`);
    }
  });
});
