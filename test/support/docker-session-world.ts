import Docker from 'dockerode';
import { inject } from 'vitest';
import { LABEL } from '../../sandbox-drivers/src/docker/labels.js';
import type { DockerInfo } from '../setup/docker.js';
import { closeSessionHub, populateSessionWorld, type SessionWorld } from './session-world.js';
import { startTestHub } from './test-hub.js';

/** The private Docker engine and sandbox image of the global test setup, or null without one. */
export const dockerProvisioned = inject('docker');

/** A {@link SessionWorld} whose hub runs every session in a container of the test engine. */
export interface DockerSessionWorld extends SessionWorld {
  /** The test engine itself, to look at the containers behind the hub's back. */
  engine: Docker;
  /** The engine's containers owned by this hub (`sessionId` narrows them to one session's). */
  containers(sessionId?: string): Promise<Docker.ContainerInfo[]>;
}

/**
 * The docker counterpart of `startSessionWorld`: the same project, notebook and users, on a hub
 * that uses the docker driver with the provisioned image (and not the local runtime venv).
 */
export async function startDockerSessionWorld(docker: DockerInfo, env: Record<string, string> = {}): Promise<DockerSessionWorld> {
  const t = await startTestHub({
    env: {
      SERVICE_HOST: '127.0.0.1',
      SERVICE_SANDBOX_DRIVER: 'docker',
      SERVICE_DOCKER_HOST: `unix://${docker.socketPath}`,
      SERVICE_SANDBOX_IMAGE: docker.image,
      SERVICE_RUN_MAINTENANCE: 'false',
      ...env,
    },
  });
  const engine = new Docker({ socketPath: docker.socketPath });
  const ownerId = t.hub.services.deploymentId;
  const containers = (sessionId?: string) =>
    engine.listContainers({
      all: true,
      filters: { label: [`${LABEL.owner}=${ownerId}`, ...(sessionId ? [`${LABEL.userPrefix}session_id=${sessionId}`] : [])] },
    });

  const close = async () => {
    try {
      await closeSessionHub(t);
    } finally {
      // Whatever went wrong above, no container of this hub outlives the test.
      await Promise.all((await containers()).map((container) => engine.getContainer(container.Id).remove({ force: true }).catch(() => {})));
    }
  };

  try {
    return { ...(await populateSessionWorld(t, 'Sessions in containers')), engine, containers, close };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}
