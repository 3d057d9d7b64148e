import { chmod, chown, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runHubCommand, startHubProcess } from '../support/hub-process.js';
import { TestOidcProvider } from '../support/oidc-provider.js';
import { makeTempDir } from '../support/temp-dir.js';
import { startTestHub, type CallResult, type TestHub } from '../support/test-hub.js';
import { prerequisite } from '../setup/prerequisites.js';

interface Check {
  name: string;
  status: 'ok' | 'failed' | 'skipped';
  detail?: string;
}

const docker = prerequisite('docker');
/** Loops would touch the store and the sandbox backend behind the checks' backs. */
const QUIET = { SERVICE_RUN_MAINTENANCE: 'false' };

/** Every check by name; the body must report each of them, whatever the outcome. */
function checksOf(result: Pick<CallResult, 'json'>): Record<string, Check> {
  const checks = result.json.checks as Check[];
  expect(checks.map((check) => check.name).sort()).toEqual(['compute', 'identity', 'storage', 'workload-identity']);
  return Object.fromEntries(checks.map((check) => [check.name, check]));
}

describe('deep health', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const hub = async (env: Record<string, string>): Promise<{ t: TestHub; deep: () => Promise<CallResult> }> => {
    const t = await startTestHub({ env: { ...QUIET, ...env } });
    cleanups.push(() => t.close());
    const token = await t.tokenFor('ops@example.com');
    return { t, deep: () => t.call('/api/health?deep=true', { token }) };
  };

  it('fails the identity check while the OIDC provider cannot serve discovery, and passes once it can', async () => {
    // A real provider that listens but is not configured yet answers 503.
    const idp = await TestOidcProvider.listen();
    let idpRunning = true;
    cleanups.push(async () => idpRunning && idp.stop());
    const { deep } = await hub({ SERVICE_AUTH: 'oidc', SERVICE_OIDC_ISSUER: idp.issuer, SERVICE_OIDC_CLIENT_ID: 'hub', SERVICE_OIDC_ALLOW_HTTP: 'true' });

    const unready = await deep();
    expect(unready.status).toBe(503);
    expect(unready.json.status).toBe('failed');
    const failed = checksOf(unready);
    expect(failed.identity).toMatchObject({ status: 'failed', detail: expect.stringMatching(/discovery document answered 503/) });
    expect(failed.storage!.status).toBe('ok');
    expect(failed.compute!.status).toBe('ok');
    expect(failed['workload-identity']!.status).toBe('ok');

    await idp.configure({ clients: [{ client_id: 'hub', client_secret: 'secret', redirect_uris: ['http://127.0.0.1/cb'] }], accounts: {} });
    const ready = await deep();
    expect(ready.status).toBe(200);
    expect(checksOf(ready).identity).toMatchObject({ status: 'ok', detail: `issuer ${idp.issuer} reachable` });

    await idp.stop();
    idpRunning = false;
    const gone = await deep();
    expect(gone.status).toBe(503);
    expect(checksOf(gone).identity!.status).toBe('failed');
  });

  it('fails the compute check when the Docker engine cannot be reached', async () => {
    const temp = await makeTempDir('no-docker');
    cleanups.push(temp.cleanup);
    const { deep } = await hub({ SERVICE_SANDBOX_DRIVER: 'docker', SERVICE_DOCKER_HOST: `unix://${path.join(temp.dir, 'docker.sock')}` });
    const down = await deep();
    expect(down.status).toBe(503);
    const checks = checksOf(down);
    expect(checks.compute).toMatchObject({ status: 'failed', detail: expect.stringMatching(/cannot list sandbox containers/) });
    expect(checks.storage!.status).toBe('ok');
    expect(checks.identity!.status).toBe('ok');

    if (docker) {
      // The same driver against the engine of the test setup passes: the check is about reaching it.
      const { deep: running } = await hub({ SERVICE_SANDBOX_DRIVER: 'docker', SERVICE_DOCKER_HOST: `unix://${docker.socketPath}` });
      const healthy = await running();
      expect(healthy.status).toBe(200);
      expect(checksOf(healthy).compute).toMatchObject({ status: 'ok', detail: expect.stringMatching(/^docker driver answers/) });
    }
  });

  it('fails the storage check while the store is read-only, and passes again once it is writable', async () => {
    const temp = await makeTempDir('read-only-store');
    cleanups.push(temp.cleanup);
    const user = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;
    if (user) await chown(temp.dir, user.uid, user.gid);
    const env = { ...QUIET, SERVICE_DATA_DIR: temp.dir };
    const issued = await runHubCommand(['token', 'create', '--email', 'ops@example.com'], env, { user });
    expect(issued.code, issued.stderr).toBe(0);
    const served = await startHubProcess(env, { user });
    cleanups.push(() => served.stop());
    const deep = async () => {
      const response = await fetch(`${served.url}/api/health?deep=true`, { headers: { authorization: `Bearer ${issued.stdout.trim()}` } });
      return { status: response.status, json: (await response.json()) as CallResult['json'] };
    };
    expect((await deep()).status).toBe(200);

    const store = path.join(temp.dir, 'store');
    await chmodTree(store, (mode) => mode & ~0o222);
    // Reads still work (the caller's token is read from the store); the probe's writes do not.
    const readOnly = await deep();
    expect(readOnly.status).toBe(503);
    const checks = checksOf(readOnly);
    expect(checks.storage).toMatchObject({ status: 'failed', detail: expect.stringMatching(/EACCES|permission denied/) });
    expect(checks.identity!.status).toBe('ok');
    expect(checks.compute!.status).toBe('ok');

    await chmodTree(store, (mode) => mode | 0o200);
    expect((await deep()).status).toBe(200);
  });
});

async function chmodTree(dir: string, change: (mode: number) => number): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chmodTree(full, change);
    else await chmod(full, change((await stat(full)).mode & 0o7777));
  }
  await chmod(dir, change((await stat(dir)).mode & 0o7777));
}
