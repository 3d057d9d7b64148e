import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveNotebookCode } from '../support/job-world.js';
import { moduleOf, notebookImporting, privateIndexPackages, type PrivateIndexPackages } from '../support/private-index-packages.js';
import { sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';

/**
 * A project's private package index where locked environments are off (docs/environments.md,
 * "Private package indexes"): the install of a notebook's dependencies at each start asks the
 * project's `python_index` integrations first, their credentials given to uv alone, and the
 * sandbox's own index after them. Real uv, two indexes on 127.0.0.1: the sandbox's default one,
 * open, and a private one that demands basic authentication.
 */
describe.skipIf(sandboxRuntime === null)('installs at each start from a private package index (local driver, locking off, real uv)', () => {
  let w: SessionWorld;
  let p: PrivateIndexPackages;
  /** A notebook that needs the private package (which needs the public one). */
  const notebookCode = () => notebookImporting([p.privatePackage], moduleOf(p.privatePackage));
  const defaultIndexBefore = process.env.UV_DEFAULT_INDEX;

  const addIndex = async (name: string, url: string) => {
    const created = await w.api(`/api/v1/projects/${w.pid}/integrations`, 'admin', {
      method: 'POST',
      body: { kind: 'python_index', name, config: { url, username: p.username }, secrets: { password: { source: 'stored', value: p.password } } },
    });
    expect(created.status, created.text).toBe(201);
    return created.json.data.id as string;
  };
  const removeIndex = async (id: string) =>
    expect((await w.api(`/api/v1/projects/${w.pid}/integrations/${id}`, 'admin', { method: 'DELETE' })).status).toBe(200);
  const startOf = async (title: string) => {
    const nid = await w.notebook(title);
    await saveNotebookCode(w, nid, notebookCode());
    return (await w.start('editor', { notebook_id: nid, mode: 'edit' })).json.data;
  };
  const stop = (sessionId: string) => w.api(`/api/v1/projects/${w.pid}/sessions/${sessionId}/stop`, 'admin', { method: 'POST', body: { save: false } });

  beforeAll(async () => {
    p = await privateIndexPackages();
    // The index the local driver's sandboxes get from the hub's environment (PASSED_THROUGH): this
    // machine's, so that no install asks a public one.
    process.env.UV_DEFAULT_INDEX = p.publicIndex.url;
    w = await startSessionWorld(
      {
        SERVICE_LOCKED_ENVIRONMENTS: 'off',
        SERVICE_PACKAGE_INDEX_ALLOW_HTTP: 'true',
        SERVICE_INTEGRATIONS_ALLOW_HTTP: 'true',
        SERVICE_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.1',
      },
      { captureLogs: true, projectName: 'Private index, unlocked' },
    );
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    await p?.close();
    if (defaultIndexBefore === undefined) delete process.env.UV_DEFAULT_INDEX;
    else process.env.UV_DEFAULT_INDEX = defaultIndexBefore;
  });

  it('fails the start with uv’s reason while the project has no integration for the index', async () => {
    const started = await startOf('Before the integration');
    expect(started).toMatchObject({ state: 'failed', failure: { code: 'PYTHON_ENV_SETUP_FAILED' } });
    expect(started.failure.message).toContain(p.privatePackage);
  }, 180_000);

  it('installs from the private index before the sandbox’s own, its credentials in neither the kernel, the store nor the log', async () => {
    const id = await addIndex('Team index', p.privateIndex.url);
    const started = await startOf('With the integration');
    expect(started, JSON.stringify(started.failure)).toMatchObject({ state: 'running', environment_id: null });
    const record = (await w.t.hub.services.sessionStore.get(w.pid, started.id))!;
    const imported = await w.t.hub.services.sandboxes.exec(record.sandbox!.id, {
      argv: ['python3', '-c', `import ${moduleOf(p.privatePackage)} as m; print(m.VERSION)`],
      env: record.runtime_env,
      check: true,
    });
    expect(imported.stdout).toBe('2.0.0\n');
    expect(p.privateIndex.downloads()[`${moduleOf(p.privatePackage)}-2.0.0-py3-none-any.whl`]).toBeGreaterThan(0);
    // What the kernel runs with names no index credential: uv alone had them.
    expect(JSON.stringify(record.runtime_env)).not.toContain(p.password);
    await stop(started.id);
    expect(await p.filesHoldingPassword(w.t.dataDir)).toEqual([]);
    expect(JSON.stringify(w.t.logs)).not.toContain(p.password);
    await removeIndex(id);
  }, 240_000);

  it('refuses the start, naming the integration, when its index is not one the hub may reach, before uv runs', async () => {
    // A hub whose outbound policy refuses loopback (test hubs allow it for their own package index):
    // the index on this machine is refused by its address, and nothing is sent to it.
    const strict = await startSessionWorld({ SERVICE_LOCKED_ENVIRONMENTS: 'off', SERVICE_PACKAGE_INDEX_ALLOW_HTTP: 'false' }, { projectName: 'Refused index' });
    try {
      const created = await strict.api(`/api/v1/projects/${strict.pid}/integrations`, 'admin', {
        method: 'POST',
        body: {
          kind: 'python_index',
          name: 'Elsewhere',
          config: { url: 'https://127.0.0.1:9/simple', username: p.username },
          secrets: { password: { source: 'stored', value: p.password } },
        },
      });
      expect(created.status, created.text).toBe(201);
      const nid = await strict.notebook('Refused index');
      await saveNotebookCode(strict, nid, notebookCode());
      const started = (await strict.start('editor', { notebook_id: nid, mode: 'edit' })).json.data;
      expect(started).toMatchObject({ state: 'failed', failure: { code: 'PYTHON_ENV_SETUP_FAILED' } });
      expect(started.failure.message).toBe('the package index of the integration “Elsewhere” points at this machine (loopback), which the hub may not reach');
    } finally {
      await strict.close();
    }
  }, 180_000);
});
