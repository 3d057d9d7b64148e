import type { ObjectStore } from '../ports/object-store.js';
import { layout } from '../storage-layout.js';

/**
 * Blobs are shared and content-addressed, so a writer that finds one already stored reuses it
 * without writing. Garbage collection therefore cannot tell from a blob's age alone whether a
 * writer is about to reference it. The rule that makes the two safe together:
 *
 * - a writer reuses a stored blob as it is only when it was written in the last
 *   {@link BLOB_REFRESH_AFTER_MS}; an older one is written again, which renews its age;
 * - garbage collection deletes only blobs that no manifest or import snapshot names and that are
 *   older than {@link BLOB_GARBAGE_GRACE_MS}, far longer than any write takes.
 *
 * A blob a writer is about to reference is therefore always younger than the grace period.
 */
export const BLOB_REFRESH_AFTER_MS = 3600_000;
export const BLOB_GARBAGE_GRACE_MS = 24 * 3600_000;

/**
 * When the blob was last written (milliseconds since the epoch), or null when it does not exist.
 * Read through a listing because that is where the store reports modification times.
 */
export async function blobWrittenAt(store: ObjectStore, hash: string): Promise<number | null> {
  const key = layout.blob(hash);
  const page = await store.list(key, { limit: 1 });
  const item = page.items[0];
  return item?.key === key ? item.lastModified : null;
}
