import { PROJECT_ID_PATTERN, USER_ID_PATTERN } from '../ids.js';
import { userCatalogEntries, type UserRevision } from '../identity/users.js';
import { projectCatalogEntries, type ProjectRevision } from '../projects/project-records.js';
import type { ObjectStore } from '../ports/object-store.js';
import { catalogKeys, layout } from '../storage-layout.js';
import { notebookCatalogKey, notebookEntryOf, type NotebookRevision } from '../notebooks/notebook-model.js';
import type { DiscoverySink } from './discovery-sink.js';
import { NOTEBOOK_RECORD_ID, checkCurrentVersion, discoverNotebookContent, notebookProblem } from './notebook-source.js';

export type { DiscoverySink, Problem } from './discovery-sink.js';

/**
 * One kind of record the catalog indexes. Recovery asks every source to rebuild its entries from
 * the stored records, or to verify that the records a snapshot's entries reference still exist.
 */
export interface CatalogSource {
  readonly name: string;
  /** Catalog key prefixes whose entries this source produces. */
  readonly catalogPrefixes: readonly string[];
  discover(store: ObjectStore, sink: DiscoverySink): Promise<void>;
  verify(store: ObjectStore, key: string, value: unknown, sink: DiscoverySink): Promise<void>;
}

interface RevisionedKind<R extends { revision: string; parent_revision: string | null }> {
  name: string;
  /** Catalog prefixes this kind owns; the first holds the entries that reference revisions. */
  catalogPrefixes: readonly string[];
  recordsPrefix: string;
  idPattern: RegExp;
  recordKey(id: string, revision: string): string;
  /** The id a record is stored under (default: its `id`). */
  idOf?(record: R): string;
  /** Why a parsed revision is unusable, or null. */
  problem(record: R, id: string, revision: string): string | null;
  entries(record: R): [string, unknown][];
  /** The record a primary catalog entry points at (null: the entry is malformed); undefined for index entries. */
  referenced(key: string, value: unknown): { id: string; revision: string } | null | undefined;
  /** Entries derived from content outside the revision (notebook versions), and checks of it. */
  extra?(store: ObjectStore, record: R, sink: DiscoverySink): Promise<void>;
  /** Snapshot mode: checks content a referenced record depends on. */
  verifyRecord?(store: ObjectStore, record: R, sink: DiscoverySink): Promise<void>;
}

/**
 * A source for records kept as immutable revisions under `<recordsPrefix><id>/<revision>`:
 * the newest revision (ids sort by time) is the record's current state.
 */
function revisionedSource<R extends { revision: string; parent_revision: string | null }>(kind: RevisionedKind<R>): CatalogSource {
  return {
    name: kind.name,
    catalogPrefixes: kind.catalogPrefixes,

    async discover(store, sink) {
      const revisionsById = new Map<string, string[]>();
      let listed = 0;
      for await (const key of listAll(store, kind.recordsPrefix)) {
        const parts = key.slice(kind.recordsPrefix.length).split('/');
        const revision = parts.pop();
        const id = parts.join('/');
        if (!id || !revision) continue;
        revisionsById.set(id, [...(revisionsById.get(id) ?? []), revision]);
        if (++listed % 5000 === 0) sink.progress(`${kind.name}: ${listed} revision records listed`);
      }
      let read = 0;
      for (const [id, revisions] of revisionsById) {
        if (!kind.idPattern.test(id)) {
          sink.error({ code: 'INVALID_RECORD', key: kind.recordsPrefix + id, message: `not a ${kind.name} id: ${id}` });
          continue;
        }
        const newest = revisions.sort().at(-1)!;
        const key = kind.recordKey(id, newest);
        const record = await readRevision(store, kind, key, id, newest, sink);
        if (++read % 1000 === 0) sink.progress(`${kind.name}: ${read} of ${revisionsById.size} read`);
        if (!record) continue;
        for (const revision of revisions) sink.record(kind.recordKey(id, revision));
        if (record.parent_revision && !revisions.includes(record.parent_revision)) {
          sink.warn({ code: 'HISTORY_GAP', key, message: `parent revision ${record.parent_revision} is missing; history before it is lost` });
        }
        for (const [entryKey, value] of kind.entries(record)) sink.entry(entryKey, value);
        await kind.extra?.(store, record, sink);
      }
    },

    async verify(store, key, value, sink) {
      const reference = kind.referenced(key, value);
      if (reference === undefined) return;
      if (reference === null) {
        sink.error({ code: 'INVALID_ENTRY', key, message: `catalog entry has no ${kind.name} id or revision` });
        return;
      }
      const recordKey = kind.recordKey(reference.id, reference.revision);
      const record = await readRevision(store, kind, recordKey, reference.id, reference.revision, sink);
      if (!record) return;
      sink.record(recordKey);
      await kind.verifyRecord?.(store, record, sink);
    },
  };
}

const revisionReference = (value: unknown) => {
  const entry = value as { id?: unknown; revision?: unknown };
  return typeof entry.id === 'string' && typeof entry.revision === 'string' ? { id: entry.id, revision: entry.revision } : null;
};

