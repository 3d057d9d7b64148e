import type { Logger } from '../core/ports/logger.js';

/** What one attempt came to; also the `service.loop.outcome` span attribute (docs/telemetry.md). */
export const LOOP_OUTCOMES = ['success', 'failed', 'stalled', 'skipped'] as const;
export type LoopOutcome = (typeof LOOP_OUTCOMES)[number];

export interface LoopContext {
  /**
   * Aborted when the attempt passes its deadline, when shutdown begins, or when the lease is lost.
   * Work stops at its next step boundary; a step already under way may finish.
   */
  signal: AbortSignal;
  logger: Logger;
}

export interface LoopDefinition {
  /** snake_case; names the log events (`<name>_failed`), the gauges and the status record. */
  name: string;
  intervalMs: number;
  /** Lease object name (`_system/_<lease>.lock`); null for loops whose work is safe on every replica. */
  lease: string | null;
  /**
   * The next attempt is due one interval after the previous one began (at once when it took
   * longer), instead of one interval after it ended: a loop that promises a cadence (the job
   * scheduler fires within one tick of a due time) keeps it. Attempts still never overlap.
   */
  fixedRate?: boolean;
  /** A disabled loop is never scheduled and is left out of health and gauges. Default true. */
  enabled?: boolean;
  work(context: LoopContext): Promise<void>;
}

/**
 * The base's loops of docs/maintenance.md (the capabilities name theirs in their own `loops/`);
 * intervals that come from settings are supplied where the loop is registered.
 */
export const HUB_LOOPS = {
  maintenance: { name: 'maintenance', intervalMs: 5 * 60_000, lease: 'maintenance' },
  sessionLifecycle: { name: 'session_lifecycle', lease: 'session_lifecycle' },
  warmPool: { name: 'warm_pool', intervalMs: 5_000, idleIntervalMs: 5 * 60_000, lease: 'warm_pool' },
} as const;

export const DEFAULT_DEADLINE_FLOOR_MS = 10 * 60_000;

/** docs/maintenance.md: an attempt (lease, work and release) gets max(3 x interval, 10 min). */
export function attemptDeadlineMs(intervalMs: number, floorMs: number = DEFAULT_DEADLINE_FLOOR_MS): number {
  return Math.max(3 * intervalMs, floorMs);
}

/** The warm pool's failure event predates the naming rule and keeps its published name. */
export function failedEventOf(loop: string): string {
  return loop === HUB_LOOPS.warmPool.name ? 'warm_pool_sweep_failed' : `${loop}_failed`;
}

/** Loop names become key segments and log field names, so they stay within a small alphabet. */
export const LOOP_NAME_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;
