import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { createHub, type Hub } from '../../service/src/compose/hub.js';
import { readSettings } from '../../service/src/config/settings.js';
import { projectAudit } from '../support/alert-fixtures.js';
import {
  eventually,
  killMarimoIn,
  sandboxRuntime,
  signalMarimoIn,
  startEditedSession,
  startSessionWorld,
  type SessionWorld,
} from '../support/session-world.js';

/** A notebook whose one cell keeps the kernel's CPU busy for a few seconds. */
const BUSY_NOTEBOOK = `import marimo

app = marimo.App()


@app.cell
def _():
    import time

    began = time.monotonic()
    spins = 0
    while time.monotonic() - began < 6:
        spins += 1
    return (spins,)


if __name__ == "__main__":
    app.run()
`;

/**
 * The hub notices a dead notebook server on its own, with nobody asking: no proxied request, no
 * start of the notebook, no lifecycle sweep (maintenance is off in these hubs). Real marimo on the
 * local driver, with the default probe settings.
 */
describe.skipIf(sandboxRuntime === null)('supervision of notebook servers (local driver)', () => {
  let w: SessionWorld;
  beforeAll(async () => {
    w = await startSessionWorld({}, { captureLogs: true });
  }, 60_000);
  afterAll(() => w?.close());

  const record = (sid: string) => w.t.hub.services.sessionStore.get(w.pid, sid);
  const sandboxOf = async (sid: string) => (await record(sid))!.sandbox!.id;
  const settled = (sid: string, timeoutMs: number) =>
    eventually(
      () => record(sid),
      // Over, and its sandbox gone (released just after the state is written).
      (session) => (session?.state === 'stopped' || session?.state === 'failed') && session.sandbox_released,
      timeoutMs,
    );

  it('ends an edit session whose marimo was killed, saving its notebook and giving up the editor claim', async () => {
    const sid = await startEditedSession(w, 'editor', w.nid, 'import marimo as mo\nsupervised_edit = True');
    expect(w.t.hub.services.supervisor.isWatching(sid)).toBe(true);
    expect(await killMarimoIn(w.t.dataDir, await sandboxOf(sid))).toBeGreaterThan(0);

    const ended = await settled(sid, 10_000);
    expect(ended).toMatchObject({ state: 'stopped', stop_reason: 'kernel_lost', sandbox_released: true });
    // Noticed by the exit of the process, not by missed probes.
    expect(w.t.logs.filter((line) => line.event === 'session_kernel_gone' && line.session_id === sid).map((line) => line.cause)).toEqual(['exited']);
    const [latest] = (await w.api(`/api/v1/projects/${w.pid}/notebooks/${w.nid}/versions`, 'editor')).json.data.items;
    expect(latest.message).toBe('Saved when the session stopped (kernel_lost)');
    expect((await w.api(`/api/v1/projects/${w.pid}/notebooks/${w.nid}/versions/${latest.version_id}/code`, 'editor')).text).toContain('supervised_edit = True');
    // The claim is free: another editor opens the notebook without a takeover.
    const next = await w.start('manager', { notebook_id: w.nid, mode: 'edit' });
    expect(next.status, next.text).toBe(201);
    expect(next.json.data.state).toBe('running');
    await w.api(`/api/v1/projects/${w.pid}/sessions/${next.json.data.id}/stop`, 'manager', { method: 'POST' });
  }, 180_000);

  it('ends an edit session whose marimo hangs (SIGSTOP) once it misses its probes', async () => {
    const started = await w.start('editor', { notebook_id: w.nid, mode: 'edit' });
    expect(started.json.data.state).toBe('running');
    const sid = started.json.data.id as string;
    const sandboxId = await sandboxOf(sid);
    expect(await signalMarimoIn(w.t.dataDir, sandboxId, 'SIGSTOP')).toBeGreaterThan(0);
    try {
      const ended = await settled(sid, 40_000);
      expect(ended).toMatchObject({ state: 'stopped', stop_reason: 'kernel_lost', sandbox_released: true });
      const stops = (await projectAudit(w.t, w.pid)).filter((entry) => entry.event === 'session.stop' && entry.metadata.session_id === sid);
      expect(stops.map((entry) => entry.metadata.reason)).toEqual(['kernel_lost']);
    } finally {
      // Whatever the outcome, nothing is left stopped behind the test (gone with its sandbox when it passed).
      await signalMarimoIn(w.t.dataDir, sandboxId, 'SIGCONT').catch(() => 0);
    }
  }, 180_000);

  it('leaves a session alone while its kernel is busy running a long cell', async () => {
    const nid = await w.notebook('Busy');
    const base = (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions`, 'admin')).json.data.items[0].version_id;
    const saved = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions`, 'admin', {
      method: 'POST',
      body: { code: BUSY_NOTEBOOK, base_version_id: base },
    });
    expect(saved.status, saved.text).toBe(201);
    const started = await w.start('viewer', { notebook_id: nid, mode: 'app' });
    expect(started.json.data.state).toBe('running');
    const sid = started.json.data.id as string;

    // The viewer's connection runs the cell: it is busy for several probe intervals, then idle.
    const viewer = await w.kernel('viewer', sid);
    try {
      const statuses = () => viewer.messages.filter((message) => message.op === 'cell-op').map((message) => (message.data as { status?: string }).status);
      const seen = await eventually(
        async () => statuses(),
        (list) => list.includes('running') && list.lastIndexOf('idle') > list.indexOf('running'),
        60_000,
      );
      expect(seen).toContain('running');
      expect(seen.lastIndexOf('idle')).toBeGreaterThan(seen.indexOf('running'));
    } finally {
      viewer.close();
    }
    const after = await record(sid);
    expect([after!.state, after!.restarts ?? 0]).toEqual(['running', 0]);
    expect(w.t.hub.services.supervisor.isWatching(sid)).toBe(true);
    await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/stop`, 'admin', { method: 'POST' });
  }, 180_000);
});

describe.skipIf(sandboxRuntime === null)('supervision across a hub restart (local driver)', () => {
  let w: SessionWorld;
  let restarted: Hub | null = null;
  beforeAll(async () => {
    w = await startSessionWorld();
  }, 60_000);
  afterAll(async () => {
    await restarted?.close();
    await w?.close();
  });

  it('watches the sessions the hub before it started: their kernels outlive it, and so does their supervision', async () => {
    const started = await w.start('editor', { notebook_id: w.nid, mode: 'edit' });
    expect(started.json.data.state).toBe('running');
    const sid = started.json.data.id as string;
    const sandboxId = (await w.t.hub.services.sessionStore.get(w.pid, sid))!.sandbox!.id;
    await w.t.hub.close();

    const settings = readSettings({
      SERVICE_DATA_DIR: w.t.dataDir,
      SERVICE_PORT: '0',
      SERVICE_LOG_LEVEL: 'silent',
      SERVICE_RUN_MAINTENANCE: 'false',
      SERVICE_SANDBOX_RUNTIME_DIR: sandboxRuntime!.runtimeDir,
    });
    const hub = await createHub({ settings, logger: createLogger('silent') });
    restarted = hub;
    await hub.listen();
    expect(
      await eventually(
        async () => hub.services.supervisor.isWatching(sid),
        (watching) => watching,
        10_000,
      ),
    ).toBe(true);

    expect(await killMarimoIn(w.t.dataDir, sandboxId)).toBeGreaterThan(0);
    const ended = await eventually(
      () => hub.services.sessionStore.get(w.pid, sid),
      (session) => session?.state === 'stopped' && session.sandbox_released,
      40_000,
    );
    expect(ended).toMatchObject({ state: 'stopped', stop_reason: 'kernel_lost', sandbox_released: true });
  }, 120_000);
});
