import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerequisite } from '../setup/prerequisites.js';
import { dockerProvisioned, startDockerSessionWorld, type DockerSessionWorld } from '../support/docker-session-world.js';
import { startJaeger, type Jaeger } from '../support/telemetry-receivers.js';
import { expectTracedSessionStart, tag } from '../support/traced-session.js';

const telemetryReceivers = prerequisite('telemetryReceivers');

// Spans go out in batches every 200 ms instead of every 5 s (the SDK reads this when the hub starts).
process.env.OTEL_BSP_SCHEDULE_DELAY = '200';

describe.skipIf(dockerProvisioned === null || telemetryReceivers === null)('a session start traced into Jaeger (docker driver)', () => {
  let jaeger: Jaeger;
  let w: DockerSessionWorld;
  beforeAll(async () => {
    jaeger = await startJaeger(telemetryReceivers!.jaeger);
    w = await startDockerSessionWorld(dockerProvisioned!, {
      OTEL_SERVICE_NAME: 'hub-tracing-docker',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_LOGS_EXPORTER: 'none',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${jaeger.otlpHttp}/v1/traces`,
    });
  }, 180_000);
  afterAll(async () => {
    await w?.close();
    await jaeger?.stop();
  });

  it('nests the four sandbox phases of a container under the request, and starts marimo in it with TRACEPARENT', async () => {
    const { sessionId, spans } = await expectTracedSessionStart(w, jaeger);
    // The container the phases ran in is the session's.
    expect(await w.containers(sessionId)).toHaveLength(1);
    const provision = spans.find((span) => span.operationName === 'session.provision')!;
    expect(tag(provision, 'notebook_hub.session.id')).toBe(sessionId);
    await w.api(`/api/v1/projects/${w.pid}/sessions/${sessionId}/stop`, 'editor', { method: 'POST' });
  }, 300_000);
});
