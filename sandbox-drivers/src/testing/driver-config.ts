import type { SandboxDriver } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { DockerSandboxDriver } from '../docker/docker-driver.js';
import { loadKubeConfig } from '../kubernetes/kube-config.js';
import { KubernetesSandboxDriver } from '../kubernetes/kubernetes-driver.js';
import { LocalSandboxDriver } from '../local/local-driver.js';

/** How the conformance suite (and a separate "previous hub" process) builds a driver. */
export type DriverConfig =
  | { kind: 'local'; ownerId: string; dataDir: string; runtimeDir: string }
  | { kind: 'docker'; ownerId: string; socketPath: string; image: string }
  | { kind: 'kubernetes'; ownerId: string; kubeconfig: string; namespace: string; image: string; exposure?: 'pod-ip' | 'service' };

export function driverFrom(config: DriverConfig): SandboxDriver {
  if (config.kind === 'local') {
    return new LocalSandboxDriver({ ownerId: config.ownerId, dataDir: config.dataDir, runtimeDir: config.runtimeDir, destroyGraceMs: 1_000 });
  }
  if (config.kind === 'kubernetes') return kubernetesDriverFrom(config);
  return new DockerSandboxDriver({ ownerId: config.ownerId, image: config.image, docker: { socketPath: config.socketPath } });
}

/** A Kubernetes driver for the test cluster: small requests (a 2-core node runs several 1-CPU sandboxes), the node's image. */
export function kubernetesDriverFrom(
  config: Extract<DriverConfig, { kind: 'kubernetes' }>,
  overrides: Partial<ConstructorParameters<typeof KubernetesSandboxDriver>[0]> = {},
): KubernetesSandboxDriver {
  return new KubernetesSandboxDriver({
    ownerId: config.ownerId,
    kubeConfig: loadKubeConfig({ kubeconfig: config.kubeconfig, context: null }),
    namespace: config.namespace,
    image: config.image,
    imagePullPolicy: 'Never',
    gpuResource: 'nvidia.com/gpu',
    requestRatio: 0.05,
    nodeSelector: {},
    tolerations: [],
    imagePullSecrets: [],
    lifetimeCapSeconds: 3600,
    exposure: config.exposure ?? 'pod-ip',
    hubPeers: { podLabels: { 'app.kubernetes.io/name': 'notebook-hub' }, cidrs: ['10.213.0.1/32'] },
    startTimeoutMs: 60_000,
    ...overrides,
  });
}
