import type { CoreV1Api, V1Pod } from '@kubernetes/client-node';

import type { KubernetesInfo } from '../setup/kubernetes.js';
import { kubernetesDriverEnv, podsOf, testNamespace } from './kubernetes-cluster.js';
import { startSessionWorld, worldOfSuite, type SessionWorld } from './session-world.js';
import { prerequisite } from '../setup/prerequisites.js';

export { kubernetesDriverEnv, podsOf, testNamespace };

/** The single-node test cluster of the global setup, or null without one. */
export const clusterProvisioned = prerequisite('kubernetes');

/** A {@link SessionWorld} whose hub runs every session in a pod of the test cluster. */
export interface KubernetesSessionWorld extends SessionWorld {
  core: CoreV1Api;
  namespace: string;
  /** This hub's sandbox pods, not being deleted (`sessionId` narrows them to one session's). */
  pods(sessionId?: string): Promise<V1Pod[]>;
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

/**
 * The Kubernetes session world of one test file's suite: started before its tests (with `env`),
 * closed after them; call it in the suite's body. The function returned gives the world to the tests.
 */
export function kubernetesSessionWorldOfSuite(env: Record<string, string> = {}): () => KubernetesSessionWorld {
  return worldOfSuite(() => startKubernetesSessionWorld(clusterProvisioned!, env));
}
