import { NO_METRICS, type Counter, type Histogram, type Metrics } from '../ports/metrics.js';

/** How a snapshot render ended: `timed_out` is a render a stop or a reclaim stopped waiting for. */
export type SnapshotOutcome = 'succeeded' | 'failed' | 'timed_out';

const OUTCOMES: readonly SnapshotOutcome[] = ['succeeded', 'failed', 'timed_out'];

/** The `snapshots.*` metrics of docs/telemetry.md: the HTML snapshots rendered when an edit session saves. */
export class SnapshotMetrics {
  private readonly renders: Counter;
  private readonly duration: Histogram;
  private readonly size: Histogram;

  constructor(metrics: Metrics = NO_METRICS) {
    this.renders = metrics.counter('snapshots.renders', { description: 'HTML snapshots rendered from saved versions, by outcome', unit: '{snapshot}' });
    // Every outcome's series exists from the start, so a rate over it is defined before the first render.
    for (const outcome of OUTCOMES) this.renders.add(0, { outcome });
    this.duration = metrics.histogram('snapshots.render.duration', { description: 'How long rendering a snapshot took, by outcome', unit: 'ms' });
    this.size = metrics.histogram('snapshots.size', { description: 'Size of the HTML snapshots attached to versions', unit: 'By' });
  }

  rendered(outcome: SnapshotOutcome, durationMs: number, bytes?: number): void {
    this.renders.add(1, { outcome });
    this.duration.record(Math.max(0, durationMs), { outcome });
    if (bytes !== undefined) this.size.record(bytes);
  }
}
