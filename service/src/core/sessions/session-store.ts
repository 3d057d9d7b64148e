import type { Catalog, CatalogPage } from '../catalog/catalog.js';
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

  async create(record: SessionRecord): Promise<SessionRecord> {
    const key = layout.session(record.project_id, record.id);
    await this.store.put(key, jsonBody(record), { ifNoneMatch: '*' });
    try {
      await this.reindex(null, record);
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

  private async reindex(before: SessionRecord | null, after: SessionRecord): Promise<void> {
    await this.catalog.mutate('session.index', (tx) => {
      for (const [key] of before ? indexEntries(before) : []) tx.delete(key);
      for (const [key, value] of indexEntries(after)) tx.put(key, value);
    });
  }
}

/** What the indexes depend on: re-index only when one of these changes. */
function indexKey(record: SessionRecord): string {
  return `${record.state}|${record.sandbox_released}`;
}
