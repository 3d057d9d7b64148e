import type { Counter, Histogram, Metrics } from '../../../core/ports/metrics.js';
import type { RunOutcome } from './job-runner.js';

const OUTCOMES: RunOutcome['state'][] = ['succeeded', 'failed', 'timed_out', 'cancelled'];

/** The `jobs.*` metrics of docs/telemetry.md. */
export class JobMetrics {
  private readonly runs: Counter;
  private readonly runDuration: Histogram;
  private readonly queueDuration: Histogram;
  private readonly firingDelay: Histogram;

  constructor(metrics: Metrics) {
    this.runs = metrics.counter('jobs.runs', { description: 'Job runs that ended, by outcome', unit: '{run}' });
    // Every outcome's series exists from the start, so a rate over it is defined before the first run.
    for (const outcome of OUTCOMES) this.runs.add(0, { outcome });
    this.runDuration = metrics.histogram('jobs.run.duration', { description: 'From a run starting to it ending, by outcome', unit: 'ms' });
    this.queueDuration = metrics.histogram('jobs.queue.duration', { description: 'From a run being queued to it starting', unit: 'ms' });
    this.firingDelay = metrics.histogram('jobs.schedule.delay', { description: "From a schedule's due time to the scheduler queueing its run", unit: 'ms' });
  }

  fired(delayMs: number): void {
    this.firingDelay.record(Math.max(0, delayMs));
  }

  started(queuedMs: number): void {
    this.queueDuration.record(Math.max(0, queuedMs));
  }

  finished(outcome: RunOutcome['state'], durationMs: number): void {
    this.runs.add(1, { outcome });
    this.runDuration.record(Math.max(0, durationMs), { outcome });
  }
}
