import type { Counter, Metrics } from '../ports/metrics.js';
import { TERMINAL_STATES } from './session-model.js';
import type { SessionStore } from './session-store.js';

/**
 * Why an edit start did not get the notebook's claim: `preflight` when the claim was retiring
 * (answered 409 EDIT_SESSION_RETIRING), `claim` when another start wrote the claim first.
 */
export type EditorClaimLostPhase = 'preflight' | 'claim';

export interface EditorClaimObserver {
  claimLost(phase: EditorClaimLostPhase): void;
}

export const NO_CLAIM_OBSERVER: EditorClaimObserver = { claimLost: () => {} };

/** Sessions that are over (stopped or failed) whose sandbox has not been released yet. */
export interface UnreclaimedTerminal {
  count: number;
  /** Since the oldest of them stopped; 0 when there are none. */
  oldestAgeMs: number;
}

/**
 * The session cleanup metrics of docs/telemetry.md. The unreclaimed gauges report the last completed
 * reconciliation: until one completes nothing is reported, and one that fails or is cut short
 * leaves the previous values in place, so a broken sweep cannot look like a clean store.
 */
export class SessionMetrics implements EditorClaimObserver {
  private readonly lost: Counter;
  private readonly orphans: Counter;
  private unreclaimed: UnreclaimedTerminal | null = null;

  constructor(metrics: Metrics) {
    this.lost = metrics.counter('sessions.editor_claim.lost', {
      description: 'Edit starts that did not get the editor claim, by phase (preflight: claim retiring, 409 EDIT_SESSION_RETIRING; claim: lost the race)',
      unit: '{start}',
    });
    // Both series exist from the start, so a rate over them is defined before the first loss.
    for (const phase of ['preflight', 'claim'] as const) this.lost.add(0, { phase });
    this.orphans = metrics.counter('sandboxes.orphaned', {
      description: "Sandboxes of this deployment that no session owned, destroyed by the lifecycle sweep (the driver's kind as attribute)",
      unit: '{sandbox}',
    });
    metrics.observeGauge(
      'sessions.unreclaimed_terminal.count',
      { description: 'Stopped or failed sessions whose sandbox is not released yet, at the last lifecycle sweep', unit: '{session}' },
      (observe) => {
        if (this.unreclaimed) observe(this.unreclaimed.count);
      },
    );
    metrics.observeGauge(
      'sessions.unreclaimed_terminal.oldest_age_ms',
      { description: 'How long ago the oldest unreclaimed stopped or failed session stopped, at the last lifecycle sweep (aggregate with max)', unit: 'ms' },
      (observe) => {
        if (this.unreclaimed) observe(this.unreclaimed.oldestAgeMs);
      },
    );
  }

  claimLost(phase: EditorClaimLostPhase): void {
    this.lost.add(1, { phase });
  }

  /** Sandboxes a sweep destroyed because no session owned them. */
  orphansReaped(count: number, driver: string): void {
    this.orphans.add(count, { driver });
  }

  /** The values the gauges report; null before the first completed reconciliation. */
  get lastUnreclaimed(): UnreclaimedTerminal | null {
    return this.unreclaimed;
  }

  /**
   * Counts what the lifecycle sweep left unreleased, from the index of sessions that may still
   * hold a sandbox (small: live sessions and those awaiting release). Resolves to null, keeping
   * the previous values, when `signal` aborts before the walk is complete.
   */
  async reconcile(sessions: SessionStore, now: number, signal: AbortSignal): Promise<UnreclaimedTerminal | null> {
    const tally: UnreclaimedTerminal = { count: 0, oldestAgeMs: 0 };
    for await (const { projectId, sessionId } of sessions.active()) {
      if (signal.aborted) return null;
      const record = await sessions.get(projectId, sessionId);
      if (!record || !TERMINAL_STATES.has(record.state) || record.sandbox_released) continue;
      tally.count++;
      const stoppedAt = Date.parse(record.stopped_at ?? record.created_at);
      tally.oldestAgeMs = Math.max(tally.oldestAgeMs, Number.isFinite(stoppedAt) ? Math.max(0, now - stoppedAt) : 0);
    }
    if (signal.aborted) return null;
    this.unreclaimed = tally;
    return tally;
  }
}
