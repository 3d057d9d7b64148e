import {
  context,
  ROOT_CONTEXT,
  SpanKind as OtelSpanKind,
  SpanStatusCode,
  trace,
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
  /** The ids of the active span, as JSON members for a log line; null outside a trace. */
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
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return null;
  return `,"trace_id":"${spanContext.traceId}","span_id":"${spanContext.spanId}"`;
}

function traceparentOf(span: OtelSpan): string | null {
  const spanContext = span.spanContext();
  if (!trace.isSpanContextValid(spanContext)) return null;
  return `00-${spanContext.traceId}-${spanContext.spanId}-${(spanContext.traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}

/** Attributes as the SDK takes them, with any value that looks like an e-mail address or a token replaced. */
function safe(attributes: SpanAttributes | undefined): Attributes | undefined {
  if (attributes === undefined) return undefined;
  const out: Attributes = {};
  for (const key in attributes) out[key] = redactedValue(attributes[key]!);
  return out;
}

class RecordingSpan implements Span {
  constructor(
    private readonly span: OtelSpan,
    private readonly within: Context,
  ) {}

  get traceparent(): string | null {
    return traceparentOf(this.span);
  }

  setAttributes(attributes: SpanAttributes): void {
    this.span.setAttributes(safe(attributes)!);
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
    } else if (options.onlyInTrace && !trace.getSpanContext(active)) {
      return NO_SPAN;
    }
    const span = this.tracer.startSpan(name, { kind: KINDS[options.kind ?? 'internal'], attributes: safe(options.attributes), links }, parent);
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
}
