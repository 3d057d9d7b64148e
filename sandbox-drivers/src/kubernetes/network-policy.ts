import { createHash } from 'node:crypto';
import { NetworkingV1Api, type KubeConfig, type V1NetworkPolicy, type V1NetworkPolicyPeer } from '@kubernetes/client-node';
import { statusOf } from './kube-errors.js';
import { LABEL, labelValueOf, MANAGED_BY, SANDBOX_COMPONENT } from './pod-manifest.js';

/** Who may open connections to sandbox pods: the hub's pods, and addresses outside the cluster. */
export interface HubPeers {
  /** Labels of the hub's pods (the Helm chart's selector labels). */
  podLabels: Record<string, string>;
  /** Their namespace, when it is not the sandboxes' own. */
  namespace?: string;
  /** CIDRs of a hub that runs outside the cluster (its nodes' or its NAT's addresses). */
  cidrs: string[];
}

export const networkPolicyName = (ownerId: string): string => `notebook-hub-sandboxes-${createHash('sha256').update(ownerId).digest('hex').slice(0, 12)}`;

export function sandboxNetworkPolicy(namespace: string, ownerId: string, peers: HubPeers): V1NetworkPolicy {
  const hubPods: V1NetworkPolicyPeer = {
    podSelector: { matchLabels: peers.podLabels },
    ...(peers.namespace && peers.namespace !== namespace ? { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': peers.namespace } } } : {}),
  };
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: networkPolicyName(ownerId), namespace, labels: { [LABEL.managedBy]: MANAGED_BY, [LABEL.owner]: labelValueOf(ownerId) } },
    spec: {
      podSelector: { matchLabels: { [LABEL.component]: SANDBOX_COMPONENT, [LABEL.owner]: labelValueOf(ownerId) } },
      policyTypes: ['Ingress'],
      // Only the hub opens connections to a sandbox (it proxies marimo); sandboxes do not reach each other.
      ingress: [{ _from: [hubPods, ...peers.cidrs.map((cidr) => ({ ipBlock: { cidr } }))] }],
    },
  };
}

/** Creates the owner's NetworkPolicy, or brings it up to date with the configuration. */
export async function ensureSandboxNetworkPolicy(kubeConfig: KubeConfig, namespace: string, ownerId: string, peers: HubPeers): Promise<void> {
  const api = kubeConfig.makeApiClient(NetworkingV1Api);
  const body = sandboxNetworkPolicy(namespace, ownerId, peers);
  const name = body.metadata!.name!;
  try {
    const current = await api.readNamespacedNetworkPolicy({ name, namespace });
    await api.replaceNamespacedNetworkPolicy({
      name,
      namespace,
      body: { ...body, metadata: { ...body.metadata, resourceVersion: current.metadata?.resourceVersion } },
    });
  } catch (error) {
    if (statusOf(error) !== 404) throw error;
    await api.createNamespacedNetworkPolicy({ namespace, body }).catch((created: unknown) => {
      // Another replica created it first: same configuration, same policy.
      if (statusOf(created) !== 409) throw created;
    });
  }
}
