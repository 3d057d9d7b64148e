import type { ObjectStore } from '../ports/object-store.js';

/**
 * The last path segment of every key under `prefix`, newest first for time-ordered ids (the
 * hub's ids sort by the time they were made), read through every page of the listing.
 */
export async function newestNamesUnder(store: ObjectStore, prefix: string): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await store.list(prefix, { cursor });
    names.push(...page.items.map((item) => item.key.slice(item.key.lastIndexOf('/') + 1)));
    cursor = page.nextCursor;
  } while (cursor !== null);
  return names.sort().reverse();
}
