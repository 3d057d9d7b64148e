import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
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

/**
 * Whether the test cluster's NetworkPolicy agent enforces policies now: it listens on its netfilter
 * queue (test/setup/kubernetes/cluster.sh, `agent`).
 */
export function networkPolicyAgentListening(cluster: KubernetesInfo): boolean {
  const queues = readFileSync('/proc/net/netfilter/nfnetlink_queue', 'utf8');
  return queues.split('\n').some((line) => line.trim().split(/\s+/)[0] === String(cluster.networkPolicyQueue));
}

/**
 * Runs `argv` in a pod of its own (the sandbox image, a few labels) until it ends, and returns what
 * it printed. The pod is deleted afterwards.
 */
export async function runPodToCompletion(
  core: CoreV1Api,
  cluster: KubernetesInfo,
  pod: { namespace: string; namePrefix: string; labels: Record<string, string>; argv: string[]; timeoutMs: number },
): Promise<{ phase: 'Succeeded' | 'Failed'; output: string }> {
  const name = `${pod.namePrefix}-${randomBytes(3).toString('hex')}`;
  await core.createNamespacedPod({
    namespace: pod.namespace,
    body: {
      metadata: { name, labels: pod.labels },
      spec: {
        restartPolicy: 'Never',
        automountServiceAccountToken: false,
        containers: [
          {
            name: 'main',
            image: cluster.image,
            imagePullPolicy: 'Never',
            command: pod.argv,
            resources: { requests: { cpu: '10m', memory: '32Mi' } },
          },
        ],
      },
    },
  });
  try {
    const deadline = Date.now() + pod.timeoutMs;
    for (;;) {
      const { status } = await core.readNamespacedPod({ name, namespace: pod.namespace });
      if (status?.phase === 'Succeeded' || status?.phase === 'Failed') {
        const output = await core.readNamespacedPodLog({ name, namespace: pod.namespace });
        return { phase: status.phase, output };
      }
      if (Date.now() > deadline) throw new Error(`pod ${name} did not end within ${pod.timeoutMs} ms (phase ${status?.phase ?? 'unknown'})`);
      await sleep(500);
    }
  } finally {
    await core.deleteNamespacedPod({ name, namespace: pod.namespace, gracePeriodSeconds: 0 }).catch(() => {});
  }
}
