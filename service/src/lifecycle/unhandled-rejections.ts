import type { Logger } from '../core/ports/logger.js';
import type { Metrics } from '../core/ports/metrics.js';

export interface RejectionWatch {
  /** Counts from now on into `process.unhandled_rejections` of these metrics (once the hub has them). */
  countInto(metrics: Metrics): void;
  stop(): void;
}

/**
 * A promise rejected with nobody to handle it is a bug, but one that must not take every session
 * of the replica down with it, nor go unseen: each is logged as `unhandled_rejection` (error, with
 * the reason) and counted (docs/telemetry.md). Node would otherwise end the process.
 */
export function watchUnhandledRejections(logger: Logger, target: NodeJS.EventEmitter = process): RejectionWatch {
  let counter: { add(value: number): void } | null = null;
  const listener = (reason: unknown) => {
    logger.error({ event: 'unhandled_rejection', err: reason }, 'unhandled_rejection');
    counter?.add(1);
  };
  target.on('unhandledRejection', listener);
  return {
    countInto(metrics) {
      counter = metrics.counter('process.unhandled_rejections', { description: 'Promises rejected with no handler', unit: '{rejection}' });
      // Exported from start-up, so a rate is defined before the first one.
      counter.add(0);
    },
    stop: () => void target.off('unhandledRejection', listener),
  };
}
