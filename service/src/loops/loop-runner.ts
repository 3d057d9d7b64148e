import type { Logger } from '../core/ports/logger.js';
import type { ObjectStore } from '../core/ports/object-store.js';
import { NO_TRACING, type Span, type Tracer } from '../core/ports/tracing.js';
import type { BackgroundWork } from '../lifecycle/background-work.js';
import { LoopAbortError, runAttempt, type AttemptResult } from './loop-attempt.js';
import { errorSummary, writeLoopReport } from './loop-report.js';
import { LoopState, overallStatus, type LoopReadings, type MaintenanceHealth } from './loop-state.js';
import { attemptDeadlineMs, DEFAULT_DEADLINE_FLOOR_MS, failedEventOf, LOOP_NAME_PATTERN, type LoopDefinition, type LoopOutcome } from './loop-types.js';

export interface LoopRunnerOptions {
  store: ObjectStore;
  logger: Logger;
  /** Attempts run as background work, so shutdown waits for them. */
  background: BackgroundWork;
  /** This replica's identity in leases, logs and status records. */
  holder: string;
  /** The 10-minute floor of the attempt deadline; lowered only by tests. */
  deadlineFloorMs?: number;
  /**
   * Lease lifetime, renewed while an attempt runs; capped at the attempt deadline. It bounds how
   * long a replica that died mid-attempt keeps the others out. Default 2 minutes.
   */
  leaseTtlMs?: number;
  /** Each attempt is a `loop.<loop>` span, the root of a trace of its own (docs/telemetry.md). */
  tracer?: Tracer;
}

export const DEFAULT_LEASE_TTL_MS = 2 * 60_000;

export interface AttemptOutcome {
  loop: string;
  outcome: LoopOutcome;
  startedAt: number;
  durationMs: number;
}

interface Attempt {
  span: Span;
  controller: AbortController;
  startedAt: number;
  abandoned: boolean;
  deadlineTimer: NodeJS.Timeout | undefined;
}

interface Loop {
  definition: LoopDefinition;
  state: LoopState;
  timer: NodeJS.Timeout | undefined;
  attempt: Attempt | null;
}

/**
 * Runs named loops on `setTimeout` chains: the next attempt is scheduled one interval after the
 * previous one settles, so attempts of one loop never overlap in this process, and leases keep
 * them from overlapping across replicas. An attempt that outlives its deadline is abandoned (its
 * signal aborted) but still awaited: nothing new starts until it settles.
 */
export class LoopRunner {
  private readonly loops = new Map<string, Loop>();
  private readonly listeners: ((outcome: AttemptOutcome) => void)[] = [];
  private started = false;
  private stopped = false;
  private readonly deadlineFloorMs: number;

  constructor(private readonly options: LoopRunnerOptions) {
    this.deadlineFloorMs = options.deadlineFloorMs ?? DEFAULT_DEADLINE_FLOOR_MS;
    options.background.onStop(() => this.stop());
  }

  /** Adds a loop; once the runner has started, an enabled loop makes its first attempt right away. */
  register(definition: LoopDefinition): void {
    if (!LOOP_NAME_PATTERN.test(definition.name)) throw new Error(`loop name ${JSON.stringify(definition.name)} must match ${LOOP_NAME_PATTERN.source}`);
    if (this.loops.has(definition.name)) throw new Error(`loop ${definition.name} is already registered`);
    if (!(definition.intervalMs > 0)) throw new Error(`loop ${definition.name} needs a positive interval`);
    const loop: Loop = {
      definition,
      state: new LoopState(definition.intervalMs, attemptDeadlineMs(definition.intervalMs, this.deadlineFloorMs)),
      timer: undefined,
      attempt: null,
    };
    this.loops.set(definition.name, loop);
    if (this.started) this.activate(loop);
  }

  /** Starts every enabled loop; their first attempts begin at once. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    for (const loop of this.loops.values()) this.activate(loop);
  }

  get isStarted(): boolean {
    return this.started;
  }

  /** Every registered loop, enabled or not (their status records are not garbage). */
  names(): string[] {
    return [...this.loops.keys()];
  }

  /** Called after each attempt's outcome is known (for stalled: when the deadline passes). */
  onOutcome(listener: (outcome: AttemptOutcome) => void): void {
    this.listeners.push(listener);
  }

  health(now: number = Date.now()): MaintenanceHealth {
    const loops: MaintenanceHealth['loops'] = {};
    for (const [name, loop] of this.enabledLoops()) loops[name] = loop.state.health(now);
    return { status: overallStatus(Object.values(loops)), loops };
  }

  /** The loop gauges and counters of the `maintenance_cycle` line, for every enabled loop. */
  gauges(now: number = Date.now()): Record<string, number> {
    const fields: Record<string, number> = {};
    for (const [name, loop] of this.enabledLoops()) Object.assign(fields, loop.state.gauges(name, now));
    return fields;
  }

  /** The same readings per enabled loop, for the metrics (docs/telemetry.md). */
  readings(now: number = Date.now()): Record<string, LoopReadings> {
    const readings: Record<string, LoopReadings> = {};
    for (const [name, loop] of this.enabledLoops()) readings[name] = loop.state.readings(now);
    return readings;
  }

  private *enabledLoops(): Generator<[string, Loop]> {
    for (const entry of this.loops) if (entry[1].definition.enabled !== false) yield entry;
  }

  private activate(loop: Loop): void {
    if (loop.definition.enabled === false || this.stopped) return;
    loop.state.activate(Date.now());
    this.schedule(loop, 0);
  }

