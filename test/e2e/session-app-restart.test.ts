import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { projectAudit } from '../support/alert-fixtures.js';
import { useAlertingSessionWorld } from '../support/alerting-session-world.js';
import { eventually, killMarimoIn, sandboxRuntime } from '../support/session-world.js';

const SECRET = 'app-restart-signing-secret';

/** A minimal pure-Python wheel of `hubprobe` (no index needed to install it). */
function probeWheel(): Buffer {
  const files: Record<string, string> = {
    'hubprobe/__init__.py': 'VALUE = 42\n',
    'hubprobe-0.1.dist-info/METADATA': 'Metadata-Version: 2.1\nName: hubprobe\nVersion: 0.1\n',
    'hubprobe-0.1.dist-info/WHEEL': 'Wheel-Version: 1.0\nGenerator: notebook-hub-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n',
  };
  const digest = (text: string) => createHash('sha256').update(text).digest('base64url');
  const record = [
    ...Object.entries(files).map(([path, text]) => `${path},sha256=${digest(text)},${Buffer.byteLength(text)}`),
    'hubprobe-0.1.dist-info/RECORD,,',
  ];
  files['hubprobe-0.1.dist-info/RECORD'] = `${record.join('\n')}\n`;
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, new TextEncoder().encode(text)]))));
}

/** The notebook installs `hubprobe` from its workspace's `wheels` folder: without the folder, uv fails. */
const WHEEL_NOTEBOOK = `# /// script
# dependencies = ["hubprobe"]
# [tool.uv]
# find-links = ["wheels"]
# ///
import marimo

app = marimo.App()


@app.cell
def _():
    import hubprobe

    return (hubprobe,)


if __name__ == "__main__":
    app.run()
`;

/**
 * An app whose marimo dies is started again once, under the same id and URL, in a fresh sandbox;
 * when that is impossible it fails and the project's destinations hear `app.unavailable`. Real
 * marimo and uv on the local driver, a real HTTP receiver; nobody asks the hub to look.
 */
