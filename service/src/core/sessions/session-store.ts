import { isDeepStrictEqual } from 'node:util';
import type { Catalog, CatalogPage, CatalogTx, CatalogView } from '../catalog/catalog.js';
import { HubError } from '../errors.js';
import { getJson, jsonBody, updateJson } from '../store/cas.js';
import type { ObjectStore } from '../ports/object-store.js';
import type { SecretBox } from '../ports/secret-box.js';
import { catalogKeys, layout } from '../storage-layout.js';
import { LIVE_STATES, TERMINAL_STATES, summaryOf, type SessionRecord, type SessionSummary } from './session-model.js';
import { openSessionRecord, sealSessionRecord, type StoredSessionRecord } from './session-secrets.js';

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

/** What never changes once a session exists, and decides which index entries it can have. */
type SessionIdentity = Pick<SessionSummary, 'id' | 'project_id' | 'user_id' | 'mode'>;

function liveSetsOf(record: SessionRecord, limits?: SessionLimits): LiveSet[] {
  return LIVE_STATES.has(record.state) ? liveSetsFor(record, limits) : [];
}

/** The live sets a session belongs to while it is live. */
function liveSetsFor(record: SessionIdentity, limits?: SessionLimits): LiveSet[] {
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

/** Reads of one catalog state: a snapshot, or a transaction. */
type CatalogReader = Pick<CatalogView, 'get'>;

/**
 * Every catalog entry a session can ever have, each with what it should hold for `record` (null:
 * absent), and whether the session belongs in each live set it can join. A gone record wants
 * nothing.
 */
function impliedIndex(identity: SessionIdentity, record: SessionRecord | null): { entries: [string, unknown][]; sets: { set: LiveSet; member: boolean }[] } {
  const wanted = new Map(record ? indexEntries(record) : []);
  const keys = [
    catalogKeys.session(identity.project_id, identity.id),
    catalogKeys.activeSession(identity.id),
    catalogKeys.userSession(identity.user_id, identity.id),
  ];
  if (identity.mode === 'app') keys.push(catalogKeys.appSession(identity.project_id, identity.id));
  const live = record !== null && LIVE_STATES.has(record.state);
  return { entries: keys.map((key) => [key, wanted.get(key) ?? null]), sets: liveSetsFor(identity).map((set) => ({ set, member: live })) };
}

/**
 * Session records and their catalog indexes. The record is the truth and changes by
 * compare-and-swap; the indexes (project listing, sessions still holding sandboxes, live sessions
 * per user and apps per project) follow each change. A crash between the two leaves them behind
 * the record; `repairIndex` brings them back in line (the lifecycle loop calls it, see
 * session-index-repair.ts).
 */
export class SessionStore {
  constructor(
    private readonly store: ObjectStore,
    private readonly catalog: Catalog,
    /** Seals the session's secrets in its record, opens them on the way out. */
    private readonly box: SecretBox,
  ) {}

  /**
   * Stores a new session. With `limits`, a session that would exceed them is refused with
   * RESOURCE_EXHAUSTED by the same catalog transaction that indexes it, so concurrent starts
   * cannot all pass a count taken before any of them was indexed. A refused session leaves no
   * record behind.
   */
  async create(record: SessionRecord, limits?: SessionLimits): Promise<SessionRecord> {
    const key = layout.session(record.project_id, record.id);
    // Record first, index right after, nothing in between: a crash in this one catalog commit
    // leaves a record no index names, which the lifecycle loop's index repair finds and indexes.
    const { etag } = await this.store.put(key, jsonBody(sealSessionRecord(this.box, key, record).record), { ifNoneMatch: '*' });
    try {
      await this.reindex(null, record, limits);
    } catch (error) {
      // Only as put: had anything changed it meanwhile (an index repair's sweep failing it), it
      // is no longer this start's to take back.
      await this.store.delete(key, { ifMatch: etag }).catch(() => {});
      throw error;
    }
    return record;
  }

  async get(projectId: string, sessionId: string): Promise<SessionRecord | null> {
    const key = layout.session(projectId, sessionId);
    const stored = (await getJson<StoredSessionRecord>(this.store, key))?.value;
    return stored ? openSessionRecord(this.box, key, stored) : null;
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
    let before: SessionRecord | undefined;
    let written: SessionRecord | undefined;
    const key = layout.session(projectId, sessionId);
    const result = await updateJson<StoredSessionRecord>(this.store, key, (current) => {
      if (!current) throw new HubError('NOT_FOUND', `session ${sessionId} not found`);
      before = openSessionRecord(this.box, key, current);
      written = change(before);
      return written && sealSessionRecord(this.box, key, written).record;
    });
    // The records as `change` saw and made them: no second opening of what was just sealed.
    const after = result.changed ? written! : before!;
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

  /** A user's live sessions across projects, newest first, as the project listings have them. */
  async liveSummariesOf(userId: string): Promise<SessionSummary[]> {
    const view = await this.catalog.view();
    const prefix = catalogKeys.userSessionsPrefix(userId);
    const live = await view.list<{ project_id: string }>(prefix, { limit: 10_000 });
    const summaries = await Promise.all(
      live.items.map((item) => view.get<SessionSummary>(catalogKeys.session(item.value.project_id, item.key.slice(prefix.length)))),
    );
    return summaries.filter((summary) => summary !== null).sort((a, b) => b.created_at.localeCompare(a.created_at));
  }

  async liveApps(projectId: string): Promise<{ sessionId: string; notebookId: string }[]> {
    const page = await (await this.catalog.view()).list<{ notebook_id: string }>(catalogKeys.appSessionsPrefix(projectId), { limit: 10_000 });
    return page.items.map((item) => ({ sessionId: item.key.slice(item.key.lastIndexOf('/') + 1), notebookId: item.value.notebook_id }));
  }

  /** Whether the catalog, as `view` has it, says about `record` exactly what the record implies. */
  async indexMatches(view: CatalogView, record: SessionRecord): Promise<boolean> {
    const implied = impliedIndex(record, record);
    for (const [key, value] of implied.entries) {
      if (!isDeepStrictEqual(await view.get(key), value)) return false;
    }
    for (const { set, member } of implied.sets) {
      if ((await this.liveIdsIn(view, set, async () => view)).includes(record.id) !== member) return false;
    }
    return true;
  }

  /**
   * Makes the catalog say about a session what its record says (nothing, once the record is
   * gone), in one catalog mutation. Never writes the record. True when something was changed.
   */
  async repairIndex(projectId: string, sessionId: string): Promise<boolean> {
    return this.catalog.mutate('session.repair', async (tx) => {
      // Read here rather than before: the catalog runs this after fixing the snapshot the commit
      // builds on, so every record change indexed in that snapshot is in what is read now, and a
      // change indexed after it makes this commit lose its race and run again. A repair thus never
      // puts back entries of an older state than the newest one indexed (a stop, a release).
      const record = await this.get(projectId, sessionId);
      const identity: SessionIdentity | null = record ?? (await tx.get<SessionSummary>(catalogKeys.session(projectId, sessionId)));
      if (!identity) {
        // Nothing says whose it was: only the entry that named it can go.
        if ((await tx.get(catalogKeys.activeSession(sessionId))) === null) return false;
        tx.delete(catalogKeys.activeSession(sessionId));
        return true;
      }
      const implied = impliedIndex(identity, record);
      let changed = false;
      for (const [key, value] of implied.entries) {
        const stored = await tx.get(key);
        if (isDeepStrictEqual(stored, value)) continue;
        if (value === null) tx.delete(key);
        else tx.put(key, value);
        changed = true;
      }
      for (const { set, member } of implied.sets) {
        const ids = await this.liveIds(tx, set);
        if (ids.includes(sessionId) === member) continue;
        const others = ids.filter((id) => id !== sessionId);
        tx.put(set.key, { session_ids: member ? [...others, sessionId].sort() : others } satisfies LiveIds);
        changed = true;
      }
      return changed;
    });
  }

  /**
   * Removes live-session entries (per user, per app, and the ids in the live sets) of sessions
   * the catalog holds no `active-sessions/` entry for. Every indexing of a live session writes
   * that entry in the same commit, and a session never becomes live again, so such entries are
   * leftovers of a crash; the commit checks again before removing. Resolves to how many it removed.
   */
  async pruneLiveEntries(signal: AbortSignal): Promise<number> {
    const view = await this.catalog.view();
    const inactive = async (reader: CatalogReader, sessionId: string) => (await reader.get(catalogKeys.activeSession(sessionId))) === null;
    const entries: string[] = [];
    for (const prefix of [catalogKeys.allUserSessionsPrefix, catalogKeys.allAppSessionsPrefix]) {
      for await (const { key } of view.entries(prefix)) {
        if (signal.aborted) return 0;
        if (await inactive(view, lastSegment(key))) entries.push(key);
      }
    }
    const sets = new Map<string, Set<string>>();
    for await (const { key, value } of view.entries<LiveIds>(catalogKeys.liveSessionIdsPrefix)) {
      if (signal.aborted) return 0;
      for (const id of value.session_ids) if (await inactive(view, id)) sets.set(key, (sets.get(key) ?? new Set()).add(id));
    }
    if (entries.length === 0 && sets.size === 0) return 0;
    return this.catalog.mutate('session.repair', async (tx) => {
      let removed = 0;
      for (const key of entries) {
        if ((await tx.get(key)) === null || !(await inactive(tx, lastSegment(key)))) continue;
        tx.delete(key);
        removed++;
      }
      for (const [key, candidates] of sets) {
        const stored = await tx.get<LiveIds>(key);
        if (!stored) continue;
        const kept: string[] = [];
        for (const id of stored.session_ids) {
          if (candidates.has(id) && (await inactive(tx, id))) removed++;
          else kept.push(id);
        }
        if (kept.length !== stored.session_ids.length) tx.put(key, { session_ids: kept } satisfies LiveIds);
      }
      return removed;
    });
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
    return this.liveIdsIn(tx, set, () => this.catalog.view());
  }

  private async liveIdsIn(reader: CatalogReader, set: LiveSet, fallback: () => Promise<CatalogView>): Promise<string[]> {
    const stored = await reader.get<LiveIds>(set.key);
    if (stored) return stored.session_ids;
    const ids: string[] = [];
    for await (const { key } of (await fallback()).entries(set.prefix)) ids.push(key.slice(set.prefix.length));
    return ids;
  }
}

const lastSegment = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** What the indexes depend on: re-index only when one of these changes. */
function indexKey(record: SessionRecord): string {
  return `${record.state}|${record.sandbox_released}`;
}
