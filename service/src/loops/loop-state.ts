import type { LoopHealth, LoopStatus, MaintenanceStatus } from '@notebook-hub/shared-types/maintenance-health';
import type { LoopOutcome } from './loop-types.js';

// The report's shape is shared with the web UI, which reads it (docs/maintenance.md).
export type { LoopHealth, LoopStatus, MaintenanceHealth, MaintenanceStatus } from '@notebook-hub/shared-types/maintenance-health';

/** Per loop: `stalled` is 0 or 1; `timeouts` only grows (a counter), the rest are gauges. */
export interface LoopReadings {
  seconds_since_success: number;
  last_duration_ms: number;
  consecutive_failures: number;
  stalled: number;
  timeouts: number;
}

interface Running {
  startedAt: number;
  abandoned: boolean;
}

/** What this process knows about one loop since boot. */
export class LoopState {
  /** When the loop was first scheduled here; the stalled rule counts from it until a first completion. */
  private activeSince: number | null = null;
  private lastStartedAt: number | null = null;
  private lastCompletedAt: number | null = null;
  private lastSuccessAt: number | null = null;
  private lastDurationMs: number | null = null;
  private consecutiveFailures = 0;
  private timeoutCount = 0;
  private running: Running | null = null;
  private stopping = false;

  constructor(
    readonly intervalMs: number,
    readonly deadlineMs: number,
  ) {}

  get timeouts(): number {
    return this.timeoutCount;
  }

  get failures(): number {
    return this.consecutiveFailures;
  }

  activate(now: number): void {
    this.activeSince ??= now;
  }

  begin(now: number): void {
    this.running = { startedAt: now, abandoned: false };
    this.lastStartedAt = now;
  }

  /** A settled attempt that was not abandoned; skipped attempts count as successes (docs/maintenance.md). */
  finish(outcome: Exclude<LoopOutcome, 'stalled'>, now: number): void {
    this.settle(now);
    if (outcome === 'failed') {
      this.consecutiveFailures++;
    } else {
      this.consecutiveFailures = 0;
      this.lastSuccessAt = now;
    }
  }

  /** The deadline passed with the attempt unsettled. */
  abandon(): void {
    if (!this.running || this.running.abandoned) return;
    this.running.abandoned = true;
    this.timeoutCount++;
  }

  /**
   * An abandoned attempt settled. Its result is discarded, so neither success nor failure is
   * counted, but it did end: the loop is no longer stalled and its duration is worth showing.
   */
  recover(now: number): void {
    this.settle(now);
  }

  stop(): void {
    this.stopping = true;
  }

  isStalled(now: number): boolean {
    if (this.running && (this.running.abandoned || now - this.running.startedAt > this.deadlineMs)) return true;
    if (this.stopping || this.activeSince === null) return false;
    return now - (this.lastCompletedAt ?? this.activeSince) > this.deadlineMs + this.intervalMs;
  }

  status(now: number): LoopStatus {
    if (this.isStalled(now)) return 'stalled';
    if (this.stopping) return 'stopping';
    return this.consecutiveFailures > 0 ? 'failing' : 'ok';
  }

  health(now: number): LoopHealth {
    const since = this.lastSuccessAt ?? this.activeSince;
    return {
      status: this.status(now),
      last_started_at: this.lastStartedAt,
      last_completed_at: this.lastCompletedAt,
      last_success_at: this.lastSuccessAt,
      last_duration_ms: this.lastDurationMs,
      seconds_since_success: since === null ? null : Math.max(0, now - since) / 1000,
      consecutive_failures: this.consecutiveFailures,
      timeouts: this.timeoutCount,
      interval_ms: this.intervalMs,
      deadline_ms: this.deadlineMs,
    };
  }

  /** The loop's gauges and counter (docs/maintenance.md, docs/telemetry.md), as the log line and the metrics report them. */
  readings(now: number): LoopReadings {
    const health = this.health(now);
    return {
      seconds_since_success: health.seconds_since_success ?? 0,
      last_duration_ms: health.last_duration_ms ?? 0,
      consecutive_failures: health.consecutive_failures,
      stalled: health.status === 'stalled' ? 1 : 0,
      timeouts: health.timeouts,
    };
  }

  /** The per-loop fields of the `maintenance_cycle` log line (docs/maintenance.md). */
  gauges(loop: string, now: number): Record<string, number> {
    const { timeouts, ...gauges } = this.readings(now);
    return {
      ...Object.fromEntries(Object.entries(gauges).map(([name, value]) => [`gauge.loop.${loop}.${name}`, value])),
      [`counter.loop.${loop}.timeouts`]: timeouts,
    };
  }

  private settle(now: number): void {
    if (this.running) this.lastDurationMs = now - this.running.startedAt;
    this.running = null;
    this.lastCompletedAt = now;
  }
}

/** Stalled outranks failing: a restart can recover a stall, not a failure (docs/maintenance.md). */
export function overallStatus(loops: Iterable<LoopHealth>): Exclude<MaintenanceStatus, 'unavailable'> {
  let status: Exclude<MaintenanceStatus, 'unavailable'> = 'ok';
  for (const loop of loops) {
    if (loop.status === 'stalled') return 'stalled';
    if (loop.status === 'failing') status = 'degraded';
  }
  return status;
}
