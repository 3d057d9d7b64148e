import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Docker from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsObjectStore } from '../../service/src/adapters/store/fs-store.js';
import { CONTAINER_ENVIRONMENTS_DIR } from '../../service/src/core/ports/environment-cache.js';
import type { LockedEnvironmentServices } from '../../service/src/features/environments/index.js';
import { startContainerPackageIndex, type ContainerPackageIndex } from '../support/container-package-index.js';
import { dockerProvisioned, startDockerSessionWorld, type DockerSessionWorld } from '../support/docker-session-world.js';
import { saveNotebookCode } from '../support/job-world.js';
import { withDependencies } from '../support/local-wheel.js';
import { eventually } from '../support/session-world.js';

const PACKAGE = `lockprobe-shared-docker-${randomBytes(4).toString('hex')}`;
const MODULE = PACKAGE.replaceAll('-', '_');

const lockedEnv = (w: DockerSessionWorld) => (w.t.hub.services as unknown as { lockedEnvironments: LockedEnvironmentServices }).lockedEnvironments;
const logsOf = (w: DockerSessionWorld, event: string) => w.t.logs.filter((line) => line.event === event);

/**
 * Built environments shared through the object store between two Docker hubs on other machines
 * (each its own cache folder), on one store (a folder both use): the second unpacks the archive the
 * first stored into its cache, in a container of the sandbox image, and its session containers
 * see it read-only as they see one it built.
 */
describe.skipIf(dockerProvisioned === null)('locked environments shared through the object store (docker driver, real uv)', () => {
  let index: ContainerPackageIndex;
  let a: DockerSessionWorld;
  let b: DockerSessionWorld;
  beforeAll(async () => {
    index = await startContainerPackageIndex(new Docker({ socketPath: dockerProvisioned!.socketPath }), dockerProvisioned!.image, [
      { name: PACKAGE, version: '1.0.0' },
    ]);
    const env = {
      SERVICE_LOCKED_ENVIRONMENTS: 'on',
      SERVICE_ENVIRONMENT_ARCHIVES: 'on',
      SERVICE_PACKAGE_INDEX_URL: index.url,
      SERVICE_PACKAGE_INDEX_ALLOW_HTTP: 'true',
      SERVICE_PACKAGE_INDEX_ALLOW_PRIVATE_NETWORKS: 'true',
      // Both hubs read the store's sealed secrets: one deployment key.
      SERVICE_SECRETS_KEY: randomBytes(32).toString('base64'),
    };
    a = await startDockerSessionWorld(dockerProvisioned!, env, { captureLogs: true, projectName: 'Shared in containers A' });
    b = await startDockerSessionWorld(dockerProvisioned!, env, {
      captureLogs: true,
      projectName: 'Shared in containers B',
      hub: () => ({ store: new FsObjectStore(path.join(a.t.dataDir, 'store')) }),
    });
  }, 300_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await index?.close();
  });

  it('a hub on the same store unpacks the archive another built, in a container, into its own cache', async () => {
    const nid = await a.notebook('Shared in containers');
    const versionId = await saveNotebookCode(a, nid, withDependencies('import marimo\napp = marimo.App()\n', [PACKAGE]));
    const view = await eventually(
      async () => (await a.api(`/api/v1/projects/${a.pid}/notebooks/${nid}/versions/${versionId}/environment`, 'viewer')).json.data,
      (found) => found?.status !== 'pending',
      180_000,
    );
    expect(view).toMatchObject({ status: 'locked' });
    const first = (await a.start('editor', { notebook_id: nid, mode: 'edit' })).json.data;
    expect(first, JSON.stringify(first.failure)).toMatchObject({ state: 'running', environment_id: view.environment_id });
    expect(logsOf(a, 'environment_archived')).toMatchObject([{ environment_id: view.environment_id }]);
    await a.api(`/api/v1/projects/${a.pid}/sessions/${first.id}/stop`, 'admin', { method: 'POST', body: { save: false } });
    await eventually(
      async () => (await a.t.hub.services.sessionStore.get(a.pid, first.id))?.sandbox_released,
      (released) => released === true,
      120_000,
    );

    const started = await b.api(`/api/v1/projects/${a.pid}/sessions`, 'editor', { method: 'POST', body: { wait: true, notebook_id: nid, mode: 'edit' } });
    const second = started.json.data;
    expect(second, JSON.stringify(second.failure)).toMatchObject({ state: 'running', environment_id: view.environment_id });
    expect(lockedEnv(b).builds.stats()).toEqual({ hits: 1, builds: 0, waits: 0 });
    expect(logsOf(b, 'environment_built')).toEqual([]);
    expect(logsOf(b, 'environment_unpacked')).toMatchObject([{ environment_id: view.environment_id }]);
    expect(existsSync(path.join(b.t.dataDir, 'environments', 'envs', view.environment_id, 'packages', MODULE, '__init__.py'))).toBe(true);
    const record = (await b.t.hub.services.sessionStore.get(a.pid, second.id))!;
    const packages = `${CONTAINER_ENVIRONMENTS_DIR}/${view.environment_id}/packages`;
    expect(record.runtime_env.PYTHONPATH).toBe(packages);
    const imported = await b.t.hub.services.sandboxes.exec(record.sandbox!.id, {
      argv: ['python3', '-c', `import ${MODULE}; print(${MODULE}.VERSION, ${MODULE}.__file__)`],
      env: record.runtime_env,
      check: true,
    });
    expect(imported.stdout.trim()).toBe(`1.0.0 ${packages}/${MODULE}/__init__.py`);
    await b.api(`/api/v1/projects/${a.pid}/sessions/${second.id}/stop`, 'admin', { method: 'POST', body: { save: false } });
  }, 600_000);
});
