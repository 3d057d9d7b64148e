import { expect } from 'vitest';
import type { SessionRecord, StopReason } from '../../service/src/core/sessions/session-model.js';
import { eventually, type SessionWorld } from './session-world.js';
import type { CallResult } from './test-hub.js';

export interface LossRounds {
  /** Kills the session's sandbox, or only its notebook server, behind the hub's back; resolves once it is dead. */
  kill(record: SessionRecord): Promise<void>;
  /** How the killed session may end (a pod deleted may still be listed a moment, its server gone first). */
  endsAs: StopReason[];
  rounds: number;
  /**
   * How many EDIT_SESSION_RETIRING answers in a row a start may get, each waited out for its
   * Retry-After, before one must succeed. 1: the start after the first Retry-After succeeds.
   */
  retiringAnswers?: number;
}

/** What the starts right after each loss were answered. */
export interface LossRoundsOutcome {
  /** A new session at once. */
  fresh: number;
  /** EDIT_SESSION_RETIRING first (the teardown was under way), then a new session. */
  retiring: number;
  /** Of those, how many were told to come back again after the first Retry-After. */
  retiringAgain: number;
}

const TERMINAL = new Set(['stopped', 'failed']);

/**
 * Round after round, the editor's edit session of `nid` is lost behind the hub's back and the same
 * editor starts the notebook again at once: right after the kill in odd rounds, right after the
 * session shows that it has ended in even ones. Every such start gets a new session or
 * `409 EDIT_SESSION_RETIRING` with `Retry-After` (never `EDIT_SESSION_OWNED` naming the editor's
 * own dead session, never the dead session back), and a start after the Retry-After gets a new
 * session. The session of each round is the one lost in the next.
 */
export async function startAgainAfterLosses(w: SessionWorld, nid: string, options: LossRounds): Promise<LossRoundsOutcome> {
  const outcome: LossRoundsOutcome = { fresh: 0, retiring: 0, retiringAgain: 0 };
  const record = async (sid: string) => (await w.t.hub.services.sessionStore.get(w.pid, sid))!;
  const start = () => w.start('editor', { notebook_id: nid, mode: 'edit' });
  const first = await start();
  expect(first.status, first.text).toBe(201);
  let current = first.json.data.id as string;
  for (let round = 1; round <= options.rounds; round++) {
    const lost = await record(current);
    expect(lost.state, `round ${round}: the session to lose runs`).toBe('running');
    await options.kill(lost);
    if (round % 2 === 0) {
      await eventually(
        () => record(current),
        (session) => TERMINAL.has(session.state),
        60_000,
      );
    }
    let answer = await start();
    if (answer.status === 201) outcome.fresh++;
    else outcome.retiring++;
    for (let waited = 0; answer.status !== 201; waited++) {
      expectRetiring(answer, `round ${round}, after ${waited} Retry-After`);
      expect(waited, `round ${round}: still retiring after ${waited} Retry-After`).toBeLessThan(options.retiringAnswers ?? 1);
      if (waited === 1) outcome.retiringAgain++;
      await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after')) * 1000));
      answer = await start();
    }
    expect(answer.json.data, `round ${round}`).toMatchObject({ state: 'running', reused: false });
    expect(answer.json.data.id).not.toBe(current);
    const ended = await eventually(
      () => record(current),
      (session) => TERMINAL.has(session.state) && session.sandbox_released,
      60_000,
    );
    expect(options.endsAs, `round ${round}: ended as ${ended.state} (${ended.stop_reason})`).toContain(ended.stop_reason);
    current = answer.json.data.id as string;
  }
  await w.api(`/api/v1/projects/${w.pid}/sessions/${current}/stop`, 'editor', { method: 'POST', body: { save: false } });
  return outcome;
}

function expectRetiring(answer: CallResult, when: string): void {
  expect([answer.status, answer.json.error?.code], `${when}: ${answer.text}`).toEqual([409, 'EDIT_SESSION_RETIRING']);
  expect(Number(answer.headers.get('retry-after')), `${when}: Retry-After`).toBeGreaterThan(0);
}
