import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layout } from '../../service/src/core/storage-layout.js';
import { dockerProvisioned, startDockerSessionWorld, type DockerSessionWorld } from '../support/docker-session-world.js';
import { stopSupervising } from '../support/session-world.js';

/** Idle deadline, editor claims and containers that die behind the hub's back, on the docker driver. */
describe.skipIf(dockerProvisioned === null)('session lifecycle in containers (docker driver)', () => {
  let w: DockerSessionWorld;
  beforeAll(async () => {
    w = await startDockerSessionWorld(dockerProvisioned!, { SERVICE_SESSION_IDLE_TIMEOUT_SECONDS: '300', SERVICE_AUTOMATIC_THUMBNAILS: 'false' });
  });
  afterAll(async () => {
    await w?.close();
    if (w) expect(await w.containers()).toEqual([]);
  });

  const session = async (sid: string) => (await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}`, 'editor')).json.data;
  const claimOf = (nid: string) => w.t.hub.store.get(layout.editorClaim(w.pid, nid));
  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  it('saves and stops an idle session and removes its container', async () => {
    const nid = await w.notebook('Idle');
    const sid = (await w.start('editor', { notebook_id: nid, mode: 'edit' })).json.data.id as string;
    const kernel = await w.kernel('editor', sid);
    await w.editInMarimo('editor', sid, kernel, 'import marimo as mo\nidle_in_a_container = True');
    kernel.close();

    // Before the deadline nothing happens; from ten minutes on (idle timeout: five) it stops.
    await w.sweep(minutesFromNow(1));
    expect((await session(sid)).state).toBe('running');
    await w.sweep(minutesFromNow(10));
    expect(await session(sid)).toMatchObject({ state: 'stopped', stop_reason: 'idle' });
    const [latest] = (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions`, 'editor')).json.data.items;
    expect(latest.message).toBe('Saved when the session stopped (idle)');
    expect((await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/code`, 'editor')).text).toContain('idle_in_a_container = True');
    expect(await w.containers(sid)).toEqual([]);
    expect(await claimOf(nid)).toBeNull();
  }, 240_000);

  it('refuses a second editor, and hands the notebook over on takeover', async () => {
    const nid = await w.notebook('Claimed');
    const first = (await w.start('editor', { notebook_id: nid, mode: 'edit' })).json.data;
    const kernel = await w.kernel('editor', first.id);
    await w.editInMarimo('editor', first.id, kernel, 'import marimo as mo\nbefore_takeover = 1');
    kernel.close();

    const refused = await w.start('manager', { notebook_id: nid, mode: 'edit' });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('EDIT_SESSION_OWNED');
    expect([403, 404]).toContain((await w.api(`/s/${first.id}/`, 'manager')).status);

    const takeover = await w.start('manager', { notebook_id: nid, mode: 'edit', takeover_from: first.id });
    expect(takeover.status, takeover.text).toBe(201);
    expect(takeover.json.data).toMatchObject({ state: 'running', user_id: w.userIds.manager });
    expect(await session(first.id)).toMatchObject({ state: 'stopped', stop_reason: 'takeover' });
    expect(await w.containers(first.id)).toEqual([]);
    expect(await w.containers(takeover.json.data.id)).toHaveLength(1);
    expect((await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/code`, 'manager')).text).toContain('before_takeover = 1');
    expect((await w.api(`/s/${takeover.json.data.id}/`, 'manager')).status).toBe(200);
    await w.api(`/api/v1/projects/${w.pid}/sessions/${takeover.json.data.id}/stop`, 'manager', { method: 'POST', body: { save: false } });
  }, 240_000);

  it('finds killed and removed containers, ends their sessions, frees their notebooks and reaps containers nobody owns', async () => {
    const killedNb = await w.notebook('Killed');
    const removedNb = await w.notebook('Removed');
    const killed = (await w.start('editor', { notebook_id: killedNb, mode: 'edit' })).json.data;
    const removed = (await w.start('editor', { notebook_id: removedNb, mode: 'edit' })).json.data;
    const [killedContainer] = await w.containers(killed.id);
    const [removedContainer] = await w.containers(removed.id);
    // The lifecycle loop is the one to find them here, not the supervision of their servers
    // (session-supervision-docker.test.ts).
    for (const { id } of [killed, removed]) await stopSupervising(w.t, id);
    await w.engine.getContainer(killedContainer!.Id).kill();
    await w.engine.getContainer(removedContainer!.Id).remove({ force: true });
    const orphan = await w.t.hub.services.sandboxes.create({ compute: {}, labels: { session_id: 'ses-0000000000000000', mode: 'edit' } });

    // Until the sweep looks, the proxy says the session did not answer: come back later.
    const page = await w.api(`/s/${killed.id}/`, 'editor');
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).not.toBeNull();

    const outcome = await w.sweep();
    expect(outcome.reaped).toBe(1);
    for (const { id } of [killed, removed]) {
      expect(await session(id)).toMatchObject({ state: 'stopped', stop_reason: 'sandbox_lost' });
      expect(await w.containers(id)).toEqual([]);
    }
    expect((await w.t.hub.services.sandboxes.list()).map((sandbox) => sandbox.id)).not.toContain(orphan.id);
    for (const nid of [killedNb, removedNb]) expect(await claimOf(nid)).toBeNull();
    expect([404, 410]).toContain((await w.api(`/s/${killed.id}/`, 'editor')).status);

    const again = await w.start('manager', { notebook_id: killedNb, mode: 'edit' });
    expect(again.status, again.text).toBe(201);
    await w.api(`/api/v1/projects/${w.pid}/sessions/${again.json.data.id}/stop`, 'manager', { method: 'POST', body: { save: false } });
  }, 240_000);
});
