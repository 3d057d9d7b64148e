import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionWorld } from './session-world.js';
import { startJaeger, until, type Jaeger, type JaegerSpan } from './telemetry-receivers.js';

export const newTraceId = () => randomBytes(16).toString('hex');
export const newSpanId = () => randomBytes(8).toString('hex');

export const tag = (span: JaegerSpan, key: string) => span.tags.find((candidate) => candidate.key === key)?.value;
export const parentOf = (span: JaegerSpan) => span.references.find((reference) => reference.refType === 'CHILD_OF')?.spanID ?? null;

/** Whether `span` descends from the span `ancestorId` within `spans`. */
export function descendsFrom(spans: JaegerSpan[], span: JaegerSpan, ancestorId: string): boolean {
  const byId = new Map(spans.map((candidate) => [candidate.spanID, candidate]));
  for (let parent = parentOf(span); parent !== null; parent = parentOf(byId.get(parent) ?? ({ references: [] } as unknown as JaegerSpan))) {
    if (parent === ancestorId) return true;
    if (!byId.has(parent)) return false;
  }
  return false;
}

/** Processes of this machine (a container's too) whose environment holds `entry` (`NAME=value`). */
export async function processesWithEnv(entry: string): Promise<number[]> {
  const found: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const environ = await readFile(`/proc/${name}/environ`, 'utf8').catch(() => '');
    if (environ.split('\0').includes(entry)) found.push(Number(name));
  }
  return found;
}

export interface TracedStart {
  sessionId: string;
  traceId: string;
  spans: JaegerSpan[];
  server: JaegerSpan;
  provision: JaegerSpan;
}

/**
 * Starts an edit session of `w`'s notebook through the API with a `traceparent` of the test's, and
 * checks that Jaeger got one trace of it: the server span the child of the test's span, the use
 * case, store calls and `session.provision` under it, the four sandbox phases under that, and
 * marimo started with `TRACEPARENT`, whatever the driver.
 */
export async function expectTracedSessionStart(w: SessionWorld, jaeger: Jaeger): Promise<TracedStart> {
  const traceId = newTraceId();
  const callerSpanId = newSpanId();
  const started = await w.api(`/api/v1/projects/${w.pid}/sessions`, 'editor', {
    method: 'POST',
    body: { notebook_id: w.nid, mode: 'edit', wait: true },
    headers: { traceparent: `00-${traceId}-${callerSpanId}-01` },
  });
  expect(started.status, started.text).toBe(201);
  expect(started.json.data.state).toBe('running');

  const phases = ['sandbox.reachable', 'sandbox.files', 'sandbox.setup', 'sandbox.waitport'];
  const route = 'POST /api/v1/projects/:pid/sessions';
  // The server span ends last, with the response: it may come in a later batch than its children.
  const spans = await until(
    () => jaeger.trace(traceId),
    (found) => [...phases, 'session.provision', route].every((name) => found.some((span) => span.operationName === name)),
  );
  expect(new Set(spans.map((span) => span.traceID))).toEqual(new Set([traceId]));
  // The server span is the child of the caller's, named by the route template (never the path).
  const server = spans.find((span) => span.operationName === route)!;
  expect(parentOf(server)).toBe(callerSpanId);
  expect(tag(server, 'http.response.status_code')).toBe(201);
  expect(tag(server, 'http.route')).toBe('/api/v1/projects/:pid/sessions');
  // The answer names the trace and the server span (W3C traceresponse), the request id the span.
  expect(started.headers.get('traceresponse')).toBe(`00-${traceId}-${server.spanID}-01`);
  expect(tag(server, 'notebook_hub.request_id')).toBe(started.headers.get('x-request-id'));
  // The use case, the start-up and its phases, and store calls nest under it.
  const provision = spans.find((span) => span.operationName === 'session.provision')!;
  expect(descendsFrom(spans, provision, server.spanID)).toBe(true);
  for (const phase of phases) expect(parentOf(spans.find((span) => span.operationName === phase)!), phase).toBe(provision.spanID);
  expect(spans.some((span) => span.operationName === 'usecase.sessions.start' && descendsFrom(spans, span, server.spanID))).toBe(true);
  expect(spans.some((span) => span.operationName === 'store.put' && descendsFrom(spans, span, server.spanID))).toBe(true);

  // marimo was started with the trace to continue.
  expect(await processesWithEnv(`TRACEPARENT=00-${traceId}-${provision.spanID}-01`)).not.toEqual([]);
  return { sessionId: started.json.data.id as string, traceId, spans, server, provision };
}

/** A sandbox driver's session world, as the traced session-start suite uses it. */
export interface TracedDriver<World extends SessionWorld> {
  /** "docker driver", "Kubernetes driver": the suite's name. */
  name: string;
  /** What the sandboxes are called in the test's title ("container", "pod"). */
  sandbox: string;
  /** Null: the driver is not provisioned, and the suite skips. */
  provisioned: unknown;
  start(env: Record<string, string>): Promise<World & { close(): Promise<void> }>;
  /** The driver's sandboxes of one session. */
  sandboxesOf(w: World, sessionId: string): Promise<unknown[]>;
}

/**
 * One session start on a driver of its own, traced into Jaeger: the four sandbox phases nest under
 * the request, marimo starts with TRACEPARENT, and the sandbox the phases ran in is the session's.
 */
export function describeTracedSessionStart<World extends SessionWorld>(driver: TracedDriver<World>, jaegerBinary: string | null): void {
  describe.skipIf(driver.provisioned === null || jaegerBinary === null)(`a session start traced into Jaeger (${driver.name})`, () => {
    let jaeger: Jaeger;
    let w: World & { close(): Promise<void> };
    beforeAll(async () => {
      jaeger = await startJaeger(jaegerBinary!);
      w = await driver.start({
        OTEL_SERVICE_NAME: `hub-tracing-${driver.name.split(' ')[0]!.toLowerCase()}`,
        OTEL_METRICS_EXPORTER: 'none',
        OTEL_LOGS_EXPORTER: 'none',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${jaeger.otlpHttp}/v1/traces`,
        // Spans go out in batches every 200 ms instead of every 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '200',
      });
    }, 180_000);
    afterAll(async () => {
      await w?.close();
      await jaeger?.stop();
    });

    it(`nests the four sandbox phases of a ${driver.sandbox} under the request, and starts marimo in it with TRACEPARENT`, async () => {
      const { sessionId, spans } = await expectTracedSessionStart(w, jaeger);
      expect(await driver.sandboxesOf(w, sessionId)).toHaveLength(1);
      const provision = spans.find((span) => span.operationName === 'session.provision')!;
      expect(tag(provision, 'notebook_hub.session.id')).toBe(sessionId);
      await w.api(`/api/v1/projects/${w.pid}/sessions/${sessionId}/stop`, 'editor', { method: 'POST' });
    }, 300_000);
  });
}
