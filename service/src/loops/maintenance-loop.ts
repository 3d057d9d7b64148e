import type { Logger } from '../core/ports/logger.js';
import { NO_METRICS, type Counter, type Histogram, type Metrics } from '../core/ports/metrics.js';
import { NO_TRACING, type Tracer } from '../core/ports/tracing.js';
import type { LoopRunner } from './loop-runner.js';
import { HUB_LOOPS, LOOP_NAME_PATTERN, type LoopContext, type LoopDefinition } from './loop-types.js';

/** Counts and flags a task reports; they appear in the `maintenance_cycle` line under `tasks`. */
export type HousekeepingResult = Record<string, number | boolean | string>;

export interface HousekeepingContext {
  /** Aborted when the task's budget runs out or the attempt is abandoned or interrupted. */
  signal: AbortSignal;
  logger: Logger;
  /** The cycle's clock reading, so every task of a cycle judges ages against the same instant. */
  now: number;
}

export interface HousekeepingTask {
  /** snake_case, unique on the maintenance loop. */
  name: string;
  /** How long the task may run in one cycle; its signal aborts after that. */
  budgetMs?: number;
  /**
   * Does one bounded pass. A task that runs out of budget or hits its own limit returns what it
   * got through (with `partial: true`) and continues next cycle; throwing marks the cycle failed.
   */
  run(context: HousekeepingContext): Promise<HousekeepingResult>;
}

/**
 * The cheap tasks get this; the garbage collectors ask for more. Together the budgets stay inside
 * the maintenance deadline (15 min), which a test checks.
 */
export const DEFAULT_TASK_BUDGET_MS = 60_000;

/**
 * The maintenance loop: every 5 minutes, under `_system/_maintenance.lock`, runs the registered
 * housekeeping tasks one after another. One failing task does not stop the others, but fails the
 * cycle so health reports the loop as failing.
 */
export class MaintenanceLoop {
  private readonly tasks: HousekeepingTask[] = [];
  private sessionsReclaimed: () => number = () => 0;
  private lastTasks: Record<string, HousekeepingResult> = {};
  private readonly cycles: Counter;
  private readonly taskRuns: Counter;
  private readonly taskDuration: Histogram;
  private readonly tracer: Tracer;

  constructor(
    private readonly logger: Logger,
    private readonly intervalMs: number = HUB_LOOPS.maintenance.intervalMs,
    /** `maintenance.*` metrics and a `maintenance.<task>` span per task (docs/telemetry.md). */
    telemetry: { metrics?: Metrics; tracer?: Tracer } = {},
  ) {
    const metrics = telemetry.metrics ?? NO_METRICS;
    this.tracer = telemetry.tracer ?? NO_TRACING;
    this.cycles = metrics.counter('maintenance.cycles', { description: 'Maintenance cycles that ended, by outcome', unit: '{cycle}' });
    for (const outcome of ['success', 'failed', 'stalled', 'skipped']) this.cycles.add(0, { outcome });
    this.taskRuns = metrics.counter('maintenance.tasks', { description: 'Housekeeping tasks run, by task and outcome', unit: '{task}' });
    this.taskDuration = metrics.histogram('maintenance.task.duration', { description: 'How long a housekeeping task ran, by task', unit: 'ms' });
  }

  addTask(task: HousekeepingTask): void {
    if (!LOOP_NAME_PATTERN.test(task.name)) throw new Error(`task name ${JSON.stringify(task.name)} must match ${LOOP_NAME_PATTERN.source}`);
    if (this.tasks.some((existing) => existing.name === task.name)) throw new Error(`housekeeping task ${task.name} is already registered`);
    this.tasks.push(task);
    for (const outcome of ['success', 'failed']) this.taskRuns.add(0, { task: task.name, outcome });
  }

  taskNames(): string[] {
    return this.tasks.map((task) => task.name);
  }

  /** The session capability supplies the count of sessions reclaimed in the cycle. */
  reportSessionsReclaimed(source: () => number): void {
    this.sessionsReclaimed = source;
  }

  definition(): LoopDefinition {
    return {
      name: HUB_LOOPS.maintenance.name,
      intervalMs: this.intervalMs,
      lease: HUB_LOOPS.maintenance.lease,
      work: (context) => this.runCycle(context),
    };
  }

  /** Registers the loop on `runner` and logs `maintenance_cycle` after each of its attempts. */
  attach(runner: LoopRunner): void {
    runner.register(this.definition());
    runner.onOutcome((attempt) => {
      if (attempt.loop !== HUB_LOOPS.maintenance.name) return;
      this.cycles.add(1, { outcome: attempt.outcome });
      const tasks = attempt.outcome === 'skipped' ? {} : this.lastTasks;
      this.logger.info(
        {
          event: 'maintenance_cycle',
          outcome: attempt.outcome,
          duration_ms: attempt.durationMs,
          tasks,
          sessions_reclaimed: this.readSessionsReclaimed(),
          ...runner.gauges(),
        },
        'maintenance_cycle',
      );
    });
  }

  async runCycle({ signal, logger }: LoopContext): Promise<void> {
    const results: Record<string, HousekeepingResult> = {};
    this.lastTasks = results;
    const failed: string[] = [];
    const now = Date.now();
    for (const task of this.tasks) {
      if (signal.aborted) break;
      const started = Date.now();
      const budget = AbortSignal.any([signal, AbortSignal.timeout(task.budgetMs ?? DEFAULT_TASK_BUDGET_MS)]);
      try {
        const result = await this.tracer.withSpan(`maintenance.${task.name}`, {}, () =>
          task.run({ signal: budget, logger: logger.child({ task: task.name }), now }),
        );
        results[task.name] = { ...result, duration_ms: Date.now() - started };
        this.taskRuns.add(1, { task: task.name, outcome: 'success' });
        logger.debug({ event: 'maintenance_task', task: task.name, ...results[task.name] }, 'maintenance_task');
      } catch (error) {
        failed.push(task.name);
        results[task.name] = { failed: true, duration_ms: Date.now() - started };
        this.taskRuns.add(1, { task: task.name, outcome: 'failed' });
        logger.warn({ event: 'maintenance_task_failed', task: task.name, err: error }, 'maintenance_task_failed');
      }
      this.taskDuration.record(Date.now() - started, { task: task.name });
    }
    if (failed.length > 0) throw new Error(`housekeeping failed: ${failed.join(', ')}`);
  }

  private readSessionsReclaimed(): number {
    try {
      const count = this.sessionsReclaimed();
      return Number.isFinite(count) ? count : 0;
    } catch {
      return 0;
    }
  }
}
