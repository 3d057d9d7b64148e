import { NO_METRICS, type Metrics } from './metrics.js';

/** The process's telemetry: what the hub records into, and how it is flushed at shutdown. */
export interface Telemetry {
  readonly metrics: Metrics;
  /** Exports what is still pending and stops the exporters; never throws (shutdown goes on). */
  shutdown(): Promise<void>;
}

export const NO_TELEMETRY: Telemetry = { metrics: NO_METRICS, shutdown: async () => {} };
