import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveNotebookCode } from '../support/job-world.js';
import { withDependencies } from '../support/local-wheel.js';
import { startPackageIndex, type PackageIndex } from '../support/package-index.js';
import { sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';
import { makeTempDir } from '../support/temp-dir.js';

/** Package names of this run's own: uv's cache is shared with other runs. */
const suffix = randomBytes(4).toString('hex');
const PRIVATE_PACKAGE = `teamtools-${suffix}`;
const PUBLIC_PACKAGE = `publicdep-${suffix}`;
const MODULE = PRIVATE_PACKAGE.replaceAll('-', '_');
const USERNAME = 'ada';
const PASSWORD = `index-password-${randomBytes(8).toString('hex')}`;

/** A notebook that needs the private package (which needs a public one). */
const notebookCode = withDependencies(
  ['import marimo', '', 'app = marimo.App()', '', '', '@app.cell', 'def _():', `    import ${MODULE}`, '    return', ''].join('\n'),
  [PRIVATE_PACKAGE],
);

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * A project's private package index where locked environments are off (docs/environments.md,
 * "Private package indexes"): the install of a notebook's dependencies at each start asks the
 * project's `python_index` integrations first, their credentials given to uv alone, and the
 * sandbox's own index after them. Real uv, two indexes on 127.0.0.1: the sandbox's default one,
 * open, and a private one that demands basic authentication.
 */
describe.skipIf(sandboxRuntime === null)('installs at each start from a private package index (local driver, locking off, real uv)', () => {
  let w: SessionWorld;
  let publicIndex: PackageIndex;
  let privateIndex: PackageIndex;
  let folders: Awaited<ReturnType<typeof makeTempDir>>[];
  const defaultIndexBefore = process.env.UV_DEFAULT_INDEX;

  const addIndex = async (name: string, url: string) => {
    const created = await w.api(`/api/v1/projects/${w.pid}/integrations`, 'admin', {
      method: 'POST',
      body: { kind: 'python_index', name, config: { url, username: USERNAME }, secrets: { password: { source: 'stored', value: PASSWORD } } },
    });
    expect(created.status, created.text).toBe(201);
    return created.json.data.id as string;
  };
  const removeIndex = async (id: string) =>
    expect((await w.api(`/api/v1/projects/${w.pid}/integrations/${id}`, 'admin', { method: 'DELETE' })).status).toBe(200);
  const startOf = async (title: string) => {
    const nid = await w.notebook(title);
    await saveNotebookCode(w, nid, notebookCode);
    return (await w.start('editor', { notebook_id: nid, mode: 'edit' })).json.data;
  };
  const stop = (sessionId: string) => w.api(`/api/v1/projects/${w.pid}/sessions/${sessionId}/stop`, 'admin', { method: 'POST', body: { save: false } });

  beforeAll(async () => {
    folders = [await makeTempDir('public-index'), await makeTempDir('private-index')];
    publicIndex = await startPackageIndex(folders[0]!.dir);
    privateIndex = await startPackageIndex(folders[1]!.dir, { credentials: { username: USERNAME, password: PASSWORD } });
    await publicIndex.add(PUBLIC_PACKAGE, '1.0.0');
    await privateIndex.add(PRIVATE_PACKAGE, '2.0.0', { requires: [PUBLIC_PACKAGE] });
    // The index the local driver's sandboxes get from the hub's environment (PASSED_THROUGH): this
    // machine's, so that no install asks a public one.
    process.env.UV_DEFAULT_INDEX = publicIndex.url;
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
    await publicIndex?.close();
    await privateIndex?.close();
    for (const folder of folders ?? []) await folder.cleanup();
    if (defaultIndexBefore === undefined) delete process.env.UV_DEFAULT_INDEX;
    else process.env.UV_DEFAULT_INDEX = defaultIndexBefore;
  });

  it('fails the start with uv’s reason while the project has no integration for the index', async () => {
    const started = await startOf('Before the integration');
    expect(started).toMatchObject({ state: 'failed', failure: { code: 'PYTHON_ENV_SETUP_FAILED' } });
    expect(started.failure.message).toContain(PRIVATE_PACKAGE);
  }, 180_000);

  it('installs from the private index before the sandbox’s own, its credentials in neither the kernel, the store nor the log', async () => {
    const id = await addIndex('Team index', privateIndex.url);
    const started = await startOf('With the integration');
    expect(started, JSON.stringify(started.failure)).toMatchObject({ state: 'running', environment_id: null });
    const record = (await w.t.hub.services.sessionStore.get(w.pid, started.id))!;
    const imported = await w.t.hub.services.sandboxes.exec(record.sandbox!.id, {
      argv: ['python3', '-c', `import ${MODULE} as m; print(m.VERSION)`],
      env: record.runtime_env,
      check: true,
    });
    expect(imported.stdout).toBe('2.0.0\n');
    expect(privateIndex.downloads()[`${MODULE}-2.0.0-py3-none-any.whl`]).toBeGreaterThan(0);
    // What the kernel runs with names no index credential: uv alone had them.
    expect(JSON.stringify(record.runtime_env)).not.toContain(PASSWORD);
    await stop(started.id);
    for (const file of await filesUnder(w.t.dataDir)) expect((await readFile(file)).includes(PASSWORD), file).toBe(false);
    expect(JSON.stringify(w.t.logs)).not.toContain(PASSWORD);
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
          config: { url: 'https://127.0.0.1:9/simple', username: USERNAME },
          secrets: { password: { source: 'stored', value: PASSWORD } },
        },
      });
      expect(created.status, created.text).toBe(201);
      const nid = await strict.notebook('Refused index');
      await saveNotebookCode(strict, nid, notebookCode);
      const started = (await strict.start('editor', { notebook_id: nid, mode: 'edit' })).json.data;
      expect(started).toMatchObject({ state: 'failed', failure: { code: 'PYTHON_ENV_SETUP_FAILED' } });
      expect(started.failure.message).toBe('the package index of the integration “Elsewhere” points at this machine (loopback), which the hub may not reach');
    } finally {
      await strict.close();
    }
  }, 180_000);
});
