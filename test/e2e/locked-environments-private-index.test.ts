import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveNotebookCode } from '../support/job-world.js';
import { moduleOf, notebookImporting, privateIndexPackages, type PrivateIndexPackages } from '../support/private-index-packages.js';
import { eventually, sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';

/**
 * Private package indexes as integrations (docs/environments.md, "Private package indexes"): a
 * project's `python_index` integration is asked before the deployment's index when its notebooks'
 * dependencies are locked and built, its credentials given to uv alone. Real uv, two indexes on
 * 127.0.0.1: the deployment's, open, and a private one that demands basic authentication.
 */
describe.skipIf(sandboxRuntime === null)('locked environments with a private package index (local driver, real uv)', () => {
  let w: SessionWorld;
  let p: PrivateIndexPackages;
  /** A notebook that needs the private package (which needs the public one). */
  const notebookCode = () => notebookImporting([p.privatePackage], moduleOf(p.privatePackage));

  const addIndex = async (body: Record<string, unknown> = {}) => {
    const created = await w.api(`/api/v1/projects/${w.pid}/integrations`, 'admin', {
      method: 'POST',
      body: {
        kind: 'python_index',
        name: 'Team index',
        config: { url: p.privateIndex.url, username: p.username },
        secrets: { password: { source: 'stored', value: p.password } },
        ...body,
      },
    });
    expect(created.status, created.text).toBe(201);
    return created.json.data.id as string;
  };
  const environmentOf = (nid: string, versionId: string) =>
    eventually(
      async () => (await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions/${versionId}/environment`, 'viewer')).json.data,
      (view) => view?.status !== 'pending',
      120_000,
    );

  beforeAll(async () => {
    p = await privateIndexPackages();
    w = await startSessionWorld(
      {
        SERVICE_LOCKED_ENVIRONMENTS: 'on',
        SERVICE_PACKAGE_INDEX_URL: p.publicIndex.url,
        SERVICE_PACKAGE_INDEX_ALLOW_HTTP: 'true',
        // The integration's own test reaches the private index on this machine.
        SERVICE_INTEGRATIONS_ALLOW_HTTP: 'true',
        SERVICE_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.1',
      },
      { captureLogs: true, projectName: 'Private index' },
    );
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    await p?.close();
  });

  it('fails the lock with uv’s reason while the project has no integration for the index', async () => {
    const nid = await w.notebook('Before the integration');
    const view = await environmentOf(nid, await saveNotebookCode(w, nid, notebookCode()));
    expect(view).toMatchObject({ status: 'failed', environment_id: null });
    expect(view.error.message).toContain(p.privatePackage);
  }, 180_000);

  it('tests the integration against the index: the right password passes, a wrong one is refused in words', async () => {
    const id = await addIndex({ name: 'Checked index' });
    const tested = await w.api(`/api/v1/projects/${w.pid}/integrations/${id}/test`, 'admin', { method: 'POST', body: {} });
    expect(tested.json.data, tested.text).toMatchObject({ ok: true, message: expect.stringContaining('the index answered HTTP 200') });
    const one = `/api/v1/projects/${w.pid}/integrations/${id}`;
    const changed = await w.api(one, 'admin', {
      method: 'PUT',
      headers: { 'if-match': '*' },
      body: {
        name: 'Checked index',
        config: { url: p.privateIndex.url, username: p.username },
        secrets: { password: { source: 'stored', value: 'not-the-password' } },
      },
    });
    expect(changed.status, changed.text).toBe(200);
    const refused = await w.api(`/api/v1/projects/${w.pid}/integrations/${id}/test`, 'admin', { method: 'POST', body: {} });
    expect(refused.json.data).toMatchObject({ ok: false, message: expect.stringContaining('the index refused the credentials (HTTP 401)') });
    expect((await w.api(one, 'admin', { method: 'DELETE' })).status).toBe(200);
  });

  it('locks and builds against the private index before the public one, its credentials in no lock, record or file, and the kernel imports it', async () => {
    await addIndex();
    const nid = await w.notebook('With the integration');
    const versionId = await saveNotebookCode(w, nid, notebookCode());
    const view = await environmentOf(nid, versionId);
    expect(view, JSON.stringify(view)).toMatchObject({ status: 'locked', error: null });
    expect(view.packages).toEqual(
      expect.arrayContaining([
        { name: p.privatePackage, version: '2.0.0' },
        { name: p.publicPackage, version: '1.0.0' },
      ]),
    );
    const lock = await w.api(`/api/v1/projects/${w.pid}/notebooks/${nid}/versions/${versionId}/environment/lock`, 'viewer');
    expect(lock.text).toContain(`${p.privatePackage}==2.0.0`);
    for (const secret of [p.password, p.username, p.privateIndex.url]) expect(lock.text).not.toContain(secret);

    const started = (await w.start('editor', { notebook_id: nid, mode: 'edit' })).json.data;
    expect(started, JSON.stringify(started.failure)).toMatchObject({ state: 'running', environment_id: view.environment_id });
    const record = (await w.t.hub.services.sessionStore.get(w.pid, started.id))!;
    const imported = await w.t.hub.services.sandboxes.exec(record.sandbox!.id, {
      argv: ['python3', '-c', `import ${moduleOf(p.privatePackage)} as m; print(m.VERSION)`],
      env: record.runtime_env,
      check: true,
    });
    expect(imported.stdout).toBe('2.0.0\n');
    await w.api(`/api/v1/projects/${w.pid}/sessions/${started.id}/stop`, 'admin', { method: 'POST', body: { save: false } });
    expect(p.privateIndex.downloads()[`${moduleOf(p.privatePackage)}-2.0.0-py3-none-any.whl`]).toBeGreaterThan(0);

    // Nothing the hub wrote holds the password in plaintext: the store (the sealed integration
    // included), the built environments, the log.
    expect(await p.filesHoldingPassword(w.t.dataDir)).toEqual([]);
    expect(JSON.stringify(w.t.logs)).not.toContain(p.password);
  }, 240_000);

  it('resolves a block anew once the project gains an index: the lock of the same block is declared against other indexes', async () => {
    const nid = await w.notebook('Declared again');
    const first = await saveNotebookCode(w, nid, notebookImporting([p.publicPackage], moduleOf(p.publicPackage)));
    const before = await environmentOf(nid, first);
    expect(before).toMatchObject({ status: 'locked' });
    const id = await addIndex({ name: 'Another index' });
    const second = await saveNotebookCode(w, nid, `${notebookImporting([p.publicPackage], moduleOf(p.publicPackage))}\n# an edit below the block\n`);
    const after = await environmentOf(nid, second);
    // Not the parent's lock shared: resolved again, against the project's indexes.
    expect(after).toMatchObject({ status: 'locked', reused_from: null });
    await w.api(`/api/v1/projects/${w.pid}/integrations/${id}`, 'admin', { method: 'DELETE' });
  }, 180_000);
});
