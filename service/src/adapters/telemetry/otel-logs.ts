import { ROOT_CONTEXT, trace, TraceFlags, type Context } from '@opentelemetry/api';
import { SeverityNumber, type AnyValueMap } from '@opentelemetry/api-logs';
import type { Resource } from '@opentelemetry/resources';
import { BatchLogRecordProcessor, LoggerProvider, type LogRecordExporter } from '@opentelemetry/sdk-logs';
import type { BatchExport, OtlpProtocol } from '../../config/settings-telemetry.js';
import { redactedDeep, redactedValue } from './redaction.js';
import { bufferConfigOf } from './telemetry.js';

const LOGGER_NAME = 'notebook-hub';

const SEVERITY: Record<string, SeverityNumber> = {
  trace: SeverityNumber.TRACE,
  debug: SeverityNumber.DEBUG,
  info: SeverityNumber.INFO,
  warn: SeverityNumber.WARN,
  error: SeverityNumber.ERROR,
  fatal: SeverityNumber.FATAL,
};

/** Events about exporting itself: sending them over the export that failed would only repeat the failure. */
const NOT_EXPORTED = new Set(['otel_diagnostic', 'otel_shutdown_failed']);

export interface OtelLogs {
  /** Sends one line of the hub's log (the JSON written to stdout) as a log record. */
  exportLine(line: string): void;
  shutdown(): Promise<void>;
}

/**
 * Log lines over OTLP: each line the hub writes to stdout becomes a record with the line's level,
 * time and message, its other fields as attributes, and the trace and span of its `trace_id` and
 * `span_id`. Batches go out every second (or at 512 records; OTEL_BLRP_* tune it).
 */
export async function startOtelLogs(resource: Resource, exporting: { url: string; protocol: OtlpProtocol; batch: BatchExport }): Promise<OtelLogs> {
  const processor = new BatchLogRecordProcessor({ exporter: await logExporter(exporting), ...bufferConfigOf(exporting.batch) });
  const provider = new LoggerProvider({ resource, processors: [processor] });
  const logger = provider.getLogger(LOGGER_NAME);
  return {
    exportLine(line) {
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      const { level, time, msg, trace_id: traceId, span_id: spanId, ...fields } = parsed;
      if (typeof fields.event === 'string' && NOT_EXPORTED.has(fields.event)) return;
      const label = typeof level === 'string' ? level : 'info';
      logger.emit({
        severityText: label.toUpperCase(),
        severityNumber: SEVERITY[label] ?? SeverityNumber.UNSPECIFIED,
        ...(typeof time === 'string' ? { timestamp: new Date(time) } : {}),
        body: typeof msg === 'string' ? (redactedValue(msg) as string) : '',
        attributes: redactedDeep(fields) as AnyValueMap,
        ...(typeof traceId === 'string' && typeof spanId === 'string' ? { context: spanContextOf(traceId, spanId) } : {}),
      });
    },
    shutdown: () => provider.shutdown(),
  };
}

async function logExporter({ url, protocol }: { url: string; protocol: OtlpProtocol }): Promise<LogRecordExporter> {
  if (protocol === 'grpc') return new (await import('@opentelemetry/exporter-logs-otlp-grpc')).OTLPLogExporter({ url });
  if (protocol === 'http/json') return new (await import('@opentelemetry/exporter-logs-otlp-http')).OTLPLogExporter({ url });
  return new (await import('@opentelemetry/exporter-logs-otlp-proto')).OTLPLogExporter({ url });
}

function spanContextOf(traceId: string, spanId: string): Context {
  return trace.setSpanContext(ROOT_CONTEXT, { traceId, spanId, traceFlags: TraceFlags.SAMPLED, isRemote: true });
}
