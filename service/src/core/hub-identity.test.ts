import { describe, expect, it } from 'vitest';
import { MemoryObjectStore } from '../adapters/store/memory-store.js';
import { HubIdentity, locationDerivedOwnerOf, sandboxOwnerOf } from './hub-identity.js';
import { jsonBody } from './store/cas.js';
import { layout } from './storage-layout.js';

/** A store that lives where every container keeps its data. */
class StoreAtData extends MemoryObjectStore {
  override readonly location = '/data';
}

describe('the deployment id sandboxes are labelled with', () => {
  it('differs between two deployments whose stores live at the same place (two containers, each with its /data)', async () => {
    const first = new StoreAtData();
    const second = new StoreAtData();
    expect(first.location).toBe(second.location);
    const [a, b] = [await sandboxOwnerOf(first), await sandboxOwnerOf(second)];
    expect(a).toMatch(/^hub-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
    expect(a).not.toBe(locationDerivedOwnerOf(first));
  });

  it('is the same for every replica and restart on one store, even when they make it at once', async () => {
    const store = new MemoryObjectStore();
    const ids = await Promise.all(Array.from({ length: 8 }, () => sandboxOwnerOf(store)));
    expect(new Set(ids).size).toBe(1);
    expect(await sandboxOwnerOf(store)).toBe(ids[0]);
  });

  it('stays what it was for a store in use before the id was kept, so that its running sandboxes stay its own', async () => {
    const store = new MemoryObjectStore();
    await store.put(layout.catalogPointer, jsonBody({ snapshot: 'snap-1' }));
    const id = await sandboxOwnerOf(store);
    expect(id).toBe(locationDerivedOwnerOf(store));
    expect(await sandboxOwnerOf(store)).toBe(id);
  });

  it('is not the sync protocol id, which a move of the store does not change either', async () => {
    const store = new MemoryObjectStore();
    const hubId = await new HubIdentity(store).id();
    expect(hubId).not.toBe(await sandboxOwnerOf(store));
    expect(await new HubIdentity(store).id()).toBe(hubId);
  });
});
