import { diag, DiagLogLevel, type DiagLogger } from '@opentelemetry/api';
import { OTLPMetricExporter as OtlpJsonExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPMetricExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader, type IMetricReader } from '@opentelemetry/sdk-metrics';
import type { MetricsExport, TelemetrySettings } from '../../config/settings-telemetry.js';
import type { Logger } from '../../core/ports/logger.js';
import { OtelMetrics } from './otel-metrics.js';
import { NO_TELEMETRY, type Telemetry } from '../../core/ports/telemetry.js';
import { redactedEndpoint, resourceAttributesOf, type TelemetryIdentity } from './telemetry.js';

/** The meter (instrumentation scope) every hub instrument belongs to. */
const METER_NAME = 'notebook-hub';

type ActiveExport = Exclude<MetricsExport, { exporter: 'off' }>;

/**
 * Starts the OpenTelemetry metrics SDK with the exporter the settings name, and logs
 * `otel_started`. A scrape endpoint that cannot listen is logged at error and the hub runs on
 * without metrics: losing telemetry must not take the service down.
 */
export async function startOtelTelemetry(
  settings: TelemetrySettings,
  exporting: ActiveExport,
  identity: TelemetryIdentity,
  logger: Logger,
): Promise<Telemetry> {
  installDiagnostics(logger);
  const attributes = resourceAttributesOf(settings, identity);
  const reader = await readerFor(exporting, logger);
  if (!reader) return NO_TELEMETRY;
  const provider = new MeterProvider({ resource: defaultResource().merge(resourceFromAttributes(attributes)), readers: [reader.reader] });
  logger.info(
    {
      event: 'otel_started',
      metrics_exporter: exporting.exporter,
      ...reader.fields,
      service_name: attributes['service.name'],
      service_version: attributes['service.version'],
      service_instance_id: attributes['service.instance.id'],
    },
    'otel_started',
  );
  let stopping: Promise<void> | null = null;
  return {
    metrics: new OtelMetrics(provider.getMeter(METER_NAME)),
    shutdown() {
      // A push exporter sends what it has one last time; the scrape endpoint stops listening.
      stopping ??= provider.shutdown().catch((error: unknown) => logger.warn({ event: 'otel_shutdown_failed', err: error }, 'otel_shutdown_failed'));
      return stopping;
    },
  };
}

async function readerFor(exporting: ActiveExport, logger: Logger): Promise<{ reader: IMetricReader; fields: Record<string, unknown> } | null> {
  if (exporting.exporter === 'otlp') {
    const Exporter = exporting.protocol === 'http/json' ? OtlpJsonExporter : OtlpProtobufExporter;
    const reader = new PeriodicExportingMetricReader({
      exporter: new Exporter({ url: exporting.url, timeoutMillis: exporting.timeoutMs }),
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
