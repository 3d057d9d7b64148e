import { HubError } from '../errors.js';
import { getJson, jsonBody } from '../store/cas.js';
import { PreconditionFailedError, type ObjectStore } from '../ports/object-store.js';
import { layout } from '../storage-layout.js';
import { NO_CLAIM_OBSERVER, type EditorClaimObserver } from './session-metrics.js';

/**
 * The right to edit a notebook in a sandbox: `claims/<pid>/<nid>`. In exclusive mode it belongs
 * to one editor's session; in shared mode to the session all editors share. While its session is
 * being saved and its sandbox destroyed the claim is `retiring`, and no new edit session may start
 * until a confirmed destroy removes it. Every change is a compare-and-swap.
 */
export interface EditorClaim {
  schema_version: 1;
  project_id: string;
  notebook_id: string;
  session_id: string;
  user_id: string;
  state: 'active' | 'retiring';
  acquired_at: string;
  retiring_since: string | null;
  /** A takeover under way: who asked, for which session of theirs. */
  takeover: { requested_by: string; requested_at: string } | null;
}

/** What an existing claim means to a start (judged by its session: session-ending.ts). */
export type ClaimStanding = 'held' | 'retiring' | 'stale';

export type ClaimOutcome =
  | { kind: 'acquired'; claim: EditorClaim }
  /**
   * An active claim exists: the caller may reuse its session (shared mode, or their own). `raced`:
   * the claim was written by another start while this one was trying to take it.
   */
  | { kind: 'held'; claim: EditorClaim; raced: boolean };

export class EditorClaims {
  constructor(
    private readonly store: ObjectStore,
    private readonly now: () => Date = () => new Date(),
    private readonly observer: EditorClaimObserver = NO_CLAIM_OBSERVER,
  ) {}

  async get(projectId: string, notebookId: string): Promise<{ claim: EditorClaim; etag: string } | null> {
    const found = await getJson<EditorClaim>(this.store, layout.editorClaim(projectId, notebookId));
    return found ? { claim: found.value, etag: found.etag } : null;
  }

  /**
   * Takes the claim for a new session, or reports the claim that stands in the way. `standingOf`
   * judges an existing claim: `stale` (its session is over and its sandbox gone) is taken over
   * silently, `retiring` is refused with EDIT_SESSION_RETIRING, `held` is reported.
   */
  async acquire(
    projectId: string,
    notebookId: string,
    sessionId: string,
    userId: string,
    standingOf: (claim: EditorClaim) => Promise<ClaimStanding>,
  ): Promise<ClaimOutcome> {
    let lostWrite = false;
    for (let attempt = 0; attempt < 5; attempt++) {
      const existing = await this.get(projectId, notebookId);
      const claim: EditorClaim = {
        schema_version: 1,
        project_id: projectId,
        notebook_id: notebookId,
        session_id: sessionId,
        user_id: userId,
        state: 'active',
        acquired_at: this.now().toISOString(),
        retiring_since: null,
        takeover: null,
      };
      try {
        if (!existing) {
          await this.store.put(layout.editorClaim(projectId, notebookId), jsonBody(claim), { ifNoneMatch: '*' });
          return { kind: 'acquired', claim };
        }
        const standing = await standingOf(existing.claim);
        if (standing === 'retiring') throw this.retiringRefusal();
        if (standing === 'held') {
          if (lostWrite) this.observer.claimLost('claim');
          return { kind: 'held', claim: existing.claim, raced: lostWrite };
        }
        await this.store.put(layout.editorClaim(projectId, notebookId), jsonBody(claim), { ifMatch: existing.etag });
        return { kind: 'acquired', claim };
      } catch (error) {
        if (!(error instanceof PreconditionFailedError)) throw error;
        lostWrite = true;
      }
    }
    this.observer.claimLost('claim');
    throw new HubError('CONFLICT', 'the editor claim of this notebook is changing; retry');
  }

  /** The refusal of a start that found the claim retiring: counted as an editor claim lost at preflight. */
  retiringRefusal(): HubError {
    this.observer.claimLost('preflight');
    return retiring();
  }

  /** Marks the claim of `sessionId` as retiring (its session is being saved and stopped). */
  async retire(projectId: string, notebookId: string, sessionId: string): Promise<void> {
    await this.change(projectId, notebookId, sessionId, (claim) =>
      claim.state === 'retiring' ? undefined : { ...claim, state: 'retiring', retiring_since: this.now().toISOString() },
    );
  }

  /**
   * Makes the retiring claim of `sessionId` active again: an ending that retired it first found
   * the session live after all (see `endSession`).
   */
  async reinstate(projectId: string, notebookId: string, sessionId: string): Promise<void> {
    await this.change(projectId, notebookId, sessionId, (claim) =>
      claim.state === 'active' ? undefined : { ...claim, state: 'active', retiring_since: null },
    );
  }

  /** Records a takeover request; TAKEOVER_IN_PROGRESS if another one is under way. */
  async requestTakeover(projectId: string, notebookId: string, expectedSessionId: string, requestedBy: string): Promise<EditorClaim> {
    const existing = await this.get(projectId, notebookId);
    if (!existing || existing.claim.session_id !== expectedSessionId) {
      throw new HubError('EDIT_SESSION_CHANGED', 'the notebook is no longer edited by that session; reload and decide again');
    }
    if (existing.claim.takeover || existing.claim.state === 'retiring') {
      throw new HubError('TAKEOVER_IN_PROGRESS', 'a takeover of this notebook is already under way');
    }
    const next: EditorClaim = { ...existing.claim, takeover: { requested_by: requestedBy, requested_at: this.now().toISOString() } };
    try {
      await this.store.put(layout.editorClaim(projectId, notebookId), jsonBody(next), { ifMatch: existing.etag });
    } catch (error) {
      if (error instanceof PreconditionFailedError) throw new HubError('TAKEOVER_IN_PROGRESS', 'a takeover of this notebook is already under way');
      throw error;
    }
    return next;
  }

  /** Removes the claim of `sessionId` once its sandbox is confirmed gone. */
  async release(projectId: string, notebookId: string, sessionId: string): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const existing = await this.get(projectId, notebookId);
      if (!existing || existing.claim.session_id !== sessionId) return;
      try {
        await this.store.delete(layout.editorClaim(projectId, notebookId), { ifMatch: existing.etag });
        return;
      } catch (error) {
        if (!(error instanceof PreconditionFailedError)) throw error;
      }
    }
  }

  private async change(projectId: string, notebookId: string, sessionId: string, change: (claim: EditorClaim) => EditorClaim | undefined): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const existing = await this.get(projectId, notebookId);
      if (!existing || existing.claim.session_id !== sessionId) return;
      const next = change(existing.claim);
      if (!next) return;
      try {
        await this.store.put(layout.editorClaim(projectId, notebookId), jsonBody(next), { ifMatch: existing.etag });
        return;
      } catch (error) {
        if (!(error instanceof PreconditionFailedError)) throw error;
      }
    }
    throw new HubError('CONFLICT', 'the editor claim of this notebook is changing; retry');
  }
}

export const retiring = () =>
  new HubError('EDIT_SESSION_RETIRING', "the notebook's previous edit session is still being saved and stopped; retry in a few seconds", undefined, {
    retryAfterSeconds: 5,
  });
