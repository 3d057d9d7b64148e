import { describe, expect, it } from 'vitest';
import { PreconditionFailedError } from '../../core/ports/object-store.js';
import { MemoryObjectStore } from './memory-store.js';
import { describeObjectStoreConformance } from './object-store.conformance.js';

describeObjectStoreConformance('memory', async () => ({ store: new MemoryObjectStore(), cleanup: async () => {} }));

describe('the in-memory object store', () => {
  it('keeps its own copy of every body: changing a buffer given or read changes nothing stored', async () => {
    const store = new MemoryObjectStore();
    const written = Buffer.from('original');
    const { etag } = await store.put('a/b', written);
    written.write('CHANGED!');
    const read = await store.get('a/b');
    expect(read?.body.toString()).toBe('original');
    read!.body.write('CHANGED!');
    expect((await store.get('a/b'))?.body.toString()).toBe('original');
    // The stored ETag still describes the stored bytes, so a compare-and-swap on it works.
    await store.put('a/b', 'next', { ifMatch: etag });
    expect((await store.get('a/b'))?.body.toString()).toBe('next');
  });

  it('shares nothing between instances, each one its own deployment', async () => {
    const one = new MemoryObjectStore();
    const other = new MemoryObjectStore();
    await one.put('k', 'v');
    expect(await other.get('k')).toBeNull();
    expect(one.location).not.toBe(other.location);
    expect(one.kind).toBe('memory');
  });

  it('leaves an object as it was when a conditional write or delete is refused', async () => {
    const store = new MemoryObjectStore();
    const { etag } = await store.put('k', 'v1');
    await expect(store.put('k', 'v2', { ifMatch: '"stale"' })).rejects.toBeInstanceOf(PreconditionFailedError);
    await expect(store.delete('k', { ifMatch: '"stale"' })).rejects.toBeInstanceOf(PreconditionFailedError);
    expect(await store.head('k')).toEqual({ etag, size: 2 });
    expect((await store.list('')).items.map((item) => item.key)).toEqual(['k']);
  });

  it('keeps its data after close, for a hub built again on the same store', async () => {
    const store = new MemoryObjectStore();
    await store.put('k', 'v');
    await store.close();
    expect((await store.get('k'))?.body.toString()).toBe('v');
  });
});
