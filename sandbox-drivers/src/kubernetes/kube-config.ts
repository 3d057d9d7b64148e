import { readFileSync } from 'node:fs';
import { KubeConfig } from '@kubernetes/client-node';
import { SandboxError } from '@notebook-hub/kernel/ports/sandbox-driver.js';

const IN_CLUSTER_NAMESPACE_FILE = '/var/run/secrets/kubernetes.io/serviceaccount/namespace';

/**
 * The cluster's credentials: the kubeconfig file named (and its context), else the pod's own
 * service account when the hub runs in the cluster, else the user's default kubeconfig.
 */
export function loadKubeConfig(options: { kubeconfig: string | null; context: string | null }): KubeConfig {
  const config = new KubeConfig();
  try {
    if (options.kubeconfig !== null) config.loadFromFile(options.kubeconfig);
    else if (process.env.KUBERNETES_SERVICE_HOST) config.loadFromCluster();
    else config.loadFromDefault();
    if (options.context !== null) config.setCurrentContext(options.context);
  } catch (error) {
    throw new SandboxError('BACKEND_ERROR', `cannot load the Kubernetes credentials: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  if (config.getCurrentCluster() === null)
    throw new SandboxError('BACKEND_ERROR', 'the Kubernetes credentials name no cluster (set SERVICE_KUBERNETES_KUBECONFIG)');
  return config;
}

/** The namespace named, else the hub's own when it runs in a pod, else `default`. */
export function sandboxNamespace(named: string | null): string {
  if (named !== null) return named;
  try {
    return readFileSync(IN_CLUSTER_NAMESPACE_FILE, 'utf8').trim() || 'default';
  } catch {
    return 'default';
  }
}
