import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAgainAfterLosses } from '../support/lost-session-rounds.js';
import { killLocalSandbox, killMarimoIn, sandboxRuntime, startSessionWorld, type SessionWorld } from '../support/session-world.js';

/**
 * An edit session lost behind the hub's back, and its editor starting the notebook again at once
 * (local driver): never told that they hold the notebook through the session that just ended
 * (docs/sessions.md, "Editors of a notebook").
 */
describe.skipIf(sandboxRuntime === null)('starting a notebook again right after its session was lost (local driver)', () => {
  let w: SessionWorld;
  beforeAll(async () => {
    w = await startSessionWorld({ SERVICE_AUTOMATIC_THUMBNAILS: 'false' });
  });
  afterAll(() => w?.close());

  it('gets a new session, or EDIT_SESSION_RETIRING and then one, when the sandbox was killed (10 rounds)', async () => {
    const nid = await w.notebook('Sandbox killed');
    const outcome = await startAgainAfterLosses(w, nid, {
      rounds: 10,
      kill: (record) => killLocalSandbox(w.t.dataDir, record.sandbox!.id),
      endsAs: ['sandbox_lost'],
    });
    console.info(`local, sandbox killed: ${outcome.fresh} fresh at once, ${outcome.retiring} retiring first (${outcome.retiringAgain} of them more than once)`);
  }, 600_000);

  it('gets a new session, or EDIT_SESSION_RETIRING and then one, when the notebook server was killed (10 rounds)', async () => {
    const nid = await w.notebook('Server killed');
    const outcome = await startAgainAfterLosses(w, nid, {
      rounds: 10,
      kill: async (record) => expect(await killMarimoIn(w.t.dataDir, record.sandbox!.id)).toBeGreaterThan(0),
      endsAs: ['kernel_lost'],
    });
    console.info(`local, server killed: ${outcome.fresh} fresh at once, ${outcome.retiring} retiring first (${outcome.retiringAgain} of them more than once)`);
  }, 600_000);
});
