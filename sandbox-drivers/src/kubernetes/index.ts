/** The Kubernetes sandbox driver (`@notebook-hub/sandbox-drivers/kubernetes`); importing it loads the Kubernetes client, so only do so when it is configured. */
export { KubernetesSandboxDriver, type KubernetesDriverOptions } from './kubernetes-driver.js';
export { loadKubeConfig, sandboxNamespace } from './kube-config.js';
