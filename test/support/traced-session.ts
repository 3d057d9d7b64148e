import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import type { SessionWorld } from './session-world.js';
import { until, type Jaeger, type JaegerSpan } from './telemetry-receivers.js';

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
