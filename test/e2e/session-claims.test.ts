import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layout } from '../../service/src/core/storage-layout.js';
import { projectAudit } from '../support/alert-fixtures.js';
import { startAlertReceiver, type AlertReceiver } from '../support/alert-receiver.js';
import { sandboxRuntime, startEditedSession, startSessionWorld, type SessionWorld } from '../support/session-world.js';

describe.skipIf(sandboxRuntime === null)('editor claims (exclusive mode)', () => {
  let w: SessionWorld;
  let receiver: AlertReceiver;
  beforeAll(async () => {
    receiver = await startAlertReceiver();
    w = await startSessionWorld({ SERVICE_ALERT_ALLOW_HTTP: 'true', SERVICE_ALERT_RETRY_DELAY_MS: '20' });
  });
  afterAll(async () => {
    await w?.close();
    await receiver?.close();
  });

  const sessions = () => `/api/v1/projects/${w.pid}/sessions`;
  const claimOf = async (nid: string) => JSON.parse((await w.t.hub.store.get(layout.editorClaim(w.pid, nid)))!.body.toString('utf8'));
  const putClaim = async (nid: string, change: (claim: Record<string, unknown>) => Record<string, unknown>) => {
    const key = layout.editorClaim(w.pid, nid);
    const current = await w.t.hub.store.get(key);
    await w.t.hub.store.put(key, JSON.stringify(change(JSON.parse(current!.body.toString('utf8')))), { ifMatch: current!.etag });
  };

  it('refuses a second editor, and lets a manager take the notebook over, saving the first editor\u2019s work', async () => {
    const { pid, nid } = w;
    const hook = await w.api(`/api/v1/projects/${pid}/alerts`, 'admin', {
      method: 'POST',
      body: { type: 'webhook', name: 'takeovers', kinds: ['session.takeover'], url: receiver.url('/takeover'), signing_secret: 'takeover-signing-secret' },
    });
    receiver.expectSecret('/takeover', 'takeover-signing-secret');
    expect(hook.status, hook.text).toBe(201);

    const firstId = await startEditedSession(w, 'editor', nid, 'import marimo as mo\nwork = "unsaved in the hub"');

    const second = await w.start('manager', { notebook_id: nid, mode: 'edit' });
    expect(second.status).toBe(409);
    expect(second.json.error.code).toBe('EDIT_SESSION_OWNED');
    expect(second.json.error.message).toContain(firstId);
    // The editor asking again gets their own session back.
    expect((await w.start('editor', { notebook_id: nid, mode: 'edit' })).json.data).toMatchObject({ id: firstId, reused: true });
    // Only a manager or the notebook's author may take over.
    const byViewer = await w.start('viewer', { notebook_id: nid, mode: 'edit', takeover_from: firstId });
    expect([403, 404]).toContain(byViewer.status);

    const takeover = await w.start('manager', { notebook_id: nid, mode: 'edit', takeover_from: firstId });
    expect(takeover.status, takeover.text).toBe(201);
    expect(takeover.json.data).toMatchObject({ state: 'running', user_id: w.userIds.manager });
    const previous = (await w.api(`${sessions()}/${firstId}`, 'editor')).json.data;
    expect(previous).toMatchObject({ state: 'stopped', stop_reason: 'takeover' });
    const versions = (await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/versions`, 'manager')).json.data.items;
    expect(versions[0].message).toBe('Saved when the session stopped (takeover)');
    expect((await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/code`, 'manager')).text).toContain('unsaved in the hub');
    expect((await claimOf(nid)).session_id).toBe(takeover.json.data.id);

    const audit = (await projectAudit(w.t, pid)).filter((entry) => entry.event === 'session.takeover');
    expect(audit.at(-1)!.metadata).toMatchObject({ notebook_id: nid, from_session_id: firstId, from_user_id: w.userIds.editor });
    const [delivery] = await receiver.waitFor('/takeover', 1);
    expect(delivery!.json).toMatchObject({ kind: 'session.takeover', project_id: pid, data: { notebook_id: nid, previous_session_id: firstId } });
    expect(delivery!.signatureValid).toBe(true);

    // Naming a session that no longer holds the notebook.
    const stale = await w.start('admin', { notebook_id: nid, mode: 'edit', takeover_from: firstId });
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe('EDIT_SESSION_CHANGED');

    // A takeover already under way.
    await putClaim(nid, (claim) => ({ ...claim, takeover: { requested_by: w.userIds.admin, requested_at: new Date().toISOString() } }));
    const racing = await w.start('admin', { notebook_id: nid, mode: 'edit', takeover_from: takeover.json.data.id });
    expect(racing.status).toBe(409);
    expect(racing.json.error.code).toBe('TAKEOVER_IN_PROGRESS');
    await putClaim(nid, (claim) => ({ ...claim, takeover: null }));
    await w.api(`${sessions()}/${takeover.json.data.id}/stop`, 'manager', { method: 'POST' });
  }, 180_000);

  it('refuses new editors while the previous session is retiring, and recovers a claim whose session is gone', async () => {
    const nid = await w.notebook('Retiring');
    const first = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    await putClaim(nid, (claim) => ({ ...claim, state: 'retiring', retiring_since: new Date().toISOString() }));
    const blocked = await w.start('manager', { notebook_id: nid, mode: 'edit' });
    expect(blocked.status).toBe(409);
    expect(blocked.json.error.code).toBe('EDIT_SESSION_RETIRING');
    expect(blocked.headers.get('retry-after')).toBe('5');

    // Once the session is over and its sandbox gone, the retiring claim no longer stands in the way.
    await w.api(`${sessions()}/${first.json.data.id}/stop`, 'editor', { method: 'POST', body: { save: false } });
    const next = await w.start('manager', { notebook_id: nid, mode: 'edit' });
    expect(next.status, next.text).toBe(201);
    await w.api(`${sessions()}/${next.json.data.id}/stop`, 'manager', { method: 'POST' });

    // A claim naming a session that was never stored: a start that took the claim a moment ago
    // is about to store its session, so the claim stands; one taken long ago was left by a hub
    // that crashed in between, and is taken over.
    const orphaned = await w.notebook('Orphaned claim');
    const orphan = (acquiredAt: Date) => ({
      schema_version: 1,
      project_id: w.pid,
      notebook_id: orphaned,
      session_id: 'ses-0000000000000000',
      user_id: w.userIds.editor,
      state: 'active',
      acquired_at: acquiredAt.toISOString(),
      retiring_since: null,
      takeover: null,
    });
    await w.t.hub.store.put(layout.editorClaim(w.pid, orphaned), JSON.stringify(orphan(new Date())), { ifNoneMatch: '*' });
    const meanwhile = await w.start('manager', { notebook_id: orphaned, mode: 'edit' });
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.json.error.code).toBe('EDIT_SESSION_OWNED');
    await putClaim(orphaned, () => orphan(new Date(Date.now() - 61_000)));
    const recovered = await w.start('manager', { notebook_id: orphaned, mode: 'edit' });
    expect(recovered.status, recovered.text).toBe(201);
    expect((await claimOf(orphaned)).session_id).toBe(recovered.json.data.id);
    await w.api(`${sessions()}/${recovered.json.data.id}/stop`, 'manager', { method: 'POST' });
  }, 120_000);
});

describe.skipIf(sandboxRuntime === null)('editor claims (shared mode)', () => {
  let w: SessionWorld;
  beforeAll(async () => {
    w = await startSessionWorld({ SERVICE_EDITOR_SANDBOX_SHARING: 'shared' });
  });
  afterAll(() => w?.close());

  it('gives every editor of a notebook the same session', async () => {
    const first = await w.start('editor', { notebook_id: w.nid, mode: 'edit' });
    expect(first.status, first.text).toBe(201);
    expect(first.json.data.editor_sandbox_sharing).toBe('shared');
    const second = await w.start('manager', { notebook_id: w.nid, mode: 'edit' });
    expect(second.status).toBe(200);
    expect(second.json.data).toMatchObject({ id: first.json.data.id, reused: true });
    expect((await w.api(`/s/${first.json.data.id}/`, 'manager')).status).toBe(200);
    expect((await w.api(`/s/${first.json.data.id}/`, 'editor')).status).toBe(200);
    // Viewers still stay out of edit sessions.
    expect([403, 404]).toContain((await w.api(`/s/${first.json.data.id}/`, 'viewer')).status);
  }, 120_000);
});
