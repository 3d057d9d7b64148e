import {
  context,
  ROOT_CONTEXT,
  SpanKind as OtelSpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type Link,
  type Span as OtelSpan,
  type Tracer as OtelTracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { Resource } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { BatchExport, OtlpProtocol } from '../../config/settings-telemetry.js';
import { errorCodeOf, NO_SPAN, type Span, type SpanAttributes, type SpanKind, type SpanOptions, type Tracer } from '../../core/ports/tracing.js';
import { redactedValue } from './redaction.js';
import { bufferConfigOf } from './telemetry.js';

/** The instrumentation scope every hub span belongs to. */
const TRACER_NAME = 'notebook-hub';

const KINDS: Record<SpanKind, OtelSpanKind> = {
  internal: OtelSpanKind.INTERNAL,
  server: OtelSpanKind.SERVER,
  client: OtelSpanKind.CLIENT,
  producer: OtelSpanKind.PRODUCER,
  consumer: OtelSpanKind.CONSUMER,
};

const propagator = new W3CTraceContextPropagator();
const headerGetter = {
  keys: (carrier: Record<string, string>) => Object.keys(carrier),
  get: (carrier: Record<string, string>, key: string) => carrier[key],
};

let contextManagerInstalled = false;

/**
 * The active span follows the work through promises and callbacks (AsyncLocalStorage). The
 * context manager is process-wide in OpenTelemetry's API; the tracer provider is not registered
 * globally, so several hubs in one process (tests) each export their own spans.
 */
function installContextManager(): void {
  if (contextManagerInstalled) return;
  contextManagerInstalled = true;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
}

export interface OtelTracing {
  tracer: Tracer;
  /** The ids of the active span, as JSON members for a log line; null outside a sampled trace. */
  activeIds(): string | null;
  shutdown(): Promise<void>;
}

/** Starts the tracing SDK exporting over OTLP with a batch processor (OTEL_BSP_* tune it). */
export async function startOtelTracing(resource: Resource, exporting: { url: string; protocol: OtlpProtocol; batch: BatchExport }): Promise<OtelTracing> {
  installContextManager();
  const provider = new BasicTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(await spanExporter(exporting), bufferConfigOf(exporting.batch))],
  });
  return {
    tracer: new OpenTelemetryTracer(provider.getTracer(TRACER_NAME)),
    activeIds,
    shutdown: () => provider.shutdown(),
  };
}

async function spanExporter({ url, protocol }: { url: string; protocol: OtlpProtocol }): Promise<SpanExporter> {
  // Each protocol's exporter is loaded only when chosen: gRPC's brings a whole HTTP/2 client.
  if (protocol === 'grpc') return new (await import('@opentelemetry/exporter-trace-otlp-grpc')).OTLPTraceExporter({ url });
  if (protocol === 'http/json') return new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter({ url });
  return new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter({ url });
}

function activeIds(): string | null {
  const spanContext = trace.getSpanContext(context.active());
  // The ids of a trace that is not sampled would find nothing in the trace backend.
  if (!spanContext || (spanContext.traceFlags & TraceFlags.SAMPLED) === 0 || !trace.isSpanContextValid(spanContext)) return null;
  return `,"trace_id":"${spanContext.traceId}","span_id":"${spanContext.spanId}"`;
}

/**
 * Whether the span's trace is recorded (sampled). Its own end does not change that: work that goes
 * on in its context after it ended (a response already sent) still records its spans in the trace.
 */
function sampled(span: OtelSpan | undefined): boolean {
  return span !== undefined && (span.spanContext().traceFlags & TraceFlags.SAMPLED) !== 0;
}