  private schedule(loop: Loop, delayMs: number): void {
    if (this.stopped) return;
    loop.timer = setTimeout(() => {
      loop.timer = undefined;
      this.launch(loop);
    }, delayMs).unref();
  }

  private launch(loop: Loop): void {
    if (this.stopped || loop.attempt || this.options.background.isStopping) return;
    const { definition, state } = loop;
    const span = (this.options.tracer ?? NO_TRACING).startSpan(`loop.${definition.name}`, {
      parent: 'root',
      attributes: { 'service.loop.name': definition.name },
    });
    const attempt: Attempt = { span, controller: new AbortController(), startedAt: Date.now(), abandoned: false, deadlineTimer: undefined };
    loop.attempt = attempt;
    state.begin(attempt.startedAt);
    const leaseTtlMs = Math.min(state.deadlineMs, this.options.leaseTtlMs ?? DEFAULT_LEASE_TTL_MS);
    this.options.background.run(async () => {
      const result = await span.run(() => runAttempt(this.options, definition, attempt.controller, leaseTtlMs));
      try {
        await this.settle(loop, attempt, result);
      } finally {
        // Whatever happened while settling, the loop must keep its schedule.
        this.schedule(loop, definition.fixedRate ? Math.max(0, attempt.startedAt + definition.intervalMs - Date.now()) : definition.intervalMs);
      }
    });
    attempt.deadlineTimer = setTimeout(() => this.abandon(loop, attempt), state.deadlineMs).unref();
  }

  private abandon(loop: Loop, attempt: Attempt): void {
    if (loop.attempt !== attempt) return;
    const { name } = loop.definition;
    const durationMs = Date.now() - attempt.startedAt;
    attempt.abandoned = true;
    loop.state.abandon();
    this.options.logger.error(
      { event: `${name}_stalled`, loop: name, holder: this.options.holder, deadline_ms: loop.state.deadlineMs, duration_ms: durationMs },
      `${name}_stalled`,
    );
    attempt.controller.abort(new LoopAbortError('deadline', name));
    endAttemptSpan(attempt.span, 'stalled');
    this.emit({ loop: name, outcome: 'stalled', startedAt: attempt.startedAt, durationMs });
    this.options.background.run(() => this.report(loop, 'stalled', attempt.startedAt, durationMs));
  }

  private async settle(loop: Loop, attempt: Attempt, result: AttemptResult): Promise<void> {
    clearTimeout(attempt.deadlineTimer);
    loop.attempt = null;
    const { name } = loop.definition;
    const now = Date.now();
    const durationMs = now - attempt.startedAt;
    if (attempt.abandoned) {
      loop.state.recover(now);
      this.options.logger.debug(
        { event: `${name}_recovered`, loop: name, holder: this.options.holder, duration_ms: durationMs, discarded_outcome: result.outcome },
        `${name}_recovered`,
      );
    } else {
      loop.state.finish(result.outcome, now);
      endAttemptSpan(attempt.span, result.outcome);
      if (result.outcome === 'failed') this.logFailure(loop, attempt, result.error, durationMs);
      this.emit({ loop: name, outcome: result.outcome, startedAt: attempt.startedAt, durationMs });
      await this.report(loop, result.outcome, attempt.startedAt, durationMs, result.error);
    }
  }

  private logFailure(loop: Loop, attempt: Attempt, error: unknown, durationMs: number): void {
    const { name } = loop.definition;
    const event = failedEventOf(name);
    const fields = { event, loop: name, holder: this.options.holder, duration_ms: durationMs, consecutive_failures: loop.state.failures, err: error };
    // Work cut short by shutdown is expected; it is not worth waking anyone for.
    const interrupted = this.stopped && attempt.controller.signal.aborted;
    if (interrupted) this.options.logger.warn({ ...fields, interrupted: true }, event);
    else this.options.logger.error(fields, event);
  }

  private report(loop: Loop, outcome: LoopOutcome, startedAt: number, durationMs: number, error?: unknown): Promise<void> {
    return writeLoopReport(this.options.store, this.options.logger, {
      schema_version: 1,
      loop: loop.definition.name,
      holder: this.options.holder,
      outcome,
      started_at: new Date(startedAt).toISOString(),
      recorded_at: new Date().toISOString(),
      duration_ms: durationMs,
      consecutive_failures: loop.state.failures,
      timeouts: loop.state.timeouts,
      error: errorSummary(error),
    });
  }

  private emit(outcome: AttemptOutcome): void {
    for (const listener of this.listeners) {
      try {
        listener(outcome);
      } catch (error) {
        this.options.logger.warn({ event: 'loop_listener_failed', loop: outcome.loop, err: error }, 'loop_listener_failed');
      }
    }
  }

  /** Shutdown: no more ticks; running attempts are asked to stop at their next step and release their leases. */
  private stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const loop of this.loops.values()) {
      clearTimeout(loop.timer);
      loop.timer = undefined;
      loop.state.stop();
      loop.attempt?.controller.abort(new LoopAbortError('shutdown', loop.definition.name));
    }
  }
}

/** `service.loop.outcome` on the attempt's span; failed and stalled attempts are errors. */
function endAttemptSpan(span: Span, outcome: LoopOutcome): void {
  span.setAttributes({ 'service.loop.outcome': outcome });
  if (outcome === 'failed' || outcome === 'stalled') span.fail(outcome);
  span.end();
}
