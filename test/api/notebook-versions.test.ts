import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionRecord } from '../support/session-record.js';
import { NotebookRecords } from '../../service/src/core/notebooks/notebook-records.js';
import { NotebookService, type Actor } from '../../service/src/core/notebooks/notebook-service.js';
import type { SessionRecord } from '../../service/src/core/sessions/session-model.js';
import type { ObjectStore } from '../../service/src/core/ports/object-store.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

const code = (label: string) => `import marimo\n\napp = marimo.App()\n\n\n@app.cell\ndef _():\n    print(${JSON.stringify(label)})\n    return\n`;

/** The real store, running `before` ahead of the first matching call: a writer racing the caller. */
function racingStore(inner: ObjectStore, method: 'get' | 'put', key: string, before: () => Promise<void>): ObjectStore {
  let pending = true;
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property !== method) return Reflect.get(target, property, receiver) as unknown;
      return async (...args: [string, ...unknown[]]) => {
        if (pending && args[0] === key) {
          pending = false;
          await before();
        }
        return (target[method] as (...call: unknown[]) => unknown)(...args);
      };
    },
  });
}

/** An app session as a running one looks in the store: loaded from `baseVersionId`. */
function liveSession(pid: string, nid: string, userId: string, baseVersionId: string): SessionRecord {
  const record = sessionRecord('app', nid);
  return {
    ...record,
    project_id: pid,
    user_id: userId,
    state: 'running',
    phase: 'ready',
    base_version_id: baseVersionId,
    compute_profile: 'default',
    started_at: record.created_at,
    expires_at: record.created_at,
  };
}

