export interface SessionsClosed {
  /** Sessions stopped (edit sessions saved first). */
  stopped: number;
  /** Sessions whose stop failed; the lifecycle loop of the next launch deals with them. */
  failed: number;
}

export interface ShutdownSteps {
  /** Saves and stops the live sessions. */
  closeSessions(): Promise<SessionsClosed>;
  /** Stops the hub with its drain; 'timeout' when the drain budget ran out. */
  drainHub(): Promise<'drained' | 'timeout'>;
  /** Gives up the instance lock and whatever else the launch holds; runs even when a step before failed. */
  release(): Promise<void>;
  exit(code: number): void;
}

export interface ShutdownLog {
  info(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export interface ShutdownOptions {
  /** How long saving the sessions may take before the drain starts anyway. */
  sessionsBudgetMs: number;
  log: ShutdownLog;
}

/**
 * The desktop app's way out (docs/desktop.md): save and stop the live sessions, then drain the
 * hub, then release the launch's hold on the data folder, then exit; in that order, because a
 * session saves through the hub's store, which the drain closes. A step that fails or runs out of
 * time is logged and the next one runs: closing the app never hangs on a stuck kernel. The
 * returned function may be called any number of times (last window closed, quit from the menu,
 * a signal); the sequence runs once and every call gets its exit code.
 */
export function shutdownSequence(steps: ShutdownSteps, options: ShutdownOptions): () => Promise<number> {
  let running: Promise<number> | null = null;
  return () => (running ??= run(steps, options));
}

async function run(steps: ShutdownSteps, { sessionsBudgetMs, log }: ShutdownOptions): Promise<number> {
  let code = 0;
  let timer: NodeJS.Timeout | undefined;
  try {
    const budget = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), sessionsBudgetMs)));
    const closed = await Promise.race([steps.closeSessions(), budget]);
    if (closed === 'timeout') {
      log.error('desktop_sessions_save_timeout', { budget_ms: sessionsBudgetMs });
      code = 1;
    } else {
      log.info('desktop_sessions_saved', { stopped: closed.stopped, failed: closed.failed });
      if (closed.failed > 0) code = 1;
    }
  } catch (error) {
    log.error('desktop_sessions_save_failed', { err: error });
    code = 1;
  } finally {
    clearTimeout(timer);
  }
  try {
    if ((await steps.drainHub()) === 'timeout') code = 1;
  } catch (error) {
    log.error('desktop_drain_failed', { err: error });
    code = 1;
  }
  try {
    await steps.release();
  } catch (error) {
    log.error('desktop_release_failed', { err: error });
    code = 1;
  }
  log.info('desktop_exit', { code });
  steps.exit(code);
  return code;
}
