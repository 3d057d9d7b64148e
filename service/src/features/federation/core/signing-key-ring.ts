import { PreconditionFailedError, type ObjectStore } from '../../../core/ports/object-store.js';
import type { SecretBox } from '../../../core/ports/secret-box.js';
import type { SealedRecordKind } from '../../../core/secrets/sealed-records.js';
import { openValue, plaintextCount, sealValue, type StoredSecret } from '../../../core/secrets/sealed-values.js';
import { getJson, jsonBody, retryOnConflict, updateJson } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';
import type { GeneratedSigningKey, RsaPublicJwk, SigningCrypto } from '../../../core/ports/signing-crypto.js';

export const SIGNING_ALGORITHM = 'RS256';

/** The key that signs: its private half is sealed, and only this key has one stored. */
interface CurrentKeyRecord<Secret> {
  kid: string;
  alg: typeof SIGNING_ALGORITHM;
  public_jwk: RsaPublicJwk;
  private_key: Secret;
  created_at: string;
}

/** A key rotated out: it signs no more, so only its public half is kept, published until `retire_after`. */
interface PreviousKeyRecord {
  kid: string;
  alg: typeof SIGNING_ALGORITHM;
  public_jwk: RsaPublicJwk;
  created_at: string;
  rotated_at: string;
  /** When every token it signed has expired: `rotated_at` + the longest token lifetime + clock skew. */
  retire_after: string;
}

/** The object at {@link layout.federationKeyRing}. One object, so that a rotation is one compare-and-swap. */
export interface SigningKeyRingRecord<Secret = StoredSecret> {
  current: CurrentKeyRecord<Secret>;
  /** Newest first. */
  previous: PreviousKeyRecord[];
}

/** Where the current key's private half belongs: bound to the ring and the key id, it opens nowhere else. */
const PRIVATE_KEY_FIELD = (kid: string) => `${kid}.private_key`;

/** The ring with its private key sealed (a sealed one kept): every write, and the secrets-at-rest walk. */
export function sealSigningKeyRing(box: SecretBox, key: string, record: SigningKeyRingRecord): { record: SigningKeyRingRecord; sealed: number } {
  const { current } = record;
  return {
    record: { ...record, current: { ...current, private_key: sealValue(box, current.private_key, key, PRIVATE_KEY_FIELD(current.kid)) } },
    sealed: plaintextCount(current.private_key),
  };
}

/**
 * The ring as a kind of sealed record, for secrets-at-rest migration and deployment-key rotation
 * (docs/secrets-at-rest.md): the federation feature declares it as its `sealedRecords`.
 */
export const SIGNING_KEY_RING_RECORDS: SealedRecordKind = {
  name: 'workload identity signing keys',
  prefix: layout.federationKeysPrefix,
  holds: (key) => key === layout.federationKeyRing,
  sealPlaintext: (box, key, record) => sealSigningKeyRing(box, key, record as SigningKeyRingRecord),
};

/** The key tokens are signed with now, its private half open. Kept in memory only. */
export interface OpenSigningKey {
  kid: string;
  alg: typeof SIGNING_ALGORITHM;
  publicJwk: RsaPublicJwk;
  privateKeyPem: string;
  createdAt: Date;
}

/** A JWKS entry: public keys only. */
export interface PublishedJwk extends RsaPublicJwk {
  kid: string;
  alg: typeof SIGNING_ALGORITHM;
  use: 'sig';
}

export interface Jwks {
  keys: PublishedJwk[];
}

/** A published key as operators and the health check see it (no key material). */
export interface SigningKeySummary {
  kid: string;
  created_at: string;
  /** Null for the current key. */
  rotated_at: string | null;
  retire_after: string | null;
}