describe('notebook versions: paging, pruning around references, ordering, races', () => {
  let t: TestHub;
  let owner: string;
  let editor: string;
  let actor: Actor;
  let pid: string;
  beforeAll(async () => {
    // No loops: the session records below have no sandbox for a sweep to look after.
    t = await startTestHub({ env: { SERVICE_MAX_VERSIONS_PER_NOTEBOOK: '4', SERVICE_RUN_MAINTENANCE: 'false' } });
    owner = await t.tokenFor('owner@example.com');
    editor = await t.tokenFor('editor@example.com');
    actor = (await t.call('/api/v1/me', { token: editor })).json.data;
    pid = (await t.call('/api/v1/projects', { method: 'POST', token: owner, body: { name: 'Versions' } })).json.data.id;
    await t.call(`/api/v1/projects/${pid}/members`, { method: 'POST', token: owner, body: { email: 'editor@example.com', role: 'editor' } });
  });
  afterAll(() => t.close());
  const base = () => `/api/v1/projects/${pid}/notebooks`;
  const create = async () =>
    (await t.call(base(), { method: 'POST', token: editor, body: { title: 'Versioned' } })).json.data as {
      meta: { id: string };
      source: { current_version_id: string };
    };
  const save = async (nid: string, label: string, on: string) => {
    const saved = await t.call(`${base()}/${nid}/versions`, { method: 'POST', token: editor, body: { code: code(label), base_version_id: on } });
    expect(saved.status, saved.text).toBe(201);
    return saved.json.data.version_id as string;
  };
  const listed = async (nid: string) =>
    (await t.call(`${base()}/${nid}/versions?limit=100`, { token: editor })).json.data.items.map((item: { version_id: string }) => item.version_id) as string[];
  const auditEvents = async () => {
    const { store } = t.hub.services;
    const page = await store.list(layout.projectAuditPrefix(pid));
    return Promise.all(
      page.items.map(async (item) => JSON.parse((await store.get(item.key))!.body.toString()) as { event: string; metadata: Record<string, unknown> }),
    );
  };
  /** A NotebookService like the hub's, on another store view or clock. */
  const serviceOn = (store: ObjectStore, options: { maxVersions?: number; now?: () => Date } = {}) => {
    const { catalog, audit, settings, labelPolicy } = t.hub.services;
    const now = options.now ?? (() => new Date());
    return new NotebookService(
      new NotebookRecords(store, catalog, now),
      audit,
      { publish: () => {} },
      {
        maxVersions: options.maxVersions ?? settings.limits.maxVersionsPerNotebook,
        marimoVersion: '0.25.2',
        computeProfiles: [],
        sandboxImages: [],
        labels: labelPolicy,
      },
      now,
    );
  };

  it('pages through versions newest first with limit and cursor', async () => {
    const { meta, source } = await create();
    const ids = [source.current_version_id];
    for (const label of ['a', 'b', 'c']) ids.push(await save(meta.id, label, ids.at(-1)!));
    const first = (await t.call(`${base()}/${meta.id}/versions?limit=3`, { token: editor })).json.data;
    expect(first.items.map((item: { version_id: string }) => item.version_id)).toEqual(ids.slice(1).reverse());
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await t.call(`${base()}/${meta.id}/versions?limit=3&cursor=${encodeURIComponent(first.next_cursor)}`, { token: editor })).json.data;
    expect(second).toEqual({ items: [expect.objectContaining({ version_id: ids[0], message: 'Created' })], next_cursor: null });
  });

  it('keeps the version a live session was loaded from, prunes the oldest unreferenced ones, and names them in the save event', async () => {
    const { sessionStore } = t.hub.services;
    const { meta, source } = await create();
    const nid = meta.id;
    const ids = [source.current_version_id];
    ids.push(await save(nid, 'v1', ids.at(-1)!));
    const held = liveSession(pid, nid, actor.id, ids[1]!);
    await sessionStore.create(held);
    // A session that ended references nothing.
    await sessionStore.create({ ...liveSession(pid, nid, actor.id, ids[0]!), state: 'stopped', stopped_at: new Date().toISOString(), sandbox_released: true });
    for (const label of ['v2', 'v3', 'v4', 'v5']) ids.push(await save(nid, label, ids.at(-1)!));

    expect(await listed(nid)).toEqual([ids[5], ids[4], ids[3], ids[1]]);
    expect((await t.call(`${base()}/${nid}/versions/${ids[1]}/code`, { token: editor })).text).toContain('"v1"');
    for (const gone of [ids[0]!, ids[2]!]) {
      expect((await t.call(`${base()}/${nid}/versions/${gone}`, { token: editor })).status).toBe(404);
      expect(await t.hub.store.get(layout.notebookVersionPart(pid, nid, gone, 'code'))).toBeNull();
    }
    const saves = (await auditEvents()).filter((event) => event.event === 'notebook.save' && event.metadata.notebook_id === nid);
    const prunedBy = Object.fromEntries(saves.map((event) => [event.metadata.version_id, event.metadata.pruned_version_ids]));
    expect(prunedBy).toEqual({ [ids[1]!]: [], [ids[2]!]: [], [ids[3]!]: [], [ids[4]!]: [ids[0]], [ids[5]!]: [ids[2]] });

    // Once the session is over, its version is an old one like any other.
    await sessionStore.update(pid, held.id, (current) => ({ ...current, state: 'stopped', stopped_at: new Date().toISOString(), sandbox_released: true }));
    ids.push(await save(nid, 'v6', ids.at(-1)!));
    expect(await listed(nid)).toEqual([ids[6], ids[5], ids[4], ids[3]]);
  });

  it('gives every save an id after its base: within one millisecond, and on a clock that runs behind', async () => {
    let moment = Date.parse('2031-05-01T12:00:00Z');
    const service = serviceOn(t.hub.store, { maxVersions: 2, now: () => new Date(moment) });
    const { notebook, version } = await service.create(pid, 'Versions', { title: 'Clocks' }, actor);
    const ids = [version.version_id];
    for (const label of ['same ms', 'same ms again'])
      ids.push((await service.save(pid, notebook.id, { code: code(label), baseVersionId: ids.at(-1)! }, actor)).version_id);
    // Another replica, an hour behind, saves on top.
    moment -= 3600_000;
    ids.push((await service.save(pid, notebook.id, { code: code('behind'), baseVersionId: ids.at(-1)! }, actor)).version_id);
    expect([...ids].sort()).toEqual(ids);
    // Newest first is the order they were saved in, and pruning took the two oldest.
    expect(await listed(notebook.id)).toEqual([ids[3], ids[2]]);
    expect((await t.call(`${base()}/${notebook.id}/code`, { token: editor })).text).toContain('"behind"');
  });

  it('restores only on the current base, and a version pruned meanwhile is NOT_FOUND', async () => {
    const { meta, source } = await create();
    const nid = meta.id;
    const next = await save(nid, 'next', source.current_version_id);
    const restore = (vid: string, on: string) =>
      t.call(`${base()}/${nid}/versions/${vid}/restore`, { method: 'POST', token: editor, body: { base_version_id: on } });
    const stale = await restore(source.current_version_id, source.current_version_id);
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe('CONFLICT');
    expect(await listed(nid)).toEqual([next, source.current_version_id]);

    // A prune lands between reading the version's entry and reading its code.
    const codeKey = layout.notebookVersionPart(pid, nid, source.current_version_id, 'code');
    const records = new NotebookRecords(t.hub.store, t.hub.services.catalog);
    const racing = serviceOn(
      racingStore(t.hub.store, 'get', codeKey, async () => {
        expect(await records.prune(pid, nid, 1, async () => [])).toEqual([source.current_version_id]);
      }),
    );
    await expect(racing.restore(pid, nid, source.current_version_id, { baseVersionId: next }, actor)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await listed(nid)).toEqual([next]);
    expect((await restore(source.current_version_id, next)).json.error.code).toBe('NOT_FOUND');
  });

  it('audits snapshots, and never keeps HTML for a version that is gone', async () => {
    const { meta, source } = await create();
    const nid = meta.id;
    const { notebooks } = t.hub.services;
    await notebooks.attachSnapshot(pid, nid, source.current_version_id, Buffer.from('<p>one</p>'), 'system');
    const event = (await auditEvents()).find((entry) => entry.event === 'notebook.snapshot' && entry.metadata.notebook_id === nid);
    expect(event?.metadata).toEqual({ notebook_id: nid, version_id: source.current_version_id, bytes: 10 });

    const missing = 'ver-0000000000000001';
    await expect(notebooks.attachSnapshot(pid, nid, missing, Buffer.from('<p>x</p>'), 'system')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await t.hub.store.get(layout.notebookVersionPart(pid, nid, missing, 'snapshot'))).toBeNull();

    // The version is pruned after the check, while its HTML is being stored.
    const next = await save(nid, 'next', source.current_version_id);
    const snapshotKey = layout.notebookVersionPart(pid, nid, next, 'snapshot');
    const records = new NotebookRecords(t.hub.store, t.hub.services.catalog);
    const racing = serviceOn(
      racingStore(t.hub.store, 'put', snapshotKey, async () => {
        await save(nid, 'newer', next);
        expect(await records.prune(pid, nid, 1, async () => [])).toEqual([source.current_version_id, next]);
      }),
    );
    await expect(racing.attachSnapshot(pid, nid, next, Buffer.from('<p>late</p>'), 'system')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await t.hub.store.get(snapshotKey)).toBeNull();
  });
});
