import type { CoreV1Api, V1Pod, V1Service } from '@kubernetes/client-node';
import { SandboxError } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { statusOf } from './kube-errors.js';
import { LABEL, MANAGED_BY, podNameOf, portName } from './pod-manifest.js';

/** A ClusterIP Service in front of one sandbox pod, owned by it (deleted with it by the garbage collector too). */
export function sandboxService(pod: V1Pod, ports: Record<string, number>): V1Service {
  const sandboxId = pod.metadata!.labels![LABEL.sandbox]!;
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: podNameOf(sandboxId),
      labels: { [LABEL.managedBy]: MANAGED_BY, [LABEL.sandbox]: sandboxId },
      ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: pod.metadata!.name!, uid: pod.metadata!.uid!, blockOwnerDeletion: false }],
    },
    spec: {
      type: 'ClusterIP',
      selector: { [LABEL.sandbox]: sandboxId },
      ports: Object.entries(ports).map(([name, port]) => ({ name: portName(name), port, targetPort: port, protocol: 'TCP' })),
    },
  };
}

export function serviceAddress(service: V1Service): string {
  const ip = service.spec?.clusterIP;
  if (!ip || ip === 'None') throw new SandboxError('BACKEND_ERROR', `Service ${service.metadata?.name ?? ''} has no cluster address`);
  return ip;
}

export async function deleteSandboxService(core: CoreV1Api, namespace: string, sandboxId: string): Promise<void> {
  try {
    await core.deleteNamespacedService({ name: podNameOf(sandboxId), namespace });
  } catch (error) {
    if (statusOf(error) !== 404) throw error;
  }
}
