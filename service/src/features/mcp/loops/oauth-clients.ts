import type { OAuthClientRecord } from '../core/oauth/oauth-clients.js';
import type { OAuthGrantRecord } from '../core/oauth/oauth-grants.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import { getJson } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';
import type { HousekeepingTask } from '../../../loops/maintenance-loop.js';
import { OAUTH_TASK_BUDGET_MS } from './oauth-records.js';
import { deleteIfUnchanged, listObjects, sweepPrefix } from '../../../loops/housekeeping/scan.js';

/** How long a registered MCP client without a connection is kept (docs/mcp.md). */
export const UNCONNECTED_CLIENT_DAYS = 30;
const MAX_DELETES = 5_000;

/**
 * MCP clients that registered (anyone may) and hold no connection a month later: their
 * registrations are deleted. A client that comes back registers again, as the MCP SDKs do when
 * the hub no longer knows their id. The live connections are read first (one record per user and
 * client, so few), then the registrations.
 */
export function oauthClientsTask(store: ObjectStore, idleDays = UNCONNECTED_CLIENT_DAYS): HousekeepingTask {
  return {
    name: 'oauth_clients',
    budgetMs: OAUTH_TASK_BUDGET_MS,
    async run({ signal, now }) {
      const connected = new Set<string>();
      for await (const item of listObjects(store, layout.oauthGrant(''), signal)) {
        const grant = (await getJson<OAuthGrantRecord>(store, item.key))?.value;
        if (grant) connected.add(grant.client_id);
      }
      if (signal.aborted) return { examined: 0, deleted: 0, partial: true };
      const cutoff = now - idleDays * 24 * 3600_000;
      return sweepPrefix(store, layout.oauthClient(''), { signal, maxDeletes: MAX_DELETES }, async (item) => {
        const found = await getJson<OAuthClientRecord>(store, item.key);
        if (!found || connected.has(found.value.client_id) || Date.parse(found.value.created_at) > cutoff) return false;
        return deleteIfUnchanged(store, item.key, found.etag);
      });
    },
  };
}
