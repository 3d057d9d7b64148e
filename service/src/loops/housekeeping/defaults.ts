import type { Catalog } from '../../core/catalog/catalog.js';
import { blobGarbageTask, type BlobGarbageOptions } from './blob-garbage.js';
import type { ObjectStore } from '../../core/ports/object-store.js';
import type { HousekeepingTask } from '../maintenance-loop.js';
import { catalogGarbageTask, type CatalogGarbageOptions } from './catalog-garbage.js';
import { loginFlowsTask, loginSessionsTask, oauthRecordsTasks, surfacePassesTask } from './expired-records.js';
import { idempotencyTask, type IdempotencySweepOptions } from './idempotency.js';
import { loopStatusTask, type LoopStatusSweepOptions } from './loop-status.js';
import { notebookImportsTask } from '../../features/imports/loops/import-housekeeping.js';
import { oauthClientsTask } from '../../features/mcp/loops/oauth-clients.js';
import type { RecordSweepOptions } from './expired-records.js';

export interface HousekeepingOptions {
  catalog?: CatalogGarbageOptions;
  idempotency?: IdempotencySweepOptions;
  loopStatus?: LoopStatusSweepOptions;
  notebookImports?: RecordSweepOptions;
  blobs?: BlobGarbageOptions;
}

/** The tasks every maintenance loop runs, cheapest first so a slow catalog pass delays nothing else. */
export function defaultHousekeepingTasks(
  deps: { store: ObjectStore; catalog: Catalog; knownLoops: () => readonly string[] },
  options: HousekeepingOptions = {},
): HousekeepingTask[] {
  return [
    loginSessionsTask(deps.store),
    loginFlowsTask(deps.store),
    surfacePassesTask(deps.store),
    ...oauthRecordsTasks(deps.store),
    oauthClientsTask(deps.store),
    idempotencyTask(deps.store, options.idempotency),
    loopStatusTask(deps.store, deps.knownLoops, options.loopStatus),
    notebookImportsTask(deps.store, options.notebookImports),
    catalogGarbageTask(deps.store, deps.catalog, options.catalog),
    blobGarbageTask(deps.store, options.blobs),
  ];
}
