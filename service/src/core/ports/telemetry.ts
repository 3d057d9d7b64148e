import { NO_METRICS, type Metrics } from './metrics.js';
import { NO_TRACING, type Tracer } from './tracing.js';

/** The process's telemetry: what the hub records into, and how it is flushed at shutdown. */
export interface Telemetry {
  readonly metrics: Metrics;
  readonly tracer: Tracer;
  /** Exports what is still pending and stops the exporters; never throws (shutdown goes on). */
  shutdown(): Promise<void>;
}

export const NO_TELEMETRY: Telemetry = { metrics: NO_METRICS, tracer: NO_TRACING, shutdown: async () => {} };
