import { diag, DiagLogLevel, type DiagLogger } from '@opentelemetry/api';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import type { OtlpExport, TelemetrySettings } from '../../config/settings-telemetry.js';
import type { Logger } from '../../core/ports/logger.js';
import { NO_METRICS } from '../../core/ports/metrics.js';
import { NO_TRACING } from '../../core/ports/tracing.js';
import { attachLogTelemetry } from './logger.js';
import type { Telemetry } from '../../core/ports/telemetry.js';
import { redactedEndpoint, resourceAttributesOf, type TelemetryIdentity } from './telemetry.js';

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
  // Each signal's SDK is loaded only when it is exported (boot time and memory of the others stay as they were).
  const meters = settings.metrics.exporter !== 'off' ? await (await import('./otel-meters.js')).startOtelMeters(resource, settings.metrics, logger) : null;
  const traces = settings.traces.exporter === 'otlp' ? settings.traces : null;
  const logs = settings.logs.exporter === 'otlp' ? settings.logs : null;
  const tracing = traces ? await (await import('./otel-tracing.js')).startOtelTracing(resource, traces) : null;
  const logExport = logs ? await (await import('./otel-logs.js')).startOtelLogs(resource, logs) : null;
  if (!meters && !tracing && !logExport) return { metrics: NO_METRICS, tracer: NO_TRACING, shutdown: async () => {} };
  attachLogTelemetry(logger, {
    ...(tracing ? { activeIds: tracing.activeIds } : {}),
    ...(logExport ? { exportLine: logExport.exportLine } : {}),
  });
  logger.info(
    {
      event: 'otel_started',
      metrics_exporter: meters && settings.metrics.exporter !== 'off' ? settings.metrics.exporter : 'none',
      ...meters?.fields,
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
    metrics: meters?.metrics ?? NO_METRICS,
    tracer: tracing?.tracer ?? NO_TRACING,
    shutdown() {
      // Push exporters send what they have one last time; the scrape endpoint stops listening.
      stopping ??= Promise.all(
        [meters, tracing, logExport].map((part) =>
          part?.shutdown().catch((error: unknown) => logger.warn({ event: 'otel_shutdown_failed', err: error }, 'otel_shutdown_failed')),
        ),
      ).then(() => {
        // The lines written after the last flush (the end of the shutdown) go to stdout only.
        attachLogTelemetry(logger, {});
      });
      return stopping;
    },
  };
}

function otlpFields(signal: 'traces' | 'logs', exporting: Extract<OtlpExport, { exporter: 'otlp' }> | null): Record<string, string> {
  return exporting ? { [`${signal}_endpoint`]: redactedEndpoint(exporting.url), [`${signal}_protocol`]: exporting.protocol } : {};
}

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
