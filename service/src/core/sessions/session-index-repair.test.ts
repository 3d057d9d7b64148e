import { readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeCrashingStore, SimulatedCrash } from '../../../../test/support/fake-crashing-store.js';
import { makeTempDir } from '../../../../test/support/temp-dir.js';
import { FsObjectStore } from '../../adapters/store/fs-store.js';
import { Catalog } from '../catalog/catalog.js';
import type { Logger } from '../ports/logger.js';
import type { ObjectStore, StoredObject } from '../ports/object-store.js';
import { catalogKeys, layout } from '../storage-layout.js';
import { EditorClaims } from './editor-claims.js';
import { SessionIndexRepair } from './session-index-repair.js';
import type { SessionRecord } from './session-model.js';
import { sessionRecord, TEST_PROJECT_ID, TEST_USER_ID } from '../../../../test/support/session-record.js';
import { SessionStore } from './session-store.js';
import { newSecretBox } from '../../../../test/support/secret-box.js';

const silent: Logger = { fatal: () => {}, error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, child: () => silent };
const PID = TEST_PROJECT_ID;
const USER = TEST_USER_ID;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const running = (record: SessionRecord): SessionRecord => ({ ...record, state: 'running', phase: 'ready', started_at: record.created_at });
const stopped = (record: SessionRecord): SessionRecord => ({ ...record, state: 'stopped', stop_reason: 'sandbox_lost', stopped_at: record.created_at });

/** One hub process on the store: its own catalog instance (and batching queue), as a replica has. */
const box = newSecretBox();

function replica(store: ObjectStore) {
  const catalog = new Catalog(store);
  const sessions = new SessionStore(store, catalog, box);
  const claims = new EditorClaims(store);
  return { catalog, sessions, claims, index: new SessionIndexRepair({ store, catalog, sessions, claims, logger: silent }) };
}

