import { describe, expect, it } from 'vitest';
import { NO_SPAN, NO_TRACING, type Span, type SpanOptions, type Tracer } from '../ports/tracing.js';
import { storeArea, traced, tracedUseCases } from './traced.js';

/** A tracer that records which spans were opened and how they ended (fake: no SDK in unit tests). */
function fakeRecordingTracer(inTrace = true) {
  const spans: { name: string; options: SpanOptions; failed: string | null; ended: boolean }[] = [];
  const tracer: Tracer = {
    enabled: true,
    startSpan(name, options) {
      if (options.onlyInTrace && !inTrace) return NO_SPAN;
      const record = { name, options, failed: null as string | null, ended: false };
      spans.push(record);
      const span: Span = {
        setAttributes: () => {},
        fail: (code) => void (record.failed = code),
        end: () => void (record.ended = true),
        run: (work) => work(),
        traceparent: null,
        recording: true,
      };
      return span;
    },
    withSpan: (name, options, work) => work(tracer.startSpan(name, options)),
    traceparent: () => null,
    recording: () => inTrace,
  };
  return { tracer, spans };
}

class Cases {
  readonly label = 'cases';
  #secret = 41;

  async answer(): Promise<number> {
    return this.#secret + 1;
  }

  async refuse(): Promise<never> {
    throw Object.assign(new Error('no access for ada@example.org'), { code: 'FORBIDDEN' });
  }

  sum(a: number, b: number): number {
    return a + b;
  }

  secret(): number {
    return this.#secret;
  }
}

describe('traced ports and use cases', () => {
  it('spans each async method until it settles, failing the span with the error code, never the message', async () => {
    const { tracer, spans } = fakeRecordingTracer();
    const target = new Cases();
    const cases = traced(target, tracer, { prefix: 'usecase.cases' });
    // The object itself: whoever holds it (a feature's routes) gets the spans too.
    expect(cases).toBe(target);
    expect(cases).toBeInstanceOf(Cases);
    expect(cases.label).toBe('cases');
    expect({ ...cases }).toEqual({ label: 'cases' });
    expect(await cases.answer()).toBe(42);
    await expect(cases.refuse()).rejects.toThrow('no access');
    // Methods that only compute get no span, and still reach the instance's private fields.
    expect(cases.sum(1, 2)).toBe(3);
    expect(cases.secret()).toBe(41);
    expect(spans.map(({ name, failed, ended, options }) => ({ name, failed, ended, onlyInTrace: options.onlyInTrace }))).toEqual([
      { name: 'usecase.cases.answer', failed: null, ended: true, onlyInTrace: true },
      { name: 'usecase.cases.refuse', failed: 'FORBIDDEN', ended: true, onlyInTrace: true },
    ]);
    // Instrumenting it again adds nothing: one span per call, not one inside another.
    traced(target, tracer, { prefix: 'usecase.again' });
    expect(await target.answer()).toBe(42);
    expect(spans.map((span) => span.name).slice(2)).toEqual(['usecase.cases.answer']);
  });

  it('adds nothing where tracing is off, and opens no span outside a trace', async () => {
    const plain = new Cases();
    expect(traced(plain, NO_TRACING, { prefix: 'x' })).toBe(plain);
    const useCases = { cases: plain };
    expect(tracedUseCases(useCases, NO_TRACING)).toBe(useCases);
    expect(Object.getOwnPropertyNames(plain)).toEqual(['label']);
    const { tracer, spans } = fakeRecordingTracer(false);
    expect(await tracedUseCases(useCases, tracer).cases.answer()).toBe(42);
    expect(spans).toEqual([]);
  });

  it('makes a call outside a recorded trace as it is: the target’s own promise, no attributes built', async () => {
    const answer = Promise.resolve(42);
    const target = { find: async (_key: string) => 0, kind: 'memory' };
    target.find = () => answer;
    const attributes: string[] = [];
    const options = { prefix: 'store', methods: ['find'], attributes: (method: string) => (attributes.push(method), {}) };
    const outside = traced(target, fakeRecordingTracer(false).tracer, options);
    expect(outside.find('k')).toBe(answer);
    expect(attributes).toEqual([]);
    const inside = fakeRecordingTracer(true);
    const other = { find: (_key: string) => answer, kind: 'memory' };
    expect(traced(other, inside.tracer, options).find('k')).not.toBe(answer);
    expect(await answer).toBe(42);
    expect(attributes).toEqual(['find']);
    expect(inside.spans.map((span) => span.name)).toEqual(['store.find']);
  });

  it('names a store key by its area only', () => {
    expect(storeArea('auth/sessions/9f86d081884c7d659a2feaa0c55ad015')).toBe('auth/sessions');
    expect(storeArea('records/projects/proj-1/rev-2')).toBe('records/projects');
    expect(storeArea('blobs')).toBe('blobs');
  });
});
