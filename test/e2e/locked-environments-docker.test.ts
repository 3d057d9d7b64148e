import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTAINER_ENVIRONMENTS_DIR } from '../../service/src/core/ports/environment-cache.js';
import { dockerProvisioned, type DockerSessionWorld } from '../support/docker-session-world.js';
import { startLockedDockerWorld, type LockedDockerWorld } from '../support/locked-docker-world.js';
import { saveNotebookCode } from '../support/job-world.js';
import { withDependencies } from '../support/local-wheel.js';
import { eventually } from '../support/session-world.js';

const PACKAGE = `lockprobe-docker-${randomBytes(4).toString('hex')}`;
const MODULE = PACKAGE.replaceAll('-', '_');
const VERSION = '1.0.0';

/**
 * Locked environments on the Docker driver: the environment is built once by uv in a container of
 * the sandbox image (so its Python is the sessions'), into the hub's cache through a writable
 * bind mount, and every session container sees it read-only. The package comes from an index in a
 * container of the test engine, which the resolution's and the build's containers reach.
 */
describe.skipIf(dockerProvisioned === null)('locked environments in containers (docker driver, real uv)', () => {
  let world: LockedDockerWorld;
  let w: DockerSessionWorld;
  beforeAll(async () => {
    world = await startLockedDockerWorld([{ name: PACKAGE, version: VERSION }]);
    w = world.w;
  }, 180_000);
  afterAll(async () => {
    await world?.close();
  });

  const lockedEnv = () => world.lockedEnv();
  const blank = () => world.blank();
  const lockedVersion = (nid: string, versionId: string) => world.lockedVersion(nid, versionId);
  const stopped = async (sid: string) => {
    await w.api(`/api/v1/projects/${w.pid}/sessions/${sid}/stop`, 'admin', { method: 'POST', body: { save: false } });
    await eventually(
      async () => (await w.t.hub.services.sessionStore.get(w.pid, sid))?.sandbox_released,
      (released) => released === true,
    );
  };

  it('builds the environment once in a container, and session containers import the locked package from it read-only', async () => {
    expect(lockedEnv()).not.toBeNull();
    const code = withDependencies(await blank(), [PACKAGE]);
    const [one, two] = [await w.notebook('Locked in a container'), await w.notebook('Same lock')];
    const [v1, v2] = [await saveNotebookCode(w, one, code), await saveNotebookCode(w, two, code)];
    const view = await lockedVersion(one, v1);
    expect(view, JSON.stringify(view)).toMatchObject({ status: 'locked', packages: [{ name: PACKAGE, version: VERSION }] });
    // The lock is for the image's Python, not the hub's.
    const imagePython = await w.t.hub.services.sandboxes.create({ compute: w.t.hub.services.settings.sandboxes.computeProfiles[0]! });
    try {
      await w.t.hub.services.sandboxes.waitReady(imagePython.id, { timeoutMs: 60_000 });
      const version = await w.t.hub.services.sandboxes.exec(imagePython.id, {
        argv: ['python3', '-c', 'import platform; print(platform.python_version())'],
        check: true,
      });
      expect(view.python).toContain(`CPython ${version.stdout.trim()} `);
    } finally {
      await w.t.hub.services.sandboxes.destroy(imagePython.id);
    }

    const before = lockedEnv().builds.stats().builds;
    const first = (await w.start('editor', { notebook_id: one, mode: 'edit' })).json.data;
    expect(first, JSON.stringify(first.failure)).toMatchObject({ state: 'running', environment_id: view.environment_id });
    expect(lockedEnv().builds.stats().builds).toBe(before + 1);
    const record = (await w.t.hub.services.sessionStore.get(w.pid, first.id))!;
    const packages = `${CONTAINER_ENVIRONMENTS_DIR}/${view.environment_id}/packages`;
    expect(record.runtime_env.PYTHONPATH).toBe(packages);
    const imported = await w.t.hub.services.sandboxes.exec(record.sandbox!.id, {
      argv: ['python3', '-c', `import ${MODULE}; print(${MODULE}.VERSION, ${MODULE}.__file__)`],
      env: record.runtime_env,
      check: true,
    });
    expect(imported.stdout.trim()).toBe(`${VERSION} ${packages}/${MODULE}/__init__.py`);
    // The container sees the environment, and cannot change it.
    const write = await w.t.hub.services.sandboxes.exec(record.sandbox!.id, { argv: ['sh', '-c', `touch ${packages}/changed`] });
    expect(write.exitCode).not.toBe(0);
    expect(write.stderr).toMatch(/Read-only file system/);

    // Another notebook with the same lock starts in the same environment, built already.
    expect((await lockedVersion(two, v2)).environment_id).toBe(view.environment_id);
    const second = (await w.start('manager', { notebook_id: two, mode: 'edit' })).json.data;
    expect(second, JSON.stringify(second.failure)).toMatchObject({ state: 'running', environment_id: view.environment_id });
    expect(lockedEnv().builds.stats().builds).toBe(before + 1);
    for (const sid of [first.id, second.id]) await stopped(sid);
    // No build container is left behind.
    expect(await w.containers()).toEqual([]);
  }, 600_000);
});
