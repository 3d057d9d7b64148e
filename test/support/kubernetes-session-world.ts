import { randomBytes } from 'node:crypto';
import { CoreV1Api, type V1Pod } from '@kubernetes/client-node';
import { inject } from 'vitest';
import { loadKubeConfig } from '../../sandbox-drivers/src/kubernetes/kube-config.js';
import { labelValueOf, LABEL } from '../../sandbox-drivers/src/kubernetes/pod-manifest.js';
import type { KubernetesInfo } from '../setup/kubernetes.js';
import { startSessionWorld, type SessionWorld } from './session-world.js';

/** The single-node test cluster of the global setup, or null without one. */
export const clusterProvisioned = inject('kubernetes');

/** A {@link SessionWorld} whose hub runs every session in a pod of the test cluster. */
export interface KubernetesSessionWorld extends SessionWorld {
  core: CoreV1Api;
  namespace: string;
  /** This hub's sandbox pods, not being deleted (`sessionId` narrows them to one session's). */
  pods(sessionId?: string): Promise<V1Pod[]>;
}

/** The hub settings that put sandboxes in `namespace` of the test cluster. */
export function kubernetesDriverEnv(cluster: KubernetesInfo, namespace: string): Record<string, string> {
  return {
    SERVICE_HOST: '127.0.0.1',
    SERVICE_SANDBOX_DRIVER: 'kubernetes',
    SERVICE_KUBERNETES_KUBECONFIG: cluster.kubeconfig,
    SERVICE_KUBERNETES_NAMESPACE: namespace,
    SERVICE_KUBERNETES_IMAGE_PULL_POLICY: 'Never',
    // A 2-core node holds several 1-CPU sandboxes.
    SERVICE_KUBERNETES_REQUEST_RATIO: '0.05',
    SERVICE_KUBERNETES_HUB_CIDRS: `${cluster.gateway}/32`,
    SERVICE_SANDBOX_IMAGE: cluster.image,
  };
}

/** A namespace of its own in the test cluster, deleted by the returned function. */
export async function testNamespace(cluster: KubernetesInfo, prefix: string): Promise<{ core: CoreV1Api; namespace: string; remove: () => Promise<void> }> {
  const core = loadKubeConfig({ kubeconfig: cluster.kubeconfig, context: null }).makeApiClient(CoreV1Api);
  const namespace = `${prefix}-${randomBytes(3).toString('hex')}`;
  await core.createNamespace({ body: { metadata: { name: namespace } } });
  return { core, namespace, remove: () => core.deleteNamespace({ name: namespace, gracePeriodSeconds: 0 }).then(() => {}) };
}

/** Live sandbox pods of one hub (its deployment id), or of one of its sessions. */
export async function podsOf(core: CoreV1Api, namespace: string, ownerId: string, sessionId?: string): Promise<V1Pod[]> {
  const selector = [`${LABEL.owner}=${labelValueOf(ownerId)}`, ...(sessionId ? [`${LABEL.userPrefix}session-id=${sessionId}`] : [])].join(',');
  const pods = await core.listNamespacedPod({ namespace, labelSelector: selector });
  return pods.items.filter((pod) => !pod.metadata?.deletionTimestamp);
}

/**
 * The Kubernetes counterpart of `startSessionWorld`: the same project, notebook and users, on a hub
 * whose sandboxes are pods in a namespace of its own (removed, with whatever is left in it, on close).
 */
export async function startKubernetesSessionWorld(cluster: KubernetesInfo, env: Record<string, string> = {}): Promise<KubernetesSessionWorld> {
  const { core, namespace, remove } = await testNamespace(cluster, 'sessions');
  try {
    const w = await startSessionWorld(env, {
      driverEnv: kubernetesDriverEnv(cluster, namespace),
      projectName: 'Sessions in pods',
      afterClose: remove,
    });
    return { ...w, core, namespace, pods: (sessionId) => podsOf(core, namespace, w.t.hub.services.deploymentId, sessionId) };
  } catch (error) {
    await remove().catch(() => {});
    throw error;
  }
}
