import { provisionChromium } from './chromium.js';
import { provisionDocker, type DockerInfo } from './docker.js';
import { provisionHelm } from './helm.js';
import { provisionKubernetes } from './kubernetes.js';
import { startMariadb } from './mariadb.js';
import { provisionNginx } from './nginx.js';
import { startPostgres } from './postgres.js';
import type { ProvidedName } from './prerequisites.js';
import { provisionSandboxRuntime } from './sandbox-runtime.js';
import { provisionSchemathesis } from './schemathesis.js';
import { startSeaweedfs } from './seaweedfs.js';
import { provisionSurfaceRuntime } from './surface-runtime.js';
import { provisionTelemetryReceivers } from './telemetry-receivers.js';

export type Teardown = () => Promise<void>;

/** What provisioning gave: the details the suites get through `prerequisite(...)`, and how to stop it. */
export interface Provisioned {
  info: unknown;
  stop?: Teardown;
}

export interface ProvisioningStep {
  /** How the set-up's progress lines and skips name it. */
  suite: string;
  /** `provided` holds what earlier steps of the same set-up gave (the cluster needs the engine). */
  provision: (provided: ReadonlyMap<ProvidedName, unknown>) => Promise<Provisioned>;
}

/** How each prerequisite a tier can list (test/tiers.ts) is had. */
export const STEPS: Record<ProvidedName, ProvisioningStep> = {
  seaweedfs: { suite: 's3 (SeaweedFS)', provision: () => startSeaweedfs().then(withStop) },
  postgres: { suite: 'PostgreSQL', provision: () => startPostgres().then(withStop) },
  mariadb: { suite: 'MariaDB', provision: () => startMariadb().then(withStop) },
  sandboxRuntime: { suite: 'sandbox runtime (marimo venv)', provision: () => provisionSandboxRuntime().then(asInfo) },
  surfaceRuntime: { suite: 'surfaces (code-server + OpenCode)', provision: () => provisionSurfaceRuntime().then(asInfo) },
  chromium: { suite: 'browser (chromium)', provision: () => provisionChromium().then(asInfo) },
  nginx: { suite: 'reverse proxy (nginx)', provision: () => provisionNginx().then(asInfo) },
  schemathesis: { suite: 'API contract (schemathesis)', provision: () => provisionSchemathesis().then(asInfo) },
  helm: { suite: 'Helm chart (helm + kubernetes-validate)', provision: () => provisionHelm().then(asInfo) },
  telemetryReceivers: { suite: 'telemetry receivers (Jaeger + VictoriaLogs, Go build)', provision: () => provisionTelemetryReceivers().then(asInfo) },
  docker: { suite: 'docker (dockerd + sandbox image)', provision: () => provisionDocker().then(withStop) },
  kubernetes: {
    suite: 'kubernetes (single-node cluster)',
    provision: (provided) => provisionKubernetes((provided.get('docker') as DockerInfo | null | undefined) ?? null).then(withStop),
  },
};

function asInfo(info: unknown): Provisioned {
  return { info };
}

function withStop<T extends { stop: Teardown }>({ stop, ...info }: T): Provisioned {
  return { info, stop };
}
