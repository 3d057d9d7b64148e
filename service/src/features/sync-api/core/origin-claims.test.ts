import { describe, expect, it } from 'vitest';
import { MemoryObjectStore } from '../../../adapters/store/memory-store.js';
import { jsonBody } from '../../../core/store/cas.js';
import { ABANDONED_AFTER_MS, OriginClaims } from './origin-claims.js';

const ORIGIN = { hub_id: 'hub-laptop', id: 'nb-1' };
const KEY = 'sync-origins/notebooks/proj-0000000000000000/abc';

/** A clock the test moves; each reading also moves it a little, so a wait ends without real time passing. */
function clock(start = Date.parse('2026-11-27T10:00:00Z'), step = 0) {
  let now = start;
  return {
    now: () => new Date((now += step)),
    advance: (ms: number) => void (now += ms),
  };
}

/** What the claims make in these cases: a "notebook" whose id is chosen up front, kept in a set. */
function maker() {
  const made = new Set<string>();
  let next = 0;
  return {
    made,
    request: (options: { fail?: boolean } = {}) => ({
      key: KEY,
      origin: ORIGIN,
      exists: async (id: string) => made.has(id),
      attempt: () => {
        const id = `nb-${++next}`;
        return {
          planned: id,
          make: async () => {
            if (options.fail) throw new Error('the store went away');
            made.add(id);
            return id;
          },
        };
      },
    }),
  };
}

/**
 * The origin claims of the sync API (docs/remotes.md, "Pushed once per origin"): what a retry,
 * an overlapping request and a request that died leave, on an in-memory store with a test clock.
 */
describe('origin claims', () => {
  it('makes a thing once, and answers it to every retry', async () => {
    const store = new MemoryObjectStore();
    const claims = new OriginClaims(store, clock().now);
    const things = maker();
    expect(await claims.once(things.request())).toEqual({ made: 'nb-1', created: true });
    expect(await claims.once(things.request())).toEqual({ made: 'nb-1', created: false });
    expect([...things.made]).toEqual(['nb-1']);
  });

  it('starts afresh after a failed making, and makes anew what was deleted since', async () => {
    const store = new MemoryObjectStore();
    const claims = new OriginClaims(store, clock().now);
    const things = maker();
    await expect(claims.once(things.request({ fail: true }))).rejects.toThrow('the store went away');
    expect(await store.head(KEY)).toBeNull();
    expect(await claims.once(things.request())).toEqual({ made: 'nb-2', created: true });
    things.made.delete('nb-2');
    expect(await claims.once(things.request())).toEqual({ made: 'nb-3', created: true });
  });

  it('finds the thing a request that died planned and made, and takes over a claim whose request died before making it', async () => {
    const store = new MemoryObjectStore();
    const time = clock();
    const claims = new OriginClaims(store, time.now);
    const things = maker();
    // Died after making nb-7, before recording it: the planned id finds it, at once.
    things.made.add('nb-7');
    const making = (planned: string | null) =>
      jsonBody({ schema_version: 1, origin: ORIGIN, state: 'making', claimed_at: time.now().toISOString(), made: planned });
    await store.put(KEY, making('nb-7'));
    expect(await claims.once(things.request())).toEqual({ made: 'nb-7', created: false });
    // Died before making what it planned: once the claim is abandoned, it is taken over.
    await store.put(KEY, making('nb-8'));
    time.advance(ABANDONED_AFTER_MS + 1);
    expect(await claims.once(things.request())).toEqual({ made: 'nb-1', created: true });
    expect(things.made.has('nb-8')).toBe(false);
  });

  it('waits for an overlapping request, and answers CONFLICT when it does not finish', async () => {
    const store = new MemoryObjectStore();
    const time = clock(Date.parse('2026-11-27T10:00:00Z'), 2000);
    const claims = new OriginClaims(store, time.now);
    const things = maker();
    await store.put(KEY, jsonBody({ schema_version: 1, origin: ORIGIN, state: 'making', claimed_at: time.now().toISOString(), made: 'nb-9' }));
    await expect(claims.once(things.request())).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(things.made.size).toBe(0);
  });
});
