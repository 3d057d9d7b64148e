import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAudit } from '../support/alert-fixtures.js';
import { eventually, killMarimoIn, sandboxRuntime, startSessionWorld, stopSupervising, type SessionWorld } from '../support/session-world.js';

/**
 * marimo killed inside a live local sandbox (the sandbox itself lives on): the next start of the
 * notebook does not reuse a dead edit session, it ends it as `kernel_lost` and starts a fresh one;
 * a dead app is restarted under its id. session-supervision.test.ts shows the hub noticing on its own.
 */
describe.skipIf(sandboxRuntime === null)('a session whose notebook server died (local driver)', () => {
  let w: SessionWorld;
  beforeAll(async () => {
    w = await startSessionWorld({ SERVICE_MAX_SESSIONS_PER_USER: '1' });
  }, 60_000);
  afterAll(() => w?.close());

  const sandboxOf = async (sid: string) => (await w.t.hub.services.sessionStore.get(w.pid, sid))!.sandbox!.id;

  it('ends a dead edit session, saving its notebook file, and starts the editor afresh', async () => {
    const first = await w.start('editor', { notebook_id: w.nid, mode: 'edit' });
    expect(first.json.data.state).toBe('running');
    const sid = first.json.data.id as string;
    const kernel = await w.kernel('editor', sid);
    await w.editInMarimo('editor', sid, kernel, 'import marimo as mo\nwritten_before_the_crash = True');
    kernel.close();
    expect(await killMarimoIn(w.t.dataDir, await sandboxOf(sid))).toBeGreaterThan(0);

    // One session per user is allowed: the dead one does not count once it is found dead. When
    // supervision got there first and is still saving it, the start is told to come back.
    let second = await w.start('editor', { notebook_id: w.nid, mode: 'edit' });
    if (second.status === 409) {
      expect([second.json.error.code, second.headers.get('retry-after')]).toEqual(['EDIT_SESSION_RETIRING', '5']);
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      second = await w.start('editor', { notebook_id: w.nid, mode: 'edit' });
    }
    expect(second.status, second.text).toBe(201);
    expect(second.json.data.id).not.toBe(sid);
    expect(second.json.data.state).toBe('running');
    expect((await w.api(`/s/${second.json.data.id}/`, 'editor')).status).toBe(200);

    const ended = (await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}`, 'editor')).json.data;
    expect(ended).toMatchObject({ state: 'stopped', stop_reason: 'kernel_lost' });
    const [latest] = (await w.api(`/api/v1/projects/${w.pid}/notebooks/${w.nid}/versions`, 'editor')).json.data.items;
    expect(latest.message).toBe('Saved when the session stopped (kernel_lost)');
    const code = await w.api(`/api/v1/projects/${w.pid}/notebooks/${w.nid}/versions/${latest.version_id}/code`, 'editor');
    expect(code.text).toContain('written_before_the_crash = True');
    const record = await w.t.hub.services.sessionStore.get(w.pid, sid);
    expect(record!.sandbox_released).toBe(true);
    await w.api(`/api/v1/projects/${w.pid}/sessions/${second.json.data.id}/stop`, 'editor', { method: 'POST' });
  }, 180_000);

  it('gives the next viewer the shared app again, restarted under the same id, when its server died', async () => {
    const first = await w.start('viewer', { notebook_id: w.nid, mode: 'app' });
    expect(first.json.data.state).toBe('running');
    const sid = first.json.data.id as string;
    // While it answers, it is shared.
    const shared = await w.start('manager', { notebook_id: w.nid, mode: 'app' });
    expect([shared.status, shared.json.data.id]).toEqual([200, sid]);

    const dead = await sandboxOf(sid);
    expect(await killMarimoIn(w.t.dataDir, dead)).toBeGreaterThan(0);
    // Whether the start or the supervisor notices first, the app comes back in a fresh sandbox.
    const again = await w.start('manager', { notebook_id: w.nid, mode: 'app' });
    expect([again.status, again.json.data.id]).toEqual([200, sid]);
    const back = await eventually(
      async () => (await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}`, 'viewer')).json.data,
      (session) => session.state === 'running' && session.restarts === 1,
      60_000,
    );
    expect(back).toMatchObject({ state: 'running', restarts: 1, stop_reason: null });
    expect(await sandboxOf(sid)).not.toBe(dead);
    expect((await w.api(`/s/${sid}/`, 'viewer')).status).toBe(200);
    await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/stop`, 'manager', { method: 'POST' });
  }, 180_000);

  it('restarts an app once when several parts of the hub find its server dead together, and a late "sandbox gone" does not end it', async () => {
    const first = await w.start('viewer', { notebook_id: w.nid, mode: 'app' });
    const sid = first.json.data.id as string;
    await stopSupervising(w.t, sid);
    const running = (await w.t.hub.services.sessionStore.get(w.pid, sid))!;
    expect(await killMarimoIn(w.t.dataDir, running.sandbox!.id)).toBeGreaterThan(0);

    const { sessions } = w.t.hub.services;
    await Promise.all([sessions.kernelLost(running, 'exited'), sessions.kernelLost(running, 'unanswered')]);
    // As the sweep that listed sandboxes before the restart destroyed the dead one.
    expect(['provisioning', 'running']).toContain((await sessions.markLost(running)).state);
    const back = await eventually(
      async () => (await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}`, 'viewer')).json.data,
      (session) => session.state !== 'provisioning',
      60_000,
    );
    expect(back).toMatchObject({ state: 'running', restarts: 1, stop_reason: null });
    const restarts = (await projectAudit(w.t, w.pid)).filter((entry) => entry.event === 'session.restart' && entry.metadata.session_id === sid);
    expect(restarts).toHaveLength(1);
    await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/stop`, 'manager', { method: 'POST' });
  }, 180_000);

  it('notices a dead editor from the proxy: the page gets 503 with Retry-After, and the session ends as kernel_lost', async () => {
    const started = await w.start('editor', { notebook_id: w.nid, mode: 'edit' });
    expect(started.json.data.state).toBe('running');
    const sid = started.json.data.id as string;
    expect((await w.api(`/s/${sid}/`, 'editor')).status).toBe(200);
    // As for a session an earlier hub process started: nothing here holds its server process.
    await stopSupervising(w.t, sid);
    expect(await killMarimoIn(w.t.dataDir, await sandboxOf(sid))).toBeGreaterThan(0);

    const unanswered = await w.api(`/s/${sid}/`, 'editor');
    expect(unanswered.status).toBe(503);
    expect(unanswered.headers.get('retry-after')).toBe('2');
    // No start, no sweep: the failed connection alone has the hub check the kernel.
    const ended = await eventually(
      async () => (await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}`, 'editor')).json.data,
      (session) => session.state === 'stopped',
      15_000,
    );
    expect(ended).toMatchObject({ state: 'stopped', stop_reason: 'kernel_lost' });
    expect([404, 410]).toContain((await w.api(`/s/${sid}/`, 'editor')).status);
  }, 120_000);
});
