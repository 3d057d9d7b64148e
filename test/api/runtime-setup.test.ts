import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCachedRuntimeBuilds } from '../support/runtime-builds.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { makeTempDir } from '../support/temp-dir.js';
import { prerequisite } from '../setup/prerequisites.js';

const runtime = prerequisite('sandboxRuntime');
const PATH = '/api/v1/runtime-setup';

async function plainUserCookie(t: TestHub): Promise<string> {
  const user = await t.hub.services.users.ensureByEmail('plain@example.com', { name: null, superAdmin: false }, 'test');
  return (await t.hub.services.loginSessions.create(user.id, 'local')).cookieValue;
}

describe.skipIf(runtime === null)('the runtime set-up routes (local driver)', () => {
  let t: TestHub;
  let admin: string;
  let plain: string;
  let origin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestHub({ env: { SERVICE_SANDBOX_RUNTIME_DIR: runtime!.runtimeDir } });
    admin = await t.localLogin();
    plain = await plainUserCookie(t);
    origin = { origin: t.url };
  });
  afterAll(() => t?.close());

  it('tells anyone signed in where the set-up stands, the build log only to super admins', async () => {
    const asAdmin = await t.call(PATH, { cookie: admin });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get('cache-control')).toBe('private, no-store');
    expect(asAdmin.json.data).toEqual({ state: 'ready', percent: null, step: null, detail: 'The runtime is ready.', log_tail: '' });
    const asUser = await t.call(PATH, { cookie: plain });
    expect(asUser.json.data).toEqual({ state: 'ready', percent: null, step: null, detail: 'The notebook runtime is ready.', log_tail: null });
    expect((await t.call(PATH)).status).toBe(401);
  });

  it('lets only super admins ask for a build, validates the request and audits it', async () => {
    const refused = await t.call(PATH, { method: 'POST', cookie: plain, headers: origin, body: { rebuild: true } });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('FORBIDDEN');
    const userToken = await t.tokenFor('plain@example.com');
    expect((await t.call(PATH, { method: 'POST', token: userToken, body: {} })).status).toBe(403);
    for (const body of [{ rebuild: 'yes' }, { rebuild: true, extra: 1 }]) {
      const invalid = await t.call(PATH, { method: 'POST', cookie: admin, headers: origin, body });
      expect(invalid.status, JSON.stringify(body)).toBe(422);
    }

    // A current runtime and no rebuild asked for: nothing to build.
    const accepted = await t.call(PATH, { method: 'POST', cookie: admin, headers: origin });
    expect(accepted.status).toBe(202);
    expect(accepted.json.data).toMatchObject({ state: 'ready', log_tail: '' });
    const adminToken = await t.tokenFor('root@example.com', { superAdmin: true });
    const events = (await t.call('/api/v1/events?event=runtime.setup_requested', { token: adminToken })).json.data.items;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: 'runtime.setup_requested', metadata: { rebuild: false, state_before: 'ready' } });
  });
});

describe('the runtime set-up routes where the driver has no runtime to build', () => {
  let t: TestHub;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    temp = await makeTempDir('runtime-setup-docker');
    // The driver is never called: a socket nobody listens on is enough.
    t = await startTestHub({ env: { SERVICE_SANDBOX_DRIVER: 'docker', SERVICE_DOCKER_HOST: `unix://${path.join(temp.dir, 'docker.sock')}` } });
  });
  afterAll(async () => {
    await t?.close();
    await temp?.cleanup();
  });

  it('says not applicable, and refuses a build with RUNTIME_SETUP_NOT_APPLICABLE', async () => {
    const admin = await t.localLogin();
    expect((await t.call(PATH, { cookie: admin })).json.data).toEqual({
      state: 'not_applicable',
      percent: null,
      step: null,
      detail: expect.stringContaining('docker'),
      log_tail: null,
    });
    const refused = await t.call(PATH, { method: 'POST', cookie: admin, headers: { origin: t.url }, body: { rebuild: true } });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({ code: 'RUNTIME_SETUP_NOT_APPLICABLE', message: expect.stringContaining('docker') });
  });
});

describe.skipIf(runtime === null)('a repair through the API (a real rebuild)', () => {
  let t: TestHub;
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let builds: Awaited<ReturnType<typeof useCachedRuntimeBuilds>>;
  beforeAll(async () => {
    temp = await makeTempDir('runtime-setup-repair');
    builds = await useCachedRuntimeBuilds(runtime!);
    // An install that stopped half-way: the venv folder and nothing else.
    await mkdir(path.join(temp.dir, 'runtime', 'venv'), { recursive: true });
    t = await startTestHub({ env: { SERVICE_SANDBOX_RUNTIME_DIR: path.join(temp.dir, 'runtime') } });
  });
  afterAll(async () => {
    await t?.close();
    await builds?.restore();
    await temp?.cleanup();
  });

  it('rebuilds once however often it is asked, showing progress until the runtime is ready', async () => {
    const admin = await t.localLogin();
    const origin = { origin: t.url };
    expect((await t.call(PATH, { cookie: admin })).json.data).toMatchObject({ state: 'needs_repair', detail: expect.stringMatching(/did not finish/) });

    const asked = await Promise.all([0, 1].map(() => t.call(PATH, { method: 'POST', cookie: admin, headers: origin, body: { rebuild: true } })));
    for (const answer of asked) {
      expect(answer.status).toBe(202);
      expect(answer.json.data).toMatchObject({ state: 'preparing', percent: expect.any(Number), step: expect.any(String) });
    }
    await expect.poll(async () => (await t.call(PATH, { cookie: admin })).json.data.state, { timeout: 240_000, interval: 500 }).toBe('ready');
    const log: string = (await t.call(PATH, { cookie: admin })).json.data.log_tail;
    expect(log.match(/rebuilding the notebook runtime/g)).toHaveLength(1);
    expect(log.match(/^\$ \S+ venv /gm)).toHaveLength(1);
    expect(log).toContain('[100%] runtime ready');
  }, 300_000);
});
