import { describe, expect, it } from 'vitest';
import { dockerProvisioned, dockerSessionWorldOfSuite } from '../support/docker-session-world.js';
import { startAgainAfterLosses } from '../support/lost-session-rounds.js';
import { killMarimoInContainer } from '../support/marimo-signals.js';

/**
 * The docker counterpart of session-lost-claims.test.ts: marimo killed in its container behind the
 * hub's back, ten rounds, as on the local driver (containers killed: session-lost-claims-docker.test.ts).
 */
describe.skipIf(dockerProvisioned === null)('starting a notebook again right after its server was lost (docker driver)', () => {
  const world = dockerSessionWorldOfSuite({ SERVICE_AUTOMATIC_THUMBNAILS: 'false' });

  it('gets a new session, or EDIT_SESSION_RETIRING and then one, when marimo was killed in its container (10 rounds)', async () => {
    const w = world();
    const nid = await w.notebook('Server killed in a container');
    const outcome = await startAgainAfterLosses(w, nid, {
      rounds: 10,
      kill: async (record) => expect(await killMarimoInContainer(w.t.hub.services.sandboxes, record.sandbox!.id)).toBeGreaterThan(0),
      endsAs: ['kernel_lost'],
    });
    console.info(`docker, server killed: ${outcome.fresh} fresh at once, ${outcome.retiring} retiring first (${outcome.retiringAgain} of them more than once)`);
  }, 900_000);
});
