import type { SandboxDriver } from '@notebook-hub/service/core/ports/sandbox-driver.js';
import { DockerSandboxDriver } from '../docker/docker-driver.js';
import { LocalSandboxDriver } from '../local/local-driver.js';

/** How the conformance suite (and a separate "previous hub" process) builds a driver. */
export type DriverConfig =
  { kind: 'local'; ownerId: string; dataDir: string; runtimeDir: string } | { kind: 'docker'; ownerId: string; socketPath: string; image: string };

export function driverFrom(config: DriverConfig): SandboxDriver {
  if (config.kind === 'local') {
    return new LocalSandboxDriver({ ownerId: config.ownerId, dataDir: config.dataDir, runtimeDir: config.runtimeDir, destroyGraceMs: 1_000 });
  }
  return new DockerSandboxDriver({ ownerId: config.ownerId, image: config.image, docker: { socketPath: config.socketPath } });
}
