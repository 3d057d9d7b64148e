import { describe, expect, it } from 'vitest';
import { recordedTraceIdOf } from './tracing.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

describe('the trace id a record keeps', () => {
  it('is the trace id of a sampled traceparent', () => {
    expect(recordedTraceIdOf(`00-${TRACE_ID}-00f067aa0ba902b7-01`)).toBe(TRACE_ID);
    // Other flags beside "sampled" change nothing.
    expect(recordedTraceIdOf(`00-${TRACE_ID}-00f067aa0ba902b7-03`)).toBe(TRACE_ID);
  });

  it('is none outside a trace, for a trace that was not sampled, and for a malformed or invalid traceparent', () => {
    expect(recordedTraceIdOf(null)).toBeNull();
    expect(recordedTraceIdOf(undefined)).toBeNull();
    expect(recordedTraceIdOf(`00-${TRACE_ID}-00f067aa0ba902b7-00`)).toBeNull();
    expect(recordedTraceIdOf(`00-${'0'.repeat(32)}-00f067aa0ba902b7-01`)).toBeNull();
    expect(recordedTraceIdOf(`00-${TRACE_ID.toUpperCase()}-00f067aa0ba902b7-01`)).toBeNull();
    expect(recordedTraceIdOf(`00-${TRACE_ID}-01`)).toBeNull();
    expect(recordedTraceIdOf('not a traceparent')).toBeNull();
  });
});
