import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layout } from '../../service/src/core/storage-layout.js';
import { projectAudit } from '../support/alert-fixtures.js';
import { startReclaimWorld, type ReclaimWorld } from '../support/reclaim-world.js';
import { sandboxRuntime, startEditedSession } from '../support/session-world.js';
import { unusedPort } from '../support/unused-port.js';

describe.skipIf(sandboxRuntime === null)('forced reclaim of sessions (real marimo, local driver)', () => {
  let w: ReclaimWorld;
  beforeAll(async () => {
    w = await startReclaimWorld();
  });
  afterAll(() => w?.close());

  /** The session's `session.reclaim` audit entries, oldest first. */
  const reclaimAudits = async (sessionId: string) =>
    (await projectAudit(w.t, w.pid))
      .filter((entry) => entry.event === 'session.reclaim' && entry.metadata.session_id === sessionId)
      .map((entry) => ({
        ...(JSON.parse(entry.raw) as { actor: string; ts: string }),
        ...(entry.metadata as { reason?: string; saved?: boolean; save_requested: boolean; reclaimed: boolean }),
      }))
      .sort((a, b) => a.ts.localeCompare(b.ts));

  it('saves the notebook of a session left behind, destroys its sandbox and frees the notebook', async () => {
    const { pid, nid } = w;
    const sid = await startEditedSession(w, 'editor', nid, 'import marimo as mo\nrescued = 7');
    const sandboxId = (await w.leaveBehind(sid)).sandbox!.id;

    // Nothing frees the notebook by itself here (no lifecycle loop): its editor is locked out.
    expect((await w.start('editor', { notebook_id: nid, mode: 'edit' })).status).toBe(409);
    expect(await w.runtimeRow(sid)).toMatchObject({
      id: sid,
      project_id: pid,
      notebook_id: nid,
      mode: 'edit',
      state: 'stopped',
      sandbox_released: false,
      reclaimable: true,
      reclaim_blocked_reason: null,
    });

    const reclaimed = await w.reclaim(sid);
    expect(reclaimed.status, reclaimed.text).toBe(200);
    expect(reclaimed.json.data).toEqual({ reclaimed: true, saved: true });
    const [latest] = (await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/versions`, 'editor')).json.data.items;
    expect(latest.message).toBe('Saved by a reclaim');
    expect((await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/code`, 'editor')).text).toContain('rescued = 7');
    expect(await w.sandboxExists(sandboxId)).toBe(false);
    expect(await w.t.hub.store.get(layout.editorClaim(pid, nid))).toBeNull();
    expect((await w.t.hub.services.sessionStore.get(pid, sid))!.sandbox_released).toBe(true);
    expect(await w.runtimeRow(sid)).toBeUndefined();

    // Again: nothing left to do, and nothing saved.
    const again = await w.reclaim(sid, { save: true });
    expect(again.status, again.text).toBe(200);
    expect(again.json.data).toEqual({ reclaimed: true, saved: false });

    const rootId = (await w.t.call('/api/v1/me', { token: w.root })).json.data.id;
    expect(await reclaimAudits(sid)).toEqual([
      expect.objectContaining({ actor: rootId, save_requested: true, reclaimed: true, saved: true }),
      expect.objectContaining({ actor: rootId, save_requested: true, reclaimed: true, saved: false }),
    ]);
    expect((await projectAudit(w.t, pid)).some((entry) => entry.event === 'notebook.save_on_reclaim' && entry.metadata.version_id === latest.version_id)).toBe(
      true,
    );

    const next = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    expect(next.status, next.text).toBe(201);
    await w.api(`/api/v1/projects/${pid}/sessions/${next.json.data.id}/stop`, 'editor', { method: 'POST', body: { save: false } });
  }, 120_000);

  it('refuses for every cause in turn, naming it, with inspection agreeing, until save: false goes through', async () => {
    const { pid } = w;
    const nid = await w.notebook('Refusals');
    const started = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    expect(started.status, started.text).toBe(201);
    const sid = started.json.data.id as string;
    const record = (await w.t.hub.services.sessionStore.get(pid, sid))!;
    const expectRefusal = async (status: number, reason: string, body?: Record<string, unknown>) => {
      const refused = await w.reclaim(sid, body);
      expect(refused.status, refused.text).toBe(status);
      expect(refused.json.error.code).toBe(status === 409 ? 'CONFLICT' : 'SERVICE_UNAVAILABLE');
      expect(refused.json.error.message).toContain(reason);
      // The cause is in the message only.
      expect(Object.keys(refused.json.error).sort()).toEqual(['code', 'message', 'request_id']);
      return refused;
    };
    const row = () => w.runtimeRow(sid);

    // Only super admins: not even the project's owner.
    expect((await w.reclaim(sid, undefined, w.tokens.admin)).status).toBe(403);
    expect((await w.t.call('/api/v1/admin/runtime/sessions', { token: w.tokens.admin })).status).toBe(403);

    expect((await expectRefusal(409, 'not_terminal')).json.error.message).toContain('stop the session first');
    expect(await row()).toMatchObject({ state: 'running', reclaimable: false, reclaim_blocked_reason: 'not_terminal' });

    // It failed while starting a moment ago: its start may still be writing.
    const now = new Date().toISOString();
    await w.patch(sid, { state: 'failed', stop_reason: 'provision_failed', stopped_at: now, failure: { code: 'SERVICE_UNAVAILABLE', message: 'gave up' } });
    expect(Number((await expectRefusal(409, 'provision_grace')).headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await row()).toMatchObject({ state: 'failed', reclaimable: false, reclaim_blocked_reason: 'provision_grace' });

    // Stopped a moment ago: the replica that stopped it may still be tearing it down.
    await w.leaveBehind(sid, { stopping_since: now, stopped_at: now, failure: null });
    await expectRefusal(409, 'teardown_grace');
    expect(await row()).toMatchObject({ state: 'stopped', reclaimable: false, reclaim_blocked_reason: 'teardown_grace' });

    // An editor is still connected. Inspection covers only causes of the record's state and the
    // provider (docs/sessions.md), so the row stays reclaimable while the reclaim waits for the editor.
    await w.leaveBehind(sid, { connected_until: new Date(Date.now() + 10 * 60_000).toISOString() });
    expect((await expectRefusal(409, 'kernel_active')).json.error.message).toContain('wait for them to leave');
    expect(await row()).toMatchObject({ reclaimable: true, reclaim_blocked_reason: null });

    // marimo does not answer: no save from a server that may be half-way through writing.
    await w.leaveBehind(sid, { connected_until: null, endpoint: { host: '127.0.0.1', port: await unusedPort() } });
    const unreachable = await expectRefusal(503, 'kernel_unreachable');
    expect(Number(unreachable.headers.get('retry-after'))).toBeGreaterThan(0);

    // The notebook file cannot be read from the sandbox.
    await w.patch(sid, { endpoint: record.endpoint });
    await w.driver.exec(record.sandbox!.id, { argv: ['rm', '-f', record.entry_file], check: true });
    expect(Number((await expectRefusal(503, 'attachment_failed')).headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await w.sandboxExists(record.sandbox!.id)).toBe(true);

    const versionsBefore = (await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/versions`, 'editor')).json.data.items.length;
    const discarded = await w.reclaim(sid, { save: false });
    expect(discarded.status, discarded.text).toBe(200);
    expect(discarded.json.data).toEqual({ reclaimed: true, saved: false });
    expect((await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/versions`, 'editor')).json.data.items.length).toBe(versionsBefore);
    expect(await w.sandboxExists(record.sandbox!.id)).toBe(false);
    expect(await w.t.hub.store.get(layout.editorClaim(pid, nid))).toBeNull();
    expect(await row()).toBeUndefined();

    const audits = await reclaimAudits(sid);
    expect(audits.map((entry) => entry.reason ?? `saved=${String(entry.saved)}`)).toEqual([
      'not_terminal',
      'provision_grace',
      'teardown_grace',
      'kernel_active',
      'kernel_unreachable',
      'attachment_failed',
      'saved=false',
    ]);
    expect(audits.map((entry) => entry.save_requested)).toEqual([true, true, true, true, true, true, false]);
    expect(audits.map((entry) => entry.reclaimed)).toEqual([false, false, false, false, false, false, true]);
  }, 120_000);

  it('reclaims an app session without saving and shows no reclaim fields on its row', async () => {
    const started = await w.start('viewer', { notebook_id: w.nid, mode: 'app' });
    expect(started.status, started.text).toBe(201);
    const sid = started.json.data.id as string;
    const sandboxId = (await w.leaveBehind(sid)).sandbox!.id;
    const row = await w.runtimeRow(sid);
    expect(row).toMatchObject({ mode: 'app', state: 'stopped', sandbox_released: false });
    expect(row).not.toHaveProperty('reclaimable');
    expect(row).not.toHaveProperty('reclaim_blocked_reason');
    const reclaimed = await w.reclaim(sid);
    expect(reclaimed.status, reclaimed.text).toBe(200);
    expect(reclaimed.json.data).toEqual({ reclaimed: true, saved: false });
    expect(await w.sandboxExists(sandboxId)).toBe(false);
  }, 120_000);

  it('answers 404 for an unknown session and refuses a malformed body', async () => {
    expect((await w.reclaim('ses-0000000000000000')).status).toBe(404);
    const bad = await w.t.call(`/api/v1/admin/runtime/projects/${w.pid}/sessions/ses-0000000000000000/reclaim`, {
      method: 'POST',
      token: w.root,
      body: { save: 'later' },
    });
    expect(bad.status, bad.text).toBe(422);
    expect(bad.json.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ field: 'save' })] });
  });
});
