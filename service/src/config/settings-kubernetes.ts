import { ConfigError, list, oneOf, text, type Env, type SettingDefinition } from './parse.js';

/** The Kubernetes sandbox driver's settings (docs/kubernetes.md). */
export interface KubernetesSettings {
  /** A kubeconfig file (null: in-cluster credentials in a pod, else the default kubeconfig). */
  kubeconfig: string | null;
  context: string | null;
  /** Where sandbox pods go (null: the hub's own namespace in a pod, else `default`). */
  namespace: string | null;
  imagePullPolicy: 'Always' | 'IfNotPresent' | 'Never';
  gpuResource: string;
  nodeSelector: Record<string, string>;
  tolerations: Record<string, unknown>[];
  imagePullSecrets: string[];
  requestRatio: number;
  exposure: 'pod-ip' | 'service';
  hubPodLabels: Record<string, string>;
  hubNamespace: string | null;
  hubCidrs: string[];
}

export const kubernetesSettingDefinitions: SettingDefinition[] = [
  { key: 'SERVICE_KUBERNETES_KUBECONFIG', group: 'sandboxes', name: 'Kubernetes: kubeconfig file', secret: false },
  { key: 'SERVICE_KUBERNETES_CONTEXT', group: 'sandboxes', name: 'Kubernetes: kubeconfig context', secret: false },
  { key: 'SERVICE_KUBERNETES_NAMESPACE', group: 'sandboxes', name: 'Kubernetes: sandbox namespace', secret: false },
  { key: 'SERVICE_KUBERNETES_IMAGE_PULL_POLICY', group: 'sandboxes', name: 'Kubernetes: image pull policy', secret: false },
  { key: 'SERVICE_KUBERNETES_GPU_RESOURCE', group: 'sandboxes', name: 'Kubernetes: GPU resource name', secret: false },
  { key: 'SERVICE_KUBERNETES_NODE_SELECTOR', group: 'sandboxes', name: 'Kubernetes: node selector (JSON)', secret: false },
  { key: 'SERVICE_KUBERNETES_TOLERATIONS', group: 'sandboxes', name: 'Kubernetes: tolerations (JSON)', secret: false },
  { key: 'SERVICE_KUBERNETES_IMAGE_PULL_SECRETS', group: 'sandboxes', name: 'Kubernetes: image pull secrets', secret: false },
  { key: 'SERVICE_KUBERNETES_REQUEST_RATIO', group: 'sandboxes', name: 'Kubernetes: requests as a fraction of limits', secret: false },
  { key: 'SERVICE_KUBERNETES_EXPOSURE', group: 'sandboxes', name: 'Kubernetes: how the hub reaches sandboxes', secret: false },
  { key: 'SERVICE_KUBERNETES_HUB_POD_LABELS', group: 'sandboxes', name: "Kubernetes: the hub pods' labels (JSON)", secret: false },
  { key: 'SERVICE_KUBERNETES_HUB_NAMESPACE', group: 'sandboxes', name: "Kubernetes: the hub pods' namespace", secret: false },
  { key: 'SERVICE_KUBERNETES_HUB_CIDRS', group: 'sandboxes', name: 'Kubernetes: addresses of a hub outside the cluster', secret: false },
];

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

export function readKubernetesSettings(env: Env): KubernetesSettings {
  const namespace = text(env, 'SERVICE_KUBERNETES_NAMESPACE') ?? null;
  if (namespace !== null && !DNS_LABEL.test(namespace))
    throw new ConfigError('SERVICE_KUBERNETES_NAMESPACE', `must be a namespace name, got ${JSON.stringify(namespace)}`);
  const ratioText = text(env, 'SERVICE_KUBERNETES_REQUEST_RATIO');
  const requestRatio = ratioText === undefined ? 1 : Number(ratioText);
  if (!(requestRatio > 0 && requestRatio <= 1))
    throw new ConfigError('SERVICE_KUBERNETES_REQUEST_RATIO', `must be a number above 0 and at most 1, got ${JSON.stringify(ratioText)}`);
  const hubCidrs = list(env, 'SERVICE_KUBERNETES_HUB_CIDRS');
  for (const cidr of hubCidrs) {
    if (!/^[0-9a-fA-F.:]+\/\d{1,3}$/.test(cidr))
      throw new ConfigError('SERVICE_KUBERNETES_HUB_CIDRS', `must list CIDRs such as 10.0.0.0/8, got ${JSON.stringify(cidr)}`);
  }
  return {
    kubeconfig: text(env, 'SERVICE_KUBERNETES_KUBECONFIG') ?? null,
    context: text(env, 'SERVICE_KUBERNETES_CONTEXT') ?? null,
    namespace,
    imagePullPolicy: oneOf(env, 'SERVICE_KUBERNETES_IMAGE_PULL_POLICY', ['IfNotPresent', 'Always', 'Never'] as const, 'IfNotPresent'),
    gpuResource: text(env, 'SERVICE_KUBERNETES_GPU_RESOURCE') ?? 'nvidia.com/gpu',
    nodeSelector: stringMap(env, 'SERVICE_KUBERNETES_NODE_SELECTOR', {}),
    tolerations: objectList(env, 'SERVICE_KUBERNETES_TOLERATIONS'),
    imagePullSecrets: list(env, 'SERVICE_KUBERNETES_IMAGE_PULL_SECRETS'),
    requestRatio,
    exposure: oneOf(env, 'SERVICE_KUBERNETES_EXPOSURE', ['pod-ip', 'service'] as const, 'pod-ip'),
    hubPodLabels: stringMap(env, 'SERVICE_KUBERNETES_HUB_POD_LABELS', { 'app.kubernetes.io/name': 'notebook-hub' }),
    hubNamespace: text(env, 'SERVICE_KUBERNETES_HUB_NAMESPACE') ?? null,
    hubCidrs,
  };
}

function parsedJson(env: Env, name: string, shape: string): unknown {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new ConfigError(name, `must be ${shape} in JSON`);
  }
}

function stringMap(env: Env, name: string, fallback: Record<string, string>): Record<string, string> {
  const value = parsedJson(env, name, 'an object of strings');
  if (value === undefined) return fallback;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.values(value).some((item) => typeof item !== 'string')) {
    throw new ConfigError(name, 'must be an object of strings in JSON, such as {"pool": "notebooks"}');
  }
  return value as Record<string, string>;
}

function objectList(env: Env, name: string): Record<string, unknown>[] {
  const value = parsedJson(env, name, 'an array of objects');
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'object' || item === null || Array.isArray(item))) {
    throw new ConfigError(name, 'must be an array of toleration objects in JSON, such as [{"key": "gpu", "operator": "Exists"}]');
  }
  return value as Record<string, unknown>[];
}
