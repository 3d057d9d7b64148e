import { describe, it } from 'vitest';
import { clusterProvisioned, kubernetesSessionWorldOfSuite } from '../support/kubernetes-session-world.js';
import { startAgainAfterLosses } from '../support/lost-session-rounds.js';
import { eventually } from '../support/session-world.js';

/**
 * The Kubernetes counterpart of session-lost-claims.test.ts: pods deleted behind the hub's back. A
 * pod is gone only once its kubelet has stopped it (the driver waits up to 30 s), so a start may be
 * told to come back more than once before the notebook is free. Ten rounds, as on the local driver
 * (marimo killed in its pod: session-lost-claims-server-kubernetes.test.ts, a file of its own so
 * that the tier's workers share the rounds).
 */
describe.skipIf(clusterProvisioned === null)('starting a notebook again right after its session was lost (kubernetes driver)', () => {
  const world = kubernetesSessionWorldOfSuite({ SERVICE_AUTOMATIC_THUMBNAILS: 'false' });

  it('gets a new session, or EDIT_SESSION_RETIRING and then one, when the pod was deleted (10 rounds)', async () => {
    const w = world();
    const nid = await w.notebook('Pod deleted');
    const outcome = await startAgainAfterLosses(w, nid, {
      rounds: 10,
      async kill(record) {
        const [pod] = await w.pods(record.id);
        const name = pod!.metadata!.name!;
        await w.core.deleteNamespacedPod({ name, namespace: w.namespace, gracePeriodSeconds: 1 });
        // Dead once the kubelet has stopped it and the pod object is gone.
        await eventually(
          () =>
            w.core.readNamespacedPod({ name, namespace: w.namespace }).then(
              () => true,
              () => false,
            ),
          (exists) => !exists,
          60_000,
        );
      },
      // Deleted gracefully, the pod may still be listed (and run a command) while its server is already gone.
      endsAs: ['sandbox_lost', 'kernel_lost'],
      retiringAnswers: 6,
    });
    console.info(
      `kubernetes, pod deleted: ${outcome.fresh} fresh at once, ${outcome.retiring} retiring first (${outcome.retiringAgain} of them more than once)`,
    );
  }, 1_200_000);
});