export const projectSource = revisionedSource<ProjectRevision>({
  name: 'projects',
  catalogPrefixes: [catalogKeys.projectsPrefix, catalogKeys.deletedProjectsPrefix, 'project-access/'],
  recordsPrefix: layout.projectRevisionsPrefix(),
  idPattern: PROJECT_ID_PATTERN,
  recordKey: layout.projectRevision,
  problem(record) {
    for (const field of ['name', 'description', 'owner', 'created_at', 'updated_at'] as const) {
      if (typeof record[field] !== 'string') return `field ${field} is missing or not a string`;
    }
    if (record.status !== 'active' && record.status !== 'deleted') return `unknown status ${String(record.status)}`;
    if (!Array.isArray(record.members) || !Array.isArray(record.group_members) || !Array.isArray(record.tags)) {
      return 'members, group_members or tags is not an array';
    }
    return null;
  },
  entries: (record) => projectCatalogEntries(record, 0),
  referenced: (key, value) =>
    key.startsWith(catalogKeys.projectsPrefix) || key.startsWith(catalogKeys.deletedProjectsPrefix) ? revisionReference(value) : undefined,
});

export const userSource = revisionedSource<UserRevision>({
  name: 'users',
  catalogPrefixes: [catalogKeys.usersPrefix, catalogKeys.userEmailsPrefix(), catalogKeys.userSubjectsPrefix, catalogKeys.grantedSuperAdminsPrefix],
  recordsPrefix: layout.userRevisionsPrefix(),
  idPattern: USER_ID_PATTERN,
  recordKey: layout.userRevision,
  problem(record) {
    for (const field of ['email', 'created_at', 'updated_at'] as const) {
      if (typeof record[field] !== 'string') return `field ${field} is missing or not a string`;
    }
    return null;
  },
  entries: userCatalogEntries,
  referenced: (key, value) => (key.startsWith(catalogKeys.usersPrefix) ? revisionReference(value) : undefined),
});

export const notebookSource = revisionedSource<NotebookRevision>({
  name: 'notebooks',
  catalogPrefixes: [catalogKeys.notebooksPrefix(), catalogKeys.deletedNotebooksPrefix, catalogKeys.notebookVersionsPrefix()],
  recordsPrefix: layout.notebookRevisionsPrefix(),
  idPattern: NOTEBOOK_RECORD_ID,
  recordKey: (id, revision) => `${layout.notebookRevisionsPrefix()}${id}/${revision}`,
  idOf: (record) => `${record.project_id}/${record.id}`,
  problem: notebookProblem,
  entries: (record) => [[notebookCatalogKey(record), notebookEntryOf(record)]],
  referenced: (key, value) => {
    if (!key.startsWith(catalogKeys.notebooksPrefix()) && !key.startsWith(catalogKeys.deletedNotebooksPrefix)) return undefined;
    const entry = value as { id?: unknown; project_id?: unknown; revision?: unknown };
    return typeof entry.id === 'string' && typeof entry.project_id === 'string' && typeof entry.revision === 'string'
      ? { id: `${entry.project_id}/${entry.id}`, revision: entry.revision }
      : null;
  },
  extra: discoverNotebookContent,
  verifyRecord: checkCurrentVersion,
});

export const CATALOG_SOURCES: readonly CatalogSource[] = [projectSource, userSource, notebookSource];

async function readRevision<R extends { revision: string; parent_revision: string | null }>(
  store: ObjectStore,
  kind: RevisionedKind<R>,
  key: string,
  id: string,
  revision: string,
  sink: DiscoverySink,
): Promise<R | null> {
  const object = await store.get(key);
  if (!object) {
    sink.error({ code: 'MISSING_RECORD', key, message: `referenced ${kind.name} revision is missing` });
    return null;
  }
  let record: R & { schema_version?: unknown; id?: unknown };
  try {
    record = JSON.parse(object.body.toString('utf8')) as R & { schema_version?: unknown; id?: unknown };
  } catch {
    sink.error({ code: 'INVALID_RECORD', key, message: `${kind.name} revision is not valid JSON` });
    return null;
  }
  const problem =
    typeof record !== 'object' || record === null || Array.isArray(record)
      ? 'revision is not an object'
      : record.schema_version !== 1
        ? `unsupported schema_version ${String(record.schema_version)}`
        : (kind.idOf ? kind.idOf(record) : record.id) !== id
          ? `id ${String(record.id)} does not match its key`
          : record.revision !== revision
            ? `revision ${String(record.revision)} does not match its key`
            : kind.problem(record, id, revision);
  if (problem) {
    sink.error({ code: 'INVALID_RECORD', key, message: problem });
    return null;
  }
  return record;
}

export async function* listAll(store: ObjectStore, prefix: string): AsyncGenerator<string> {
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<ObjectStore['list']>> = await store.list(prefix, { cursor });
    for (const item of page.items) yield item.key;
    cursor = page.nextCursor;
  } while (cursor);
}
