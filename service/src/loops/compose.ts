import type { Catalog } from '../core/catalog/catalog.js';
import type { Logger } from '../core/ports/logger.js';
import { NO_METRICS, type Metrics } from '../core/ports/metrics.js';
import type { ObjectStore } from '../core/ports/object-store.js';
import type { Tracer } from '../core/ports/tracing.js';
import type { BackgroundWork } from '../lifecycle/background-work.js';
import { defaultHousekeepingTasks, type HousekeepingOptions } from './housekeeping/defaults.js';
import { observeLoopMetrics } from './loop-metrics.js';
import { LoopRunner } from './loop-runner.js';
import { MaintenanceLoop, type HousekeepingTask } from './maintenance-loop.js';

/**
 * The loops of one hub process. Later capabilities register their loops on `runner` and their
 * housekeeping on `maintenance`; both accept registrations before and after `runner.start()`.
 */
export interface HubLoops {
  readonly runner: LoopRunner;
  readonly maintenance: MaintenanceLoop;
}

export interface HubLoopsDeps {
  store: ObjectStore;
  catalog: Catalog;
  logger: Logger;
  background: BackgroundWork;
  /** This replica's instance id. */
  holder: string;
  /** Where the loop gauges are reported (docs/telemetry.md). */
  metrics?: Metrics;
  /** Where each attempt's `loop.<loop>` span goes (docs/telemetry.md). */
  tracer?: Tracer;
  /** The capabilities' housekeeping tasks, run before the garbage collectors. */
  tasks?: readonly HousekeepingTask[];
}

/** Not settings: knobs for tests that cannot wait ten minutes for a deadline. */
export interface HubLoopsOptions {
  deadlineFloorMs?: number;
  housekeeping?: HousekeepingOptions;
}

export function createHubLoops(deps: HubLoopsDeps, options: HubLoopsOptions = {}): HubLoops {
  const runner = new LoopRunner({
    store: deps.store,
    logger: deps.logger,
    background: deps.background,
    holder: deps.holder,
    ...(deps.tracer ? { tracer: deps.tracer } : {}),
    ...(options.deadlineFloorMs !== undefined ? { deadlineFloorMs: options.deadlineFloorMs } : {}),
  });
  const maintenance = new MaintenanceLoop(deps.logger, undefined, {
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
    ...(deps.tracer ? { tracer: deps.tracer } : {}),
  });
  const tasks = defaultHousekeepingTasks(
    { store: deps.store, catalog: deps.catalog, knownLoops: () => runner.names(), tasks: deps.tasks },
    options.housekeeping,
  );
  for (const task of tasks) maintenance.addTask(task);
  maintenance.attach(runner);
  observeLoopMetrics(runner, deps.metrics ?? NO_METRICS);
  return { runner, maintenance };
}
