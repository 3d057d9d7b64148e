import { sealAlertSet, type ProjectAlertSet, type SealedAlertDestination } from '../alerts/destination-records.js';
import { sealGitCredentials } from '../git/git-credentials.js';
import { sealLoginFlow, type StoredLoginFlow } from '../identity/login-flows.js';
import type { SecretBox } from '../ports/secret-box.js';
import { sealSessionRecord, type StoredSessionRecord } from '../sessions/session-secrets.js';
import { sealWarmSandbox, type StoredWarmSandbox } from '../sessions/warm-pool.js';
import { layout } from '../storage-layout.js';
import { plaintextCount, sealValue, type StoredSecret } from './sealed-values.js';

/**
 * A kind of record that holds secrets the hub reads back. Migration and key rotation walk every
 * kind listed in {@link SEALED_RECORD_KINDS}; a new kind (integration secrets) joins by being listed.
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

export const SEALED_RECORD_KINDS: readonly SealedRecordKind[] = [
  {
    name: 'Git credentials',
    prefix: layout.gitPrefix,
    holds: (key) => /^git\/[^/]+\/credentials$/.test(key),
    sealPlaintext: (box, key, record) => sealGitCredentials(box, key, record as Parameters<typeof sealGitCredentials>[2]),
  },
  {
    name: 'alert destinations',
    prefix: layout.alertsPrefix,
    holds: (key) => /^alerts\/[^/]+\/destinations$/.test(key),
    sealPlaintext: (box, key, record) => sealAlertSet(box, key, record as ProjectAlertSet<SealedAlertDestination>),
  },
  {
    name: 'sessions',
    prefix: layout.sessionsPrefix,
    holds: (key) => /^sessions\/[^/]+\/[^/]+$/.test(key),
    sealPlaintext: (box, key, record) => sealSessionRecord(box, key, record as StoredSessionRecord),
  },
  {
    name: 'warm sandboxes',
    prefix: layout.warmPoolPrefix,
    holds: (key) => /^warm-pool\/[^/]+$/.test(key),
    sealPlaintext: (box, key, record) => sealWarmSandbox(box, key, record as StoredWarmSandbox),
  },
  {
    name: 'pending sign-ins',
    prefix: layout.loginFlowsPrefix,
    holds: (key) => /^auth\/login-flows\/[^/]+$/.test(key),
    sealPlaintext: (box, key, record) => sealLoginFlow(box, key, record as StoredLoginFlow),
  },
  {
    name: 'replayable responses',
    prefix: layout.idempotencyPrefix,
    holds: (key) => /^idempotency\/[^/]+\/[^/]+$/.test(key),
    sealPlaintext: (box, key, record) => {
      const { body } = record as IdempotencyRecord;
      return body === undefined
        ? { record, sealed: 0 }
        : { record: { ...(record as object), body: sealValue(box, body, key, 'body') }, sealed: plaintextCount(body) };
    },
  },
];
