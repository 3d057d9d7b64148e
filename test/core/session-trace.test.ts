import { afterEach, describe, expect, it } from 'vitest';
import { NO_SPAN, type Tracer } from '../../service/src/core/ports/tracing.js';
import type { SessionRecord } from '../../service/src/core/sessions/session-model.js';
import { startCoreWorld, type CoreWorld } from '../support/core-services.js';
import { FakeMemoryRuntime, FakeMemorySandboxDriver, fakeMemoryKernelHealth } from '../support/fake-memory-sandboxes.js';

const REQUEST_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const OTHER_TRACE = '0af7651916cd43dd8448eb211c80319c';
const traceparent = (traceId: string, flags = '01') => `00-${traceId}-00f067aa0ba902b7-${flags}`;

/**
 * A tracer whose active span (the start's request) is `active`, and whose every span belongs to the
 * trace `spans` (fake: core tests run no SDK; the telemetry tier checks the real one against Jaeger).
 */
function fakeTracer(active: string | null, spans: string): Tracer {
  const tracer: Tracer = {
    enabled: true,
    startSpan: () => ({ ...NO_SPAN, traceparent: spans }),
    withSpan: (name, options, work) => work(tracer.startSpan(name, options)),
    traceparent: () => active,
    recording: () => active !== null,
  };
  return tracer;
}

const worlds: CoreWorld[] = [];
afterEach(async () => {
  await Promise.all(worlds.splice(0).map((world) => world.close()));
});

/** Starts an edit session on services with `tracer` (none: tracing off); answers its record as first stored, and once running. */
async function startSession(tracer: Tracer | undefined): Promise<{ first: SessionRecord; running: SessionRecord }> {
  const driver = new FakeMemorySandboxDriver();
  const world = await startCoreWorld(
    { SERVICE_STORAGE: 'memory', SERVICE_AUTOMATIC_THUMBNAILS: 'false' },
    { parts: { sandboxes: driver, runtime: new FakeMemoryRuntime(driver), kernels: fakeMemoryKernelHealth(driver), ...(tracer ? { tracer } : {}) } },
  );
  worlds.push(world);
  const { services } = world;
  const { ada } = await world.people('ada');
  const pid = await world.project(ada, 'Traced', []);
  const nid = (await services.notebooks.create(pid, 'Traced', { title: 'Traced' }, { id: ada.user.id, email: ada.user.email })).notebook.id;
  const { record: first } = await services.useCases.sessions.start(ada, { projectId: pid, notebookId: nid, mode: 'edit', client: 'web' });
  for (let tries = 0; tries < 500; tries++) {
    const running = (await services.sessionStore.get(pid, first.id))!;
    if (running.state === 'running') return { first, running };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the session did not run');
}

describe('the trace a session record names', () => {
  it('is the trace its start ran in, from the first moment the session is stored', async () => {
    const { first, running } = await startSession(fakeTracer(traceparent(REQUEST_TRACE), traceparent(REQUEST_TRACE)));
    expect(first.trace_id).toBe(REQUEST_TRACE);
    expect(running.trace_id).toBe(REQUEST_TRACE);
  });

  it("is its provisioning's trace where that is another one (a restart, a start outside a trace)", async () => {
    const { first, running } = await startSession(fakeTracer(null, traceparent(OTHER_TRACE)));
    expect(first.trace_id).toBeUndefined();
    expect(running.trace_id).toBe(OTHER_TRACE);
  });

  it('is none where tracing is off or the trace was not sampled', async () => {
    expect((await startSession(undefined)).running.trace_id).toBeUndefined();
    const unsampled = traceparent(REQUEST_TRACE, '00');
    expect((await startSession(fakeTracer(unsampled, unsampled))).running.trace_id).toBeUndefined();
  });
});