function traceparentOf(span: OtelSpan): string | null {
  const spanContext = span.spanContext();
  if (!trace.isSpanContextValid(spanContext)) return null;
  return `00-${spanContext.traceId}-${spanContext.spanId}-${(spanContext.traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}

/**
 * Attributes as the SDK takes them, with any value that looks like an e-mail address or a token
 * replaced. The attributes themselves when nothing needs replacing (nearly always): the SDK copies them anyway.
 */
function safe(attributes: SpanAttributes): Attributes {
  for (const key in attributes) {
    const value = attributes[key]!;
    if (redactedValue(value) !== value) {
      const out: Attributes = {};
      for (const name in attributes) out[name] = redactedValue(attributes[name]!);
      return out;
    }
  }
  return attributes;
}

class RecordingSpan implements Span {
  private ids: string | undefined;

  constructor(
    private readonly span: OtelSpan,
    private readonly within: Context,
  ) {}

  get recording(): boolean {
    return sampled(this.span);
  }

  get traceparent(): string | null {
    // Asked for by the response header and the request's log line: formatted once.
    if (this.ids === undefined) this.ids = traceparentOf(this.span) ?? '';
    return this.ids === '' ? null : this.ids;
  }

  setAttributes(attributes: SpanAttributes): void {
    this.span.setAttributes(safe(attributes));
  }

  fail(code: string): void {
    this.span.setAttribute('error.type', redactedValue(code));
    this.span.setStatus({ code: SpanStatusCode.ERROR, message: String(redactedValue(code)) });
  }

  end(): void {
    this.span.end();
  }

  run<T>(work: () => T): T {
    return context.with(this.within, work);
  }
}

/** A call's span in a trace that is not sampled: nothing of its own, its caller's `traceparent`. */
class UnrecordedSpan implements Span {
  constructor(private readonly caller: OtelSpan) {}

  get traceparent(): string | null {
    return traceparentOf(this.caller);
  }

  readonly recording = false;

  setAttributes(): void {}
  fail(): void {}
  end(): void {}

  run<T>(work: () => T): T {
    return work();
  }
}

class OpenTelemetryTracer implements Tracer {
  readonly enabled = true;

  constructor(private readonly tracer: OtelTracer) {}

  startSpan(name: string, options: SpanOptions): Span {
    const active = context.active();
    let parent: Context = active;
    let links: Link[] | undefined;
    if (options.parent === 'root') {
      parent = ROOT_CONTEXT;
      const caller = trace.getSpanContext(active);
      if (caller && trace.isSpanContextValid(caller)) links = [{ context: caller }];
    } else if (options.parent !== undefined) {
      const carrier: Record<string, string> = { traceparent: options.parent.traceparent };
      if (options.parent.tracestate) carrier.tracestate = options.parent.tracestate;
      // A malformed header is ignored (a new trace starts), as the W3C recommendation says.
      parent = propagator.extract(ROOT_CONTEXT, carrier, headerGetter);
    } else if (options.onlyInTrace) {
      // Outside a trace, or in one that is not sampled, the span would record nothing: the work
      // runs in the context active already, and hands on its caller's "not sampled".
      const caller = trace.getSpan(active);
      if (caller === undefined) return NO_SPAN;
      if (!sampled(caller)) return new UnrecordedSpan(caller);
    }
    // The attributes are set once the span is known to record: the SDK would copy them twice on
    // the way in, also for a span it then drops (the samplers it reads from the environment never look at them).
    const span = this.tracer.startSpan(name, { kind: KINDS[options.kind ?? 'internal'], links }, parent);
    if (options.attributes !== undefined && span.isRecording()) span.setAttributes(safe(options.attributes));
    return new RecordingSpan(span, trace.setSpan(parent, span));
  }

  async withSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
    const span = this.startSpan(name, options);
    try {
      return await span.run(() => work(span));
    } catch (error) {
      span.fail(errorCodeOf(error));
      throw error;
    } finally {
      span.end();
    }
  }

  traceparent(): string | null {
    const span = trace.getSpan(context.active());
    return span ? traceparentOf(span) : null;
  }

  recording(): boolean {
    return sampled(trace.getSpan(context.active()));
  }
}
