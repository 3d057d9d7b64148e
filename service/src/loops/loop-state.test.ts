import { describe, expect, it } from 'vitest';
import { LoopState, overallStatus } from './loop-state.js';

describe('loop state', () => {
  it('is stalled when nothing completed within one deadline plus one interval', () => {
    const state = new LoopState(100, 300);
    expect(state.status(1_000)).toBe('ok');
    state.activate(0);
    expect(state.isStalled(400)).toBe(false);
    expect(state.isStalled(401)).toBe(true);
    state.begin(380);
    expect(state.status(390)).toBe('ok');
    expect(state.status(401)).toBe('stalled');
    state.finish('success', 390);
    expect(state.health(400)).toMatchObject({
      status: 'ok',
      last_started_at: 380,
      last_completed_at: 390,
      last_success_at: 390,
      last_duration_ms: 10,
      seconds_since_success: 0.01,
    });
    expect(state.isStalled(790)).toBe(false);
    expect(state.isStalled(791)).toBe(true);
  });

  it('is stalled while an attempt is past its deadline, and stopping only otherwise', () => {
    const state = new LoopState(100, 300);
    state.activate(0);
    state.begin(10);
    expect(state.status(310)).toBe('ok');
    expect(state.status(311)).toBe('stalled');
    state.stop();
    expect(state.status(311)).toBe('stalled');
    state.recover(400);
    expect(state.status(10_000)).toBe('stopping');
    expect(state.gauges('probe', 10_000)).toEqual({
      'gauge.loop.probe.seconds_since_success': 10,
      'gauge.loop.probe.last_duration_ms': 390,
      'gauge.loop.probe.consecutive_failures': 0,
      'gauge.loop.probe.stalled': 0,
      'counter.loop.probe.timeouts': 0,
    });
  });
});

describe('overall status', () => {
  const loop = (status: 'ok' | 'failing' | 'stalled' | 'stopping') => ({ ...new LoopState(1, 1).health(0), status });
  it('ranks stalled over failing over everything else (docs/maintenance.md)', () => {
    expect(overallStatus([])).toBe('ok');
    expect(overallStatus([loop('ok'), loop('stopping')])).toBe('ok');
    expect(overallStatus([loop('ok'), loop('failing')])).toBe('degraded');
    expect(overallStatus([loop('failing'), loop('stalled'), loop('ok')])).toBe('stalled');
  });
});
