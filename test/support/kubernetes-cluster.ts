import { randomBytes } from 'node:crypto';
import { CoreV1Api, type V1Pod } from '@kubernetes/client-node';
import { loadKubeConfig } from '../../sandbox-drivers/src/kubernetes/kube-config.js';
import { labelValueOf, LABEL } from '../../sandbox-drivers/src/kubernetes/pod-manifest.js';
import type { KubernetesInfo } from '../setup/kubernetes.js';

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
