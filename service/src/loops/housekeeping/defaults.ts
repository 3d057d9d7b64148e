import type { Catalog } from '../../core/catalog/catalog.js';
import { blobGarbageTask, type BlobGarbageOptions } from './blob-garbage.js';
import type { ObjectStore } from '../../core/ports/object-store.js';
import type { HousekeepingTask } from '../maintenance-loop.js';
import { catalogGarbageTask, type CatalogGarbageOptions } from './catalog-garbage.js';
import { loginFlowsTask, loginSessionsTask } from './expired-records.js';
import { idempotencyTask, type IdempotencySweepOptions } from './idempotency.js';
import { loopStatusTask, type LoopStatusSweepOptions } from './loop-status.js';

export interface HousekeepingOptions {
  catalog?: CatalogGarbageOptions;
  idempotency?: IdempotencySweepOptions;
  loopStatus?: LoopStatusSweepOptions;
  blobs?: BlobGarbageOptions;
}

/**
 * The tasks every maintenance loop runs, cheapest first so a slow catalog pass delays nothing else:
 * the base's sweeps of expired records, the capabilities' own tasks (`tasks`), then the garbage
 * collectors.
 */
export function defaultHousekeepingTasks(
  deps: { store: ObjectStore; catalog: Catalog; knownLoops: () => readonly string[]; tasks?: readonly HousekeepingTask[] },
  options: HousekeepingOptions = {},
): HousekeepingTask[] {
  return [
    loginSessionsTask(deps.store),
    loginFlowsTask(deps.store),
    idempotencyTask(deps.store, options.idempotency),
    loopStatusTask(deps.store, deps.knownLoops, options.loopStatus),
    ...(deps.tasks ?? []),
    catalogGarbageTask(deps.store, deps.catalog, options.catalog),
    blobGarbageTask(deps.store, options.blobs),
  ];
}
