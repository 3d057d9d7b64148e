import type { ObjectStore } from '../../../core/ports/object-store.js';
import { layout } from '../../../core/storage-layout.js';
import { expiredRecordsTask, type RecordSweepOptions } from '../../../loops/housekeeping/expired-records.js';

/** Taken from the layout so the sweep follows the records if their keys ever move. */
const SURFACE_PASSES_PREFIX = layout.surfacePass('');

/** Tickets and grants into sessions' surfaces (`auth/surface-passes/*`) past their `expires_at`. */
export const surfacePassesTask = (store: ObjectStore, options?: RecordSweepOptions) =>
  expiredRecordsTask(store, 'surface_passes', SURFACE_PASSES_PREFIX, options);
