import type { Catalog, CatalogView } from '../catalog/catalog.js';
import type { Logger } from '../ports/logger.js';
import { getJson, jsonBody } from '../store/cas.js';
import type { ObjectInfo, ObjectStore } from '../ports/object-store.js';
import { catalogKeys, layout } from '../storage-layout.js';
import type { EditorClaim, EditorClaims } from './editor-claims.js';
import { TERMINAL_STATES, type SessionRecord } from './session-model.js';
import type { SessionStore } from './session-store.js';

export interface IndexRepairOptions {
  /**
   * Records and claims changed more recently than this are left to their writer: a start writes
   * its claim, then its record, then indexes it, and may be in the middle of that.
   */
  graceMs: number;
  /** The scan of every session record runs at most this often. */
  scanEveryMs: number;
  /** Sessions one scan indexes at most; a scan that reaches it goes on at the next sweep. */
  maxIndexedPerScan: number;
}

export const DEFAULT_INDEX_REPAIR: IndexRepairOptions = { graceMs: 5 * 60_000, scanEveryMs: 3600_000, maxIndexedPerScan: 500 };

interface ScanState {
  schema_version: 1;
  last_completed_at: number;
}

export interface ScanOutcome {
  /** Records no index named, now indexed. */
  indexed: number;
  /** Live-session entries of sessions that are no longer live, removed. */
  pruned: number;
  /** False when cut short (the cap, or the sweep ending): the next sweep scans again. */
  complete: boolean;
}

/**
 * Keeps the session indexes in line with the records after a crash separated them (a record is
 * written, then indexed; changed, then re-indexed). Three checks, from cheap and frequent to
 * thorough and rare:
 *
 * - every sweep, each session the sweep reads from `active-sessions/` is compared with its
 *   entries (no reads but catalog nodes, which are cached), and repaired when they differ;
 * - every sweep, editor claims no swept session accounts for (one listing of `claims/`; a claim
 *   is read only then) lead to their session, which is indexed if its start crashed before
 *   indexing it, and the claim released if its session is over and released;
 * - at most every `scanEveryMs`, every session record key is matched against the catalog (one
 *   listing of `sessions/` and one pass over the catalog's `sessions/` entries, both in key
 *   order), unknown records are indexed, and live-session entries of sessions with no
 *   `active-sessions/` entry are pruned.
 *
 * Only catalog entries and claims change here, each through its own compare-and-swap; records
 * are never written, so a session a replica is changing is never set back.
 */
export class SessionIndexRepair {
  constructor(
    private readonly deps: { store: ObjectStore; catalog: Catalog; sessions: SessionStore; claims: EditorClaims; logger: Logger },
    private readonly options: IndexRepairOptions = DEFAULT_INDEX_REPAIR,
  ) {}

  /**
   * A check for one sweep against the catalog as it is now: resolves to true when it had to
   * repair the session's entries. A record newer than the snapshot looks different and costs a
   * repair that finds nothing to change.
   */
  async checker(): Promise<(record: SessionRecord) => Promise<boolean>> {
    let view: CatalogView | null = null;
    return async (record) => {
      view ??= await this.deps.catalog.view();
      if (await this.deps.sessions.indexMatches(view, record)) return false;
      return this.repair(record.project_id, record.id, 'sweep');
    };
  }

  /** Repairs the entries of a session; true when something changed. */
  async repair(projectId: string, sessionId: string, source: 'sweep' | 'claim' | 'scan'): Promise<boolean> {
    const changed = await this.deps.sessions.repairIndex(projectId, sessionId);
    if (changed) this.deps.logger.warn({ event: 'session_index_repaired', source, project_id: projectId, session_id: sessionId }, 'session_index_repaired');
    return changed;
  }

  /**
   * Follows the claims of notebooks (`held`: `<pid>/<nid>` of the edit sessions the sweep
   * visited) to sessions the sweep could not see. Resolves to the records it indexed, for the
   * sweep to handle at once.
   */
  async strayClaims(held: ReadonlySet<string>, now: number, signal: AbortSignal): Promise<{ indexed: SessionRecord[]; released: number }> {
    const indexed: SessionRecord[] = [];
    let released = 0;
    for await (const item of listAll(this.deps.store, layout.editorClaimsPrefix, signal)) {
      const [, projectId, notebookId] = item.key.split('/');
      if (!projectId || !notebookId || held.has(`${projectId}/${notebookId}`) || now - item.lastModified < this.options.graceMs) continue;
      const claim = (await getJson<EditorClaim>(this.deps.store, item.key))?.value;
      if (!claim) continue;
      const repaired = await this.repair(projectId, claim.session_id, 'claim');
      const record = await this.deps.sessions.get(projectId, claim.session_id);
      if (repaired && record) indexed.push(record);
      else if (record === null || (TERMINAL_STATES.has(record.state) && record.sandbox_released)) {
        // Its start crashed before storing it, or its release before giving the claim up.
        await this.deps.claims.release(projectId, notebookId, claim.session_id);
        released++;
      }
    }
    return { indexed, released };
  }

  /** The full scan, when the last completed one is `scanEveryMs` old (or from a clock ahead of this one). */
  async scanIfDue(now: number, signal: AbortSignal): Promise<ScanOutcome | null> {
    const state = await getJson<ScanState>(this.deps.store, layout.sessionIndexScanState);
    const since = state ? now - state.value.last_completed_at : Number.POSITIVE_INFINITY;
    if (since >= 0 && since < this.options.scanEveryMs) return null;
    const outcome: ScanOutcome = { indexed: 0, pruned: 0, complete: true };
    const known = (await this.deps.catalog.view()).entries(catalogKeys.allSessionsPrefix)[Symbol.asyncIterator]();
    let next = await known.next();
    for await (const item of listAll(this.deps.store, layout.sessionsPrefix, signal)) {
      // Record keys and their catalog entries share their names, and both come in key order.
      while (!next.done && next.value.key < item.key) next = await known.next();
      if (!next.done && next.value.key === item.key) continue;
      const [, projectId, sessionId] = item.key.split('/');
      if (!projectId || !sessionId || now - item.lastModified < this.options.graceMs) continue;
      if (outcome.indexed >= this.options.maxIndexedPerScan) {
        outcome.complete = false;
        break;
      }
      if (await this.repair(projectId, sessionId, 'scan')) outcome.indexed++;
    }
    await known.return?.(undefined);
    if (signal.aborted) outcome.complete = false;
    if (outcome.complete) outcome.pruned = await this.deps.sessions.pruneLiveEntries(signal);
    if (outcome.complete && !signal.aborted) {
      await this.deps.store.put(layout.sessionIndexScanState, jsonBody({ schema_version: 1, last_completed_at: now } satisfies ScanState));
    }
    this.deps.logger.info({ event: 'session_index_scan', ...outcome }, 'session_index_scan');
    return outcome;
  }
}

async function* listAll(store: ObjectStore, prefix: string, signal: AbortSignal): AsyncGenerator<ObjectInfo> {
  let cursor: string | null = null;
  do {
    if (signal.aborted) return;
    const page = await store.list(prefix, { cursor });
    yield* page.items;
    cursor = page.nextCursor;
  } while (cursor);
}
