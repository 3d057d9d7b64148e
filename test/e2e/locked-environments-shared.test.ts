import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsObjectStore } from '../../service/src/adapters/store/fs-store.js';
import type { LockedEnvironmentServices } from '../../service/src/features/environments/index.js';
import { saveNotebookCode } from '../support/job-world.js';
import { withDependencies } from '../support/local-wheel.js';
import { startPackageIndex, type PackageIndex } from '../support/package-index.js';
import { eventually, sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';
import { makeTempDir } from '../support/temp-dir.js';

const PACKAGE = `lockprobe-shared-${randomBytes(4).toString('hex')}`;
const MODULE = PACKAGE.replaceAll('-', '_');

const lockedEnv = (w: SessionWorld) => (w.t.hub.services as unknown as { lockedEnvironments: LockedEnvironmentServices }).lockedEnvironments;
const logsOf = (w: SessionWorld, event: string) => w.t.logs.filter((line) => line.event === event);

/**
 * Built environments shared between machines through the object store (local driver): with
 * SERVICE_ENVIRONMENT_ARCHIVES=on a hub stores the archive of each environment it builds, and a
 * hub on another machine (its own data directory and environment cache) on the same store, a
 * shared folder here, unpacks that archive into its cache instead of building.
 */
describe.skipIf(sandboxRuntime === null)('locked environments shared through the object store (local driver, real uv)', () => {
  let index: PackageIndex;
  let wheels: Awaited<ReturnType<typeof makeTempDir>>;
  let a: SessionWorld;
  let b: SessionWorld;
  const key = randomBytes(32).toString('base64');
  const envOf = () => ({
    SERVICE_LOCKED_ENVIRONMENTS: 'on',
    SERVICE_ENVIRONMENT_ARCHIVES: 'on',
    SERVICE_PACKAGE_INDEX_URL: index.url,
    SERVICE_PACKAGE_INDEX_ALLOW_HTTP: 'true',
    // Both hubs read the store's sealed secrets: one deployment key.
    SERVICE_SECRETS_KEY: key,
  });
  beforeAll(async () => {
    wheels = await makeTempDir('index');
    index = await startPackageIndex(wheels.dir);
    await index.add(PACKAGE, '1.0.0');
    a = await startSessionWorld(envOf(), { captureLogs: true, projectName: 'Shared A' });
    b = await startSessionWorld(envOf(), {
      captureLogs: true,
      projectName: 'Shared B',
      hub: () => ({ store: new FsObjectStore(path.join(a.t.dataDir, 'store')) }),
    });
  }, 180_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await index?.close();
    await wheels?.cleanup();
  });

  it('a hub on the same store unpacks the archive another built into its own cache, building nothing', async () => {
    const nid = await a.notebook('Shared environment');
    const versionId = await saveNotebookCode(a, nid, withDependencies('import marimo\napp = marimo.App()\n', [PACKAGE]));
    const view = await eventually(
      async () => (await a.api(`/api/v1/projects/${a.pid}/notebooks/${nid}/versions/${versionId}/environment`, 'viewer')).json.data,
      (found) => found?.status !== 'pending',
      120_000,
    );
    expect(view).toMatchObject({ status: 'locked' });

    const first = (await a.start('editor', { notebook_id: nid, mode: 'edit' })).json.data;
    expect(first, JSON.stringify(first.failure)).toMatchObject({ state: 'running', environment_id: view.environment_id });
    expect(lockedEnv(a).builds.stats()).toMatchObject({ builds: 1 });
    expect(logsOf(a, 'environment_archived')).toMatchObject([{ environment_id: view.environment_id }]);
    await a.api(`/api/v1/projects/${a.pid}/sessions/${first.id}/stop`, 'admin', { method: 'POST', body: { save: false } });
    await eventually(
      async () => (await a.t.hub.services.sessionStore.get(a.pid, first.id))?.sandbox_released,
      (released) => released === true,
    );

    // The same user on the other hub starts the same version: its cache has nothing yet.
    expect(await lockedEnv(b).cache.built(view.environment_id)).toBe(false);
    const downloads = { ...index.downloads() };
    const started = await b.api(`/api/v1/projects/${a.pid}/sessions`, 'editor', { method: 'POST', body: { wait: true, notebook_id: nid, mode: 'edit' } });
    const second = started.json.data;
    expect(second, JSON.stringify(second.failure)).toMatchObject({ state: 'running', environment_id: view.environment_id });
    expect(lockedEnv(b).builds.stats()).toEqual({ hits: 1, builds: 0, waits: 0 });
    expect(logsOf(b, 'environment_built')).toEqual([]);
    expect(logsOf(b, 'environment_unpacked')).toMatchObject([{ environment_id: view.environment_id }]);
    const record = (await b.t.hub.services.sessionStore.get(a.pid, second.id))!;
    expect(record.runtime_env.PYTHONPATH!.startsWith(b.t.dataDir)).toBe(true);
    const imported = await b.t.hub.services.sandboxes.exec(record.sandbox!.id, {
      argv: ['python3', '-c', `import ${MODULE}; print(${MODULE}.VERSION, ${MODULE}.__file__)`],
      env: record.runtime_env,
      check: true,
    });
    expect(imported.stdout.trim()).toBe(`1.0.0 ${record.runtime_env.PYTHONPATH}/${MODULE}/__init__.py`);
    // Nothing was downloaded from the index for the second hub: it did not install.
    expect(index.downloads()).toEqual(downloads);
    await b.api(`/api/v1/projects/${a.pid}/sessions/${second.id}/stop`, 'admin', { method: 'POST', body: { save: false } });
  }, 300_000);
});
