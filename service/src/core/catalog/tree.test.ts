import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryObjectStore } from '../../adapters/store/memory-store.js';
import { NODE_WRITE_TRUST_MS, ObjectStoreNodeStore } from './node-store.js';
import { layout } from '../storage-layout.js';
import { DELETE, EMPTY_TREE, applyOps, buildTree, getValue, scan, type TreeOp, type TreeRoot } from './tree.js';

const small = { leafMax: 4, branchMax: 4 };

// The tree's logic over the store port: the in-memory adapter keeps the thousands of node writes
// of the random rounds quick (the store adapters have their own conformance suite).
describe('catalog tree', () => {
  let store: MemoryObjectStore;
  beforeAll(() => {
    store = new MemoryObjectStore();
  });

  const collect = async (nodes: ObjectStoreNodeStore, root: TreeRoot, prefix = '', reverse = false, after?: string) => {
    const keys: string[] = [];
    for await (const [key] of scan(nodes, root, { prefix, reverse, ...(after !== undefined ? { after } : {}) })) keys.push(key);
    return keys;
  };

  it('matches a sorted map through random batches of puts and deletes', async () => {
    // A fresh node store (empty cache) reads back what the first one wrote, so persistence is checked too.
    const writer = new ObjectStoreNodeStore(store);
    let root: TreeRoot = EMPTY_TREE;
    const model = new Map<string, number>();
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 60; round++) {
      const ops = new Map<string, TreeOp>();
      const batch = 1 + Math.floor(random() * 30);
      for (let i = 0; i < batch; i++) {
        const key = `k${String(Math.floor(random() * 300)).padStart(3, '0')}`;
        if (random() < 0.35) {
          ops.set(key, DELETE);
          model.delete(key);
        } else {
          ops.set(key, round * 1000 + i);
          model.set(key, round * 1000 + i);
        }
      }
      root = await applyOps(writer, root, ops, small);
      expect(root.count).toBe(model.size);
    }
    const reader = new ObjectStoreNodeStore(store);
    const expected = [...model.keys()].sort();
    expect(await collect(reader, root)).toEqual(expected);
    expect(await collect(reader, root, '', true)).toEqual([...expected].reverse());
    for (const key of expected.slice(0, 20)) expect(await getValue(reader, root, key)).toBe(model.get(key));
    expect(await getValue(reader, root, 'k999')).toBeUndefined();
  });

  it('scans a prefix from a cursor in both directions', async () => {
    const nodes = new ObjectStoreNodeStore(store);
    const entries = Array.from({ length: 50 }, (_, i) => [`a/${String(i).padStart(2, '0')}`, i] as [string, number]);
    entries.push(['b/00', 0], ['a', -1], ['a0', -2]);
    const root = await buildTree(nodes, entries, small);
    const under = entries
      .map(([key]) => key)
      .filter((key) => key.startsWith('a/'))
      .sort();
    expect(await collect(nodes, root, 'a/')).toEqual(under);
    expect(await collect(nodes, root, 'a/', false, 'a/09')).toEqual(under.filter((key) => key > 'a/09'));
    expect(await collect(nodes, root, 'a/', true, 'a/09')).toEqual(under.filter((key) => key < 'a/09').reverse());
    expect(await collect(nodes, root, 'c/')).toEqual([]);
  });

  it('shrinks back to an empty tree when every key is deleted', async () => {
    const nodes = new ObjectStoreNodeStore(store);
    const keys = Array.from({ length: 40 }, (_, i) => `x${i}`);
    let root = await buildTree(
      nodes,
      keys.map((key) => [key, key]),
      small,
    );
    root = await applyOps(nodes, root, new Map(keys.slice(0, 39).map((key) => [key, DELETE])), small);
    expect(root.count).toBe(1);
    const only = await nodes.read(root.id!);
    expect(only.t).toBe('L');
    root = await applyOps(nodes, root, new Map([['x39', DELETE]]), small);
    expect(root).toEqual(EMPTY_TREE);
  });

  it('keeps depth logarithmic', async () => {
    const nodes = new ObjectStoreNodeStore(store);
    const root = await buildTree(
      nodes,
      Array.from({ length: 500 }, (_, i) => [`d${String(i).padStart(4, '0')}`, i]),
      small,
    );
    let depth = 1;
    let node = await nodes.read(root.id!);
    while (node.t === 'B') {
      depth++;
      node = await nodes.read(node.c[0]![1]);
    }
    expect(depth).toBeLessThanOrEqual(Math.ceil(Math.log(500) / Math.log(2)) + 1);
  });

  it('stores a remembered node again once clean-up could have deleted it', async () => {
    let clock = 1_000_000;
    const nodes = new ObjectStoreNodeStore(store, undefined, () => clock);
    const root = await buildTree(nodes, [['gc-key', 1]], small);
    const key = layout.catalogNode(root.id!);
    await store.delete(key);
    clock += NODE_WRITE_TRUST_MS - 1;
    await buildTree(nodes, [['gc-key', 1]], small);
    expect(await store.get(key)).toBeNull();
    clock += 2;
    await buildTree(nodes, [['gc-key', 1]], small);
    expect(await store.get(key)).not.toBeNull();
  });

  it('makes an old stored copy young again when the same node is written', async () => {
    const root = await buildTree(new ObjectStoreNodeStore(store), [['old-key', 2]], small);
    const key = layout.catalogNode(root.id!);
    const modified = async () => (await store.list(key)).items.find((item) => item.key === key)!.lastModified;
    const before = await modified();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await buildTree(new ObjectStoreNodeStore(store), [['old-key', 2]], small);
    expect(await modified()).toBeGreaterThan(before);
  });
});
