import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockerProvisioned, type DockerSessionWorld } from '../support/docker-session-world.js';
import { startLockedDockerWorld, type LockedDockerWorld } from '../support/locked-docker-world.js';
import { saveNotebookCode } from '../support/job-world.js';
import { withDependencies } from '../support/local-wheel.js';
import { eventually } from '../support/session-world.js';

const PACKAGE = `lockprobe-tcp-${randomBytes(4).toString('hex')}`;
const MODULE = PACKAGE.replaceAll('-', '_');
const VERSION = '1.0.0';

/** The test engine's socket on a TCP port of 127.0.0.1: to the hub, an engine it reaches over the network. */
async function engineOverTcp(socketPath: string): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  // Half-open both ways: a command given standard input ends its side of the connection while the
  // engine still sends the command's output.
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    const engine = net.connect({ path: socketPath, allowHalfOpen: true });
    for (const socket of [client, engine]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(engine).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `tcp://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Locked environments on a Docker engine reached over TCP (docs/environments.md, "On Kubernetes"
 * and "In containers"): its containers cannot see the hub's folders, so, as pods do, the
 * environment is built once in a container, packed and kept in the object store, and each session
 * container receives the archive and unpacks its own copy. Nothing of the hub's machine is mounted.
 */
describe.skipIf(dockerProvisioned === null)('locked environments on a Docker engine reached over TCP (real uv)', () => {
  let tcp: Awaited<ReturnType<typeof engineOverTcp>>;
  let world: LockedDockerWorld;
  let w: DockerSessionWorld;
  beforeAll(async () => {
    tcp = await engineOverTcp(dockerProvisioned!.socketPath);
    world = await startLockedDockerWorld([{ name: PACKAGE, version: VERSION }], { SERVICE_DOCKER_HOST: tcp.url });
    w = world.w;
  }, 180_000);
  afterAll(async () => {
    await world?.close();
    await tcp?.close();
  });

  const lockedEnv = () => world.lockedEnv();
  const lockedVersion = (nid: string, versionId: string) => world.lockedVersion(nid, versionId);

  it('builds the environment once and stores its archive; each session container unpacks its own copy and imports the locked package', async () => {
    expect(lockedEnv().archives).toBeTruthy();
    const code = withDependencies(await world.blank(), [PACKAGE]);
    const [one, two] = [await w.notebook('Locked over TCP'), await w.notebook('Same lock over TCP')];
    const [v1, v2] = [await saveNotebookCode(w, one, code), await saveNotebookCode(w, two, code)];
    const view = await lockedVersion(one, v1);
    expect(view, JSON.stringify(view)).toMatchObject({ status: 'locked', packages: [{ name: PACKAGE, version: VERSION }] });

    const before = lockedEnv().builds.stats();
    const first = (await w.start('editor', { notebook_id: one, mode: 'edit' })).json.data;
    expect(first, JSON.stringify(first.failure)).toMatchObject({ state: 'running', environment_id: view.environment_id });
    expect(lockedEnv().builds.stats().builds).toBe(before.builds + 1);
    expect(await lockedEnv().archives!.find(view.environment_id)).toMatchObject({ id: view.environment_id });

    // The second notebook's session is a cache hit: its container unpacks the stored archive, nothing is built.
    expect((await lockedVersion(two, v2)).environment_id).toBe(view.environment_id);
    const second = (await w.start('manager', { notebook_id: two, mode: 'edit' })).json.data;
    expect(second, JSON.stringify(second.failure)).toMatchObject({ state: 'running', environment_id: view.environment_id });
    expect(lockedEnv().builds.stats()).toMatchObject({ builds: before.builds + 1, hits: before.hits + 1 });

    for (const session of [first, second]) {
      const record = (await w.t.hub.services.sessionStore.get(w.pid, session.id))!;
      const packages = record.runtime_env.PYTHONPATH!;
      expect(packages).toMatch(new RegExp(`/\\.notebook-hub/environments/${view.environment_id}/packages$`));
      const imported = await w.t.hub.services.sandboxes.exec(record.sandbox!.id, {
        argv: ['python3', '-c', `import ${MODULE}; print(${MODULE}.VERSION, ${MODULE}.__file__)`],
        env: record.runtime_env,
        check: true,
      });
      expect(imported.stdout.trim()).toBe(`${VERSION} ${packages}/${MODULE}/__init__.py`);
      // The container's copy is its own: no folder of the hub's machine is mounted into it.
      const inspected = await w.engine.getContainer(`notebook-hub-${record.sandbox!.id}`).inspect();
      expect(inspected.Mounts.filter((mount) => mount.Type === 'bind')).toEqual([]);
    }
    // The hub's own environment folder stays empty: the archives in the store are the cache.
    const cacheDir = w.t.hub.services.settings.environments.cacheDir;
    expect(await readdir(path.join(cacheDir, 'envs')).catch(() => [])).toEqual([]);
    for (const session of [first, second])
      await w.api(`/api/v1/projects/${w.pid}/sessions/${session.id}/stop`, 'admin', { method: 'POST', body: { save: false } });
    await eventually(
      () => w.containers(),
      (containers) => containers.length === 0,
      60_000,
    );
  }, 600_000);
});
