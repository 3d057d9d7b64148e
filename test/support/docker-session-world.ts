import Docker from 'dockerode';

import { LABEL } from '../../sandbox-drivers/src/docker/labels.js';
import type { DockerInfo } from '../setup/docker.js';
import { announceSkip, requireAllSuites } from '../setup/suites.js';
import { startSessionWorld, worldOfSuite, type SessionWorld, type SessionWorldOptions } from './session-world.js';
import type { TestHub } from './test-hub.js';
import { prerequisite } from '../setup/prerequisites.js';

/** The private Docker engine and sandbox image of the global test setup, or null without one. */
export const dockerProvisioned = prerequisite('docker');

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
export async function startDockerSessionWorld(
  docker: DockerInfo,
  env: Record<string, string> = {},
  options: Pick<SessionWorldOptions, 'captureLogs' | 'hub' | 'projectName'> = {},
): Promise<DockerSessionWorld> {
  const engine = new Docker({ socketPath: docker.socketPath });
  const containersOf = (t: TestHub, sessionId?: string) =>
    engine.listContainers({
      all: true,
      filters: { label: [`${LABEL.owner}=${t.hub.services.deploymentId}`, ...(sessionId ? [`${LABEL.userPrefix}session_id=${sessionId}`] : [])] },
    });
  const w = await startSessionWorld(env, {
    driverEnv: {
      SERVICE_HOST: '127.0.0.1',
      SERVICE_SANDBOX_DRIVER: 'docker',
      SERVICE_DOCKER_HOST: `unix://${docker.socketPath}`,
      SERVICE_SANDBOX_IMAGE: docker.image,
      // Containers cannot reach the test hub's package index on this machine's loopback: their
      // notebooks install at start, from the index the containers reach. A test of locked
      // environments in containers turns them on with an index the containers reach
      // (test/support/container-package-index.ts).
      SERVICE_LOCKED_ENVIRONMENTS: 'off',
    },
    projectName: 'Sessions in containers',
    ...options,
    // Whatever went wrong in closing the hub, no container of it outlives the test.
    afterClose: async (t) => {
      await Promise.all(
        (await containersOf(t)).map((container) =>
          engine
            .getContainer(container.Id)
            .remove({ force: true })
            .catch(() => {}),
        ),
      );
    },
  });
  return { ...w, engine, containers: (sessionId) => containersOf(w.t, sessionId) };
}

/**
 * The Docker session world of one test file's suite: started before its tests (with `env`), closed
 * after them; call it in the suite's body. The function returned gives the world to the tests.
 */
export function dockerSessionWorldOfSuite(env: Record<string, string> = {}): () => DockerSessionWorld {
  return worldOfSuite(() => startDockerSessionWorld(dockerProvisioned!, env));
}

/** The labels an image that carries the surfaces has (build/sandbox-image, docs/surfaces.md). */
const SURFACE_IMAGE_LABELS = ['notebook-hub.code-server-version', 'notebook-hub.opencode-version'];

/**
 * Why the provisioned sandbox image cannot run VS Code and OpenCode, or null when it can (it
 * carries both, by its labels). A missing one skips `suite` loudly, or fails the run under
 * REQUIRE_ALL_SUITES=1. The Kubernetes test cluster runs this same image.
 */
export async function imageSurfacesMissing(docker: DockerInfo, suite: string): Promise<string | null> {
  const engine = new Docker({ socketPath: docker.socketPath });
  const labels = (await engine.getImage(docker.image).inspect()).Config.Labels ?? {};
  const absent = SURFACE_IMAGE_LABELS.filter((label) => !labels[label]);
  if (absent.length === 0) return null;
  const reason = `the sandbox image ${docker.image} carries no surfaces (no label ${absent.join(', ')})`;
  if (requireAllSuites()) throw new Error(`${suite}: ${reason}`);
  announceSkip(suite, reason);
  return reason;
}
