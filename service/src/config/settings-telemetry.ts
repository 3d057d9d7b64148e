import { ConfigError, httpUrl, integer, oneOf, strictBoolean, text, type Env, type SettingDefinition } from './parse.js';

/** How OTLP is carried: protobuf or JSON over HTTP (port 4318), or gRPC (port 4317). */
export type OtlpProtocol = 'http/protobuf' | 'http/json' | 'grpc';

/** Why a signal is not exported. `no_endpoint`: `otlp` with no endpoint set; `unknown_exporter`: a value the hub does not implement. */
export type ExportOffReason = 'sdk_disabled' | 'none' | 'no_endpoint' | 'unknown_exporter';

/** Where metrics go (docs/telemetry.md), or why they go nowhere. */
export type MetricsExport =
  | { exporter: 'otlp'; url: string; protocol: OtlpProtocol; intervalMs: number; timeoutMs: number }
  | { exporter: 'prometheus'; host: string; port: number }
  | {
      exporter: 'off';
      reason: ExportOffReason;
      /** OTEL_METRICS_EXPORTER as given (lower-cased), so the log can say what was ignored. */
      value: string;
    };

/**
 * How a batch processor hands spans or log records to the exporter: OpenTelemetry's `OTEL_BSP_*`
 * (spans) and `OTEL_BLRP_*` (log records) variables.
 */
export interface BatchExport {
  /** Milliseconds between two exports (`*_SCHEDULE_DELAY`). */
  scheduleDelayMs: number;
  /** Milliseconds an export may take before it is given up (`*_EXPORT_TIMEOUT`). */
  exportTimeoutMs: number;
  /** What may wait to be exported; beyond it new ones are dropped (`*_MAX_QUEUE_SIZE`). */
  maxQueueSize: number;
  /** At most this many per export; a full batch goes out at once (`*_MAX_EXPORT_BATCH_SIZE`). */
  maxExportBatchSize: number;
}

/** Where spans or log lines go over OTLP (docs/telemetry.md), or why they go nowhere. */
export type OtlpExport =
  { exporter: 'otlp'; url: string; protocol: OtlpProtocol; batch: BatchExport } | { exporter: 'off'; reason: ExportOffReason; value: string };

export interface TelemetrySettings {
  metrics: MetricsExport;
  /** OTEL_TRACES_EXPORTER and the OTLP variables of traces. */
  traces: OtlpExport;
  /** OTEL_LOGS_EXPORTER and the OTLP variables of logs; stdout is written either way. */
  logs: OtlpExport;
  /** OTEL_SERVICE_NAME when set: it outranks `service.name` in OTEL_RESOURCE_ATTRIBUTES. */
  serviceName: string | null;
  /** OTEL_RESOURCE_ATTRIBUTES, decoded. */
  resourceAttributes: Readonly<Record<string, string>>;
  /**
   * SERVICE_TRACE_URL_TEMPLATE: where a trace viewer shows one trace, `{trace_id}` standing for its
   * id; the admin pages link sessions, job runs and diagnostics to their traces with it. Null: no links.
   */
  traceUrlTemplate: string | null;
}

