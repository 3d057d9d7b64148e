import type { SecretBox } from '../ports/secret-box.js';
import { openOptional, openValue, plaintextCount, sealOptional, sealValue, type StoredSecret } from '../secrets/sealed-values.js';
import type { SurfaceId, SurfaceStatus } from '../ports/surface-model.js';
import type { SessionRecord } from './session-model.js';
import type { SealedRecordKind } from '../secrets/sealed-records.js';
import { layout } from '../storage-layout.js';

/** A session record as the store holds it: marimo's and the surfaces' secrets sealed (docs/secrets-at-rest.md). */
export type StoredSessionRecord = Omit<SessionRecord, 'secret' | 'surfaces'> & {
  secret: StoredSecret;
  surfaces?: Partial<Record<SurfaceId, Omit<SurfaceStatus, 'secret'> & { secret: StoredSecret | null }>>;
};

type Surfaces<Secret> = Partial<Record<string, { secret: Secret | null }>>;

function mapSurfaces<From, To>(surfaces: Surfaces<From> | undefined, each: (secret: From | null, field: string) => To | null) {
  if (!surfaces) return undefined;
  return Object.fromEntries(
    Object.entries(surfaces).map(([id, status]) => [id, status && { ...status, secret: each(status.secret, `surfaces.${id}.secret`) }]),
  );
}

/** The record with every secret sealed (sealed ones kept): every write, and the migration of old records. */
export function sealSessionRecord(box: SecretBox, key: string, record: StoredSessionRecord): { record: StoredSessionRecord; sealed: number } {
  const surfaceSecrets = Object.values(record.surfaces ?? {}).map((status) => status?.secret);
  const surfaces = mapSurfaces(record.surfaces, (secret, field) => sealOptional(box, secret, key, field));
  return {
    record: { ...record, secret: sealValue(box, record.secret, key, 'secret'), ...(surfaces ? { surfaces: surfaces as StoredSessionRecord['surfaces'] } : {}) },
    sealed: plaintextCount(record.secret, ...surfaceSecrets),
  };
}

export function openSessionRecord(box: SecretBox, key: string, record: StoredSessionRecord): SessionRecord {
  const { secret, surfaces: stored, ...rest } = record;
  const surfaces = mapSurfaces(stored, (sealed, field) => openOptional(box, sealed, key, field));
  return { ...rest, secret: openValue(box, secret, key, 'secret'), ...(surfaces ? { surfaces: surfaces as SessionRecord['surfaces'] } : {}) };
}

/** Session records, which hold a session's server token and its surfaces' secrets. */
export const SESSION_SEALED_RECORDS: SealedRecordKind = {
  name: 'sessions',
  prefix: layout.sessionsPrefix,
  holds: (key) => /^sessions\/[^/]+\/[^/]+$/.test(key),
  sealPlaintext: (box, key, record) => sealSessionRecord(box, key, record as StoredSessionRecord),
};