export interface RotationOutcome {
  /** False when another replica rotated first (or, for {@link SigningKeyRing.rotateIfDue}, when no rotation was due). */
  rotated: boolean;
  /** The key that signs now; null only when `ifCurrent` named a key and the ring is empty. */
  current: string | null;
  /** The key this rotation retired; null when nothing was rotated or the ring was empty. */
  retired: string | null;
  /** When the retired key leaves the JWKS. */
  retire_after: string | null;
}

export interface SigningKeyRingOptions {
  store: ObjectStore;
  box: SecretBox;
  crypto: SigningCrypto;
  /** The longest lifetime of a token the hub signs: a rotated key stays published this long after its rotation. */
  maxTokenLifetimeSeconds: number;
  /**
   * How far the clocks of replicas and consumers may disagree: added to how long a rotated key stays
   * published. Default 300 seconds.
   */
  clockSkewSeconds?: number;
}

const DEFAULT_CLOCK_SKEW_SECONDS = 300;
const KEY = layout.federationKeyRing;

const secondsAfter = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);

/**
 * The issuer's signing keys (docs/federation.md, "Keys"): made by the hub on first use, the private
 * key sealed with the deployment key; rotated by a compare-and-swap that only one replica wins;
 * rotated keys published until every token they signed has expired, then pruned.
 */
export class SigningKeyRing {
  private readonly store: ObjectStore;
  private readonly box: SecretBox;
  private readonly crypto: SigningCrypto;
  readonly maxTokenLifetimeSeconds: number;
  private readonly clockSkewSeconds: number;

  constructor(options: SigningKeyRingOptions) {
    if (!Number.isInteger(options.maxTokenLifetimeSeconds) || options.maxTokenLifetimeSeconds < 1) {
      throw new RangeError('maxTokenLifetimeSeconds must be a positive whole number of seconds');
    }
    this.store = options.store;
    this.box = options.box;
    this.crypto = options.crypto;
    this.maxTokenLifetimeSeconds = options.maxTokenLifetimeSeconds;
    this.clockSkewSeconds = options.clockSkewSeconds ?? DEFAULT_CLOCK_SKEW_SECONDS;
  }

  /** The key to sign with now; made and stored on first use (when replicas race, they all get the one stored first). */
  async signingKey(now: Date): Promise<OpenSigningKey> {
    const { record } = await this.ensure(now);
    const { current } = record;
    return {
      kid: current.kid,
      alg: current.alg,
      publicJwk: current.public_jwk,
      privateKeyPem: openValue(this.box, current.private_key, KEY, PRIVATE_KEY_FIELD(current.kid)),
      createdAt: new Date(current.created_at),
    };
  }

  /**
   * Makes a new key the current one; the current one is kept in the JWKS until `retire_after`.
   * Replicas rotating at once: one wins, the others find a newer current key than the one they set
   * out to replace and return `rotated: false`. With `ifCurrent`, rotates only while that key is
   * current. An empty ring gets its first key (`rotated: true`, nothing retired).
   */
  async rotate(now: Date, options: { ifCurrent?: string } = {}): Promise<RotationOutcome> {
    // Which key this rotation replaces is fixed before the slow key generation (null: the empty
    // ring): a replica that finds another current key at its write has lost the race to a rotation
    // that already did the work.
    const replacing = options.ifCurrent ?? (await this.read())?.record.current.kid ?? null;
    const fresh = await this.crypto.generateRs256Key();
    return retryOnConflict(KEY, async () => {
      const stored = await this.read();
      const found = stored?.record.current.kid ?? null;
      if (found !== replacing) return { rotated: false, current: found, retired: null, retire_after: null };
      if (!stored) {
        await this.store.put(KEY, jsonBody(this.newRing(fresh, now)), { ifNoneMatch: '*' });
        return { rotated: true, current: fresh.kid, retired: null, retire_after: null };
      }
      const { current, previous } = stored.record;
      const retireAfter = secondsAfter(now, this.maxTokenLifetimeSeconds + this.clockSkewSeconds).toISOString();
      const retiring: PreviousKeyRecord = {
        kid: current.kid,
        alg: current.alg,
        public_jwk: current.public_jwk,
        created_at: current.created_at,
        rotated_at: now.toISOString(),
        retire_after: retireAfter,
      };
      const next: SigningKeyRingRecord = { current: this.newRing(fresh, now).current, previous: [retiring, ...previous] };
      await this.store.put(KEY, jsonBody(next), { ifMatch: stored.etag });
      return { rotated: true, current: fresh.kid, retired: current.kid, retire_after: retireAfter };
    });
  }

