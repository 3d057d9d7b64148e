import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../test/support/temp-dir.js';
import { FsObjectStore } from '../../adapters/store/fs-store.js';
import { layout } from '../storage-layout.js';
import { Lease } from './lease.js';

describe('lease', () => {
  let store: FsObjectStore;
  let cleanup: () => Promise<void>;
  let clock = 1_000_000;
  const now = () => clock;
  beforeEach(async () => {
    const temp = await makeTempDir('lease');
    store = new FsObjectStore(temp.dir);
    cleanup = temp.cleanup;
  });
  afterEach(() => cleanup());

  const lease = (holder: string) => new Lease(store, layout.lease('maintenance'), { holder, ttlMs: 1000, now });

  it('has one holder at a time', async () => {
    const a = lease('a');
    const b = lease('b');
    const outcomes = await Promise.all([a.acquire(), b.acquire()]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const [winner, loser] = outcomes[0] ? [a, b] : [b, a];
    expect(await loser.acquire()).toBe(false);
    expect(await winner.renew()).toBe(true);
    expect(winner.held?.term).toBe(1);
  });

  it('passes to another holder after expiry, and the old holder cannot renew or release it', async () => {
    const a = lease('a');
    const b = lease('b');
    expect(await a.acquire()).toBe(true);
    clock += 1500;
    expect(a.held).toBeNull();
    expect(await b.acquire()).toBe(true);
    expect(b.held?.term).toBe(2);
    expect(await a.renew()).toBe(false);
    await a.release();
    expect(await lease('c').acquire()).toBe(false);
    await b.release();
    expect(await lease('c').acquire()).toBe(true);
  });

  it('re-acquiring a held lease by its holder keeps it', async () => {
    const a = lease('a');
    expect(await a.acquire()).toBe(true);
    clock += 500;
    expect(await a.acquire()).toBe(true);
    expect(a.held?.term).toBe(1);
  });
});
