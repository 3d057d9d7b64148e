import type { ObjectStore } from '../../../core/ports/object-store.js';
import { layout } from '../../../core/storage-layout.js';
import { expiredRecordsTask, type RecordSweepOptions } from '../../../loops/housekeeping/expired-records.js';

/** These stores stay small (minutes-long records, one connection per user and client): a short budget each keeps the cycle inside its deadline. */
export const OAUTH_TASK_BUDGET_MS = 10_000;
/** Taken from the layout so the sweep follows the records if their keys ever move. */
const OAUTH_PREFIXES = { requests: layout.oauthRequest(''), codes: layout.oauthCode(''), grants: layout.oauthGrant('') };

/**
 * What MCP clients' OAuth leaves behind (docs/mcp.md): consent requests never answered, codes
 * (kept ten minutes to spot a replay), and connections whose client stopped renewing them.
 */
export const oauthRecordsTasks = (store: ObjectStore, options: RecordSweepOptions = {}) => {
  const small = { budgetMs: OAUTH_TASK_BUDGET_MS, ...options };
  return [
    expiredRecordsTask(store, 'oauth_requests', OAUTH_PREFIXES.requests, small),
    expiredRecordsTask(store, 'oauth_codes', OAUTH_PREFIXES.codes, small),
    expiredRecordsTask(store, 'oauth_connections', OAUTH_PREFIXES.grants, small),
  ];
};
