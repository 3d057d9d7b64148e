import type { ObjectStore } from '../../core/ports/object-store.js';
import { LOOP_STATUS_PREFIX } from '../loop-report.js';
import type { HousekeepingTask } from '../maintenance-loop.js';
import type { RecordSweepOptions } from './expired-records.js';
import { lastSegment, sweepPrefix } from './scan.js';

export interface LoopStatusSweepOptions extends RecordSweepOptions {
  /**
   * Default 24 hours. During a rolling upgrade an older replica may still run a loop this one no
   * longer knows; only a record nobody has written for this long belongs to a loop that is gone.
   */
  staleAfterMs?: number;
}

/** Deletes the status records of loops this hub no longer has. */
export function loopStatusTask(store: ObjectStore, knownLoops: () => readonly string[], options: LoopStatusSweepOptions = {}): HousekeepingTask {
  const staleAfterMs = options.staleAfterMs ?? 24 * 3600_000;
  return {
    name: 'loop_status',
    budgetMs: options.budgetMs,
    async run({ signal, now }) {
      const known = new Set(knownLoops());
      return sweepPrefix(store, LOOP_STATUS_PREFIX, { signal, maxDeletes: options.maxDeletes ?? 1_000 }, async (item) => {
        if (known.has(lastSegment(item.key)) || now - item.lastModified <= staleAfterMs) return false;
        await store.delete(item.key);
        return true;
      });
    },
  };
}
