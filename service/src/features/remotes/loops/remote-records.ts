import type { ObjectStore } from '../../../core/ports/object-store.js';
import { layout } from '../../../core/storage-layout.js';
import { expiredRecordsTask, type RecordSweepOptions } from '../../../loops/housekeeping/expired-records.js';

/** These stay small (minutes-long sign-ins, a user's last week of operations): a short budget each. */
const TASK_BUDGET_MS = 10_000;

/**
 * What remotes leave behind (docs/remotes.md): sign-ins whose browser never came back, and pulls
 * and pushes a week after they ended (or after an interrupted one was last taken up).
 */
export const remoteRecordsTasks = (store: ObjectStore, options: RecordSweepOptions = {}) => {
  const small = { budgetMs: TASK_BUDGET_MS, ...options };
  return [
    expiredRecordsTask(store, 'remote_sign_ins', layout.remoteSignInsPrefix, small),
    expiredRecordsTask(store, 'remote_operations', layout.remoteOperationsPrefix(), small),
  ];
};
