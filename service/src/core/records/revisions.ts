import type { Catalog, CatalogTx } from '../catalog/catalog.js';
import { HubError } from '../errors.js';
import { DEFAULT_CAS_RETRY, backoffDelay, jsonBody, sleep } from '../store/cas.js';
import type { ObjectStore } from '../ports/object-store.js';

/**
 * Stores an immutable revision, then lets `adopt` move catalog entries to it inside one catalog
 * transaction. `adopt` returns false when the entry no longer names the revision the change
 * started from (a lost race). Whenever the catalog does not adopt the revision, the revision is
 * deleted again, so no record outlives a change that did not happen (and a catalog rebuild cannot
 * resurrect it).
 */
export async function commitRevision(
  store: ObjectStore,
  catalog: Catalog,
  revision: { key: string; body: unknown; reason: string },
  adopt: (tx: CatalogTx) => Promise<boolean>,
): Promise<boolean> {
  await store.put(revision.key, jsonBody(revision.body), { ifNoneMatch: '*' });
  try {
    const adopted = await catalog.mutate(revision.reason, adopt);
    if (!adopted) await store.delete(revision.key).catch(() => {});
    return adopted;
  } catch (error) {
    await store.delete(revision.key).catch(() => {});
    throw error;
  }
}

const CHANGE_ATTEMPTS = 6;

/**
 * Re-runs a read-change-commit cycle until `attempt` commits (returns a value) or the attempts
 * run out; `attempt` returns undefined after losing a race.
 */
export async function retryChange<T>(what: string, attempt: () => Promise<T | undefined>): Promise<T> {
  for (let n = 0; n < CHANGE_ATTEMPTS; n++) {
    if (n > 0) await sleep(backoffDelay(DEFAULT_CAS_RETRY, n));
    const result = await attempt();
    if (result !== undefined) return result;
  }
  throw new HubError('CONFLICT', `${what} is being changed concurrently; retry`);
}
