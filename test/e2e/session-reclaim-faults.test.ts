import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layout } from '../../service/src/core/storage-layout.js';
import { projectAudit } from '../support/alert-fixtures.js';
import { FakeFaultyDestroyDriver, FakeUnattachableDriver } from '../support/fake-sandbox-drivers.js';
import { startReclaimWorld, type ReclaimWorld } from '../support/reclaim-world.js';
import { eventually, sandboxRuntime, startEditedSession } from '../support/session-world.js';

/** Starts an edit session on a new notebook and edits it in marimo; resolves to its id and sandbox. */
async function editedSession(w: ReclaimWorld, title: string, code: string): Promise<{ sid: string; nid: string; sandboxId: string }> {
  const nid = await w.notebook(title);
  const sid = await startEditedSession(w, 'editor', nid, code);
  return { sid, nid, sandboxId: (await w.t.hub.services.sessionStore.get(w.pid, sid))!.sandbox!.id };
}

const codeOf = async (w: ReclaimWorld, nid: string) => (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/code`, 'editor')).text;
const versionsOf = async (w: ReclaimWorld, nid: string) =>
  (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions`, 'editor')).json.data.items as { message: string }[];

describe.skipIf(sandboxRuntime === null)('reclaim on a provider that cannot attach to sandboxes', () => {
  let w: ReclaimWorld;
  beforeAll(async () => {
    w = await startReclaimWorld({ wrap: (driver) => new FakeUnattachableDriver(driver) });
  });
  afterAll(() => w?.close());

  it('cannot save a session left behind: a super admin reclaims it unsaved, cleanup waits for its deadline', async () => {
    const { sid, nid, sandboxId } = await editedSession(w, 'Unsaved', 'import marimo as mo\nunsaved = 1');
    await w.leaveBehind(sid);
    expect(await w.runtimeRow(sid)).toMatchObject({ reclaimable: false, reclaim_blocked_reason: 'attachment_unsupported' });
    const refused = await w.reclaim(sid);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.error.message).toContain('attachment_unsupported');
    expect(refused.json.error.message).toContain('save: false');

    // Before its authorization deadline the lifecycle loop leaves it to a super admin.
    expect((await w.sweep()).reclaimed).toBe(0);
    expect(await w.sandboxExists(sandboxId)).toBe(true);

    const discarded = await w.reclaim(sid, { save: false });
    expect(discarded.status, discarded.text).toBe(200);
    expect(discarded.json.data).toEqual({ reclaimed: true, saved: false });
    expect(await w.sandboxExists(sandboxId)).toBe(false);
    expect(await codeOf(w, nid)).not.toContain('unsaved = 1');
    const audits = (await projectAudit(w.t, w.pid)).filter((entry) => entry.event === 'session.reclaim' && entry.metadata.session_id === sid);
    expect(audits.map((entry) => entry.metadata)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ save_requested: true, reclaimed: false, reason: 'attachment_unsupported' }),
        expect.objectContaining({ save_requested: false, reclaimed: true, saved: false }),
      ]),
    );
  }, 120_000);

  it('destroys a session left behind unsaved once its authorization deadline has passed', async () => {
    const { sid, nid, sandboxId } = await editedSession(w, 'Past deadline', 'import marimo as mo\npast_deadline = 1');
    await w.leaveBehind(sid, { hard_stop_at: new Date(Date.now() - 1000).toISOString() });
    expect((await w.sweep()).reclaimed).toBe(1);
    expect(await w.sandboxExists(sandboxId)).toBe(false);
    expect((await w.t.hub.services.sessionStore.get(w.pid, sid))!.sandbox_released).toBe(true);
    expect(await w.t.hub.store.get(layout.editorClaim(w.pid, nid))).toBeNull();
    expect(await codeOf(w, nid)).not.toContain('past_deadline = 1');
  }, 120_000);

  it('stops a running session at its deadline without saving it', async () => {
    const { sid, nid, sandboxId } = await editedSession(w, 'Expired', 'import marimo as mo\nexpired = 1');
    const before = (await versionsOf(w, nid)).length;
    await w.patch(sid, { expires_at: new Date(Date.now() - 1000).toISOString(), connected_until: null });
    expect((await w.sweep()).stopped).toBe(1);
    expect((await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}`, 'editor')).json.data).toMatchObject({ state: 'stopped', stop_reason: 'lifetime' });
    expect(await w.sandboxExists(sandboxId)).toBe(false);
    expect((await versionsOf(w, nid)).length).toBe(before);
    expect(await codeOf(w, nid)).not.toContain('expired = 1');
  }, 120_000);
});

describe.skipIf(sandboxRuntime === null)('reclaim when destroying the sandbox fails or hangs', () => {
  let w: ReclaimWorld;
  let driver: FakeFaultyDestroyDriver;
  // Long enough for a real destroy (the retry below); the slow fake waits longer than this alone.
  const BOUND_MS = 6_000;
  beforeAll(async () => {
    w = await startReclaimWorld({
      wrap: (real) => (driver = new FakeFaultyDestroyDriver(real)),
      timings: { timeoutMs: BOUND_MS },
      captureLogs: true,
    });
  });
  afterAll(async () => {
    if (driver) driver.fault = null;
    await w?.close();
  });

  const released = async (sid: string) => (await w.t.hub.services.sessionStore.get(w.pid, sid))!.sandbox_released;
  const timeoutLogs = (sid: string) => w.t.logs.filter((line) => line.event === 'session_reclaim_timeout' && line.session_id === sid);

  it('answers 503 destroy_failed and keeps the notebook claimed until a retry succeeds', async () => {
    const { sid, nid, sandboxId } = await editedSession(w, 'Stuck', 'import marimo as mo\nstuck = 1');
    await w.leaveBehind(sid);
    driver.fault = { kind: 'fail' };
    try {
      const refused = await w.reclaim(sid, { save: false });
      expect(refused.status, refused.text).toBe(503);
      expect(refused.json.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(refused.json.error.message).toContain('destroy_failed');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await released(sid)).toBe(false);
      expect(await w.t.hub.store.get(layout.editorClaim(w.pid, nid))).not.toBeNull();
      expect(await w.runtimeRow(sid)).toMatchObject({ sandbox_released: false, reclaimable: true });
    } finally {
      driver.fault = null;
    }
    const retried = await w.reclaim(sid, { save: false });
    expect(retried.status, retried.text).toBe(200);
    expect(await w.sandboxExists(sandboxId)).toBe(false);
    expect(await w.t.hub.store.get(layout.editorClaim(w.pid, nid))).toBeNull();
    const reasons = (await projectAudit(w.t, w.pid))
      .filter((entry) => entry.event === 'session.reclaim' && entry.metadata.session_id === sid)
      .map((entry) => entry.metadata.reason ?? 'reclaimed');
    expect(reasons.sort()).toEqual(['destroy_failed', 'reclaimed']);
  }, 120_000);

  it('answers 503 timeout past its bound, logs session_reclaim_timeout, and lets the late destroy finish', async () => {
    const { sid, sandboxId } = await editedSession(w, 'Slow', 'import marimo as mo\nslow = 1');
    await w.leaveBehind(sid);
    driver.fault = { kind: 'slow', delayMs: BOUND_MS + 1_000 };
    try {
      const refused = await w.reclaim(sid, { save: false });
      expect(refused.status, refused.text).toBe(503);
      expect(refused.json.error.message).toContain('timeout');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(timeoutLogs(sid)).toEqual([expect.objectContaining({ source: 'admin', timeout_ms: BOUND_MS })]);
      const audits = (await projectAudit(w.t, w.pid)).filter((entry) => entry.event === 'session.reclaim' && entry.metadata.session_id === sid);
      expect(audits.map((entry) => entry.metadata)).toEqual([expect.objectContaining({ save_requested: false, reclaimed: false, reason: 'timeout' })]);
      // The destroy under way was not abandoned: it completes and releases the session.
      expect(
        await eventually(
          () => released(sid),
          (done) => done,
        ),
      ).toBe(true);
      expect(await w.sandboxExists(sandboxId)).toBe(false);
    } finally {
      driver.fault = null;
    }
  }, 120_000);

  it("bounds the lifecycle loop's release of a session that is over too", async () => {
    const { sid } = await editedSession(w, 'Slow in the loop', 'import marimo as mo\nslow_loop = 1');
    await w.leaveBehind(sid);
    driver.fault = { kind: 'slow', delayMs: BOUND_MS + 1_000 };
    try {
      expect((await w.sweep()).reclaimed).toBe(0);
      expect(timeoutLogs(sid)).toEqual([expect.objectContaining({ source: 'maintenance', timeout_ms: BOUND_MS })]);
      expect(
        await eventually(
          () => released(sid),
          (done) => done,
        ),
      ).toBe(true);
    } finally {
      driver.fault = null;
    }
  }, 120_000);
});
