import { describe, expect, it } from 'vitest';
import type { MetricAttributes, Metrics } from '../ports/metrics.js';
import { SnapshotMetrics } from './snapshot-metrics.js';

/** Records every measurement by instrument name (a fake: unit tests load no SDK). */
function fakeRecordingMetrics() {
  const recorded: { name: string; value: number; attributes: MetricAttributes | undefined }[] = [];
  const instrument = (name: string) => ({
    add: (value: number, attributes?: MetricAttributes) => void recorded.push({ name, value, attributes }),
    record: (value: number, attributes?: MetricAttributes) => void recorded.push({ name, value, attributes }),
  });
  const metrics: Metrics = {
    counter: instrument,
    upDownCounter: instrument,
    histogram: instrument,
    observeGauge: () => {},
    observeCounter: () => {},
  };
  return { metrics, recorded };
}

describe('snapshot metrics', () => {
  it('exports every outcome from the start, then counts renders with their duration and size', () => {
    const { metrics, recorded } = fakeRecordingMetrics();
    const snapshots = new SnapshotMetrics(metrics);
    expect(recorded).toEqual(['succeeded', 'failed', 'timed_out'].map((outcome) => ({ name: 'snapshots.renders', value: 0, attributes: { outcome } })));
    recorded.length = 0;
    snapshots.rendered('succeeded', 812.4, 20_480);
    snapshots.rendered('timed_out', 30_000);
    expect(recorded).toEqual([
      { name: 'snapshots.renders', value: 1, attributes: { outcome: 'succeeded' } },
      { name: 'snapshots.render.duration', value: 812.4, attributes: { outcome: 'succeeded' } },
      { name: 'snapshots.size', value: 20_480, attributes: undefined },
      { name: 'snapshots.renders', value: 1, attributes: { outcome: 'timed_out' } },
      { name: 'snapshots.render.duration', value: 30_000, attributes: { outcome: 'timed_out' } },
    ]);
  });
});
