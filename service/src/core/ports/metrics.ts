/**
 * Metrics the core records (docs/telemetry.md). Names are OpenTelemetry instrument names
 * (`catalog.cas.conflicts`); attributes stay low-cardinality: route templates, loop names,
 * phases, never ids, payloads, tokens or e-mails. The host picks the implementation: an
 * OpenTelemetry meter, or {@link NO_METRICS} where telemetry is off.
 */
export type MetricAttributes = Readonly<Record<string, string | number | boolean>>;

export interface InstrumentOptions {
  description: string;
  /** UCUM, as OpenTelemetry expects: `s`, `ms`, `{request}`. */
  unit?: string;
}

export interface HistogramOptions extends InstrumentOptions {
  /** Explicit bucket upper bounds; the exporter's defaults otherwise. */
  boundaries?: readonly number[];
}

/** Only ever goes up: requests served, conflicts met. */
export interface Counter {
  add(value: number, attributes?: MetricAttributes): void;
}

/** Goes up and down: requests in flight. */
export interface UpDownCounter {
  add(value: number, attributes?: MetricAttributes): void;
}

export interface Histogram {
  record(value: number, attributes?: MetricAttributes): void;
}

/** Reports one value per attribute set at collection time. */
export type Observe = (value: number, attributes?: MetricAttributes) => void;

/**
 * Called at each collection. It reads state the caller already keeps; it must be cheap and
 * synchronous (no store or network I/O), because it runs on the exporter's schedule.
 */
export type ObserveCallback = (observe: Observe) => void;

export interface Metrics {
  counter(name: string, options: InstrumentOptions): Counter;
  upDownCounter(name: string, options: InstrumentOptions): UpDownCounter;
  histogram(name: string, options: HistogramOptions): Histogram;
  /** A value read when collected (a gauge): the last value observed is what is exported. */
  observeGauge(name: string, options: InstrumentOptions, callback: ObserveCallback): void;
  /** A running total read when collected, kept by someone else (a counter). */
  observeCounter(name: string, options: InstrumentOptions, callback: ObserveCallback): void;
}

const noop = { add: () => {}, record: () => {} };

/** Records nothing: telemetry is off, or a command has no use for it. */
export const NO_METRICS: Metrics = {
  counter: () => noop,
  upDownCounter: () => noop,
  histogram: () => noop,
  observeGauge: () => {},
  observeCounter: () => {},
};
