import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layout } from '../../service/src/core/storage-layout.js';
import { rawRequest } from './session-proxy-fake-marimo.js';
import { eventually, killLocalSandbox, sandboxRuntime, startSessionWorld, stopSupervising, type SessionWorld } from '../support/session-world.js';

/** Sandboxes that die behind the hub's back: nobody called the driver's destroy. */
describe.skipIf(sandboxRuntime === null)('a sandbox killed behind the hub (local driver)', () => {
  let w: SessionWorld;
  beforeAll(async () => {
    w = await startSessionWorld();
  });
  afterAll(() => w?.close());

  const session = async (sid: string) => (await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}`, 'editor')).json.data;

  it('is noticed through the proxy: the session ends as sandbox_lost, the notebook is free, the proxy stops answering for it', async () => {
    const { pid, nid, t } = w;
    const sid = (await w.start('editor', { notebook_id: nid, mode: 'edit' })).json.data.id as string;
    const { sandboxes, sessionStore } = t.hub.services;
    const sandboxId = (await sessionStore.get(pid, sid))!.sandbox!.id;
    const kernel = await w.kernel('editor', sid);
    await kernel.waitFor('kernel-ready');
    const closed = new Promise<void>((resolve) => kernel.socket.once('close', () => resolve()));
    // As for a session an earlier hub process started: nothing here holds its server process
    // (session-supervision.test.ts shows the hub noticing on its own).
    await stopSupervising(t, sid);

    await killLocalSandbox(t.dataDir, sandboxId);
    // The browser's kernel socket goes with it, and page loads are told to come back later while
    // the failed connection has the hub check the session.
    await closed;
    const page = await w.api(`/s/${sid}/`, 'editor');
    expect(page.status).toBe(503);
    expect(page.json.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(page.headers.get('retry-after')).not.toBeNull();
    const upgrade = await rawRequest(
      t.url,
      `/s/${sid}/ws?session_id=s_after&file=notebook.py`,
      { authorization: `Bearer ${w.tokens.editor}`, origin: t.url },
      true,
    );
    expect(upgrade).toEqual({ status: 503, upgraded: false });
    // No sweep: the check the proxy asked for finds the sandbox gone.
    await eventually(
      async () => (await sessionStore.get(pid, sid))!,
      (record) => record.state === 'stopped' && record.sandbox_released,
      15_000,
    );
    expect(await session(sid)).toMatchObject({ state: 'stopped', stop_reason: 'sandbox_lost' });
    expect((await sessionStore.get(pid, sid))!.sandbox_released).toBe(true);
    expect((await sandboxes.list()).map((sandbox) => sandbox.id)).not.toContain(sandboxId);
    expect(await t.hub.store.get(layout.editorClaim(pid, nid))).toBeNull();
    expect([404, 410]).toContain((await w.api(`/s/${sid}/`, 'editor')).status);

    // Another editor may start on the notebook at once.
    const next = await w.start('manager', { notebook_id: nid, mode: 'edit' });
    expect(next.status, next.text).toBe(201);
    expect(next.json.data.state).toBe('running');
    await w.api(`/api/v1/projects/${pid}/sessions/${next.json.data.id}/stop`, 'manager', { method: 'POST', body: { save: false } });
  }, 120_000);

  it('ends a shared app whose sandbox was killed, so the next viewer gets a fresh one', async () => {
    const nid = await w.notebook('Dashboard');
    const app = (await w.start('viewer', { notebook_id: nid, mode: 'app' })).json.data;
    const sandboxId = (await w.t.hub.services.sessionStore.get(w.pid, app.id))!.sandbox!.id;
    await killLocalSandbox(w.t.dataDir, sandboxId);
    await w.sweep();
    expect(await session(app.id)).toMatchObject({ state: 'stopped', stop_reason: 'sandbox_lost' });

    const fresh = await w.start('viewer', { notebook_id: nid, mode: 'app' });
    expect(fresh.status, fresh.text).toBe(201);
    expect(fresh.json.data).toMatchObject({ reused: false, state: 'running' });
    expect(fresh.json.data.id).not.toBe(app.id);
    expect(
      (
        await eventually(
          () => w.api(`/s/${fresh.json.data.id}/`, 'viewer'),
          (page) => page.status === 200,
        )
      ).status,
    ).toBe(200);
    await w.api(`/api/v1/projects/${w.pid}/sessions/${fresh.json.data.id}/stop`, 'manager', { method: 'POST' });
  }, 120_000);
});
