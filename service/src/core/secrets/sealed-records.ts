import type { SecretBox } from '../ports/secret-box.js';
import { layout } from '../storage-layout.js';
import { plaintextCount, sealValue, type StoredSecret } from './sealed-values.js';

/**
 * A kind of record that holds secrets the hub reads back. Migration and key rotation walk every
 * kind they are given: each area of the core declares its own next to its records, each feature
 * its own (`Feature.sealedRecords`), and compose/features.ts gathers them all.
 */
export interface SealedRecordKind {
  /** For progress lines and logs. */
  name: string;
  /** Where its records live (listed whole by migration and rotation). */
  prefix: string;
  /** Whether a key under the prefix is one of its records. */
  holds(key: string): boolean;
  /** The record with every plaintext secret sealed (sealed ones kept), and how many were plaintext. */
  sealPlaintext(box: SecretBox, key: string, record: unknown): { record: unknown; sealed: number };
}

interface IdempotencyRecord {
  body?: StoredSecret;
}

/** Idempotent requests' stored answers, which may hold a secret the request created. */
export const REPLAYABLE_RESPONSE_RECORDS: SealedRecordKind = {
  name: 'replayable responses',
  prefix: layout.idempotencyPrefix,
  holds: (key) => /^idempotency\/[^/]+\/[^/]+$/.test(key),
  sealPlaintext: (box, key, record) => {
    const { body } = record as IdempotencyRecord;
    return body === undefined
      ? { record, sealed: 0 }
      : { record: { ...(record as object), body: sealValue(box, body, key, 'body') }, sealed: plaintextCount(body) };
  },
};
