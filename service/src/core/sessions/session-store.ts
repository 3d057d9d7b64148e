import type { Catalog, CatalogPage, CatalogTx } from '../catalog/catalog.js';
import { HubError } from '../errors.js';
import { getJson, jsonBody, updateJson } from '../store/cas.js';
import type { ObjectStore } from '../store/object-store.js';
import { catalogKeys, layout } from '../storage-layout.js';
import { LIVE_STATES, TERMINAL_STATES, summaryOf, type SessionRecord, type SessionSummary } from './session-model.js';

/** The catalog index entries a session state implies. */
function indexEntries(record: SessionRecord): [string, unknown][] {
  const entries: [string, unknown][] = [[catalogKeys.session(record.project_id, record.id), summaryOf(record)]];
  // Sessions that may still hold a sandbox: the lifecycle loop walks these.
  if (!TERMINAL_STATES.has(record.state) || !record.sandbox_released) entries.push([catalogKeys.activeSession(record.id), { project_id: record.project_id }]);
  if (LIVE_STATES.has(record.state)) {
    entries.push([catalogKeys.userSession(record.user_id, record.id), { project_id: record.project_id }]);
    if (record.mode === 'app') entries.push([catalogKeys.appSession(record.project_id, record.id), { notebook_id: record.notebook_id }]);
  }
  return entries;
}

/** Limits on live sessions: per user, and app sessions per project (null: unlimited). */
export interface SessionLimits {
  maxSessionsPerUser: number | null;
  maxAppsPerProject: number | null;
}

/** A set of live session ids kept in one catalog entry, and the per-session index it mirrors. */
interface LiveSet {
  key: string;
  /** Where the same sessions are indexed one entry each (read once to fill a missing set). */
  prefix: string;
  limit: number | null;
  refusal: (limit: number) => string;
}

function liveSetsOf(record: SessionRecord, limits?: SessionLimits): LiveSet[] {
  if (!LIVE_STATES.has(record.state)) return [];
  const sets: LiveSet[] = [
    {
      key: catalogKeys.liveSessionIdsOfUser(record.user_id),
      prefix: catalogKeys.userSessionsPrefix(record.user_id),
      limit: limits?.maxSessionsPerUser ?? null,
      refusal: (limit) => `you already run ${limit} session(s), the most this deployment allows; stop one first`,
    },
  ];
  if (record.mode === 'app') {
    sets.push({
      key: catalogKeys.liveAppIdsOfProject(record.project_id),
      prefix: catalogKeys.appSessionsPrefix(record.project_id),
      limit: limits?.maxAppsPerProject ?? null,
      refusal: (limit) => `this project already runs ${limit} app(s), the most this deployment allows`,
    });
  }
  return sets;
}

interface LiveIds {
  session_ids: string[];
}

/**
 * Session records and their catalog indexes. The record is the truth and changes by
 * compare-and-swap; the indexes (project listing, sessions still holding sandboxes, live sessions
 * per user and apps per project) follow each change and are reconciled by the lifecycle loop if a
 * crash ever separates them.
 */
export class SessionStore {
  constructor(
    private readonly store: ObjectStore,
    private readonly catalog: Catalog,
  ) {}

  /**
   * Stores a new session. With `limits`, a session that would exceed them is refused with
   * RESOURCE_EXHAUSTED by the same catalog transaction that indexes it, so concurrent starts
   * cannot all pass a count taken before any of them was indexed. A refused session leaves no
   * record behind.
   */
  async create(record: SessionRecord, limits?: SessionLimits): Promise<SessionRecord> {
    const key = layout.session(record.project_id, record.id);
    await this.store.put(key, jsonBody(record), { ifNoneMatch: '*' });
    try {
      await this.reindex(null, record, limits);
    } catch (error) {
      await this.store.delete(key).catch(() => {});
      throw error;
    }
    return record;
  }

  async get(projectId: string, sessionId: string): Promise<SessionRecord | null> {
    return (await getJson<SessionRecord>(this.store, layout.session(projectId, sessionId)))?.value ?? null;
  }

