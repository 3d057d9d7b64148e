/**
 * Spans the core opens around its work (docs/telemetry.md, "Traces"). The host picks the
 * implementation: the OpenTelemetry tracer where tracing is configured, or {@link NO_TRACING}.
 *
 * Attributes name what a span is about (ids, route templates, phases, outcomes, error codes) and
 * never carry payloads, tokens, secrets, cookies, e-mail addresses or notebook content: whoever
 * reads traces is not necessarily allowed to read the data.
 */
export type SpanAttributes = Readonly<Record<string, string | number | boolean>>;

export type SpanKind = 'internal' | 'server' | 'client' | 'producer' | 'consumer';

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: SpanAttributes;
  /**
   * `root`: start a trace of its own even inside another span (a job run, a loop attempt); the span it
   * would have been a child of is linked instead. A W3C `traceparent` (and `tracestate`): continue
   * that caller's trace. Otherwise: a child of the active span, or a new trace when none is active.
   */
  parent?: 'root' | { traceparent: string; tracestate?: string | undefined };
  /** Record the span only inside a trace: no new trace for work outside one (a store read of a timer). */
  onlyInTrace?: boolean;
}

/** A span being recorded. Ending it twice, or using it after its end, does nothing. */
export interface Span {
  setAttributes(attributes: SpanAttributes): void;
  /**
   * Marks the span failed. `code` is an error code or a class name, never an error's message
   * (messages may quote the data that was refused).
   */
  fail(code: string): void;
  end(): void;
  /** Runs `work` with this span active: spans opened inside are its children, log lines carry its ids. */
  run<T>(work: () => T): T;
  /** The W3C `traceparent` naming this span, to hand on to whoever continues the trace. */
  readonly traceparent: string | null;
  /** False where the span records nothing (tracing off, a trace that is not sampled): what only it would keep need not be computed. */
  readonly recording: boolean;
}

export interface Tracer {
  /** False where tracing is off: callers may skip building attributes. */
  readonly enabled: boolean;
  /**
   * Runs `work` inside a span that ends when it settles; a thrown error fails the span with its
   * code (a `code` property) or class name, and is rethrown.
   */
  withSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T>;
  /** Starts a span the caller ends (work that is not one promise, such as an HTTP request). */
  startSpan(name: string, options: SpanOptions): Span;
  /** The W3C `traceparent` of the active span (for an outbound call, a sandbox); null outside a trace. */
  traceparent(): string | null;
  /**
   * Whether the active span's trace is recorded: false outside a trace and in a trace that is not
   * sampled, where a span of a call would record nothing (callers then skip it, and what it would cost).
   */
  recording(): boolean;
}

/** A span that records nothing (tracing off, or work outside a trace that asked for none). */
export const NO_SPAN: Span = {
  setAttributes: () => {},
  fail: () => {},
  end: () => {},
  run: (work) => work(),
  traceparent: null,
  recording: false,
};

/** Records nothing: tracing is off. */
export const NO_TRACING: Tracer = {
  enabled: false,
  withSpan: (_name, _options, work) => work(NO_SPAN),
  startSpan: () => NO_SPAN,
  traceparent: () => null,
  recording: () => false,
};

/** The code a failed span records for an error: its `code` when it has one, else its class name. */
export function errorCodeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(code)) return code;
  return error instanceof Error ? error.name : 'Error';
}

/**
 * The trace id a `traceparent` names, for a record to keep (a session's start, a job run), when the
 * trace is sampled; null otherwise: a trace that was not recorded cannot be looked up.
 */
export function recordedTraceIdOf(traceparent: string | null | undefined): string | null {
  const match = /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-([\da-f]{2})$/.exec(traceparent ?? '');
  if (!match || /^0+$/.test(match[1]!)) return null;
  return (parseInt(match[2]!, 16) & 1) === 1 ? match[1]! : null;
}
