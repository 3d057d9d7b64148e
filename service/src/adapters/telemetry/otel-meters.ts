import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import type { Resource } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader, type IMetricReader, type PushMetricExporter } from '@opentelemetry/sdk-metrics';
import type { MetricsExport } from '../../config/settings-telemetry.js';
import type { Logger } from '../../core/ports/logger.js';
import type { Metrics } from '../../core/ports/metrics.js';
import { OtelMetrics } from './otel-metrics.js';
import { redactedEndpoint } from './telemetry.js';

/** The meter (instrumentation scope) every hub instrument belongs to. */
const METER_NAME = 'notebook-hub';

type ActiveExport = Exclude<MetricsExport, { exporter: 'off' }>;

export interface OtelMeters {
  metrics: Metrics;
  /** What `otel_started` says of the exporter. */
  fields: Record<string, unknown>;
  shutdown(): Promise<void>;
}

/** The metrics SDK with the exporter the settings name; null when the scrape endpoint could not listen (logged). */
export async function startOtelMeters(resource: Resource, exporting: ActiveExport, logger: Logger): Promise<OtelMeters | null> {
  const reader = await readerFor(exporting, logger);
  if (!reader) return null;
  const provider = new MeterProvider({ resource, readers: [reader.reader] });
  return { metrics: new OtelMetrics(provider.getMeter(METER_NAME)), fields: reader.fields, shutdown: () => provider.shutdown() };
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
