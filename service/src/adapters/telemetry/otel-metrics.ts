import type { Meter } from '@opentelemetry/api';
import type { Counter, Histogram, HistogramOptions, InstrumentOptions, Metrics, ObserveCallback, UpDownCounter } from '../../core/ports/metrics.js';

/** The metrics port on an OpenTelemetry meter. */
export class OtelMetrics implements Metrics {
  constructor(private readonly meter: Meter) {}

  counter(name: string, options: InstrumentOptions): Counter {
    return this.meter.createCounter(name, options);
  }

  upDownCounter(name: string, options: InstrumentOptions): UpDownCounter {
    return this.meter.createUpDownCounter(name, options);
  }

  histogram(name: string, options: HistogramOptions): Histogram {
    const { boundaries, ...rest } = options;
    return this.meter.createHistogram(name, boundaries ? { ...rest, advice: { explicitBucketBoundaries: [...boundaries] } } : rest);
  }

  observeGauge(name: string, options: InstrumentOptions, callback: ObserveCallback): void {
    this.meter.createObservableGauge(name, options).addCallback((result) => callback((value, attributes) => result.observe(value, attributes)));
  }

  observeCounter(name: string, options: InstrumentOptions, callback: ObserveCallback): void {
    this.meter.createObservableCounter(name, options).addCallback((result) => callback((value, attributes) => result.observe(value, attributes)));
  }
}
