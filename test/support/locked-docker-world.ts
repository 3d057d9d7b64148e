import Docker from 'dockerode';
import type { LockedEnvironmentServices } from '../../service/src/features/environments/index.js';
import { startContainerPackageIndex, type ContainerPackageIndex } from './container-package-index.js';
import { dockerProvisioned, startDockerSessionWorld, type DockerSessionWorld } from './docker-session-world.js';
import { eventually } from './session-world.js';

/** A Docker session world with locked environments on, its packages served by an index the containers reach. */
export interface LockedDockerWorld {
  w: DockerSessionWorld;
  index: ContainerPackageIndex;
  /** The hub's locked environment services (its builds' counters, the archives). */
  lockedEnv(): LockedEnvironmentServices;
  /** The code of the world's first notebook, a blank one to add dependencies to. */
  blank(): Promise<string>;
  /** A version's environment view once it is no longer pending. */
  lockedVersion(notebookId: string, versionId: string): Promise<{ status: string; environment_id: string; [field: string]: unknown }>;
  close(): Promise<void>;
}

/**
 * The hub of {@link startDockerSessionWorld} with SERVICE_LOCKED_ENVIRONMENTS=on and `packages`
 * in an index in a container of the test engine, which the resolutions' and builds' containers
 * reach (plain http on the engine's bridge, a private network of this machine). `env` adds to the hub's settings.
 */
export async function startLockedDockerWorld(
  packages: { name: string; version: string }[],
  env: Record<string, string> = {},
  options: { captureLogs?: boolean } = {},
): Promise<LockedDockerWorld> {
  const engine = new Docker({ socketPath: dockerProvisioned!.socketPath });
  const index = await startContainerPackageIndex(engine, dockerProvisioned!.image, packages);
  let w: DockerSessionWorld;
  try {
    w = await startDockerSessionWorld(
      dockerProvisioned!,
      {
        SERVICE_LOCKED_ENVIRONMENTS: 'on',
        SERVICE_PACKAGE_INDEX_URL: index.url,
        SERVICE_PACKAGE_INDEX_ALLOW_HTTP: 'true',
        SERVICE_PACKAGE_INDEX_ALLOW_PRIVATE_NETWORKS: 'true',
        ...env,
      },
      options,
    );
  } catch (error) {
    await index.close();
    throw error;
  }
  const services = () => (w.t.hub.services as unknown as { lockedEnvironments: LockedEnvironmentServices | null }).lockedEnvironments;
  return {
    w,
    index,
    lockedEnv: () => {
      const locked = services();
      if (!locked) throw new Error('the hub serves no locked environments');
      return locked;
    },
    blank: () => w.api(`/api/v1/projects/${w.pid}/notebooks/${w.nid}/code`, 'admin').then((answer) => answer.text),
    lockedVersion: (notebookId, versionId) =>
      eventually(
        async () => (await w.api(`/api/v1/projects/${w.pid}/notebooks/${notebookId}/versions/${versionId}/environment`, 'viewer')).json.data,
        (view) => view?.status !== 'pending',
        180_000,
      ),
    close: async () => {
      await w?.close();
      await index.close();
    },
  };
}
