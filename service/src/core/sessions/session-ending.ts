import type { ClaimStanding, EditorClaim, EditorClaims } from './editor-claims.js';
import { LIVE_STATES, TERMINAL_STATES, type SessionRecord } from './session-model.js';
import type { SessionStore } from './session-store.js';

/** Longer than a start takes from claiming a notebook to storing its session, retries included. */
export const UNRECORDED_CLAIM_GRACE_MS = 60_000;

export interface EndingDeps {
  sessions: SessionStore;
  claims: EditorClaims;
}

/** A session that holds its notebook's editor claim while it lives (a preview's edit session, or an app, holds none). */
export const holdsEditorClaim = (record: Pick<SessionRecord, 'mode' | 'ephemeral' | 'preview_id'>): boolean =>
  record.mode === 'edit' && !record.ephemeral && !record.preview_id;

/**
 * The one way a session stops being live (to `stopping`, `stopped` or `failed`), whatever ends it:
 * its stop, a takeover, a dead server, a lost sandbox, a failed or timed-out start, a deadline, a
 * shutdown. `change` makes the new record, or returns undefined to leave the session as it is.
 *
 * The session's editor claim is marked retiring *before* the record says the session is over, so
 * that nobody reads an ended session that still holds its notebook: from then until its sandbox is
 * confirmed gone, an edit start is told to come back (EDIT_SESSION_RETIRING), never that the
 * notebook is owned. Claim and record are two objects without a common transaction, so the order
 * is what keeps them agreeing; readers also judge a claim by its session (`claimStanding`).
 *
 * Resolves to the record as stored and whether this call made the change.
 */
export async function endSession(
  deps: EndingDeps,
  record: SessionRecord,
  change: (current: SessionRecord) => SessionRecord | undefined,
): Promise<{ record: SessionRecord; mine: boolean }> {
  const claimed = holdsEditorClaim(record);
  const retire = () => deps.claims.retire(record.project_id, record.notebook_id, record.id);
  if (claimed) await retire();
  let mine = false;
  const updated = await deps.sessions.update(record.project_id, record.id, (current) => {
    const next = change(current);
    mine = next !== undefined;
    return next;
  });
  if (!claimed) return { record: updated, mine };
  if (LIVE_STATES.has(updated.state)) {
    // The change did not apply and the session lives on (a start that timed out but finished
    // meanwhile): it keeps its notebook. Should something end it while the claim is given back,
    // that ending retired the claim first and this read sees the session over.
    await deps.claims.reinstate(record.project_id, record.notebook_id, record.id);
    const latest = await deps.sessions.get(record.project_id, record.id);
    if (latest && !LIVE_STATES.has(latest.state)) await retire();
  } else if (mine) {
    // A reinstatement that read the session before this change may have made the claim active again.
    await retire();
  }
  return { record: updated, mine };
}

/**
 * What a claim means to a start, judged by the session it names rather than by the claim alone:
 *
 * - `held`: its session is live and the claim active (or the session is about to be stored: a
 *   start takes the claim just before it stores its session, so a claim naming no session stands
 *   for `UNRECORDED_CLAIM_GRACE_MS`);
 * - `retiring`: its session is being saved and stopped, or is over but its sandbox not yet
 *   confirmed gone; also a claim still marked active whose session has ended (written by a hub
 *   before the claim was retired first, or read between the two writes of an ending);
 * - `stale`: its session is over and its sandbox gone (or a crashed start left it): it can be
 *   taken without asking.
 */
export async function claimStanding(sessions: Pick<SessionStore, 'get'>, claim: EditorClaim, now: Date): Promise<ClaimStanding> {
  return standingOf(claim, await sessions.get(claim.project_id, claim.session_id), now);
}

/** `claimStanding` of a claim whose session (null: none stored) has been read already. */
export function standingOf(claim: EditorClaim, session: SessionRecord | null, now: Date): ClaimStanding {
  if (!session) {
    if (now.getTime() - Date.parse(claim.acquired_at) >= UNRECORDED_CLAIM_GRACE_MS) return 'stale';
    return claim.state === 'retiring' ? 'retiring' : 'held';
  }
  if (TERMINAL_STATES.has(session.state) && session.sandbox_released) return 'stale';
  if (!LIVE_STATES.has(session.state) || claim.state === 'retiring') return 'retiring';
  return 'held';
}
