import type { Logger } from '../core/ports/logger.js';
import { Lease } from '../core/records/lease.js';
import type { ObjectStore } from '../core/ports/object-store.js';
import { layout } from '../core/storage-layout.js';
import type { LoopDefinition, LoopOutcome } from './loop-types.js';

export interface AttemptDeps {
  store: ObjectStore;
  logger: Logger;
  holder: string;
}

export interface AttemptResult {
  outcome: Exclude<LoopOutcome, 'stalled'>;
  error?: unknown;
}

/** The reason an attempt's signal is aborted, so work and logs can tell the causes apart. */
export class LoopAbortError extends Error {
  constructor(
    readonly reason: 'deadline' | 'shutdown' | 'lease-lost',
    loop: string,
  ) {
    super(
      reason === 'deadline'
        ? `${loop} passed its attempt deadline`
        : reason === 'shutdown'
          ? `${loop} was interrupted by shutdown`
          : `${loop} lost its lease to another holder`,
    );
    this.name = 'LoopAbortError';
  }
}

/**
 * One attempt: take the lease, run the work, release the lease. Never rejects. The lease is
 * renewed for as long as the work runs, so an attempt abandoned at its deadline keeps other
 * replicas out until it really ends (a loop never has two writers), while a replica that dies
 * keeps them out for one lease lifetime at most.
 */
export async function runAttempt(deps: AttemptDeps, definition: LoopDefinition, controller: AbortController, leaseTtlMs: number): Promise<AttemptResult> {
  const { name } = definition;
  let lease: Lease | null = null;
  if (definition.lease !== null) {
    lease = new Lease(deps.store, layout.lease(definition.lease), { holder: deps.holder, ttlMs: leaseTtlMs });
    try {
      if (!(await lease.acquire())) return { outcome: 'skipped' };
    } catch (error) {
      return { outcome: 'failed', error };
    }
  }
  const renewal = lease ? keepRenewed(lease, leaseTtlMs, () => controller.abort(new LoopAbortError('lease-lost', name))) : null;
  try {
    controller.signal.throwIfAborted();
    await definition.work({ signal: controller.signal, logger: deps.logger.child({ loop: name }) });
    return { outcome: 'success' };
  } catch (error) {
    return { outcome: 'failed', error };
  } finally {
    await renewal?.stop();
    if (lease) {
      try {
        await lease.release();
      } catch (error) {
        deps.logger.warn({ event: `${name}_release_failed`, loop: name, holder: deps.holder, err: error }, `${name}_release_failed`);
      }
    }
  }
}

/** Renews at a third of the TTL; a transient failure is retried on the next tick, a lost lease aborts. */
function keepRenewed(lease: Lease, ttlMs: number, onLost: () => void): { stop(): Promise<void> } {
  const every = Math.max(10, Math.floor(ttlMs / 3));
  let stopped = false;
  let pending: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    if (!stopped) timer = setTimeout(tick, every).unref();
  };
  const tick = () => {
    pending = lease.renew().then(
      (held) => {
        if (held) arm();
        else onLost();
      },
      // The record is still valid until it expires; the next tick tries again.
      () => arm(),
    );
  };
  arm();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A renewal in flight must land before release, or it could re-create the record after the delete.
      await pending;
    },
  };
}
