import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings } from '../../service/src/config/settings.js';
import { layout } from '../../service/src/core/storage-layout.js';
import { createHub, type Hub } from '../../service/src/compose/hub.js';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { startHubProcess, runHubCommand, type HubProcess } from '../support/hub-process.js';
import { connectKernel, saveCells, serverTokenOf } from '../support/marimo-client.js';
import { eventually, killAllLocalSandboxes, killLocalSandbox, sandboxRuntime } from '../support/session-world.js';
import { makeTempDir } from '../support/temp-dir.js';

/**
 * A hub process killed with SIGKILL while it runs sessions and is starting one, then a second hub
 * on the same data directory (store and sandboxes), as after a crash and a restart.
 */
describe.skipIf(sandboxRuntime === null)('sessions across a hub crash', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let first: HubProcess | null = null;
  let second: Hub | null = null;
  const env = () => ({
    SERVICE_DATA_DIR: temp.dir,
    SERVICE_SANDBOX_RUNTIME_DIR: sandboxRuntime!.runtimeDir,
    SERVICE_RUN_MAINTENANCE: 'false',
    SERVICE_AUTOMATIC_THUMBNAILS: 'false',
  });
  beforeAll(async () => {
    temp = await makeTempDir('hub-crash');
  });
  afterAll(async () => {
    await first?.stop('SIGKILL');
    await second?.close();
    // Sandboxes outlive hubs on purpose; whichever hub started them, none outlives the test.
    if (temp) await killAllLocalSandboxes(temp.dir);
    await temp?.cleanup();
  });

  it('ends sessions whose sandboxes died, reaps sandboxes nobody owns, fails the interrupted start, and serves the survivor', async () => {
    const token = async (email: string) => {
      const created = await runHubCommand(['token', 'create', '--email', email], env());
      if (created.code !== 0) throw new Error(`token create: ${created.stderr}`);
      return created.stdout.trim();
    };
    const admin = await token('admin@crash.test');
    const editor = await token('editor@crash.test');
    first = await startHubProcess(env());
    const call = async (base: string, path: string, as: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${as}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (response.status >= 300) throw new Error(`${path}: ${response.status} ${text}`);
      return JSON.parse(text).data;
    };
    const pid = (await call(first.url, '/api/v1/projects', admin, { name: 'Crash' })).id as string;
    const editorId = (await call(first.url, '/api/v1/me', editor)).id as string;
    await call(first.url, `/api/v1/projects/${pid}/members`, admin, { user_id: editorId, role: 'editor' });
    const notebook = async (title: string) => (await call(first!.url, `/api/v1/projects/${pid}/notebooks`, admin, { title })).meta.id as string;
    const [survivorNb, casualtyNb, interruptedNb] = [await notebook('Survivor'), await notebook('Casualty'), await notebook('Interrupted')];
    const sessions = `/api/v1/projects/${pid}/sessions`;
    const survivor = await call(first.url, sessions, editor, { notebook_id: survivorNb, mode: 'edit', wait: true });
    const casualty = await call(first.url, sessions, editor, { notebook_id: casualtyNb, mode: 'edit', wait: true });
    expect([survivor.state, casualty.state]).toEqual(['running', 'running']);

    // Crash while a third session is starting: its sandbox exists, marimo is not up yet.
    const interrupted = await call(first.url, sessions, editor, { notebook_id: interruptedNb, mode: 'edit' });
    const starting = await eventually(
      () => call(first!.url, `${sessions}/${interrupted.id}`, editor),
      (session) => session.state !== 'provisioning' || ['files', 'environment', 'server'].includes(session.phase),
      60_000,
    );
    await first.stop('SIGKILL');
    first = null;
    expect(starting.state).toBe('provisioning');

    // Meanwhile the machine lost one kernel.
    const settings = readSettings({ ...env(), SERVICE_PORT: '0', SERVICE_LOG_LEVEL: 'silent' });
    second = await createHub({ settings, logger: createLogger('silent') });
    const url = await second.listen();
    const { sessionStore, sandboxes } = second.services;
    const record = async (sid: string) => (await sessionStore.get(pid, sid))!;
    await killLocalSandbox(temp.dir, (await record(casualty.id)).sandbox!.id);
    // Sandboxes the dead hub created for records it never wrote, and one of unknown purpose.
    const unrecorded = await sandboxes.create({ compute: {}, labels: { session_id: 'ses-0000000000000001', project_id: pid, mode: 'edit' } });
    const unlabelled = await sandboxes.create({ compute: {}, labels: { purpose: 'diagnostic' } });

    // The survivor works through the new hub before any sweep: page, kernel socket, save.
    const auth = { authorization: `Bearer ${editor}` };
    const page = await fetch(`${url}/s/${survivor.id}/`, { headers: auth });
    const html = await page.text();
    expect(page.status).toBe(200);
    const kernel = await connectKernel(`${url}/s/${survivor.id}`, { ...auth, origin: url });
    const saved = await saveCells(`${url}/s/${survivor.id}`, auth, kernel, serverTokenOf(html)!, (codes) => [
      'import marimo as mo\nsurvived = True',
      ...codes.slice(1),
    ]);
    expect(saved.status).toBe(200);
    kernel.close();
    const version = await call(url, `${sessions}/${survivor.id}/save`, editor, {});
    expect(version.saved).toBe(true);

    const outcome = await second.services.sweepSessions(new AbortController().signal);
    expect(outcome.reaped).toBe(1);
    expect(await record(casualty.id)).toMatchObject({ state: 'stopped', stop_reason: 'sandbox_lost', sandbox_released: true });
    expect(await second.store.get(layout.editorClaim(pid, casualtyNb))).toBeNull();
    expect((await record(interrupted.id)).state).toBe('provisioning');
    let left = (await sandboxes.list()).map((sandbox) => sandbox.id);
    expect(left).not.toContain(unrecorded.id);
    expect(left).toContain(unlabelled.id);

    // From a moment past the start-up timeout plus a minute: the start is failed and its sandbox
    // released; the unlabelled sandbox is past its grace period.
    const interruptedRecord = await record(interrupted.id);
    const later = new Date(Date.parse(interruptedRecord.created_at) + settings.sandboxes.startupTimeoutSeconds * 1000 + 61_000);
    await second.services.sweepSessions(new AbortController().signal, later);
    expect(await record(interrupted.id)).toMatchObject({
      state: 'failed',
      stop_reason: 'provision_failed',
      sandbox_released: true,
      failure: { code: 'SERVICE_UNAVAILABLE' },
    });
    expect(await second.store.get(layout.editorClaim(pid, interruptedNb))).toBeNull();
    left = (await sandboxes.list()).map((sandbox) => sandbox.id);
    expect(left).toEqual([(await record(survivor.id)).sandbox!.id]);
    expect((await call(url, `${sessions}/${survivor.id}`, editor)).state).toBe('running');
    expect((await fetch(`${url}/s/${survivor.id}/`, { headers: auth })).status).toBe(200);
  }, 240_000);
});
