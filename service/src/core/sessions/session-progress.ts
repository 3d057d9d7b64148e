import type { ProvisionPhase, SessionRecord } from './session-model.js';
import type { SessionStore } from './session-store.js';

type Change = (current: SessionRecord) => SessionRecord;
interface Queued {
  change: Change;
  /** Told how the write that carried the change went, for a change the start waits on. */
  written?: { resolve: (record: SessionRecord) => void; reject: (error: unknown) => void };
}

export interface StartProgress {
  /** Moves the session to `phase` in the background (its detail starts empty). */
  phase(phase: ProvisionPhase): void;
  /**
   * Shows a step as the detail of `phase` (default `sandbox`: the driver's steps), in the
   * background; a step that comes after its phase ended is dropped.
   */
  step(step: string, phase?: ProvisionPhase): void;
  /**
   * Writes `patch` with whatever progress is queued, and resolves to the session as stored (no
   * longer provisioning when it was stopped meanwhile, and then without the patch).
   */
  record(patch: Partial<SessionRecord>): Promise<SessionRecord>;
  /** True once a write found the session no longer provisioning (it was stopped meanwhile). */
  readonly left: boolean;
  /** Resolves when every change asked for so far is written (or failed to be). */
  idle(): Promise<void>;
}

/**
 * Records a start's progress on the session for the people watching it (docs/sessions.md), without
 * making the start wait on the store: changes queue up and each write applies everything queued
 * since the one before, so a slow store costs fewer writes rather than a slower start. A progress
 * write that fails never fails the start.
 */
export function startProgress(sessions: SessionStore, initial: SessionRecord): StartProgress {
  const queued: Queued[] = [];
  let writing: Promise<void> | null = null;
  let left = false;
  const flush = async () => {
    while (queued.length > 0) {
      const batch = queued.splice(0);
      try {
        const record = await sessions.update(initial.project_id, initial.id, (current) =>
          current.state === 'provisioning' ? batch.reduce((record, { change }) => change(record), current) : undefined,
        );
        if (record.state !== 'provisioning') left = true;
        for (const { written } of batch) written?.resolve(record);
      } catch (error) {
        // Progress is for people watching, not for the start itself: only a recorded patch fails.
        for (const { written } of batch) written?.reject(error);
      }
    }
    writing = null;
  };
  const enqueue = (item: Queued) => {
    queued.push(item);
    writing ??= flush();
  };
  return {
    phase: (phase) => enqueue({ change: (current) => ({ ...current, phase, phase_detail: current.phase === phase ? current.phase_detail : null }) }),
    step: (step, phase = 'sandbox') => enqueue({ change: (current) => (current.phase === phase ? { ...current, phase_detail: step.slice(0, 200) } : current) }),
    record: (patch) => new Promise((resolve, reject) => enqueue({ change: (current) => ({ ...current, ...patch }), written: { resolve, reject } })),
    get left() {
      return left;
    },
    idle: async () => {
      while (writing) await writing;
    },
  };
}
