import { diag, DiagLogLevel, type DiagLogger } from '@opentelemetry/api';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader, type IMetricReader, type PushMetricExporter } from '@opentelemetry/sdk-metrics';
import type { MetricsExport, OtlpExport, TelemetrySettings } from '../../config/settings-telemetry.js';
import type { Logger } from '../../core/ports/logger.js';
import { NO_METRICS } from '../../core/ports/metrics.js';
import { NO_TRACING } from '../../core/ports/tracing.js';
import { attachLogTelemetry } from './logger.js';
import { startOtelLogs } from './otel-logs.js';
import { OtelMetrics } from './otel-metrics.js';
import { startOtelTracing } from './otel-tracing.js';
import type { Telemetry } from '../../core/ports/telemetry.js';
import { redactedEndpoint, resourceAttributesOf, type TelemetryIdentity } from './telemetry.js';

/** The meter (instrumentation scope) every hub instrument belongs to. */
const METER_NAME = 'notebook-hub';

type ActiveExport = Exclude<MetricsExport, { exporter: 'off' }>;

/**
 * Starts the OpenTelemetry SDK for the signals the settings export: metrics with the exporter they
 * name, spans and log lines over OTLP; then logs `otel_started`. A scrape endpoint that cannot
 * listen is logged at error and the hub runs on without metrics: losing telemetry must not take
 * the service down. Log lines written inside a trace carry its ids from here on.
 */
export async function startOtelTelemetry(settings: TelemetrySettings, identity: TelemetryIdentity, logger: Logger): Promise<Telemetry> {
  installDiagnostics(logger);
  const attributes = resourceAttributesOf(settings, identity);
  const resource = defaultResource().merge(resourceFromAttributes(attributes));
  const reader = settings.metrics.exporter !== 'off' ? await readerFor(settings.metrics, logger) : null;
  const meters = reader ? new MeterProvider({ resource, readers: [reader.reader] }) : null;
  const traces = settings.traces.exporter === 'otlp' ? settings.traces : null;
  const logs = settings.logs.exporter === 'otlp' ? settings.logs : null;
  const tracing = traces ? await startOtelTracing(resource, traces) : null;
  const logExport = logs ? await startOtelLogs(resource, logs) : null;
  if (!meters && !tracing && !logExport) return { metrics: NO_METRICS, tracer: NO_TRACING, shutdown: async () => {} };
  attachLogTelemetry(logger, {
    ...(tracing ? { activeIds: tracing.activeIds } : {}),
    ...(logExport ? { exportLine: logExport.exportLine } : {}),
  });
  logger.info(
    {
      event: 'otel_started',
      metrics_exporter: meters && settings.metrics.exporter !== 'off' ? settings.metrics.exporter : 'none',
      ...reader?.fields,
      traces_exporter: tracing ? 'otlp' : 'none',
      ...otlpFields('traces', traces),
      logs_exporter: logExport ? 'otlp' : 'none',
      ...otlpFields('logs', logs),
      service_name: attributes['service.name'],
      service_version: attributes['service.version'],
      service_instance_id: attributes['service.instance.id'],
    },
    'otel_started',
  );
  let stopping: Promise<void> | null = null;
  return {
    metrics: meters ? new OtelMetrics(meters.getMeter(METER_NAME)) : NO_METRICS,
    tracer: tracing?.tracer ?? NO_TRACING,
    shutdown() {
      // Push exporters send what they have one last time; the scrape endpoint stops listening.
      stopping ??= Promise.all(
        [meters, tracing, logExport].map((part) =>
          part?.shutdown().catch((error: unknown) => logger.warn({ event: 'otel_shutdown_failed', err: error }, 'otel_shutdown_failed')),
        ),
      ).then(() => {});
      return stopping;
    },
  };
}

function otlpFields(signal: 'traces' | 'logs', exporting: Extract<OtlpExport, { exporter: 'otlp' }> | null): Record<string, string> {
  return exporting ? { [`${signal}_endpoint`]: redactedEndpoint(exporting.url), [`${signal}_protocol`]: exporting.protocol } : {};
}

async function metricExporter({ url, protocol, timeoutMs }: Extract<ActiveExport, { exporter: 'otlp' }>): Promise<PushMetricExporter> {
  const options = { url, timeoutMillis: timeoutMs };
  if (protocol === 'grpc') return new (await import('@opentelemetry/exporter-metrics-otlp-grpc')).OTLPMetricExporter(options);
  if (protocol === 'http/json') return new (await import('@opentelemetry/exporter-metrics-otlp-http')).OTLPMetricExporter(options);
  return new (await import('@opentelemetry/exporter-metrics-otlp-proto')).OTLPMetricExporter(options);
}

async function readerFor(exporting: ActiveExport, logger: Logger): Promise<{ reader: IMetricReader; fields: Record<string, unknown> } | null> {
  if (exporting.exporter === 'otlp') {
    const reader = new PeriodicExportingMetricReader({
      exporter: await metricExporter(exporting),
      exportIntervalMillis: exporting.intervalMs,
      exportTimeoutMillis: exporting.timeoutMs,
    });
    return {
      reader,
      fields: { endpoint: redactedEndpoint(exporting.url), protocol: exporting.protocol, interval_ms: exporting.intervalMs, timeout_ms: exporting.timeoutMs },
    };
  }
  // Started here rather than by the constructor, so a port in use is known before `otel_started`.
  const exporter = new PrometheusExporter({ host: exporting.host, port: exporting.port, endpoint: '/metrics', preventServerStart: true });
  try {
    await exporter.startServer();
  } catch (error) {
    logger.error({ event: 'otel_start_failed', metrics_exporter: 'prometheus', host: exporting.host, port: exporting.port, err: error }, 'otel_start_failed');
    await exporter.shutdown().catch(() => {});
    return null;
  }
  return { reader: exporter, fields: { endpoint: `http://${hostForUrl(exporting.host)}:${exporting.port}/metrics` } };
}

const hostForUrl = (host: string) => (host.includes(':') ? `[${host}]` : host);

let diagnosticsInstalled = false;

/**
 * The SDK reports failed exports through its global diagnostic logger, which is silent by
 * default. It is process-wide, so the first hub's logger keeps it (one hub per process outside tests).
 */
function installDiagnostics(logger: Logger): void {
  if (diagnosticsInstalled) return;
  diagnosticsInstalled = true;
  const line =
    (level: 'error' | 'warn') =>
    (message: string, ...args: unknown[]) =>
      logger[level]({ event: 'otel_diagnostic', detail: args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ') }, message);
  const adapter: DiagLogger = { error: line('error'), warn: line('warn'), info: () => {}, debug: () => {}, verbose: () => {} };
  diag.setLogger(adapter, { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true });
}
