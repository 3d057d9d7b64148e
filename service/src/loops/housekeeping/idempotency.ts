import type { ObjectStore } from '../../core/ports/object-store.js';
import type { HousekeepingTask } from '../maintenance-loop.js';
import type { RecordSweepOptions } from './expired-records.js';
import { sweepPrefix } from './scan.js';

export interface IdempotencySweepOptions extends RecordSweepOptions {
  /** Default 7 days: a retry is replayed for 24 hours and refused (422) until the record is gone. */
  maxAgeMs?: number;
}

export const IDEMPOTENCY_PREFIX = 'idempotency/';
export const DEFAULT_IDEMPOTENCY_MAX_AGE_MS = 7 * 24 * 3600_000;

/**
 * Deletes `idempotency/<scope>/<hash>` records last written more than `maxAgeMs` ago. The store's
 * modification time is enough: a record is rewritten only when its request completes or an
 * abandoned reservation is taken over, both of which renew its life.
 */
export function idempotencyTask(store: ObjectStore, options: IdempotencySweepOptions = {}): HousekeepingTask {
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_IDEMPOTENCY_MAX_AGE_MS;
  return {
    name: 'idempotency',
    budgetMs: options.budgetMs,
    async run({ signal, now }) {
      return sweepPrefix(store, IDEMPOTENCY_PREFIX, { signal, maxDeletes: options.maxDeletes ?? 5_000 }, async (item) => {
        if (now - item.lastModified <= maxAgeMs) return false;
        await store.delete(item.key);
        return true;
      });
    },
  };
}
