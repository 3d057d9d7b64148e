import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretUnreadableError, isSealedSecret, type SealedSecret } from '../../core/ports/secret-box.js';
import { deploymentKey, deploymentKeyId, EnvelopeSecretBox } from './envelope-secret-box.js';

const TOKEN = 'ghp_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const HERE = 'git/proj-0000000000000001/credentials#read_token';

const newKey = () => deploymentKey(randomBytes(32));

function unreadable(action: () => unknown): SecretUnreadableError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(SecretUnreadableError);
    return error as SecretUnreadableError;
  }
  throw new Error('expected the secret not to open');
}

/** The sealed value with one byte of a base64url field changed. */
function flipped(sealed: SealedSecret, field: 'dek' | 'data', at: number): SealedSecret {
  const bytes = Buffer.from(sealed[field], 'base64url');
  bytes[at < 0 ? bytes.length + at : at % bytes.length]! ^= 0x01;
  return { ...sealed, [field]: bytes.toString('base64url') };
}

describe('the envelope secret box', () => {
  const key = newKey();
  const box = new EnvelopeSecretBox({ active: key });

  it('seals to a record naming its key, which opens back to the plaintext in its context only', () => {
    const sealed = box.seal(TOKEN, HERE);
    expect(isSealedSecret(sealed)).toBe(true);
    expect(sealed.kid).toBe(key.id);
    expect(JSON.stringify(sealed)).not.toContain(TOKEN);
    expect(JSON.stringify(sealed)).not.toContain(Buffer.from(TOKEN).toString('base64url').slice(0, 12));
    expect(box.open(sealed, HERE)).toBe(TOKEN);
    expect(box.open(box.seal('naïve ✓ ключ', HERE), HERE)).toBe('naïve ✓ ключ');
    expect(box.open(box.seal('', HERE), HERE)).toBe('');
  });

  it('draws a fresh data key and IVs for every seal', () => {
    const [one, two] = [box.seal(TOKEN, HERE), box.seal(TOKEN, HERE)];
    expect(one.dek).not.toBe(two.dek);
    expect(one.data).not.toBe(two.data);
  });

  it('refuses a secret moved to another record, field or project', () => {
    const sealed = box.seal(TOKEN, HERE);
    for (const elsewhere of [
      'git/proj-0000000000000002/credentials#read_token',
      'git/proj-0000000000000001/credentials#write_token',
      'alerts/proj-0000000000000001/destinations#alert-0000000000000001.url',
    ]) {
      const error = unreadable(() => box.open(sealed, elsewhere));
      expect(error.reason).toBe('does-not-open');
      expect(error.message).toContain(elsewhere);
      expect(error.message).not.toContain(TOKEN);
    }
  });

  it('refuses altered bytes anywhere in the sealed record', () => {
    const sealed = box.seal(TOKEN, HERE);
    // IV, ciphertext and tag (the last bytes).
    for (const at of [0, 5, 13, 40, -1, -16]) {
      expect(unreadable(() => box.open(flipped(sealed, 'data', at), HERE)).reason).toBe('does-not-open');
      expect(unreadable(() => box.open(flipped(sealed, 'dek', at), HERE)).reason).toBe('does-not-open');
    }
    expect(unreadable(() => box.open({ ...sealed, data: sealed.data.slice(0, 20) }, HERE)).reason).toBe('does-not-open');
    expect(unreadable(() => box.open({ ...sealed, dek: '' }, HERE)).reason).toBe('does-not-open');
    // A data key and a secret from two different seals do not make one.
    const other = box.seal(TOKEN, HERE);
    expect(unreadable(() => box.open({ ...sealed, dek: other.dek }, HERE)).reason).toBe('does-not-open');
  });

  it('cannot open without the key, nor with a wrong key under the same id', () => {
    const sealed = box.seal(TOKEN, HERE);
    const stranger = new EnvelopeSecretBox({ active: newKey() });
    const missing = unreadable(() => stranger.open(sealed, HERE));
    expect([missing.reason, missing.kid]).toEqual(['unknown-key', key.id]);
    const impostor = new EnvelopeSecretBox({ active: { id: key.id, key: randomBytes(32) } });
    expect(unreadable(() => impostor.open(sealed, HERE)).reason).toBe('does-not-open');
    // Naming another key the box has does not help either: the wrapped key is bound to its key id.
    const second = newKey();
    const both = new EnvelopeSecretBox({ active: second, retired: [key] });
    expect(unreadable(() => both.open({ ...sealed, kid: second.id }, HERE)).reason).toBe('does-not-open');
  });

  it('derives the key id from the key: stable, distinct, and not the key', () => {
    const raw = randomBytes(32);
    expect(deploymentKeyId(raw)).toBe(deploymentKeyId(Buffer.from(raw)));
    expect(deploymentKeyId(raw)).toMatch(/^k-[0-9a-f]{16}$/);
    expect(deploymentKeyId(raw)).not.toBe(deploymentKeyId(randomBytes(32)));
    expect(() => deploymentKey(randomBytes(16))).toThrow(/32 bytes/);
  });

  describe('rotation', () => {
    it('reads retired keys, seals under the active one, and re-wraps without touching the secret', () => {
      const old = newKey();
      const sealedBefore = new EnvelopeSecretBox({ active: old }).seal(TOKEN, HERE);
      const next = newKey();
      const rotating = new EnvelopeSecretBox({ active: next, retired: [old] });
      expect(rotating.keyIds).toEqual([next.id, old.id]);
      expect(rotating.open(sealedBefore, HERE)).toBe(TOKEN);
      expect(rotating.seal(TOKEN, HERE).kid).toBe(next.id);

      const rewrapped = rotating.rewrap(sealedBefore);
      expect(rewrapped.kid).toBe(next.id);
      expect(rewrapped.data).toBe(sealedBefore.data);
      expect(rewrapped.dek).not.toBe(sealedBefore.dek);
      expect(rotating.rewrap(rewrapped)).toBe(rewrapped);

      const retiredGone = new EnvelopeSecretBox({ active: next });
      expect(retiredGone.open(rewrapped, HERE)).toBe(TOKEN);
      expect(unreadable(() => retiredGone.open(sealedBefore, HERE)).reason).toBe('unknown-key');
      expect(unreadable(() => retiredGone.rewrap(sealedBefore)).reason).toBe('unknown-key');
      // The context still binds after a re-wrap.
      expect(unreadable(() => retiredGone.open(rewrapped, 'git/proj-0000000000000002/credentials#read_token')).reason).toBe('does-not-open');
    });
  });
});
