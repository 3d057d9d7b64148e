import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../ports/logger.js';
import { isSandboxError, type SandboxDriver } from '../ports/sandbox-driver.js';
import type { WorkloadEnvironments, WorkloadStart } from './workload-environment.js';

export interface SecretsRefreshTimerDeps {
  driver: Pick<SandboxDriver, 'replaceSecretFiles'>;
  workloads: Pick<WorkloadEnvironments, 'refreshFor'>;
  logger: Logger;
  now: () => Date;
  /**
   * Whether the workload's user may still use the project's integrations, asked again before each
   * refresh: a user removed, lowered to viewer or suspended while the run goes on gets no new token.
   */
  mayUse?(userId: string, projectId: string): Promise<boolean>;
}

/** After a failed write, the next try comes this much later (still well before a token expires). */
const RETRY_MS = 5_000;

/**
 * Keeps the expiring secret files of a sandbox fresh while this replica runs its workload (a job
 * run's sandbox, held by the replica executing the run from its start to its end): at each
 * `refreshAt` the providers give new content (a workload identity token; docs/federation.md,
 * "Refreshing") and the driver writes it. Stops when told, when the providers give nothing more
 * or when the sandbox is gone.
 */
export function keepSecretsFresh(deps: SecretsRefreshTimerDeps, sandboxId: string, start: WorkloadStart, firstRefreshAt: Date): { stop(): void } {
  const stopped = new AbortController();
  const ids = { project_id: start.projectId, sandbox_id: sandboxId, ...(start.runId ? { run_id: start.runId } : {}) };
  const refreshAll = async () => {
    let at = firstRefreshAt.getTime();
    for (;;) {
      await sleep(Math.max(0, at - deps.now().getTime()), undefined, { signal: stopped.signal }).catch(() => {});
      if (stopped.signal.aborted) return;
      try {
        const mayUse = deps.mayUse ? await deps.mayUse(start.userId, start.projectId) : start.mayUse;
        const refresh = await deps.workloads.refreshFor(mayUse === undefined ? start : { ...start, mayUse });
        if (refresh === null) {
          deps.logger.info({ event: 'sandbox_secrets_refresh_ended', ...ids }, 'sandbox_secrets_refresh_ended');
          return;
        }
        if (stopped.signal.aborted) return;
        await deps.driver.replaceSecretFiles(sandboxId, refresh.files);
        at = refresh.refreshAt.getTime();
        deps.logger.info(
          { event: 'sandbox_secrets_refreshed', ...ids, files: Object.keys(refresh.files), refresh_at: refresh.refreshAt.toISOString() },
          'sandbox_secrets_refreshed',
        );
      } catch (error) {
        if (isSandboxError(error, 'NOT_FOUND')) return;
        deps.logger.warn({ event: 'sandbox_secrets_refresh_failed', ...ids, err: error }, 'sandbox_secrets_refresh_failed');
        at = deps.now().getTime() + RETRY_MS;
      }
    }
  };
  void refreshAll();
  return { stop: () => stopped.abort() };
}
