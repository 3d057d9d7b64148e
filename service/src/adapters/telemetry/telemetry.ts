import type { BatchExport, TelemetrySettings } from '../../config/settings-telemetry.js';
/** What identifies this process in telemetry besides the settings. */
export interface TelemetryIdentity {
  /** SERVICE_VERSION. */
  version: string;
  /** Generated per process; the same id names this replica in leases and loop records. */
  instanceId: string;
}

/**
 * The resource (docs/telemetry.md): `service.name` defaults to `service`, `service.version` to
 * SERVICE_VERSION and `service.instance.id` to the generated id; OTEL_RESOURCE_ATTRIBUTES
 * overrides any of them, except that an explicit OTEL_SERVICE_NAME always names the service (the
 * OpenTelemetry rule, so the usual variable works as operators expect).
 */
export function resourceAttributesOf(settings: TelemetrySettings, identity: TelemetryIdentity): Record<string, string> {
  return {
    'service.name': 'service',
    'service.version': identity.version,
    'service.instance.id': identity.instanceId,
    ...settings.resourceAttributes,
    ...(settings.serviceName !== null ? { 'service.name': settings.serviceName } : {}),
  };
}

/** An endpoint fit for a log line: no credentials, no query string. */
export function redactedEndpoint(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

/** A batch processor's settings as the SDK's span and log record processors take them. */
export function bufferConfigOf(batch: BatchExport): {
  scheduledDelayMillis: number;
  exportTimeoutMillis: number;
  maxQueueSize: number;
  maxExportBatchSize: number;
} {
  return {
    scheduledDelayMillis: batch.scheduleDelayMs,
    exportTimeoutMillis: batch.exportTimeoutMs,
    maxQueueSize: batch.maxQueueSize,
    maxExportBatchSize: batch.maxExportBatchSize,
  };
}
