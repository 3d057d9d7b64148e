import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxRuntime } from '../support/session-world.js';
import { startCoreWorld, type CoreWorld } from './session-core-world.js';

const IDLE_SECONDS = 30;

describe.skipIf(sandboxRuntime === null)('session routes: provision lines, pagination, heartbeats', () => {
  let w: CoreWorld;
  beforeAll(async () => {
    w = await startCoreWorld({ SERVICE_SESSION_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS) });
  });
  afterAll(() => w?.close());

  const sessions = () => `/api/v1/projects/${w.pid}/sessions`;
  const linesOf = (sid: string) => w.provisionLines().filter((line) => line.session_id === sid);
  const timings = {
    provision_create_ms: expect.any(Number),
    provision_reachable_ms: expect.any(Number),
    provision_files_ms: expect.any(Number),
    provision_setup_ms: expect.any(Number),
    provision_waitport_ms: expect.any(Number),
    provision_total_ms: expect.any(Number),
  };

  it('writes one session_provision line per provisioning attempt, with the client, outcome and phase timings', async () => {
    const nid = await w.notebook('Provisioned by token');
    const byToken = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    expect(byToken.status, byToken.text).toBe(201);
    const sid = byToken.json.data.id as string;
    await expect.poll(() => linesOf(sid)).toHaveLength(1);
    expect(linesOf(sid)[0]).toMatchObject({ client: 'cli', outcome: 'ready', mode: 'edit', project_id: w.pid, notebook_id: nid, warm: false, ...timings });
    expect(linesOf(sid)[0]).not.toHaveProperty('provision_error_code');
    expect(linesOf(sid)[0]).not.toHaveProperty('editor_claim_lost');
    // A reused session is not provisioned again.
    expect((await w.start('editor', { notebook_id: nid, mode: 'edit' })).json.data).toMatchObject({ id: sid, reused: true });
    expect(linesOf(sid)).toHaveLength(1);

    // A browser signed in with the session cookie is the `web` client.
    const cookie = await w.t.localLogin();
    const app = await w.notebook('Provisioned in the browser');
    const byBrowser = await w.t.call(sessions(), { method: 'POST', cookie, headers: { origin: w.t.url }, body: { notebook_id: app, mode: 'app', wait: true } });
    expect(byBrowser.status, byBrowser.text).toBe(201);
    await expect.poll(() => linesOf(byBrowser.json.data.id)).toHaveLength(1);
    expect(linesOf(byBrowser.json.data.id)[0]).toMatchObject({ client: 'web', outcome: 'ready', mode: 'app', ...timings });

    // Stopped before it runs: the attempt ends `abandoned`.
    const early = await w.api(sessions(), 'manager', { method: 'POST', body: { notebook_id: await w.notebook('Abandoned'), mode: 'app' } });
    expect(early.status, early.text).toBe(201);
    await w.api(`${sessions()}/${early.json.data.id}/stop`, 'manager', { method: 'POST' });
    await expect.poll(() => linesOf(early.json.data.id)).toHaveLength(1);
    expect(linesOf(early.json.data.id)[0]).toMatchObject({ client: 'cli', outcome: 'abandoned' });

    for (const id of [sid, byBrowser.json.data.id]) await w.api(`${sessions()}/${id}/stop`, 'admin', { method: 'POST', body: { save: false } });
  }, 120_000);

  it('lists sessions newest first, a page at a time, ending with next_cursor null', async () => {
    const nid = await w.notebook('Paged');
    const created: string[] = [];
    for (let index = 0; index < 5; index++) {
      const started = await w.api(sessions(), 'editor', { method: 'POST', body: { notebook_id: nid, mode: 'edit' } });
      expect(started.status, started.text).toBe(201);
      created.push(started.json.data.id);
      await w.api(`${sessions()}/${started.json.data.id}/stop`, 'editor', { method: 'POST', body: { save: false } });
    }
    const all = (await w.api(`${sessions()}?limit=100`, 'admin')).json.data;
    expect(all.next_cursor).toBeNull();
    const everything = all.items as { id: string; notebook_id: string; created_at: string; url: string; state: string }[];
    // Sessions are kept after they end, newest first.
    expect(everything.filter((item) => item.notebook_id === nid).map((item) => item.id)).toEqual([...created].reverse());
    expect(everything.filter((item) => item.notebook_id === nid).every((item) => item.state === 'stopped' && item.url === `/s/${item.id}/`)).toBe(true);
    const times = everything.map((item) => Date.parse(item.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const paged: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await w.api(`${sessions()}?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, 'viewer');
      expect(page.status, page.text).toBe(200);
      expect(page.json.data.items.length).toBeLessThanOrEqual(2);
      paged.push(...page.json.data.items.map((item: { id: string }) => item.id));
      cursor = page.json.data.next_cursor;
      pages++;
    } while (cursor && pages < 50);
    expect(paged).toEqual(everything.map((item) => item.id));
    expect(pages).toBe(Math.ceil(everything.length / 2));

    // A cursor from another list, and a page size below 1, are refused.
    const notebookCursor = (await w.api(`/api/v1/projects/${w.pid}/notebooks?limit=1`, 'admin')).json.data.next_cursor as string;
    const foreign = await w.api(`${sessions()}?cursor=${encodeURIComponent(notebookCursor)}`, 'admin');
    expect(foreign.status).toBe(422);
    expect(foreign.json.error.code).toBe('VALIDATION_ERROR');
    const zero = await w.api(`${sessions()}?limit=0`, 'admin');
    expect(zero.status).toBe(422);
    expect(zero.json.error.code).toBe('VALIDATION_ERROR');
  }, 120_000);

  it('keeps a session from going idle with heartbeats, and counts an editor as there while `connected`', async () => {
    const nid = await w.notebook('Heartbeats');
    const started = await w.start('manager', { notebook_id: nid, mode: 'app' });
    expect(started.status, started.text).toBe(201);
    const sid = started.json.data.id as string;
    const beat = (connected?: boolean) =>
      w.api(`${sessions()}/${sid}/heartbeat`, 'viewer', { method: 'POST', ...(connected === undefined ? {} : { body: { connected } }) });
    const state = async () => (await w.api(`${sessions()}/${sid}`, 'manager')).json.data;
    const idleMs = IDLE_SECONDS * 1000;

    const before = Date.parse((await state()).last_activity_at);
    while (Date.now() <= before + 5) await new Promise((resolve) => setTimeout(resolve, 5));
    const quiet = await beat(false);
    expect(quiet.status, quiet.text).toBe(200);
    const heard = Date.parse(quiet.json.data.last_activity_at);
    expect(heard).toBeGreaterThan(before);
    // `connected: false` is activity, not presence.
    expect((await w.t.hub.services.sessionStore.get(w.pid, sid))!.connected_until).toBeNull();
    await w.sweep(new Date(heard + idleMs - 1));
    expect((await state()).state).toBe('running');

    // Connected (the default): not idle past the timeout while the presence lasts.
    const present = await beat();
    expect(present.status, present.text).toBe(200);
    const at = Date.parse(present.json.data.last_activity_at);
    const until = Date.parse((await w.t.hub.services.sessionStore.get(w.pid, sid))!.connected_until!);
    expect(until).toBeGreaterThan(at + idleMs);
    await w.sweep(new Date(at + idleMs + 1000));
    expect((await state()).state).toBe('running');
    await w.sweep(new Date(until + idleMs));
    expect(await state()).toMatchObject({ state: 'stopped', stop_reason: 'idle' });

    // A session that is over takes no heartbeats; a body that is not `{connected: boolean}` is refused.
    const late = await beat();
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe('CONFLICT');
    const malformed = await w.api(`${sessions()}/${sid}/heartbeat`, 'viewer', { method: 'POST', body: { connected: 'yes' } });
    expect(malformed.status).toBe(422);
    expect(malformed.json.error.code).toBe('VALIDATION_ERROR');
  }, 120_000);
});