describe('session index repair', () => {
  let dir: string;
  let store: FsObjectStore;
  let cleanup: () => Promise<void>;
  let hub: ReturnType<typeof replica>;
  let crashing: FakeCrashingStore;
  let doomed: ReturnType<typeof replica>;
  beforeEach(async () => {
    const temp = await makeTempDir('session-index');
    ({ dir, cleanup } = temp);
    store = new FsObjectStore(dir);
    hub = replica(store);
    await hub.catalog.initialize();
    crashing = new FakeCrashingStore(store);
    doomed = replica(crashing);
  });
  afterEach(() => cleanup());

  const signal = new AbortController().signal;
  const view = () => hub.catalog.view();
  const listed = async () => (await hub.sessions.list(PID, { limit: 100 })).items.map((item) => ({ id: item.value.id, state: item.value.state }));
  const liveSetOfUser = async () => (await (await view()).get<{ session_ids: string[] }>(catalogKeys.liveSessionIdsOfUser(USER)))?.session_ids ?? [];
  const generation = async () => (await view()).snapshot.generation;
  /** Moves an object's modification time back, as time passing would. */
  const age = async (key: string, byMs: number) => {
    const folder = path.join(dir, ...key.split('/').slice(0, -1));
    const file = (await readdir(folder)).find((entry) => entry.startsWith(key.split('/').at(-1)!));
    if (!file) throw new Error(`no file holds ${key}`);
    const when = new Date(Date.now() - byMs);
    await utimes(path.join(folder, file), when, when);
  };
  /** The first half of an operation on the doomed replica: it dies at its catalog commit. */
  const crashHalfway = async (operation: () => Promise<unknown>) => {
    crashing.crashAtNextCatalogCommit();
    await expect(operation()).rejects.toBeInstanceOf(SimulatedCrash);
    expect(crashing.hasCrashed).toBe(true);
    crashing.restart();
  };

  it('indexes a record whose create crashed before indexing it, once the full scan is due and the record is past the grace period', async () => {
    const record = sessionRecord('app');
    await crashHalfway(() => doomed.sessions.create(record, { maxSessionsPerUser: 5, maxAppsPerProject: 5 }));
    expect(await hub.sessions.get(PID, record.id)).toMatchObject({ state: 'provisioning' });
    expect(await listed()).toEqual([]);

    const now = Date.now();
    // Young: its start may still be about to index it.
    expect(await hub.index.scanIfDue(now, signal)).toEqual({ indexed: 0, pruned: 0, complete: true });
    await age(layout.session(PID, record.id), 10 * MINUTE);
    expect(await hub.index.scanIfDue(now + 30 * MINUTE, signal)).toBeNull();
    expect(await listed()).toEqual([]);

    expect(await hub.index.scanIfDue(now + 2 * HOUR, signal)).toEqual({ indexed: 1, pruned: 0, complete: true });
    expect(await listed()).toEqual([{ id: record.id, state: 'provisioning' }]);
    const active = [];
    for await (const entry of hub.sessions.active()) active.push(entry.sessionId);
    expect(active).toEqual([record.id]);
    expect(await liveSetOfUser()).toEqual([record.id]);
    expect(await hub.sessions.liveApps(PID)).toEqual([{ sessionId: record.id, notebookId: record.notebook_id }]);
    expect(await hub.sessions.indexMatches(await view(), record)).toBe(true);
  });

  it('repairs the entries an update left behind when it crashed, so the user is back under the limit', async () => {
    const record = await hub.sessions.create(sessionRecord(), { maxSessionsPerUser: 1, maxAppsPerProject: null });
    await hub.sessions.update(PID, record.id, running);
    // What the lifecycle loop does on finding the sandbox gone, on a replica that dies half-way.
    await crashHalfway(() => doomed.sessions.update(PID, record.id, stopped));
    const current = (await hub.sessions.get(PID, record.id))!;
    expect(current.state).toBe('stopped');
    expect(await hub.sessions.indexMatches(await view(), current)).toBe(false);
    expect(await hub.sessions.liveSessionsOf(USER)).toBe(1);
    await expect(hub.sessions.create(sessionRecord(), { maxSessionsPerUser: 1, maxAppsPerProject: null })).rejects.toMatchObject({
      code: 'RESOURCE_EXHAUSTED',
    });

    const check = await hub.index.checker();
    expect(await check(current)).toBe(true);
    expect(await hub.sessions.liveSessionsOf(USER)).toBe(0);
    expect(await liveSetOfUser()).toEqual([]);
    expect(await listed()).toEqual([{ id: record.id, state: 'stopped' }]);
    // Still holding its sandbox: the loop goes on walking it until it is released.
    expect(await (await view()).get(catalogKeys.activeSession(record.id))).not.toBeNull();
    await hub.sessions.create(sessionRecord(), { maxSessionsPerUser: 1, maxAppsPerProject: null });

    const before = await generation();
    expect(await (await hub.index.checker())(current)).toBe(false);
    expect(await hub.sessions.repairIndex(PID, record.id)).toBe(false);
    expect(await generation()).toBe(before);
  });

  it('never puts back entries of a state a concurrent change has already indexed past', async () => {
    const record = await hub.sessions.create(sessionRecord(), { maxSessionsPerUser: 1, maxAppsPerProject: null });
    // An interrupted update leaves the listing saying "provisioning": there is something to repair.
    await crashHalfway(() => doomed.sessions.update(PID, record.id, running));
    // While the repair reads the record, another replica stops and releases the session.
    const racing = new FakeRecordReadHookStore(store, layout.session(PID, record.id), async () => {
      await hub.sessions.update(PID, record.id, stopped);
      await hub.sessions.update(PID, record.id, (current) => ({ ...current, sandbox_released: true }));
    });
    const repairer = replica(racing);
    await repairer.sessions.repairIndex(PID, record.id);
    expect(racing.fired).toBe(true);

    const final = (await hub.sessions.get(PID, record.id))!;
    expect(final).toMatchObject({ state: 'stopped', sandbox_released: true });
    expect(await hub.sessions.indexMatches(await view(), final)).toBe(true);
    expect(await hub.sessions.liveSessionsOf(USER)).toBe(0);
    expect(await (await view()).get(catalogKeys.activeSession(record.id))).toBeNull();
  });

  it('prunes live entries of sessions no longer active, which later releases left behind', async () => {
    const record = await hub.sessions.create(sessionRecord('app'), { maxSessionsPerUser: 1, maxAppsPerProject: 1 });
    await crashHalfway(() => doomed.sessions.update(PID, record.id, stopped));
    // A release (a reclaim, say) re-indexes from "stopped": the live entries it never knew of stay.
    await hub.sessions.update(PID, record.id, (current) => ({ ...current, sandbox_released: true }));
    expect(await (await view()).get(catalogKeys.activeSession(record.id))).toBeNull();
    expect(await hub.sessions.liveSessionsOf(USER)).toBe(1);
    expect(await hub.sessions.liveApps(PID)).toHaveLength(1);

    expect(await hub.index.scanIfDue(Date.now(), signal)).toEqual({ indexed: 0, pruned: 4, complete: true });
    expect(await hub.sessions.liveSessionsOf(USER)).toBe(0);
    expect(await hub.sessions.liveApps(PID)).toEqual([]);
    expect(await liveSetOfUser()).toEqual([]);
    expect(await (await view()).get(catalogKeys.liveAppIdsOfProject(PID))).toEqual({ session_ids: [] });
    await hub.sessions.create(sessionRecord('app'), { maxSessionsPerUser: 1, maxAppsPerProject: 1 });
  });

  it('removes the entries of a record that is gone', async () => {
    const record = await hub.sessions.create(sessionRecord(), { maxSessionsPerUser: null, maxAppsPerProject: null });
    await store.delete(layout.session(PID, record.id));
    expect(await hub.sessions.repairIndex(PID, record.id)).toBe(true);
    expect(await listed()).toEqual([]);
    expect(await hub.sessions.liveSessionsOf(USER)).toBe(0);
    expect(await liveSetOfUser()).toEqual([]);
    expect(await (await view()).get(catalogKeys.activeSession(record.id))).toBeNull();
  });

  it('follows a stale editor claim to the session its crashed start never indexed, and releases claims of released sessions', async () => {
    const crashed = sessionRecord('edit', 'nb-crashed');
    await doomed.claims.acquire(PID, crashed.notebook_id, crashed.id, USER, async () => 'held');
    await crashHalfway(() => doomed.sessions.create(crashed));
    const done = await hub.sessions.create(sessionRecord('edit', 'nb-done'));
    await hub.claims.acquire(PID, done.notebook_id, done.id, USER, async () => 'held');
    // Its release died after recording the sandbox gone, before removing the claim.
    await hub.sessions.update(PID, done.id, (current) => ({ ...stopped(current), sandbox_released: true }));

    const now = Date.now();
    expect(await hub.index.strayClaims(new Set(), now, signal)).toEqual({ indexed: [], released: 0 });
    for (const notebookId of [crashed.notebook_id, done.notebook_id]) await age(layout.editorClaim(PID, notebookId), 10 * MINUTE);
    // A claim a swept session accounts for is not even read.
    expect(await hub.index.strayClaims(new Set([`${PID}/${crashed.notebook_id}`, `${PID}/${done.notebook_id}`]), now, signal)).toEqual({
      indexed: [],
      released: 0,
    });

    const strays = await hub.index.strayClaims(new Set(), now, signal);
    expect(strays.indexed.map((record) => record.id)).toEqual([crashed.id]);
    expect(strays.released).toBe(1);
    expect(await listed()).toContainEqual({ id: crashed.id, state: 'provisioning' });
    expect(await hub.claims.get(PID, done.notebook_id)).toBeNull();
    expect((await hub.claims.get(PID, crashed.notebook_id))?.claim.session_id).toBe(crashed.id);
  });

  it('runs the full scan at most once per interval, and again when the last one is from a clock ahead', async () => {
    const now = Date.now();
    expect(await hub.index.scanIfDue(now, signal)).not.toBeNull();
    expect(await hub.index.scanIfDue(now + 59 * MINUTE, signal)).toBeNull();
    expect(await hub.index.scanIfDue(now + 61 * MINUTE, signal)).not.toBeNull();
    expect(await hub.index.scanIfDue(now, signal)).not.toBeNull();
  });
});

/** A real store that runs `between` once, after it read `key` and before it answers the read. */
class FakeRecordReadHookStore implements ObjectStore {
  fired = false;
  constructor(
    private readonly inner: ObjectStore,
    private readonly key: string,
    private readonly between: () => Promise<void>,
  ) {}
  get kind() {
    return this.inner.kind;
  }
  get location() {
    return this.inner.location;
  }
  async get(key: string): Promise<StoredObject | null> {
    const object = await this.inner.get(key);
    if (key === this.key && !this.fired) {
      this.fired = true;
      await this.between();
    }
    return object;
  }
  head: ObjectStore['head'] = (key) => this.inner.head(key);
  put: ObjectStore['put'] = (key, body, options) => this.inner.put(key, body, options);
  getStream: ObjectStore['getStream'] = (key, options) => this.inner.getStream(key, options);
  putStream: ObjectStore['putStream'] = (key, body, options) => this.inner.putStream(key, body, options);
  delete: ObjectStore['delete'] = (key, options) => this.inner.delete(key, options);
  list: ObjectStore['list'] = (prefix, options) => this.inner.list(prefix, options);
  close: ObjectStore['close'] = () => this.inner.close();
}
