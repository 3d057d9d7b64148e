import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings } from '../../service/src/config/settings.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { createHub, type Hub } from '../../service/src/compose/hub.js';
import { LoopRunner } from '../../service/src/loops/loop-runner.js';
import { MaintenanceLoop } from '../../service/src/loops/maintenance-loop.js';
import { registerSessionLoops } from '../../service/src/loops/session-loops.js';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { projectAudit } from '../support/alert-fixtures.js';
import { connectKernel } from '../support/marimo-client.js';
import { eventually, killLocalSandbox, sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';

describe.skipIf(sandboxRuntime === null)('the session lifecycle loop', () => {
  let w: SessionWorld;
  beforeAll(async () => {
    // The real loop runs every second; sessions go idle after two.
    w = await startSessionWorld({ SERVICE_RUN_MAINTENANCE: 'true', SERVICE_SESSION_SWEEP_INTERVAL_SECONDS: '1', SERVICE_SESSION_IDLE_TIMEOUT_SECONDS: '2' });
  });
  afterAll(() => w?.close());

  it('saves and stops a session at its idle deadline once the editor has left', async () => {
    const { pid, nid } = w;
    const started = await w.start('editor', { notebook_id: nid, mode: 'edit' });
    const sid = started.json.data.id as string;
    const kernel = await w.kernel('editor', sid);
    await w.editInMarimo('editor', sid, kernel, 'import marimo as mo\nleft_behind = True');
    kernel.close();

    const stopped = await eventually(
      async () => (await w.api(`/api/v1/projects/${pid}/sessions/${sid}`, 'editor')).json.data,
      (session) => session.state === 'stopped',
    );
    expect(stopped).toMatchObject({ state: 'stopped', stop_reason: 'idle' });
    const [latest] = (await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/versions`, 'editor')).json.data.items;
    expect(latest.message).toBe('Saved when the session stopped (idle)');
    expect((await w.api(`/api/v1/projects/${pid}/notebooks/${nid}/code`, 'editor')).text).toContain('left_behind = True');
    // The claim goes once the sandbox is confirmed destroyed.
    expect(
      await eventually(
        () => w.t.hub.store.get(layout.editorClaim(pid, nid)),
        (claim) => claim === null,
      ),
    ).toBeNull();
    const health = await w.t.call('/api/health/maintenance');
    expect(health.json.loops.session_lifecycle).toMatchObject({ status: 'ok', interval_ms: 1000 });
  }, 120_000);
});

describe.skipIf(sandboxRuntime === null)('session deadlines, autosave and lost sandboxes', () => {
  let w: SessionWorld;
  beforeAll(async () => {
    w = await startSessionWorld({ SERVICE_SESSION_LIFETIME_SECONDS: '30', SERVICE_SESSION_AUTOSAVE_SECONDS: '1' });
  });
  afterAll(() => w?.close());

  const session = async (sid: string) => (await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}`, 'editor')).json.data;

  it('autosaves, extends the lifetime while an editor is connected, and stops at the lifetime and the provider cap', async () => {
    // Each sweep looks at the sessions from a later moment, so no test waits for a deadline.
    const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);
    const connectedNb = await w.notebook('Connected');
    const aloneNb = await w.notebook('Alone');
    const connected = (await w.start('editor', { notebook_id: connectedNb, mode: 'edit' })).json.data;
    const alone = (await w.start('editor', { notebook_id: aloneNb, mode: 'edit' })).json.data;
    const kernel = await w.kernel('editor', connected.id);
    await w.editInMarimo('editor', connected.id, kernel, 'import marimo as mo\nautosaved = 1');

    expect((await w.sweep(later(connected.started_at, 1100))).autosaved).toBe(1);
    const [autosave] = (await w.api(`/api/v1/projects/${w.pid}/notebooks/${connectedNb}/versions`, 'editor')).json.data.items;
    expect(autosave.message).toBe('Autosaved');

    await w.sweep(later(alone.expires_at, 200));
    expect(await session(alone.id)).toMatchObject({ state: 'stopped', stop_reason: 'lifetime' });
    const extended = await session(connected.id);
    expect(extended.state).toBe('running');
    expect(Date.parse(extended.expires_at)).toBeGreaterThan(Date.parse(connected.expires_at));

    // Twice the lifetime is the provider's cap: no connection extends past it.
    const record = (await w.t.hub.services.sessionStore.get(w.pid, connected.id))!;
    await w.sweep(later(record.hard_stop_at, 200));
    expect(await session(connected.id)).toMatchObject({ state: 'stopped', stop_reason: 'provider_cap' });
    kernel.close();
  }, 120_000);

  it('marks a session whose sandbox vanished as over, frees its notebook, and reaps sandboxes nobody owns', async () => {
    const nid = await w.notebook('Lost');
    const lost = (await w.start('editor', { notebook_id: nid, mode: 'edit' })).json.data;
    const { sandboxes, sessionStore } = w.t.hub.services;
    const sandboxId = (await sessionStore.get(w.pid, lost.id))!.sandbox!.id;
    await sandboxes.destroy(sandboxId);
    const orphan = await sandboxes.create({ compute: {}, labels: { session_id: 'ses-0000000000000000' } });
    const fresh = await sandboxes.create({ compute: {}, labels: { purpose: 'diagnostic' } });

    const outcome = await w.sweep();
    expect(outcome.reaped).toBe(1);
    expect(await session(lost.id)).toMatchObject({ state: 'stopped', stop_reason: 'sandbox_lost' });
    const remaining = (await sandboxes.list()).map((sandbox) => sandbox.id);
    expect(remaining).not.toContain(orphan.id);
    // Unlabelled sandboxes get a grace period: whoever created them may be about to record them.
    expect(remaining).toContain(fresh.id);
    await sandboxes.destroy(fresh.id);
    expect((await projectAudit(w.t, w.pid)).some((entry) => entry.event === 'session.lost' && entry.metadata.session_id === lost.id)).toBe(true);
    const again = await w.start('manager', { notebook_id: nid, mode: 'edit' });
    expect(again.status, again.text).toBe(201);
    await w.api(`/api/v1/projects/${w.pid}/sessions/${again.json.data.id}/stop`, 'manager', { method: 'POST' });
  }, 120_000);
});

describe.skipIf(sandboxRuntime === null)('sessions across a hub restart', () => {
  let w: SessionWorld;
  let restarted: Hub | null = null;
  beforeAll(async () => {
    w = await startSessionWorld();
  });
  afterAll(async () => {
    await restarted?.close();
    await w?.close();
  });

  // A crash (SIGKILL) is session-crash-restart.test.ts; this is an orderly restart.
  it('keeps kernels through a graceful restart and ends sessions whose sandboxes did not survive', async () => {
    const survivorNb = await w.notebook('Survivor');
    const casualtyNb = await w.notebook('Casualty');
    const survivor = (await w.start('editor', { notebook_id: survivorNb, mode: 'edit' })).json.data;
    const casualty = (await w.start('editor', { notebook_id: casualtyNb, mode: 'edit' })).json.data;
    const casualtySandbox = (await w.t.hub.services.sessionStore.get(w.pid, casualty.id))!.sandbox!.id;
    await w.t.hub.close();
    // While the hub was down the machine lost the casualty's processes.
    await killLocalSandbox(w.t.dataDir, casualtySandbox);

    const settings = readSettings({
      SERVICE_DATA_DIR: w.t.dataDir,
      SERVICE_PORT: '0',
      SERVICE_LOG_LEVEL: 'silent',
      SERVICE_RUN_MAINTENANCE: 'false',
      SERVICE_SANDBOX_RUNTIME_DIR: sandboxRuntime!.runtimeDir,
    });
    restarted = await createHub({ settings, logger: createLogger('silent') });
    const url = await restarted.listen();
    await restarted.services.sweepSessions(new AbortController().signal);

    const read = async (sid: string) => {
      const response = await fetch(`${url}/api/v1/projects/${w.pid}/sessions/${sid}`, { headers: { authorization: `Bearer ${w.tokens.editor}` } });
      return ((await response.json()) as { data: { state: string } }).data;
    };
    expect(await read(casualty.id)).toMatchObject({ state: 'stopped', stop_reason: 'sandbox_lost' });
    const survived = await read(survivor.id);
    expect(survived.state, JSON.stringify(survived)).toBe('running');
    const page = await fetch(`${url}/s/${survivor.id}/`, { headers: { authorization: `Bearer ${w.tokens.editor}` } });
    expect(page.status).toBe(200);
    await page.text();
    const kernel = await connectKernel(`${url}/s/${survivor.id}`, { authorization: `Bearer ${w.tokens.editor}`, origin: url });
    await kernel.waitFor('kernel-ready');
    kernel.close();
    await restarted.close();
    restarted = null;
  }, 120_000);
});

describe.skipIf(sandboxRuntime === null)('separate idle timeouts for apps and edit sessions', () => {
  let w: SessionWorld;
  beforeAll(async () => {
    w = await startSessionWorld({ SERVICE_SESSION_IDLE_TIMEOUT_SECONDS: '600', SERVICE_SESSION_APP_IDLE_TIMEOUT_SECONDS: '60' });
  });
  afterAll(() => w?.close());

  it('stops an idle app at the app timeout, and an edit session idle as long only at its own', async () => {
    const app = (await w.start('viewer', { notebook_id: await w.notebook('App'), mode: 'app' })).json.data;
    const edit = (await w.start('editor', { notebook_id: await w.notebook('Edit'), mode: 'edit' })).json.data;
    const { sessionStore } = w.t.hub.services;
    const idleSince = Math.max(
      ...(await Promise.all([app.id, edit.id].map(async (sid) => Date.parse((await sessionStore.get(w.pid, sid))!.last_activity_at)))),
    );
    const state = async (sid: string) => (await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}`, 'editor')).json.data;

    await w.sweep(new Date(idleSince + 61_000));
    expect(await state(app.id)).toMatchObject({ state: 'stopped', stop_reason: 'idle' });
    expect((await state(edit.id)).state).toBe('running');

    await w.sweep(new Date(idleSince + 601_000));
    expect(await state(edit.id)).toMatchObject({ state: 'stopped', stop_reason: 'idle' });
  }, 120_000);
});

describe.skipIf(sandboxRuntime === null)('sessions the lifecycle loop reclaims, in the maintenance cycle line', () => {
  let w: SessionWorld;
  let runner: LoopRunner;
  beforeAll(async () => {
    w = await startSessionWorld({ SERVICE_SESSION_SWEEP_INTERVAL_SECONDS: '1', SERVICE_SESSION_IDLE_TIMEOUT_SECONDS: '2' }, { captureLogs: true });
    // The hub's own runner, as SERVICE_RUN_MAINTENANCE builds it, except that its maintenance
    // cycle comes every second instead of every 5 minutes (no setting shortens it).
    const { hub } = w.t;
    runner = new LoopRunner({ store: hub.store, logger: hub.logger, background: hub.background, holder: hub.services.instanceId });
    const maintenance = new MaintenanceLoop(hub.logger, 1000);
    maintenance.attach(runner);
    registerSessionLoops({ runner, maintenance }, hub.services, hub.services.settings);
    runner.start();
  });
  afterAll(() => w?.close());

  it('counts each session the sweep stopped and released once, in the next cycle', async () => {
    const sid = (await w.start('editor', { notebook_id: w.nid, mode: 'edit' })).json.data.id as string;
    const stopped = await eventually(
      async () => (await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}`, 'editor')).json.data,
      (session) => session.state === 'stopped',
    );
    expect(stopped).toMatchObject({ state: 'stopped', stop_reason: 'idle' });
    const stoppedAt = Date.parse(stopped.stopped_at);
    const cycles = () => w.t.logs.filter((line) => line.event === 'maintenance_cycle');
    // Wait for two cycles that began after the stop: the reclaim is in the first of them at the latest.
    await eventually(
      async () => cycles().filter((line) => Date.parse(String(line.time)) - Number(line.duration_ms) > stoppedAt).length,
      (count) => count >= 2,
    );
    const reported = cycles().map((line) => line.sessions_reclaimed);
    expect(
      reported.reduce((sum: number, count) => sum + Number(count), 0),
      JSON.stringify(reported),
    ).toBe(1);
  }, 120_000);
});
