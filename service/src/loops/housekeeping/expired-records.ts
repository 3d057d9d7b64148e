import type { ObjectStore } from '../../core/ports/object-store.js';
import { layout } from '../../core/storage-layout.js';
import type { HousekeepingTask } from '../maintenance-loop.js';
import { deleteIfUnchanged, sweepPrefix } from './scan.js';

export interface RecordSweepOptions {
  /** Deletions per cycle; the rest waits for the next one. */
  maxDeletes?: number;
  budgetMs?: number;
}

const DEFAULT_MAX_DELETES = 5_000;
/** Taken from the layout so the sweep follows the records if their keys ever move. */
const LOGIN_SESSIONS_PREFIX = layout.loginSession('');
const LOGIN_FLOWS_PREFIX = layout.loginFlow('');

/**
 * Deletes records under `prefix` whose `expires_at` has passed. Expired records are already
 * refused by their readers, so this only reclaims space. A record that cannot be read is left for
 * an operator (counted as `unreadable`) rather than guessed about.
 */
export function expiredRecordsTask(store: ObjectStore, name: string, prefix: string, options: RecordSweepOptions = {}): HousekeepingTask {
  return {
    name,
    budgetMs: options.budgetMs,
    async run({ signal, now }) {
      let unreadable = 0;
      const sweep = await sweepPrefix(store, prefix, { signal, maxDeletes: options.maxDeletes ?? DEFAULT_MAX_DELETES }, async (item) => {
        const object = await store.get(item.key);
        if (!object) return false;
        const expiresAt = expiryOf(object.body);
        if (expiresAt === null) {
          unreadable++;
          return false;
        }
        if (expiresAt > now) return false;
        return deleteIfUnchanged(store, item.key, object.etag);
      });
      return { ...sweep, unreadable };
    },
  };
}

function expiryOf(body: Buffer): number | null {
  try {
    const record = JSON.parse(body.toString('utf8')) as { expires_at?: unknown };
    const at = typeof record.expires_at === 'string' ? Date.parse(record.expires_at) : NaN;
    return Number.isNaN(at) ? null : at;
  } catch {
    return null;
  }
}

/** Browser login sessions (`auth/sessions/*`) past their `expires_at`. */
export const loginSessionsTask = (store: ObjectStore, options?: RecordSweepOptions) =>
  expiredRecordsTask(store, 'login_sessions', LOGIN_SESSIONS_PREFIX, options);

/** OIDC logins that were started and never completed (`auth/login-flows/*`, 10-minute lifetime). */
export const loginFlowsTask = (store: ObjectStore, options?: RecordSweepOptions) => expiredRecordsTask(store, 'login_flows', LOGIN_FLOWS_PREFIX, options);
