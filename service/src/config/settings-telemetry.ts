import { ConfigError, httpUrl, integer, oneOf, strictBoolean, text, type Env, type SettingDefinition } from './parse.js';

/** Where metrics go (docs/telemetry.md), or why they go nowhere. */
export type MetricsExport =
  | { exporter: 'otlp'; url: string; protocol: 'http/protobuf' | 'http/json'; intervalMs: number; timeoutMs: number }
  | { exporter: 'prometheus'; host: string; port: number }
  | {
      exporter: 'off';
      /** `no_endpoint`: `otlp` with no endpoint set; `unknown_exporter`: a value the hub does not implement. */
      reason: 'sdk_disabled' | 'none' | 'no_endpoint' | 'unknown_exporter';
      /** OTEL_METRICS_EXPORTER as given (lower-cased), so the log can say what was ignored. */
      value: string;
    };

export interface TelemetrySettings {
  metrics: MetricsExport;
  /** OTEL_SERVICE_NAME when set: it outranks `service.name` in OTEL_RESOURCE_ATTRIBUTES. */
  serviceName: string | null;
  /** OTEL_RESOURCE_ATTRIBUTES, decoded. */
  resourceAttributes: Readonly<Record<string, string>>;
}

export const telemetrySettingDefinitions: SettingDefinition[] = [
  { key: 'OTEL_SDK_DISABLED', group: 'telemetry', name: 'Turn all telemetry off', secret: false },
  { key: 'OTEL_SERVICE_NAME', group: 'telemetry', name: 'Service name (resource)', secret: false },
  { key: 'OTEL_RESOURCE_ATTRIBUTES', group: 'telemetry', name: 'Resource attributes', secret: false },
  { key: 'OTEL_METRICS_EXPORTER', group: 'telemetry', name: 'Metrics exporter', secret: false },
  // Collector URLs sometimes carry credentials in their query string.
  { key: 'OTEL_EXPORTER_OTLP_ENDPOINT', group: 'telemetry', name: 'OTLP endpoint', secret: true },
  { key: 'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT', group: 'telemetry', name: 'OTLP metrics endpoint', secret: true },
  { key: 'OTEL_EXPORTER_OTLP_PROTOCOL', group: 'telemetry', name: 'OTLP protocol', secret: false },
  { key: 'OTEL_EXPORTER_OTLP_METRICS_PROTOCOL', group: 'telemetry', name: 'OTLP metrics protocol', secret: false },
  { key: 'OTEL_METRIC_EXPORT_INTERVAL', group: 'telemetry', name: 'Metrics push interval (ms)', secret: false },
  { key: 'OTEL_METRIC_EXPORT_TIMEOUT', group: 'telemetry', name: 'Metrics push timeout (ms)', secret: false },
  { key: 'OTEL_EXPORTER_PROMETHEUS_HOST', group: 'telemetry', name: 'Prometheus scrape address', secret: false },
  { key: 'OTEL_EXPORTER_PROMETHEUS_PORT', group: 'telemetry', name: 'Prometheus scrape port', secret: false },
];

export const DEFAULT_PROMETHEUS_PORT = 9464;

export function readTelemetrySettings(env: Env): TelemetrySettings {
  const value = text(env, 'OTEL_METRICS_EXPORTER')?.toLowerCase() ?? 'otlp';
  // Turning telemetry off must work even next to a value that would not parse.
  if (strictBoolean(env, 'OTEL_SDK_DISABLED', false)) {
    return { metrics: { exporter: 'off', reason: 'sdk_disabled', value }, serviceName: null, resourceAttributes: {} };
  }
  return {
    metrics: readMetricsExport(env, value),
    serviceName: text(env, 'OTEL_SERVICE_NAME') ?? null,
    resourceAttributes: resourceAttributes(env, 'OTEL_RESOURCE_ATTRIBUTES'),
  };
}

function readMetricsExport(env: Env, value: string): MetricsExport {
  switch (value) {
    case 'none':
      return { exporter: 'off', reason: 'none', value };
    case 'prometheus':
      return {
        exporter: 'prometheus',
        // The scrape endpoint is unauthenticated: listen on loopback unless told otherwise.
        host: text(env, 'OTEL_EXPORTER_PROMETHEUS_HOST') ?? '127.0.0.1',
        port: integer(env, 'OTEL_EXPORTER_PROMETHEUS_PORT', DEFAULT_PROMETHEUS_PORT, { min: 1, max: 65535 }),
      };
    case 'otlp': {
      const url = otlpMetricsUrl(env);
      if (url === null) return { exporter: 'off', reason: 'no_endpoint', value };
      const intervalMs = integer(env, 'OTEL_METRIC_EXPORT_INTERVAL', 60_000, { min: 100, max: 86_400_000 });
      // The SDK refuses a timeout longer than the interval; only an explicit one is an error.
      const timeoutMs =
        text(env, 'OTEL_METRIC_EXPORT_TIMEOUT') === undefined
          ? Math.min(30_000, intervalMs)
          : integer(env, 'OTEL_METRIC_EXPORT_TIMEOUT', 30_000, { min: 1, max: intervalMs });
      return { exporter: 'otlp', url, protocol: otlpProtocol(env), intervalMs, timeoutMs };
    }
    default:
      // docs/telemetry.md: any other value disables metrics rather than stopping the hub.
      return { exporter: 'off', reason: 'unknown_exporter', value };
  }
}

/** The signal-specific endpoint is used as given; the generic one gets the metrics path appended. */
function otlpMetricsUrl(env: Env): string | null {
  const specific = httpUrl(env, 'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT');
  if (specific) return specific;
  const base = httpUrl(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  return base ? `${base.replace(/\/+$/, '')}/v1/metrics` : null;
}

function otlpProtocol(env: Env): 'http/protobuf' | 'http/json' {
  const name = text(env, 'OTEL_EXPORTER_OTLP_METRICS_PROTOCOL') !== undefined ? 'OTEL_EXPORTER_OTLP_METRICS_PROTOCOL' : 'OTEL_EXPORTER_OTLP_PROTOCOL';
  const protocol = oneOf(env, name, ['http/protobuf', 'http/json', 'grpc'] as const, 'http/protobuf');
  if (protocol === 'grpc') throw new ConfigError(name, 'grpc is not supported; use http/protobuf (collector port 4318) or http/json');
  return protocol;
}

/** `key=value,key2=value2` with percent-encoded values (the OpenTelemetry resource format). */
function resourceAttributes(env: Env, name: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const entry of (text(env, name) ?? '').split(',')) {
    if (entry.trim() === '') continue;
    const separator = entry.indexOf('=');
    const key = separator < 0 ? '' : entry.slice(0, separator).trim();
    if (key === '') throw new ConfigError(name, `must be comma-separated key=value pairs, got ${JSON.stringify(entry.trim())}`);
    try {
      attributes[key] = decodeURIComponent(entry.slice(separator + 1).trim());
    } catch {
      throw new ConfigError(name, `has a badly percent-encoded value for ${key}`);
    }
  }
  return attributes;
}
