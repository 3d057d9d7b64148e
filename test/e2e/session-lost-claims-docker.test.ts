import { describe, it } from 'vitest';
import { dockerProvisioned, dockerSessionWorldOfSuite } from '../support/docker-session-world.js';
import { startAgainAfterLosses } from '../support/lost-session-rounds.js';
import { eventually } from '../support/session-world.js';

/**
 * The docker counterpart of session-lost-claims.test.ts: containers killed behind the hub's back,
 * ten rounds, as on the local driver (marimo killed in them: session-lost-claims-server-docker.test.ts,
 * a file of its own so that the tier's workers share the rounds).
 */
describe.skipIf(dockerProvisioned === null)('starting a notebook again right after its session was lost (docker driver)', () => {
  const world = dockerSessionWorldOfSuite({ SERVICE_AUTOMATIC_THUMBNAILS: 'false' });

  it('gets a new session, or EDIT_SESSION_RETIRING and then one, when the container was killed (10 rounds)', async () => {
    const w = world();
    const nid = await w.notebook('Container killed');
    const outcome = await startAgainAfterLosses(w, nid, {
      rounds: 10,
      async kill(record) {
        const [container] = await w.containers(record.id);
        const handle = w.engine.getContainer(container!.Id);
        await handle.kill();
        // Dead once the engine says so, whatever the hub has noticed by then.
        await eventually(
          async () => (await handle.inspect().catch(() => null))?.State.Running ?? false,
          (running) => !running,
          30_000,
        );
      },
      endsAs: ['sandbox_lost'],
    });
    console.info(
      `docker, container killed: ${outcome.fresh} fresh at once, ${outcome.retiring} retiring first (${outcome.retiringAgain} of them more than once)`,
    );
  }, 900_000);
});
