import { HubError } from '../errors.js';
import { TERMINAL_STATES, type SessionRecord } from './session-model.js';

/** The whole of one reclaim, by a super admin or by the lifecycle loop (docs/sessions.md). */
export const RECLAIM_TIMEOUT_MS = 60_000;
/** How long after a stop its replica may still be saving and destroying the sandbox. */
export const TEARDOWN_GRACE_MS = 60_000;

export interface ReclaimTimings {
  /** A session that failed while starting this recently may still have its start writing to it. */
  provisionGraceMs: number;
  teardownGraceMs: number;
  timeoutMs: number;
}

/** The causes runtime inspection reports: those decided from the session record alone. */
export const INSPECTED_RECLAIM_BLOCKS = ['not_terminal', 'provision_grace', 'teardown_grace', 'attachment_unsupported'] as const;
export type InspectedReclaimBlock = (typeof INSPECTED_RECLAIM_BLOCKS)[number];
/** Every cause that blocks a reclaim (docs/sessions.md). */
export type ReclaimBlock = InspectedReclaimBlock | 'kernel_active' | 'attachment_failed' | 'kernel_unreachable' | 'destroy_failed' | 'timeout';

/**
 * Whether reclaiming the session with `save` would read its notebook file from the sandbox: only
 * an edit session that ran (one that failed while starting holds no edits) and still has a sandbox.
 */
export function reclaimReadsSandbox(record: SessionRecord, save: boolean): boolean {
  return save && record.mode === 'edit' && record.started_at !== null && record.sandbox !== null;
}

export interface InspectionContext {
  now: number;
  /** The sandbox driver can work with sandboxes another process created. */
  canAttach: boolean;
  save: boolean;
  timings: Pick<ReclaimTimings, 'provisionGraceMs' | 'teardownGraceMs'>;
}

/**
 * The one decision of the causes that need no sandbox call, shared by the reclaim route and
 * runtime inspection so that they always agree. A session whose sandbox is already released is
 * never blocked: reclaiming it again changes nothing and succeeds.
 */
export function inspectedReclaimBlockOf(record: SessionRecord, context: InspectionContext): InspectedReclaimBlock | null {
  if (!TERMINAL_STATES.has(record.state)) return 'not_terminal';
  if (record.sandbox_released) return null;
  const since = context.now - endedAt(record);
  if (record.state === 'failed' && since < context.timings.provisionGraceMs) return 'provision_grace';
  if (record.state === 'stopped' && since < context.timings.teardownGraceMs) return 'teardown_grace';
  if (!context.canAttach && reclaimReadsSandbox(record, context.save)) return 'attachment_unsupported';
  return null;
}

/** When the session ended (a terminal record always has stopped_at; older ones fall back). */
export function endedAt(record: SessionRecord): number {
  return Date.parse(record.stopped_at ?? record.stopping_since ?? record.created_at);
}

/** A refused reclaim: the answer's message names the cause; `reason` goes to the audit event only. */
export class ReclaimBlockedError extends HubError {
  constructor(
    readonly reason: ReclaimBlock,
    message: string,
    retryAfterSeconds?: number,
  ) {
    super(
      TRANSIENT.has(reason) ? 'SERVICE_UNAVAILABLE' : 'CONFLICT',
      `reclaim blocked (${reason}): ${message}`,
      undefined,
      retryAfterSeconds === undefined ? {} : { retryAfterSeconds },
    );
  }
}

const TRANSIENT: ReadonlySet<ReclaimBlock> = new Set(['attachment_failed', 'kernel_unreachable', 'destroy_failed', 'timeout']);
/** Transient causes: a retry soon may well pass. */
const RETRY_AFTER_SECONDS = 10;

/** The refusal for a cause, with what to do about it. */
export function reclaimBlocked(
  reason: ReclaimBlock,
  record: SessionRecord,
  context: { now: number; timings: ReclaimTimings; detail?: string },
): ReclaimBlockedError {
  const { now, timings } = context;
  const graceLeft = (graceMs: number) => Math.max(1, Math.ceil((endedAt(record) + graceMs - now) / 1000));
  switch (reason) {
    case 'not_terminal':
      return new ReclaimBlockedError(reason, `the session is ${record.state}; stop the session first`);
    case 'provision_grace':
      return new ReclaimBlockedError(
        reason,
        `the session failed while starting less than ${Math.round(timings.provisionGraceMs / 1000)} s ago and its start may still be writing to the sandbox; wait for the grace period`,
        graceLeft(timings.provisionGraceMs),
      );
    case 'teardown_grace':
      return new ReclaimBlockedError(
        reason,
        `the session stopped less than ${Math.round(timings.teardownGraceMs / 1000)} s ago and the replica that stopped it may still be tearing it down; wait for the grace period`,
        graceLeft(timings.teardownGraceMs),
      );
    case 'kernel_active':
      return new ReclaimBlockedError(reason, 'editors are still connected to the session; wait for them to leave');
    case 'attachment_unsupported':
      return new ReclaimBlockedError(
        reason,
        "this deployment's sandbox provider cannot attach to a sandbox another process created, so the notebook cannot be saved from it; reclaim with save: false; unsaved edits are discarded",
      );
    case 'attachment_failed':
      return new ReclaimBlockedError(
        reason,
        `the notebook file could not be read from the session's sandbox${context.detail ? ` (${context.detail})` : ''}; retry later`,
        RETRY_AFTER_SECONDS,
      );
    case 'kernel_unreachable':
      return new ReclaimBlockedError(
        reason,
        "marimo in the session's sandbox does not answer; retry later, or reclaim with save: false to discard unsaved edits",
        RETRY_AFTER_SECONDS,
      );
    case 'destroy_failed':
      return new ReclaimBlockedError(reason, "the session's sandbox could not be destroyed; retry later", RETRY_AFTER_SECONDS);
    case 'timeout':
      return new ReclaimBlockedError(
        reason,
        `the reclaim did not finish within ${Math.round(timings.timeoutMs / 1000)} s (it may still complete); retry later`,
        Math.max(RETRY_AFTER_SECONDS, Math.ceil(timings.timeoutMs / 2000)),
      );
  }
}
