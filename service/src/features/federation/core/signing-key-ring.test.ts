import { createPublicKey, randomBytes, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NodeSigningCrypto } from '../../../adapters/federation/node-signing-crypto.js';
import { deploymentKey, EnvelopeSecretBox } from '../../../adapters/secrets/envelope-secret-box.js';
import { MemoryObjectStore } from '../../../adapters/store/memory-store.js';
import { newSecretBox } from '../../../../../test/support/secret-box.js';
import { isSealedSecret } from '../../../core/ports/secret-box.js';
import { SecretsAtRest } from '../../../core/secrets/secrets-at-rest.js';
import { getJson } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';
import type { GeneratedSigningKey, SigningCrypto } from '../../../core/ports/signing-crypto.js';
import { SIGNING_KEY_RING_RECORDS, SigningKeyRing, type Jwks, type SigningKeyRingRecord } from './signing-key-ring.js';

const MAX_LIFETIME = 900;
const SKEW = 300;
const T0 = new Date('2030-01-01T00:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

const crypto = new NodeSigningCrypto();
const ringOn = (store: MemoryObjectStore, box = newSecretBox(), keys: SigningCrypto = crypto) =>
  new SigningKeyRing({ store, box, crypto: keys, maxTokenLifetimeSeconds: MAX_LIFETIME, clockSkewSeconds: SKEW });

/** Whether `signature` over `input` verifies with the JWKS entry named `kid`, by node:crypto alone. */
function verifiesWith(jwks: Jwks, kid: string, input: string, signature: string): boolean {
  const jwk = jwks.keys.find((key) => key.kid === kid);
  if (!jwk) return false;
  return verify(
    'sha256',
    Buffer.from(input),
    createPublicKey({ key: { kty: jwk.kty, n: jwk.n, e: jwk.e }, format: 'jwk' }),
    Buffer.from(signature, 'base64url'),
  );
}

/** Real key generation that waits, for the named call, until the test lets it go on. */
function heldCrypto(): SigningCrypto & { held: Promise<void>; release(): void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return {
    held,
    release,
    generateRs256Key: async (): Promise<GeneratedSigningKey> => {
      await held;
      return crypto.generateRs256Key();
    },
    signRs256: (pem, input) => crypto.signRs256(pem, input),
    verifyRs256: (jwk, input, signature) => crypto.verifyRs256(jwk, input, signature),
  };
}

describe('the workload identity signing key ring', () => {
  it('makes its key on first use, publishes only its public half, and signs what the JWKS verifies', async () => {
    const store = new MemoryObjectStore();
    const ring = ringOn(store);
    expect(await ring.keys(T0)).toEqual([]);
    const key = await ring.signingKey(T0);
    expect(key).toMatchObject({ alg: 'RS256', kid: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), createdAt: T0 });
    expect(key.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect((await ring.signingKey(at(60))).kid).toBe(key.kid);

    const jwks = await ring.jwks(T0);
    expect(jwks).toEqual({ keys: [{ kty: 'RSA', n: key.publicJwk.n, e: 'AQAB', kid: key.kid, alg: 'RS256', use: 'sig' }] });
    const signature = crypto.signRs256(key.privateKeyPem, 'header.payload');
    expect(verifiesWith(jwks, key.kid, 'header.payload', signature)).toBe(true);
    expect(verifiesWith(jwks, key.kid, 'header.payloaD', signature)).toBe(false);
  });

  it('stores the private key sealed, bound to the ring and the key id, and never as plaintext', async () => {
    const store = new MemoryObjectStore();
    const box = newSecretBox();
    const key = await ringOn(store, box).signingKey(T0);
    await ringOn(store, box).rotate(at(10));

    const pemBody = key.privateKeyPem.split('\n').filter((line) => line !== '' && !line.startsWith('-----'));
    for (const item of (await store.list('')).items) {
      const text = (await store.get(item.key))!.body.toString('utf8');
      expect(text).not.toContain('PRIVATE KEY');
      for (const line of pemBody) expect(text).not.toContain(line);
      // A JWK's private members would be as bad as the PEM.
      expect(text).not.toMatch(/"(d|p|q|dp|dq|qi)":/);
    }
    const stored = (await getJson<SigningKeyRingRecord>(store, layout.federationKeyRing))!.value;
    expect(isSealedSecret(stored.current.private_key)).toBe(true);
    expect(stored.previous[0]).not.toHaveProperty('private_key');
    // Another deployment key opens nothing.
    await expect(ringOn(store, newSecretBox()).signingKey(at(20))).rejects.toMatchObject({ name: 'SecretUnreadableError', reason: 'unknown-key' });
    // The sealed key moved to another key id does not open either.
    const current = stored.current;
    await store.put(layout.federationKeyRing, JSON.stringify({ ...stored, current: { ...current, kid: stored.previous[0]!.kid } }));
    await expect(ringOn(store, box).signingKey(at(20))).rejects.toMatchObject({ name: 'SecretUnreadableError', reason: 'does-not-open' });
  });

  it('is sealed by secrets-at-rest migration and re-wrapped by deployment-key rotation once registered', async () => {
    const store = new MemoryObjectStore();
    const { privateKeyPem, publicJwk, kid } = await crypto.generateRs256Key();
    const plaintext: SigningKeyRingRecord = {
      current: { kid, alg: 'RS256', public_jwk: publicJwk, private_key: privateKeyPem, created_at: T0.toISOString() },
      previous: [],
    };
    await store.put(layout.federationKeyRing, JSON.stringify(plaintext));
    const kinds = [SIGNING_KEY_RING_RECORDS];
    const [oldKey, newKey] = [deploymentKey(randomBytes(32)), deploymentKey(randomBytes(32))];

    const migrated = await new SecretsAtRest(store, new EnvelopeSecretBox({ active: oldKey }), { kinds }).prepare();
    expect(migrated.migrated).toEqual({ records: 1, sealed: 1, rewrapped: 0, unreadable: [] });
    expect((await store.get(layout.federationKeyRing))!.body.toString('utf8')).not.toContain('PRIVATE KEY');

    const rotating = new EnvelopeSecretBox({ active: newKey, retired: [oldKey] });
    expect(await new SecretsAtRest(store, rotating, { kinds }).rotate()).toMatchObject({ records: 1, rewrapped: 1, finished: true });
    const signing = await ringOn(store, new EnvelopeSecretBox({ active: newKey })).signingKey(T0);
    expect([signing.kid, signing.privateKeyPem]).toEqual([kid, privateKeyPem]);
  });

  it('keeps a rotated key in the JWKS until every token it signed has expired, then prunes it', async () => {
    const store = new MemoryObjectStore();
    const ring = ringOn(store);
    const first = await ring.signingKey(T0);
    const tokenInput = 'signed.just-before-rotation';
    const signature = crypto.signRs256(first.privateKeyPem, tokenInput);

    const rotatedAt = at(3600);
    const outcome = await ring.rotate(rotatedAt);
    const retireAfter = at(3600 + MAX_LIFETIME + SKEW).toISOString();
    expect(outcome).toEqual({ rotated: true, current: expect.any(String), retired: first.kid, retire_after: retireAfter });
    const second = await ring.signingKey(rotatedAt);
    expect(second.kid).toBe(outcome.current);
    expect(second.kid).not.toBe(first.kid);

    // While its tokens may live, both keys are published, the current one first; the old one still verifies.
    const during = await ring.jwks(at(3600 + MAX_LIFETIME));
    expect(during.keys.map((key) => key.kid)).toEqual([second.kid, first.kid]);
    expect(verifiesWith(during, first.kid, tokenInput, signature)).toBe(true);
    expect(await ring.keys(rotatedAt)).toEqual([
      { kid: second.kid, created_at: rotatedAt.toISOString(), rotated_at: null, retire_after: null },
      { kid: first.kid, created_at: T0.toISOString(), rotated_at: rotatedAt.toISOString(), retire_after: retireAfter },
    ]);
    expect(await ring.prune(at(3600 + MAX_LIFETIME))).toEqual({ pruned: [] });

    // Past retire_after it is no longer published, even before a prune; the prune then drops it.
    const after = new Date(retireAfter);
    expect((await ring.jwks(after)).keys.map((key) => key.kid)).toEqual([second.kid]);
    expect((await getJson<SigningKeyRingRecord>(store, layout.federationKeyRing))!.value.previous).toHaveLength(1);
    expect(await ring.prune(after)).toEqual({ pruned: [first.kid] });
    expect((await getJson<SigningKeyRingRecord>(store, layout.federationKeyRing))!.value.previous).toEqual([]);
    expect(await ring.prune(after)).toEqual({ pruned: [] });
  });

  it('rotates when the period is over, and not before', async () => {
    const ring = ringOn(new MemoryObjectStore());
    const made = await ring.rotateIfDue(T0, 86_400);
    expect(made).toMatchObject({ rotated: true, retired: null });
    expect(await ring.rotateIfDue(at(86_399), 86_400)).toEqual({ rotated: false, current: made.current, retired: null, retire_after: null });
    const rotated = await ring.rotateIfDue(at(86_400), 86_400);
    expect(rotated).toMatchObject({ rotated: true, retired: made.current });
    expect(await ring.rotateIfDue(at(86_401), 86_400)).toMatchObject({ rotated: false, current: rotated.current });
  });

  it('lets only one of two replicas rotating at once win', async () => {
    const store = new MemoryObjectStore();
    const box = newSecretBox();
    const original = await ringOn(store, box).signingKey(T0);
    const [slow, fast] = [heldCrypto(), heldCrypto()];
    const replicas = [ringOn(store, box, slow), ringOn(store, box, fast)];

    // Both set out to replace the same key; one writes first, the other finds it replaced.
    const rotations = replicas.map((replica) => replica.rotate(at(100)));
    fast.release();
    const won = await rotations[1]!;
    slow.release();
    const lost = await rotations[0]!;
    expect(won).toMatchObject({ rotated: true, retired: original.kid });
    expect(lost).toEqual({ rotated: false, current: won.current, retired: null, retire_after: null });

    // At the same moment, neither held back: still one rotation.
    const again = await Promise.all(replicas.map((replica) => replica.rotateIfDue(at(200_000), 86_400)));
    expect(again.filter((outcome) => outcome.rotated)).toHaveLength(1);
    const ring = (await getJson<SigningKeyRingRecord>(store, layout.federationKeyRing))!.value;
    expect(ring.previous.map((key) => key.kid)).toEqual([won.current, original.kid]);

    // Two replicas making the first key of an empty ring: both sign with the one stored.
    const empty = new MemoryObjectStore();
    const firsts = await Promise.all([ringOn(empty, box).signingKey(T0), ringOn(empty, box).signingKey(T0)]);
    expect(firsts[0].kid).toBe(firsts[1].kid);
  });

  it('refuses a token lifetime it cannot keep keys for', () => {
    expect(() => new SigningKeyRing({ store: new MemoryObjectStore(), box: newSecretBox(), crypto, maxTokenLifetimeSeconds: 0 })).toThrow(RangeError);
  });
});