describe.skipIf(sandboxRuntime === null)('apps whose notebook server died (local driver)', () => {
  // Dependencies installed at each start: a restart depends on the workspace's wheels. A locked
  // environment is built once and outlives them (locked-environments.test.ts).
  const alerting = useAlertingSessionWorld({ SERVICE_LOCKED_ENVIRONMENTS: 'off' });

  const record = (sid: string) => alerting.w.t.hub.services.sessionStore.get(alerting.w.pid, sid);
  const sandboxOf = async (sid: string) => (await record(sid))!.sandbox!.id;
  const subscribe = (path: string) => alerting.subscribe(path, ['app.start_failed', 'app.unavailable'], SECRET);
  const failedAndReleased = (sid: string) =>
    eventually(
      () => record(sid),
      (session) => session?.state === 'failed' && session.sandbox_released,
      60_000,
    );

  it('restarts an app killed under a connected viewer, who gets it back at the same URL; a second death fails it with app.unavailable', async () => {
    const { w, receiver } = alerting;
    await subscribe('/restart');
    const nid = await w.notebook('Restarted app');
    const started = await w.start('viewer', { notebook_id: nid, mode: 'app' });
    expect(started.json.data.state).toBe('running');
    const sid = started.json.data.id as string;
    const viewer = await w.kernel('viewer', sid);
    await viewer.waitFor('kernel-ready');
    const closed = new Promise<void>((resolve) => viewer.socket.once('close', () => resolve()));

    const first = await sandboxOf(sid);
    expect(await killMarimoIn(w.t.dataDir, first)).toBeGreaterThan(0);
    await closed;
    // What the viewer's page sees until the app is back: never a 404, 410 or 502, only "come back".
    const refusals: { status: number; code: string; retryAfter: string | null }[] = [];
    const back = await eventually(
      async () => {
        const page = await w.api(`/s/${sid}/`, 'viewer');
        if (page.status !== 200) refusals.push({ status: page.status, code: page.json?.error?.code, retryAfter: page.headers.get('retry-after') });
        return { page: page.status, session: (await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}`, 'viewer')).json.data };
      },
      (seen) => seen.page === 200 && seen.session.state === 'running',
      60_000,
    );
    expect(back.page).toBe(200);
    expect(back.session).toMatchObject({ id: sid, state: 'running', restarts: 1, stop_reason: null, url: `/s/${sid}/` });
    expect(back.session.restarted_at).not.toBeNull();
    for (const refusal of refusals) expect(refusal).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE', retryAfter: '2' });
    expect(await sandboxOf(sid)).not.toBe(first);
    const again = await w.kernel('viewer', sid);
    await again.waitFor('kernel-ready');
    again.close();
    const restarts = (await projectAudit(w.t, w.pid)).filter((entry) => entry.event === 'session.restart');
    // The process's exit or the viewer's dropped connection, whichever the hub saw first.
    expect(restarts.map((entry) => entry.metadata)).toEqual([
      { session_id: sid, notebook_id: nid, mode: 'app', cause: expect.stringMatching(/^(exited|unanswered)$/), restarts: 1 },
    ]);

    // Restarted once already: the next death is the end of it.
    expect(await killMarimoIn(w.t.dataDir, await sandboxOf(sid))).toBeGreaterThan(0);
    const failed = await failedAndReleased(sid);
    expect(failed).toMatchObject({ state: 'failed', stop_reason: 'kernel_lost', restarts: 1, failure: { code: 'SERVICE_UNAVAILABLE' } });
    const deliveries = await receiver.waitFor('/restart', 1);
    // The restart itself alerted nobody: the one delivery is for the app that could not come back.
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.signatureValid).toBe(true);
    expect(deliveries[0]!.json).toMatchObject({
      kind: 'app.unavailable',
      project_id: w.pid,
      actor: 'system',
      data: { notebook_id: nid, session_id: sid, code: 'SERVICE_UNAVAILABLE' },
    });
    expect(deliveries[0]!.json.data.message).toMatch(/restarted once/);
    const failures = (await projectAudit(w.t, w.pid)).filter((entry) => entry.event === 'session.fail' && entry.metadata.session_id === sid);
    expect(failures.map((entry) => entry.metadata)).toEqual([
      { session_id: sid, notebook_id: nid, mode: 'app', code: 'SERVICE_UNAVAILABLE', reason: 'kernel_lost', restarts: 1 },
    ]);
    expect((await w.api(`/s/${sid}/`, 'viewer')).status).toBe(404);

    // The next viewer gets a fresh app.
    const fresh = await w.start('viewer', { notebook_id: nid, mode: 'app' });
    expect(fresh.status, fresh.text).toBe(201);
    expect(fresh.json.data).toMatchObject({ state: 'running', restarts: 0 });
    await w.api(`/api/v1/projects/${w.pid}/sessions/${fresh.json.data.id}/stop`, 'manager', { method: 'POST' });
  }, 240_000);

  it('fails an app whose restart cannot install its dependencies any more, and delivers app.unavailable with the error', async () => {
    const { w, receiver } = alerting;
    await subscribe('/broken');
    const nid = await w.notebook('App with a local wheel');
    const upload = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/workspace/files?path=wheels/hubprobe-0.1-py3-none-any.whl`, 'admin', {
      method: 'PUT',
      body: probeWheel(),
    });
    expect(upload.status, upload.text).toBe(201);
    const base = (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions`, 'admin')).json.data.items[0].version_id;
    const saved = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions`, 'admin', {
      method: 'POST',
      body: { code: WHEEL_NOTEBOOK, base_version_id: base },
    });
    expect(saved.status, saved.text).toBe(201);
    const started = await w.start('viewer', { notebook_id: nid, mode: 'app' });
    expect(started.json.data.state, started.text).toBe('running');
    const sid = started.json.data.id as string;

    // The wheel leaves the workspace; the running app does not notice, a fresh sandbox would.
    const removed = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/workspace/items?path=wheels&recursive=true`, 'admin', { method: 'DELETE' });
    expect(removed.status, removed.text).toBe(200);
    expect(await killMarimoIn(w.t.dataDir, await sandboxOf(sid))).toBeGreaterThan(0);

    const failed = await failedAndReleased(sid);
    expect(failed).toMatchObject({ state: 'failed', stop_reason: 'kernel_lost', restarts: 1, failure: { code: 'PYTHON_ENV_SETUP_FAILED' } });
    const [delivery] = await receiver.waitFor('/broken', 1);
    expect(delivery!.signatureValid).toBe(true);
    expect(delivery!.json).toMatchObject({
      kind: 'app.unavailable',
      project_id: w.pid,
      data: { notebook_id: nid, session_id: sid, code: 'PYTHON_ENV_SETUP_FAILED' },
    });
    expect(delivery!.json.data.message).toMatch(/find-links|wheels/);
    const audit = (await projectAudit(w.t, w.pid)).filter((entry) => entry.metadata.session_id === sid).map((entry) => entry.event);
    expect(audit).toEqual(expect.arrayContaining(['session.start', 'session.restart', 'session.fail']));
    const session = (await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}`, 'viewer')).json.data;
    expect(session).toMatchObject({ state: 'failed', stop_reason: 'kernel_lost', restarts: 1, failure: { code: 'PYTHON_ENV_SETUP_FAILED' } });
  }, 240_000);
});