  async require(projectId: string, sessionId: string): Promise<SessionRecord> {
    const record = await this.get(projectId, sessionId);
    if (!record) throw new HubError('NOT_FOUND', `session ${sessionId} not found`);
    return record;
  }

  /**
   * Changes a session by compare-and-swap. `change` may run several times; returning undefined
   * leaves the record as it is. Resolves to the record as stored.
   */
  async update(projectId: string, sessionId: string, change: (current: SessionRecord) => SessionRecord | undefined): Promise<SessionRecord> {
    let before: SessionRecord | null = null;
    const result = await updateJson<SessionRecord>(this.store, layout.session(projectId, sessionId), (current) => {
      if (!current) throw new HubError('NOT_FOUND', `session ${sessionId} not found`);
      before = current;
      return change(current);
    });
    const after = result.value!;
    if (result.changed && before && indexKey(before) !== indexKey(after)) await this.reindex(before, after);
    return after;
  }

  /** A project's sessions, newest first. */
  async list(projectId: string, options: { cursor?: string | null; limit: number }): Promise<CatalogPage<SessionSummary>> {
    return (await this.catalog.view()).list<SessionSummary>(catalogKeys.sessionsPrefix(projectId), { ...options, reverse: true });
  }

  /** Sessions that may still hold a sandbox, across every project. */
  async *active(): AsyncGenerator<{ projectId: string; sessionId: string }> {
    for await (const { key, value } of (await this.catalog.view()).entries<{ project_id: string }>(catalogKeys.activeSessionsPrefix)) {
      yield { projectId: value.project_id, sessionId: key.slice(catalogKeys.activeSessionsPrefix.length) };
    }
  }

  async liveSessionsOf(userId: string): Promise<number> {
    return (await (await this.catalog.view()).list(catalogKeys.userSessionsPrefix(userId), { limit: 10_000 })).items.length;
  }

  async liveApps(projectId: string): Promise<{ sessionId: string; notebookId: string }[]> {
    const page = await (await this.catalog.view()).list<{ notebook_id: string }>(catalogKeys.appSessionsPrefix(projectId), { limit: 10_000 });
    return page.items.map((item) => ({ sessionId: item.key.slice(item.key.lastIndexOf('/') + 1), notebookId: item.value.notebook_id }));
  }

  private async reindex(before: SessionRecord | null, after: SessionRecord, limits?: SessionLimits): Promise<void> {
    await this.catalog.mutate('session.index', async (tx) => {
      const leaving = before ? liveSetsOf(before) : [];
      const joining = liveSetsOf(after, limits);
      for (const set of leaving) {
        if (joining.some((other) => other.key === set.key)) continue;
        const ids = await this.liveIds(tx, set);
        tx.put(set.key, { session_ids: ids.filter((id) => id !== after.id) } satisfies LiveIds);
      }
      for (const set of joining) {
        if (leaving.some((other) => other.key === set.key)) continue;
        const ids = (await this.liveIds(tx, set)).filter((id) => id !== after.id);
        if (set.limit !== null && ids.length >= set.limit) throw new HubError('RESOURCE_EXHAUSTED', set.refusal(set.limit));
        tx.put(set.key, { session_ids: [...ids, after.id].sort() } satisfies LiveIds);
      }
      for (const [key] of before ? indexEntries(before) : []) tx.delete(key);
      for (const [key, value] of indexEntries(after)) tx.put(key, value);
    });
  }

  /**
   * The ids of a live set as this transaction sees them. A set missing from the catalog (written
   * before sets existed) is filled from its per-session index in the newest snapshot: that
   * snapshot is at least as new as the transaction's base, and if it is newer the commit loses
   * its race and runs again, so the filled set never misses a committed session.
   */
  private async liveIds(tx: CatalogTx, set: LiveSet): Promise<string[]> {
    const stored = await tx.get<LiveIds>(set.key);
    if (stored) return stored.session_ids;
    const ids: string[] = [];
    for await (const { key } of (await this.catalog.view()).entries(set.prefix)) ids.push(key.slice(set.prefix.length));
    return ids;
  }
}

/** What the indexes depend on: re-index only when one of these changes. */
function indexKey(record: SessionRecord): string {
  return `${record.state}|${record.sandbox_released}`;
}