export const telemetrySettingDefinitions: SettingDefinition[] = [
  { key: 'OTEL_SDK_DISABLED', group: 'telemetry', name: 'Turn all telemetry off', secret: false },
  { key: 'OTEL_SERVICE_NAME', group: 'telemetry', name: 'Service name (resource)', secret: false },
  { key: 'OTEL_RESOURCE_ATTRIBUTES', group: 'telemetry', name: 'Resource attributes', secret: false },
  { key: 'OTEL_METRICS_EXPORTER', group: 'telemetry', name: 'Metrics exporter', secret: false },
  { key: 'OTEL_TRACES_EXPORTER', group: 'telemetry', name: 'Traces exporter', secret: false },
  { key: 'OTEL_LOGS_EXPORTER', group: 'telemetry', name: 'Logs exporter', secret: false },
  // Collector URLs sometimes carry credentials in their query string.
  { key: 'OTEL_EXPORTER_OTLP_ENDPOINT', group: 'telemetry', name: 'OTLP endpoint', secret: true },
  { key: 'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT', group: 'telemetry', name: 'OTLP metrics endpoint', secret: true },
  { key: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', group: 'telemetry', name: 'OTLP traces endpoint', secret: true },
  { key: 'OTEL_EXPORTER_OTLP_LOGS_ENDPOINT', group: 'telemetry', name: 'OTLP logs endpoint', secret: true },
  { key: 'OTEL_EXPORTER_OTLP_PROTOCOL', group: 'telemetry', name: 'OTLP protocol', secret: false },
  { key: 'OTEL_EXPORTER_OTLP_METRICS_PROTOCOL', group: 'telemetry', name: 'OTLP metrics protocol', secret: false },
  { key: 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', group: 'telemetry', name: 'OTLP traces protocol', secret: false },
  { key: 'OTEL_EXPORTER_OTLP_LOGS_PROTOCOL', group: 'telemetry', name: 'OTLP logs protocol', secret: false },
  { key: 'OTEL_METRIC_EXPORT_INTERVAL', group: 'telemetry', name: 'Metrics push interval (ms)', secret: false },
  { key: 'OTEL_METRIC_EXPORT_TIMEOUT', group: 'telemetry', name: 'Metrics push timeout (ms)', secret: false },
  { key: 'OTEL_BSP_SCHEDULE_DELAY', group: 'telemetry', name: 'Span batch delay (ms)', secret: false },
  { key: 'OTEL_BSP_EXPORT_TIMEOUT', group: 'telemetry', name: 'Span export timeout (ms)', secret: false },
  { key: 'OTEL_BSP_MAX_QUEUE_SIZE', group: 'telemetry', name: 'Span queue size', secret: false },
  { key: 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE', group: 'telemetry', name: 'Span batch size', secret: false },
  { key: 'OTEL_BLRP_SCHEDULE_DELAY', group: 'telemetry', name: 'Log record batch delay (ms)', secret: false },
  { key: 'OTEL_BLRP_EXPORT_TIMEOUT', group: 'telemetry', name: 'Log record export timeout (ms)', secret: false },
  { key: 'OTEL_BLRP_MAX_QUEUE_SIZE', group: 'telemetry', name: 'Log record queue size', secret: false },
  { key: 'OTEL_BLRP_MAX_EXPORT_BATCH_SIZE', group: 'telemetry', name: 'Log record batch size', secret: false },
  { key: 'OTEL_EXPORTER_PROMETHEUS_HOST', group: 'telemetry', name: 'Prometheus scrape address', secret: false },
  { key: 'OTEL_EXPORTER_PROMETHEUS_PORT', group: 'telemetry', name: 'Prometheus scrape port', secret: false },
  // Shown to super admins, whose pages build the links from it: a viewer's address is no secret.
  { key: 'SERVICE_TRACE_URL_TEMPLATE', group: 'telemetry', name: 'Trace viewer URL template', secret: false },
];

/** What stands for the trace id in SERVICE_TRACE_URL_TEMPLATE. */
export const TRACE_ID_PLACEHOLDER = '{trace_id}';

export const DEFAULT_PROMETHEUS_PORT = 9464;

export function readTelemetrySettings(env: Env): TelemetrySettings {
  const value = text(env, 'OTEL_METRICS_EXPORTER')?.toLowerCase() ?? 'otlp';
  // The template is the hub's own setting, not OpenTelemetry's: a bad one is refused either way.
  const traceUrlTemplate = readTraceUrlTemplate(env);
  // Turning telemetry off must work even next to a value that would not parse.
  if (strictBoolean(env, 'OTEL_SDK_DISABLED', false)) {
    const off = (name: string) => ({ exporter: 'off', reason: 'sdk_disabled', value: exporterName(env, name) }) as const;
    return {
      metrics: { exporter: 'off', reason: 'sdk_disabled', value },
      traces: off('OTEL_TRACES_EXPORTER'),
      logs: off('OTEL_LOGS_EXPORTER'),
      serviceName: null,
      resourceAttributes: {},
      traceUrlTemplate,
    };
  }
  return {
    metrics: readMetricsExport(env, value),
    traces: readOtlpExport(env, 'TRACES'),
    logs: readOtlpExport(env, 'LOGS'),
    serviceName: text(env, 'OTEL_SERVICE_NAME') ?? null,
    resourceAttributes: resourceAttributes(env, 'OTEL_RESOURCE_ATTRIBUTES'),
    traceUrlTemplate,
  };
}

/**
 * SERVICE_TRACE_URL_TEMPLATE: an http(s) URL once `{trace_id}` is filled in (Jaeger's
 * `https://jaeger.example.org/trace/{trace_id}`, Grafana Tempo's explore URL), holding the
 * placeholder at least once. Checked with an id in place, as browsers will open it.
 */
function readTraceUrlTemplate(env: Env): string | null {
  const name = 'SERVICE_TRACE_URL_TEMPLATE';
  const template = text(env, name);
  if (template === undefined) return null;
  const example = 'https://jaeger.example.org/trace/{trace_id}';
  if (!template.includes(TRACE_ID_PLACEHOLDER)) {
    throw new ConfigError(name, `must contain ${TRACE_ID_PLACEHOLDER} where the trace id goes (e.g. ${example}), got ${JSON.stringify(template)}`);
  }
  let url: URL;
  try {
    url = new URL(template.replaceAll(TRACE_ID_PLACEHOLDER, '0af7651916cd43dd8448eb211c80319c'));
  } catch {
    throw new ConfigError(name, `must be an http(s) URL with ${TRACE_ID_PLACEHOLDER} in it (e.g. ${example}), got ${JSON.stringify(template)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, `must be an http(s) URL with ${TRACE_ID_PLACEHOLDER} in it (e.g. ${example}), got ${JSON.stringify(template)}`);
  }
  return template;
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
      const protocol = otlpProtocol(env, 'METRICS');
      const url = otlpUrl(env, 'METRICS', protocol);
      if (url === null) return { exporter: 'off', reason: 'no_endpoint', value };
      const intervalMs = integer(env, 'OTEL_METRIC_EXPORT_INTERVAL', 60_000, { min: 100, max: 86_400_000 });
      // The SDK refuses a timeout longer than the interval; only an explicit one is an error.
      const timeoutMs =
        text(env, 'OTEL_METRIC_EXPORT_TIMEOUT') === undefined
          ? Math.min(30_000, intervalMs)
          : integer(env, 'OTEL_METRIC_EXPORT_TIMEOUT', 30_000, { min: 1, max: intervalMs });
      return { exporter: 'otlp', url, protocol, intervalMs, timeoutMs };
    }
    default:
      // docs/telemetry.md: any other value disables metrics rather than stopping the hub.
      return { exporter: 'off', reason: 'unknown_exporter', value };
  }
}

type Signal = 'METRICS' | 'TRACES' | 'LOGS';

const exporterName = (env: Env, name: string) => text(env, name)?.toLowerCase() ?? 'otlp';

/** OTEL_TRACES_EXPORTER or OTEL_LOGS_EXPORTER: only `otlp` is implemented; anything else but `none` is logged and turns the signal off. */
function readOtlpExport(env: Env, signal: Exclude<Signal, 'METRICS'>): OtlpExport {
  const value = exporterName(env, `OTEL_${signal}_EXPORTER`);
  if (value === 'none') return { exporter: 'off', reason: 'none', value };
  if (value !== 'otlp') return { exporter: 'off', reason: 'unknown_exporter', value };
  const protocol = otlpProtocol(env, signal);
  const url = otlpUrl(env, signal, protocol);
  if (url === null) return { exporter: 'off', reason: 'no_endpoint', value };
  // The specification's defaults: spans every 5 s, log records every second.
  return { exporter: 'otlp', url, protocol, batch: readBatchExport(env, signal === 'TRACES' ? 'BSP' : 'BLRP', signal === 'TRACES' ? 5_000 : 1_000) };
}

const DAY_MS = 86_400_000;

/** OTEL_BSP_* or OTEL_BLRP_*: read like every other setting, so that a typo stops start-up instead of being ignored. */
function readBatchExport(env: Env, processor: 'BSP' | 'BLRP', defaultDelayMs: number): BatchExport {
  const name = (part: string) => `OTEL_${processor}_${part}`;
  const maxQueueSize = integer(env, name('MAX_QUEUE_SIZE'), 2048, { min: 1, max: 1_000_000 });
  return {
    scheduleDelayMs: integer(env, name('SCHEDULE_DELAY'), defaultDelayMs, { min: 0, max: DAY_MS }),
    exportTimeoutMs: integer(env, name('EXPORT_TIMEOUT'), 30_000, { min: 1, max: DAY_MS }),
    maxQueueSize,
    // A batch larger than the queue could never fill.
    maxExportBatchSize: integer(env, name('MAX_EXPORT_BATCH_SIZE'), Math.min(512, maxQueueSize), { min: 1, max: maxQueueSize }),
  };
}

/**
 * The signal-specific endpoint is used as given. Over HTTP the generic one gets the signal's path
 * appended (`/v1/traces`); gRPC has no paths, so it is used as given too.
 */
function otlpUrl(env: Env, signal: Signal, protocol: OtlpProtocol): string | null {
  const specific = httpUrl(env, `OTEL_EXPORTER_OTLP_${signal}_ENDPOINT`);
  if (specific) return specific;
  const base = httpUrl(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  if (!base) return null;
  return protocol === 'grpc' ? base : `${base.replace(/\/+$/, '')}/v1/${signal.toLowerCase()}`;
}

function otlpProtocol(env: Env, signal: Signal): OtlpProtocol {
  const specific = `OTEL_EXPORTER_OTLP_${signal}_PROTOCOL`;
  const name = text(env, specific) !== undefined ? specific : 'OTEL_EXPORTER_OTLP_PROTOCOL';
  return oneOf(env, name, ['http/protobuf', 'http/json', 'grpc'] as const, 'http/protobuf');
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
