import { PreconditionFailedError, type ObjectInfo, type ObjectStore } from '../../core/ports/object-store.js';

/** Every object under `prefix`, a page at a time; stops early once `signal` is aborted. */
export async function* listObjects(store: ObjectStore, prefix: string, signal?: AbortSignal): AsyncGenerator<ObjectInfo> {
  let cursor: string | null = null;
  do {
    if (signal?.aborted) return;
    const page: Awaited<ReturnType<ObjectStore['list']>> = await store.list(prefix, { cursor });
    yield* page.items;
    cursor = page.nextCursor;
  } while (cursor);
}

/** The last key segment (record names are hashes or ids, never nested below their prefix). */
export function lastSegment(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

/**
 * Runs `visit` over the objects under `prefix`, `concurrency` at a time, until the listing ends,
 * the signal aborts or `visit` has said `true` (it deleted something) `maxDeletes` times.
 */
export async function sweepPrefix(
  store: ObjectStore,
  prefix: string,
  options: { signal: AbortSignal; maxDeletes: number; concurrency?: number; afterBatch?: () => Promise<void> },
  visit: (item: ObjectInfo) => Promise<boolean>,
): Promise<{ examined: number; deleted: number; partial: boolean }> {
  const concurrency = options.concurrency ?? 16;
  let examined = 0;
  let deleted = 0;
  let batch: ObjectInfo[] = [];
  const flush = async () => {
    const outcomes = await Promise.all(batch.map(visit));
    examined += batch.length;
    deleted += outcomes.filter(Boolean).length;
    batch = [];
    await options.afterBatch?.();
  };
  let partial = false;
  for await (const item of listObjects(store, prefix, options.signal)) {
    if (options.signal.aborted) break;
    if (deleted + batch.length >= options.maxDeletes) {
      await flush();
      // Stopping at the limit leaves the rest for the next cycle.
      if (deleted >= options.maxDeletes) {
        partial = true;
        break;
      }
    }
    batch.push(item);
    if (batch.length >= concurrency) await flush();
  }
  await flush();
  partial ||= options.signal.aborted;
  return { examined, deleted, partial };
}

/**
 * Deletes `key` only if it is still the object read as `etag` (one re-created or changed in the
 * meantime survives); answers whether it was deleted.
 */
export async function deleteIfUnchanged(store: ObjectStore, key: string, etag: string): Promise<boolean> {
  try {
    await store.delete(key, { ifMatch: etag });
    return true;
  } catch (error) {
    if (error instanceof PreconditionFailedError) return false;
    throw error;
  }
}
