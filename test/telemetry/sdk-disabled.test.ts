import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHubProcess } from '../support/hub-process.js';
import { prerequisite } from '../setup/prerequisites.js';
import { startJaeger, startVictoriaLogs, until, type Jaeger, type VictoriaLogs } from '../support/telemetry-receivers.js';
import { makeTempDir } from '../support/temp-dir.js';

const telemetryReceivers = prerequisite('telemetryReceivers');

/**
 * A hub process with every exporter pointed at the receivers, serving one traced request and
 * stopping (its drain flushes what it has); the trace id the request carried.
 */
async function servedOneTracedRequest(env: Record<string, string>): Promise<string> {
  const temp = await makeTempDir('otel-process');
  try {
    const hub = await startHubProcess({ SERVICE_DATA_DIR: temp.dir, SERVICE_LOG_LEVEL: 'info', ...env });
    const traceId = randomBytes(16).toString('hex');
    try {
      const response = await fetch(`${hub.url}/api/health`, { headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` } });
      expect(response.status).toBe(200);
    } finally {
      expect(await hub.stop()).toBe(0);
    }
    return traceId;
  } finally {
    await temp.cleanup();
  }
}

describe.skipIf(telemetryReceivers === null)('OTEL_SDK_DISABLED against real receivers', () => {
  let jaeger: Jaeger;
  let logs: VictoriaLogs;
  beforeEach(async () => {
    [jaeger, logs] = await Promise.all([startJaeger(telemetryReceivers!.jaeger), startVictoriaLogs(telemetryReceivers!.victoriaLogs)]);
  });
  afterEach(async () => {
    await Promise.all([jaeger?.stop(), logs?.stop()]);
  });

  const exporting = () => ({
    OTEL_EXPORTER_OTLP_ENDPOINT: jaeger.otlpGrpc,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
    OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: logs.otlpLogsUrl,
    OTEL_EXPORTER_OTLP_LOGS_PROTOCOL: 'http/protobuf',
    OTEL_METRICS_EXPORTER: 'none',
  });

  it('sends nothing at all when true, whatever the other variables say', async () => {
    await servedOneTracedRequest({ ...exporting(), OTEL_SERVICE_NAME: 'hub-disabled', OTEL_SDK_DISABLED: 'true' });
    // The drain is over: anything the hub had would have been sent by now.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await jaeger.services()).toEqual([]);
    expect(await logs.query('*')).toEqual([]);
  });

  it('sends the request’s span over gRPC and its log lines when not (the same set-up, so the check above can fail)', async () => {
    const traceId = await servedOneTracedRequest({ ...exporting(), OTEL_SERVICE_NAME: 'hub-enabled' });
    const spans = await until(
      () => jaeger.trace(traceId),
      (found) => found.some((span) => span.operationName === 'GET /api/health'),
    );
    expect(spans.every((span) => span.traceID === traceId)).toBe(true);
    expect(await jaeger.services()).toEqual(['hub-enabled']);
    const records = await until(
      () => logs.query('service.name:"hub-enabled"'),
      (found) => found.some((record) => record.event === 'server_started') && found.some((record) => record.event === 'http_request'),
    );
    expect(records.find((record) => record.event === 'http_request')).toMatchObject({ trace_id: traceId, route: '/api/health' });
  });
});
