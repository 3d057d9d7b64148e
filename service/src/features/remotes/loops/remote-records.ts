import type { ObjectStore } from '../../../core/ports/object-store.js';
import { layout } from '../../../core/storage-layout.js';
import { expiredRecordsTask, type RecordSweepOptions } from '../../../loops/housekeeping/expired-records.js';
import type { HousekeepingTask } from '../../../loops/maintenance-loop.js';
import { RemoteRuns } from '../core/remote-runs.js';

/** These stay small (minutes-long sign-ins, a user's last week of operations): a short budget each. */
const TASK_BUDGET_MS = 10_000;

/**
 * What remotes leave behind (docs/remotes.md): sign-ins whose browser never came back, and pulls
 * and pushes a week after they ended (or after an interrupted one was last taken up), runs on a
 * team hub 30 days after they started (with a job's output and log).
 */
export const remoteRecordsTasks = (store: ObjectStore, options: RecordSweepOptions = {}) => {
  const small = { budgetMs: TASK_BUDGET_MS, ...options };
  return [
    expiredRecordsTask(store, 'remote_sign_ins', layout.remoteSignInsPrefix, small),
    expiredRecordsTask(store, 'remote_operations', layout.remoteOperationsPrefix(), small),
    remoteRunsTask(store),
  ];
};

function remoteRunsTask(store: ObjectStore): HousekeepingTask {
  return {
    name: 'remote_runs',
    budgetMs: TASK_BUDGET_MS,
    run: async ({ signal, now }) => ({ deleted: await new RemoteRuns(store, () => new Date(now)).sweep(signal) }),
  };
}
