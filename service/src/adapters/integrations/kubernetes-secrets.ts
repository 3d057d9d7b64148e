import { readFileSync } from 'node:fs';
import { ApiException, CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import type { KubernetesSettings } from '../../config/settings-kubernetes.js';
import { SecretSourceError } from '../../core/ports/secret-sources.js';
import type { KubernetesSecrets } from './secret-source-reader.js';

const IN_CLUSTER_NAMESPACE_FILE = '/var/run/secrets/kubernetes.io/serviceaccount/namespace';

/**
 * Secrets of the hub's own namespace, read with the cluster credentials the Kubernetes settings
 * name (as the Kubernetes sandbox driver finds them: the kubeconfig file named, else the pod's
 * service account, else the default kubeconfig). The namespace is SERVICE_KUBERNETES_HUB_NAMESPACE,
 * else the pod's own, else `default`. Loaded only when a reference to a Secret is read.
 */
export function kubernetesSecrets(settings: KubernetesSettings): KubernetesSecrets {
  const config = new KubeConfig();
  try {
    if (settings.kubeconfig !== null) config.loadFromFile(settings.kubeconfig);
    else if (process.env.KUBERNETES_SERVICE_HOST) config.loadFromCluster();
    else config.loadFromDefault();
    if (settings.context !== null) config.setCurrentContext(settings.context);
  } catch {
    throw new SecretSourceError('the hub has no Kubernetes credentials to read Secrets with (SERVICE_KUBERNETES_KUBECONFIG)');
  }
  if (config.getCurrentCluster() === null)
    throw new SecretSourceError('the hub has no Kubernetes credentials to read Secrets with (SERVICE_KUBERNETES_KUBECONFIG)');
  const namespace = settings.hubNamespace ?? ownNamespace();
  const api = config.makeApiClient(CoreV1Api);
  return {
    namespace,
    async read(name) {
      try {
        const secret = await api.readNamespacedSecret({ name, namespace });
        return { labels: secret.metadata?.labels ?? {}, data: secret.data ?? {} };
      } catch (error) {
        if (error instanceof ApiException && error.code === 404) return null;
        throw error;
      }
    },
  };
}

function ownNamespace(): string {
  try {
    return readFileSync(IN_CLUSTER_NAMESPACE_FILE, 'utf8').trim() || 'default';
  } catch {
    return 'default';
  }
}
