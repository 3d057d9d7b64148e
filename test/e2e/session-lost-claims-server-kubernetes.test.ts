import { describe, expect, it } from 'vitest';
import { clusterProvisioned, kubernetesSessionWorldOfSuite } from '../support/kubernetes-session-world.js';
import { startAgainAfterLosses } from '../support/lost-session-rounds.js';
import { killMarimoInContainer } from '../support/marimo-signals.js';

/**
 * The Kubernetes counterpart of session-lost-claims.test.ts: marimo killed in its pod behind the
 * hub's back, ten rounds, as on the local driver (pods deleted: session-lost-claims-kubernetes.test.ts).
 */
describe.skipIf(clusterProvisioned === null)('starting a notebook again right after its server was lost (kubernetes driver)', () => {
  const world = kubernetesSessionWorldOfSuite({ SERVICE_AUTOMATIC_THUMBNAILS: 'false' });

  it('gets a new session, or EDIT_SESSION_RETIRING and then one, when marimo was killed in its pod (10 rounds)', async () => {
    const w = world();
    const nid = await w.notebook('Server killed in a pod');
    const outcome = await startAgainAfterLosses(w, nid, {
      rounds: 10,
      kill: async (record) => expect(await killMarimoInContainer(w.t.hub.services.sandboxes, record.sandbox!.id)).toBeGreaterThan(0),
      endsAs: ['kernel_lost'],
      retiringAnswers: 6,
    });
    console.info(
      `kubernetes, server killed: ${outcome.fresh} fresh at once, ${outcome.retiring} retiring first (${outcome.retiringAgain} of them more than once)`,
    );
  }, 1_200_000);
});
