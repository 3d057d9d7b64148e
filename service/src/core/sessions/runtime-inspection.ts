import type { Catalog } from '../catalog/catalog.js';
import { catalogKeys } from '../storage-layout.js';
import type { InspectedReclaimBlock } from './reclaim-rules.js';
import { summaryOf, type SessionSummary, type StopReason } from './session-model.js';
import type { SessionReclaimer } from './session-reclaim.js';
import type { SessionStore } from './session-store.js';

/** One session that may hold a sandbox, as runtime inspection shows it. */
export interface RuntimeSessionRow extends SessionSummary {
  stop_reason: StopReason | null;
  stopped_at: string | null;
  sandbox_released: boolean;
  /** The trace of its start; null where it was not traced. */
  trace_id: string | null;
  /** Editor rows only: a reclaim with the default body passes every check that needs no sandbox call. */
  reclaimable?: boolean;
  reclaim_blocked_reason?: InspectedReclaimBlock | null;
}

export interface RuntimeInspectionDeps {
  catalog: Catalog;
  sessions: SessionStore;
  reclaimer: SessionReclaimer;
}

/**
 * Sessions that may still hold a sandbox, across every project, newest first: live ones and those
 * that are over but not yet released. Reclaimability comes from the decision the reclaim itself
 * makes first, so the two never disagree.
 */
export async function runtimeSessions(
  deps: RuntimeInspectionDeps,
  options: { cursor: string | null; limit: number },
): Promise<{ items: RuntimeSessionRow[]; nextCursor: string | null }> {
  const page = await (await deps.catalog.view()).list<{ project_id: string }>(catalogKeys.activeSessionsPrefix, { ...options, reverse: true });
  const items: RuntimeSessionRow[] = [];
  for (const { key, value } of page.items) {
    const record = await deps.sessions.get(value.project_id, key.slice(catalogKeys.activeSessionsPrefix.length));
    // The index follows the record; a record removed meanwhile has nothing left to show.
    if (!record) continue;
    const row: RuntimeSessionRow = {
      ...summaryOf(record),
      stop_reason: record.stop_reason,
      stopped_at: record.stopped_at,
      sandbox_released: record.sandbox_released,
      trace_id: record.trace_id ?? null,
    };
    if (record.mode === 'edit') {
      const blocked = deps.reclaimer.inspect(record);
      row.reclaimable = blocked === null;
      row.reclaim_blocked_reason = blocked;
    }
    items.push(row);
  }
  return { items, nextCursor: page.nextCursor };
}
