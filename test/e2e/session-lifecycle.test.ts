import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings } from '../../service/src/config/settings.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { createHub, type Hub } from '../../service/src/hub.js';
import { createLogger } from '../../service/src/telemetry/logger.js';
import { projectAudit } from '../support/alert-fixtures.js';
import { eventually, sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';

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
    expect(await eventually(() => w.t.hub.store.get(layout.editorClaim(pid, nid)), (claim) => claim === null)).toBeNull();
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

  it('keeps kernels that survived and ends sessions whose sandboxes did not', async () => {
    const survivorNb = await w.notebook('Survivor');
    const casualtyNb = await w.notebook('Casualty');
    const survivor = (await w.start('editor', { notebook_id: survivorNb, mode: 'edit' })).json.data;
    const casualty = (await w.start('editor', { notebook_id: casualtyNb, mode: 'edit' })).json.data;
    const { sandboxes, sessionStore } = w.t.hub.services;
    // The machine restarted under the hub: the casualty's processes are gone.
    await sandboxes.destroy((await sessionStore.get(w.pid, casualty.id))!.sandbox!.id);

    const settings = readSettings({ SERVICE_DATA_DIR: w.t.dataDir, SERVICE_PORT: '0', SERVICE_LOG_LEVEL: 'silent', SERVICE_RUN_MAINTENANCE: 'false', SERVICE_SANDBOX_RUNTIME_DIR: sandboxRuntime!.runtimeDir });
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
    await restarted.close();
    restarted = null;
  }, 120_000);
});
