import { describe, expect, it } from 'vitest';
import { ConfigError, readSettings } from './settings.js';

const read = (env: Record<string, string>) => readSettings({ SERVICE_DATA_DIR: '/srv/hub', ...env }).telemetry;
const refusal = (env: Record<string, string>) => {
  try {
    read(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).variable;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe('telemetry settings', () => {
  it('pushes over OTLP only once an endpoint is set', () => {
    expect(read({}).metrics).toEqual({ exporter: 'off', reason: 'no_endpoint', value: 'otlp' });
    expect(read({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).metrics).toEqual({
      exporter: 'otlp',
      url: 'http://collector:4318/v1/metrics',
      protocol: 'http/protobuf',
      intervalMs: 60_000,
      timeoutMs: 30_000,
    });
    // The signal-specific endpoint is used as given and wins over the generic one.
    expect(read({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: 'https://b/custom' }).metrics).toMatchObject({
      url: 'https://b/custom',
    });
    expect(read({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }).metrics).toMatchObject({ protocol: 'http/json' });
    expect(
      read({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_METRICS_PROTOCOL: 'http/protobuf' })
        .metrics,
    ).toMatchObject({ protocol: 'http/protobuf' });
  });

  it('keeps the push timeout within the interval', () => {
    const otlp = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318' };
    expect(read({ ...otlp, OTEL_METRIC_EXPORT_INTERVAL: '10000' }).metrics).toMatchObject({ intervalMs: 10_000, timeoutMs: 10_000 });
    expect(read({ ...otlp, OTEL_METRIC_EXPORT_INTERVAL: '10000', OTEL_METRIC_EXPORT_TIMEOUT: '2500' }).metrics).toMatchObject({
      intervalMs: 10_000,
      timeoutMs: 2_500,
    });
    expect(refusal({ ...otlp, OTEL_METRIC_EXPORT_INTERVAL: '10000', OTEL_METRIC_EXPORT_TIMEOUT: '20000' })).toBe('OTEL_METRIC_EXPORT_TIMEOUT');
  });

  it('serves Prometheus on loopback port 9464 unless told otherwise', () => {
    expect(read({ OTEL_METRICS_EXPORTER: 'prometheus' }).metrics).toEqual({ exporter: 'prometheus', host: '127.0.0.1', port: 9464 });
    expect(read({ OTEL_METRICS_EXPORTER: 'Prometheus', OTEL_EXPORTER_PROMETHEUS_HOST: '0.0.0.0', OTEL_EXPORTER_PROMETHEUS_PORT: '9100' }).metrics).toEqual({
      exporter: 'prometheus',
      host: '0.0.0.0',
      port: 9100,
    });
  });

  it('turns metrics off for none, for values it does not implement, and for OTEL_SDK_DISABLED', () => {
    expect(read({ OTEL_METRICS_EXPORTER: 'none' }).metrics).toEqual({ exporter: 'off', reason: 'none', value: 'none' });
    expect(read({ OTEL_METRICS_EXPORTER: 'console' }).metrics).toEqual({ exporter: 'off', reason: 'unknown_exporter', value: 'console' });
    expect(read({ OTEL_METRICS_EXPORTER: 'otlp,prometheus' }).metrics).toMatchObject({ exporter: 'off', reason: 'unknown_exporter' });
    // Turning telemetry off works even beside values that would not parse.
    expect(read({ OTEL_SDK_DISABLED: 'TRUE', OTEL_METRICS_EXPORTER: 'prometheus', OTEL_EXPORTER_PROMETHEUS_PORT: 'nope' }).metrics).toMatchObject({
      exporter: 'off',
      reason: 'sdk_disabled',
    });
    expect(read({ OTEL_SDK_DISABLED: 'false', OTEL_METRICS_EXPORTER: 'prometheus' }).metrics).toMatchObject({ exporter: 'prometheus' });
  });

  it('exports spans and log lines over OTLP once an endpoint is set, on the signal paths or as given', () => {
    expect(read({}).traces).toEqual({ exporter: 'off', reason: 'no_endpoint', value: 'otlp' });
    expect(read({}).logs).toEqual({ exporter: 'off', reason: 'no_endpoint', value: 'otlp' });
    const base = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' };
    expect(read(base).traces).toMatchObject({ exporter: 'otlp', url: 'http://collector:4318/v1/traces', protocol: 'http/protobuf' });
    expect(read(base).logs).toMatchObject({ exporter: 'otlp', url: 'http://collector:4318/v1/logs', protocol: 'http/protobuf' });
    expect(read({ ...base, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces/custom', OTEL_EXPORTER_OTLP_LOGS_PROTOCOL: 'http/json' })).toMatchObject({
      traces: { url: 'https://traces/custom', protocol: 'http/protobuf' },
      logs: { url: 'http://collector:4318/v1/logs', protocol: 'http/json' },
    });
    // gRPC has no paths: the endpoint is the collector's address, for every signal.
    expect(read({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toMatchObject({
      metrics: { url: 'http://collector:4317', protocol: 'grpc' },
      traces: { url: 'http://collector:4317', protocol: 'grpc' },
      logs: { url: 'http://collector:4317', protocol: 'grpc' },
    });
  });

  it('batches spans and log records as OTEL_BSP_* and OTEL_BLRP_* say, with the specification’s defaults', () => {
    const base = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(read(base)).toMatchObject({
      traces: { batch: { scheduleDelayMs: 5_000, exportTimeoutMs: 30_000, maxQueueSize: 2048, maxExportBatchSize: 512 } },
      logs: { batch: { scheduleDelayMs: 1_000, exportTimeoutMs: 30_000, maxQueueSize: 2048, maxExportBatchSize: 512 } },
    });
    const tuned = read({
      ...base,
      OTEL_BSP_SCHEDULE_DELAY: '200',
      OTEL_BSP_EXPORT_TIMEOUT: '10000',
      OTEL_BSP_MAX_QUEUE_SIZE: '8192',
      OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '1024',
      OTEL_BLRP_SCHEDULE_DELAY: '0',
      OTEL_BLRP_MAX_QUEUE_SIZE: '100',
    });
    expect(tuned.traces).toMatchObject({ batch: { scheduleDelayMs: 200, exportTimeoutMs: 10_000, maxQueueSize: 8192, maxExportBatchSize: 1024 } });
    // A smaller queue makes the default batch smaller too: a batch larger than the queue could never fill.
    expect(tuned.logs).toMatchObject({ batch: { scheduleDelayMs: 0, exportTimeoutMs: 30_000, maxQueueSize: 100, maxExportBatchSize: 100 } });
    // Read only for a signal that is exported, like the push interval of metrics.
    expect(read({ OTEL_BSP_SCHEDULE_DELAY: 'soon' }).traces).toMatchObject({ exporter: 'off', reason: 'no_endpoint' });
    expect(read({ ...base, OTEL_LOGS_EXPORTER: 'none', OTEL_BLRP_MAX_QUEUE_SIZE: '-1' }).logs).toMatchObject({ exporter: 'off', reason: 'none' });
  });

  it('turns spans and log export off for none, for other exporters, and for OTEL_SDK_DISABLED', () => {
    const base = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(read({ ...base, OTEL_TRACES_EXPORTER: 'none', OTEL_LOGS_EXPORTER: 'None' })).toMatchObject({
      traces: { exporter: 'off', reason: 'none' },
      logs: { exporter: 'off', reason: 'none' },
      metrics: { exporter: 'otlp' },
    });
    expect(read({ ...base, OTEL_TRACES_EXPORTER: 'zipkin', OTEL_LOGS_EXPORTER: 'console' })).toMatchObject({
      traces: { exporter: 'off', reason: 'unknown_exporter', value: 'zipkin' },
      logs: { exporter: 'off', reason: 'unknown_exporter', value: 'console' },
    });
    expect(read({ ...base, OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'nope' })).toMatchObject({
      metrics: { exporter: 'off', reason: 'sdk_disabled' },
      traces: { exporter: 'off', reason: 'sdk_disabled' },
      logs: { exporter: 'off', reason: 'sdk_disabled' },
    });
  });

  it('names the variable of every bad value', () => {
    const cases: [Record<string, string>, string][] = [
      [{ OTEL_SDK_DISABLED: 'yes' }, 'OTEL_SDK_DISABLED'],
      [{ OTEL_METRICS_EXPORTER: 'prometheus', OTEL_EXPORTER_PROMETHEUS_PORT: '0' }, 'OTEL_EXPORTER_PROMETHEUS_PORT'],
      [{ OTEL_METRICS_EXPORTER: 'prometheus', OTEL_EXPORTER_PROMETHEUS_PORT: '94a' }, 'OTEL_EXPORTER_PROMETHEUS_PORT'],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, 'OTEL_EXPORTER_OTLP_ENDPOINT'],
      [{ OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: 'grpc://collector:4317' }, 'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT'],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a', OTEL_EXPORTER_OTLP_PROTOCOL: 'thrift' }, 'OTEL_EXPORTER_OTLP_PROTOCOL'],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http' }, 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'],
      [{ OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: 'collector:4318' }, 'OTEL_EXPORTER_OTLP_LOGS_ENDPOINT'],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a', OTEL_EXPORTER_OTLP_METRICS_PROTOCOL: 'thrift' }, 'OTEL_EXPORTER_OTLP_METRICS_PROTOCOL'],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a', OTEL_METRIC_EXPORT_INTERVAL: '1m' }, 'OTEL_METRIC_EXPORT_INTERVAL'],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a', OTEL_BSP_SCHEDULE_DELAY: '5s' }, 'OTEL_BSP_SCHEDULE_DELAY'],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a', OTEL_BSP_EXPORT_TIMEOUT: '0' }, 'OTEL_BSP_EXPORT_TIMEOUT'],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a', OTEL_BSP_MAX_QUEUE_SIZE: '0' }, 'OTEL_BSP_MAX_QUEUE_SIZE'],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a', OTEL_BSP_MAX_QUEUE_SIZE: '256', OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '512' }, 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE'],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a', OTEL_BLRP_SCHEDULE_DELAY: '-1' }, 'OTEL_BLRP_SCHEDULE_DELAY'],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a', OTEL_BLRP_EXPORT_TIMEOUT: '1.5' }, 'OTEL_BLRP_EXPORT_TIMEOUT'],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a', OTEL_BLRP_MAX_QUEUE_SIZE: 'big' }, 'OTEL_BLRP_MAX_QUEUE_SIZE'],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a', OTEL_BLRP_MAX_EXPORT_BATCH_SIZE: '4096' }, 'OTEL_BLRP_MAX_EXPORT_BATCH_SIZE'],
      [{ OTEL_RESOURCE_ATTRIBUTES: 'team=data,orphan' }, 'OTEL_RESOURCE_ATTRIBUTES'],
      [{ OTEL_RESOURCE_ATTRIBUTES: '=value' }, 'OTEL_RESOURCE_ATTRIBUTES'],
      [{ OTEL_RESOURCE_ATTRIBUTES: 'team=%E0%A4%A' }, 'OTEL_RESOURCE_ATTRIBUTES'],
    ];
    for (const [env, variable] of cases) expect(refusal(env), JSON.stringify(env)).toBe(variable);
  });

  it('takes a trace viewer URL template with {trace_id} in an http(s) URL, and refuses others with a message that says what is wanted', () => {
    expect(read({}).traceUrlTemplate).toBeNull();
    expect(read({ SERVICE_TRACE_URL_TEMPLATE: ' https://jaeger.example.com/trace/{trace_id} ' }).traceUrlTemplate).toBe(
      'https://jaeger.example.com/trace/{trace_id}',
    );
    // Anywhere in the URL, as Grafana's explore links put it in the query.
    const grafana = 'http://grafana:3000/explore?left={"queries":[{"query":"{trace_id}"}]}';
    expect(read({ SERVICE_TRACE_URL_TEMPLATE: grafana }).traceUrlTemplate).toBe(grafana);
    // Checked even where telemetry is off: it is the hub's own setting.
    expect(read({ OTEL_SDK_DISABLED: 'true', SERVICE_TRACE_URL_TEMPLATE: 'https://t/{trace_id}' }).traceUrlTemplate).toBe('https://t/{trace_id}');
    const message = (env: Record<string, string>) => {
      try {
        read(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).variable).toBe('SERVICE_TRACE_URL_TEMPLATE');
        return (error as ConfigError).message;
      }
      throw new Error(`accepted ${JSON.stringify(env)}`);
    };
    expect(message({ SERVICE_TRACE_URL_TEMPLATE: 'https://jaeger.example.com/trace/' })).toMatch(/must contain \{trace_id\} where the trace id goes/);
    expect(message({ SERVICE_TRACE_URL_TEMPLATE: 'https://jaeger.example.com/trace/{traceId}' })).toMatch(/must contain \{trace_id\}/);
    expect(message({ SERVICE_TRACE_URL_TEMPLATE: 'jaeger.example.com/trace/{trace_id}' })).toMatch(/must be an http\(s\) URL/);
    expect(message({ SERVICE_TRACE_URL_TEMPLATE: 'javascript:alert(1)//{trace_id}' })).toMatch(/must be an http\(s\) URL/);
    expect(message({ SERVICE_TRACE_URL_TEMPLATE: 'ftp://traces/{trace_id}' })).toMatch(/must be an http\(s\) URL/);
    expect(message({ OTEL_SDK_DISABLED: 'true', SERVICE_TRACE_URL_TEMPLATE: '{trace_id}' })).toMatch(/must be an http\(s\) URL/);
  });
});