  /** Rotates when the current key is `rotationPeriodSeconds` old (what the rotation loop calls); makes the first key on an empty ring. */
  async rotateIfDue(now: Date, rotationPeriodSeconds: number): Promise<RotationOutcome> {
    const { record, created } = await this.ensure(now);
    const { current } = record;
    const due = !created && secondsAfter(new Date(current.created_at), rotationPeriodSeconds) <= now;
    if (!due) return { rotated: created, current: current.kid, retired: null, retire_after: null };
    return this.rotate(now, { ifCurrent: current.kid });
  }

  /** Drops the rotated keys whose tokens have all expired. */
  async prune(now: Date): Promise<{ pruned: string[] }> {
    let pruned: string[] = [];
    await updateJson<SigningKeyRingRecord>(this.store, KEY, (ring) => {
      if (!ring) return undefined;
      const [expired, kept] = partition(ring.previous, (key) => new Date(key.retire_after) <= now);
      pruned = expired.map((key) => key.kid);
      return expired.length === 0 ? undefined : { ...ring, previous: kept };
    });
    return { pruned };
  }

  /** The public keys a consumer verifies tokens with: the current one (made on first use) and those not yet retired. */
  async jwks(now: Date): Promise<Jwks> {
    const { record } = await this.ensure(now);
    const published = [record.current, ...record.previous.filter((key) => new Date(key.retire_after) > now)];
    return { keys: published.map((key) => ({ ...key.public_jwk, kid: key.kid, alg: key.alg, use: 'sig' })) };
  }

  /** The published keys without key material (the health check, operators); an empty list before the first key. */
  async keys(now: Date): Promise<SigningKeySummary[]> {
    const stored = await this.read();
    if (!stored) return [];
    const { current, previous } = stored.record;
    return [
      { kid: current.kid, created_at: current.created_at, rotated_at: null, retire_after: null },
      ...previous
        .filter((key) => new Date(key.retire_after) > now)
        .map((key) => ({ kid: key.kid, created_at: key.created_at, rotated_at: key.rotated_at, retire_after: key.retire_after })),
    ];
  }

  private async read(): Promise<{ record: SigningKeyRingRecord; etag: string } | null> {
    const stored = await getJson<SigningKeyRingRecord>(this.store, KEY);
    return stored ? { record: stored.value, etag: stored.etag } : null;
  }

  /** The stored ring, or a first one with a new key; `created` when this call stored it. */
  private async ensure(now: Date): Promise<{ record: SigningKeyRingRecord; created: boolean }> {
    const stored = await this.read();
    if (stored) return { record: stored.record, created: false };
    const first = this.newRing(await this.crypto.generateRs256Key(), now);
    try {
      await this.store.put(KEY, jsonBody(first), { ifNoneMatch: '*' });
      return { record: first, created: true };
    } catch (error) {
      if (!(error instanceof PreconditionFailedError)) throw error;
      const winner = await this.read();
      if (!winner) throw error;
      return { record: winner.record, created: false };
    }
  }

  private newRing(key: GeneratedSigningKey, now: Date): SigningKeyRingRecord {
    const unsealed: SigningKeyRingRecord = {
      current: { kid: key.kid, alg: SIGNING_ALGORITHM, public_jwk: key.publicJwk, private_key: key.privateKeyPem, created_at: now.toISOString() },
      previous: [],
    };
    return sealSigningKeyRing(this.box, KEY, unsealed).record;
  }
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}
