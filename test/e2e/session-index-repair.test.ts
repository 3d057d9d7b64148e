import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openObjectStore } from '../../service/src/compose/adapters.js';
import type { SessionRecord } from '../../service/src/core/sessions/session-model.js';
import { catalogKeys, layout } from '../../service/src/core/storage-layout.js';
import { FakeCrashingStore, SimulatedCrash } from '../support/fake-crashing-store.js';
import { killLocalSandbox, sandboxRuntime, startSessionWorld, stopSupervising, type SessionWorld } from '../support/session-world.js';

const MINUTE = 60_000;

/**
 * A hub whose process dies half-way through a session change (the record written, the catalog
 * not), comes back, and is swept: the indexes converge on what the records say.
 */
describe.skipIf(sandboxRuntime === null)('session indexes after a crash between a record and its index', () => {
  let w: SessionWorld;
  let crashing!: FakeCrashingStore;
  beforeAll(async () => {
    w = await startSessionWorld(
      { SERVICE_AUTOMATIC_THUMBNAILS: 'false', SERVICE_MAX_SESSIONS_PER_USER: '1', SERVICE_WARM_POOL_SIZE: '1' },
      {
        projectName: 'Index repair',
        hub: async (settings) => {
          crashing = new FakeCrashingStore(await openObjectStore(settings.storage));
          return { store: crashing };
        },
      },
    );
    // The full scan has just run: only what every sweep checks can repair what follows, until the scan is due again.
    await w.sweep();
  });
  afterAll(async () => {
    crashing?.restart();
    await w?.close();
  });

  const sessions = () => `/api/v1/projects/${w.pid}/sessions`;
  const record = async (sid: string) => (await w.t.hub.services.sessionStore.get(w.pid, sid))!;
  const listed = async (sid: string) =>
    ((await w.api(`${sessions()}?limit=100`, 'admin')).json.data.items as { id: string; state: string }[]).find((item) => item.id === sid);
  const inIndex = async (key: string) => (await (await w.t.hub.services.catalog.view()).get(key)) !== null;
  /** The records of the project the catalog knows nothing of (what a crashed create leaves). */
  const unindexed = async (): Promise<SessionRecord[]> => {
    const found: SessionRecord[] = [];
    for (const item of (await w.t.hub.store.list(`sessions/${w.pid}/`)).items) {
      const sid = item.key.split('/').at(-1)!;
      if (!(await inIndex(catalogKeys.session(w.pid, sid)))) found.push(await record(sid));
    }
    return found;
  };
  /** Runs `operation` in a hub process that dies at its next catalog commit, then brings it back. */
  const crashDuring = async <T>(operation: () => Promise<T>): Promise<T | undefined> => {
    crashing.crashAtNextCatalogCommit();
    let result: T | undefined;
    try {
      result = await operation();
    } finally {
      const crashed = crashing.hasCrashed;
      crashing.restart();
      expect(crashed).toBe(true);
    }
    return result;
  };
  const stopQuietly = (sid: string) => w.api(`${sessions()}/${sid}/stop`, 'admin', { method: 'POST', body: { save: false } });

  it('fails a warm edit start that crashed before indexing it: its sandbox is released and the notebook is free again', async () => {
    expect(await w.t.hub.services.warmPool.refill(new AbortController().signal)).toEqual({ started: 1, retired: 0 });
    const [warmId] = [...(await w.t.hub.services.warmPool.sandboxIds())];
    const answer = await crashDuring(() => w.api(sessions(), 'editor', { method: 'POST', body: { notebook_id: w.nid, mode: 'edit', wait: false } }));
    expect(answer!.status).toBe(500);

    const [ghost] = await unindexed();
    expect(ghost).toMatchObject({ state: 'provisioning', warm: true, sandbox: { id: warmId } });
    expect((await w.t.hub.store.get(layout.editorClaim(w.pid, w.nid))) !== null).toBe(true);
    // The claim names a session that looks alive: nobody else may edit the notebook.
    const refused = await w.api(sessions(), 'manager', { method: 'POST', body: { notebook_id: w.nid, mode: 'edit', wait: false } });
    expect(refused.json.error?.code).toBe('EDIT_SESSION_OWNED');

    // Past the claim's grace period and the start-up timeout, well before the full scan is due.
    const outcome = await w.sweep(new Date(Date.now() + 10 * MINUTE));
    expect(await record(ghost!.id)).toMatchObject({ state: 'failed', stop_reason: 'provision_failed', sandbox_released: true });
    expect(outcome.reindexed).toBe(1);
    expect(await listed(ghost!.id)).toMatchObject({ state: 'failed' });
    expect(await inIndex(catalogKeys.activeSession(ghost!.id))).toBe(false);
    expect((await w.t.hub.services.sandboxes.list()).map((sandbox) => sandbox.id)).not.toContain(warmId);
    expect(await w.t.hub.store.get(layout.editorClaim(w.pid, w.nid))).toBeNull();

    const started = await w.start('manager', { notebook_id: w.nid, mode: 'edit' });
    expect(started.status, started.text).toBe(201);
    expect(started.json.data.state).toBe('running');
    await stopQuietly(started.json.data.id);
  }, 180_000);

  it('finds an app start that crashed before indexing it in the full scan, which runs at most hourly', async () => {
    const answer = await crashDuring(() => w.api(sessions(), 'admin', { method: 'POST', body: { notebook_id: w.nid, mode: 'app', wait: false } }));
    expect(answer!.status).toBe(500);
    const [ghost] = (await unindexed()).filter((candidate) => candidate.mode === 'app');
    expect(ghost).toMatchObject({ state: 'provisioning' });

    await w.sweep(new Date(Date.now() + 10 * MINUTE));
    expect(await record(ghost!.id)).toMatchObject({ state: 'provisioning' });
    expect(await listed(ghost!.id)).toBeUndefined();

    const outcome = await w.sweep(new Date(Date.now() + 2 * 60 * MINUTE));
    expect(await record(ghost!.id)).toMatchObject({ state: 'failed', stop_reason: 'provision_failed', sandbox_released: true });
    expect(await listed(ghost!.id)).toMatchObject({ state: 'failed' });
    expect(outcome.reindexed).toBe(1);
    expect(await unindexed()).toEqual([]);
  }, 120_000);

  it('stops counting a session against its user once it stopped, though the crash kept it in the live indexes', async () => {
    const nid = await w.notebook('Lost kernel');
    const started = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    expect(started.status, started.text).toBe(201);
    const sid = started.json.data.id as string;
    const lost = await record(sid);
    // The lifecycle loop is the one to find it here, not the supervision of its server.
    await stopSupervising(w.t, sid);
    await killLocalSandbox(w.t.dataDir, lost.sandbox!.id);
    // What the lifecycle loop does on finding the sandbox gone, in a hub that dies half-way.
    await crashDuring(() => expect(w.t.hub.services.sessions.markLost(lost)).rejects.toBeInstanceOf(SimulatedCrash));
    expect(await record(sid)).toMatchObject({ state: 'stopped', stop_reason: 'sandbox_lost', sandbox_released: false });
    expect(await inIndex(catalogKeys.userSession(w.userIds.editor, sid))).toBe(true);
    const refused = await w.api(sessions(), 'editor', { method: 'POST', body: { notebook_id: w.nid, mode: 'edit', wait: false } });
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('RESOURCE_EXHAUSTED');

    const outcome = await w.sweep();
    expect(await inIndex(catalogKeys.userSession(w.userIds.editor, sid))).toBe(false);
    expect(outcome.reindexed).toBe(1);
    expect(await record(sid)).toMatchObject({ state: 'stopped', sandbox_released: true });
    expect(await listed(sid)).toMatchObject({ state: 'stopped' });
    expect(await w.t.hub.store.get(layout.editorClaim(w.pid, nid))).toBeNull();

    const again = await w.start('editor', { notebook_id: w.nid, mode: 'edit' });
    expect(again.status, again.text).toBe(201);
    await stopQuietly(again.json.data.id);
  }, 120_000);
});
