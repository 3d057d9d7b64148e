import type { Metrics } from '../core/ports/metrics.js';
import type { LoopReadings } from './loop-state.js';
import type { LoopRunner } from './loop-runner.js';

const GAUGES: { name: keyof Omit<LoopReadings, 'timeouts'>; unit: string; description: string }[] = [
  { name: 'seconds_since_success', unit: 's', description: 'Time since the loop last succeeded (since start-up before its first success)' },
  { name: 'consecutive_failures', unit: '{attempt}', description: 'Failed attempts of the loop since its last success' },
  { name: 'last_duration_ms', unit: 'ms', description: 'Duration of the last attempt of the loop that ended' },
  { name: 'stalled', unit: '1', description: '1 while the loop is stalled (past its deadline, or no attempt ended in time), else 0' },
];

/**
 * The loop gauges and the timeout counter of docs/telemetry.md, tagged `loop=<loop>`. They are read from
 * the runner at collection time, the same readings the `maintenance_cycle` line carries, so the
 * two never disagree.
 */
export function observeLoopMetrics(runner: LoopRunner, metrics: Metrics): void {
  for (const gauge of GAUGES) {
    metrics.observeGauge(`loop.${gauge.name}`, { description: gauge.description, unit: gauge.unit }, (observe) => {
      for (const [loop, readings] of Object.entries(runner.readings())) observe(readings[gauge.name], { loop });
    });
  }
  metrics.observeCounter('loop.timeouts', { description: 'Attempts of the loop that passed their deadline, since start-up', unit: '{attempt}' }, (observe) => {
    for (const [loop, readings] of Object.entries(runner.readings())) observe(readings.timeouts, { loop });
  });
}
