import { PROJECT_ID_PATTERN } from '../ids.js';
import { catalogEntryOf, catalogKeyOf, type ProjectCatalogEntry, type ProjectRevision } from '../projects/project-records.js';
import type { ObjectStore } from '../store/object-store.js';
import { catalogKeys, layout } from '../storage-layout.js';

export interface Problem {
  code: string;
  message: string;
  key?: string;
}

export interface DiscoverySink {
  entry(key: string, value: unknown): void;
  /** A stored record the proposed catalog depends on (covered by the report token). */
  record(key: string): void;
  warn(problem: Problem): void;
  error(problem: Problem): void;
  progress(message: string): void;
}

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

export const projectSource: CatalogSource = {
  name: 'projects',
  catalogPrefixes: [catalogKeys.projectsPrefix, catalogKeys.deletedProjectsPrefix],

  async discover(store, sink) {
    const revisionsByProject = new Map<string, string[]>();
    let scanned = 0;
    for await (const key of listAll(store, layout.projectRevisionsPrefix())) {
      const [, , projectId, revisionId] = key.split('/');
      if (!projectId || !revisionId) continue;
      const revisions = revisionsByProject.get(projectId) ?? [];
      revisions.push(revisionId);
      revisionsByProject.set(projectId, revisions);
      if (++scanned % 5000 === 0) sink.progress(`projects: ${scanned} revision records listed`);
    }
    let read = 0;
    for (const [projectId, revisions] of revisionsByProject) {
      if (!PROJECT_ID_PATTERN.test(projectId)) {
        sink.error({ code: 'INVALID_RECORD', key: layout.projectRevisionsPrefix(projectId), message: `not a project id: ${projectId}` });
        continue;
      }
      // Revision ids sort by time: the newest one is the project's current state.
      const newest = revisions.sort().at(-1)!;
      const key = layout.projectRevision(projectId, newest);
      const revision = await readProjectRevision(store, key, projectId, newest, sink);
      if (++read % 1000 === 0) sink.progress(`projects: ${read} of ${revisionsByProject.size} read`);
      if (!revision) continue;
      for (const id of revisions) sink.record(layout.projectRevision(projectId, id));
      if (revision.parent_revision && !revisions.includes(revision.parent_revision)) {
        sink.warn({ code: 'HISTORY_GAP', key, message: `parent revision ${revision.parent_revision} is missing; history before it is lost` });
      }
      sink.entry(catalogKeyOf(revision), catalogEntryOf(revision, 0));
    }
  },

  async verify(store, key, value, sink) {
    const entry = value as Partial<ProjectCatalogEntry>;
    if (typeof entry.id !== 'string' || typeof entry.revision !== 'string') {
      sink.error({ code: 'INVALID_ENTRY', key, message: 'catalog entry has no project id or revision' });
      return;
    }
    const recordKey = layout.projectRevision(entry.id, entry.revision);
    const revision = await readProjectRevision(store, recordKey, entry.id, entry.revision, sink);
    if (revision) sink.record(recordKey);
  },
};

export const CATALOG_SOURCES: readonly CatalogSource[] = [projectSource];

async function readProjectRevision(
  store: ObjectStore,
  key: string,
  projectId: string,
  revisionId: string,
  sink: DiscoverySink,
): Promise<ProjectRevision | null> {
  const object = await store.get(key);
  if (!object) {
    sink.error({ code: 'MISSING_RECORD', key, message: 'referenced project revision is missing' });
    return null;
  }
  let revision: ProjectRevision;
  try {
    revision = JSON.parse(object.body.toString('utf8')) as ProjectRevision;
  } catch {
    sink.error({ code: 'INVALID_RECORD', key, message: 'project revision is not valid JSON' });
    return null;
  }
  const problem = projectRevisionProblem(revision, projectId, revisionId);
  if (problem) {
    sink.error({ code: 'INVALID_RECORD', key, message: problem });
    return null;
  }
  return revision;
}

function projectRevisionProblem(revision: ProjectRevision, projectId: string, revisionId: string): string | null {
  if (typeof revision !== 'object' || revision === null) return 'project revision is not an object';
  if (revision.schema_version !== 1) return `unsupported schema_version ${String(revision.schema_version)}`;
  if (revision.id !== projectId) return `id ${String(revision.id)} does not match its key`;
  if (revision.revision !== revisionId) return `revision ${String(revision.revision)} does not match its key`;
  for (const field of ['name', 'description', 'owner', 'created_at', 'updated_at'] as const) {
    if (typeof revision[field] !== 'string') return `field ${field} is missing or not a string`;
  }
  if (revision.status !== 'active' && revision.status !== 'deleted') return `unknown status ${String(revision.status)}`;
  if (!Array.isArray(revision.members) || !Array.isArray(revision.tags)) return 'members or tags is not an array';
  return null;
}

export async function* listAll(store: ObjectStore, prefix: string): AsyncGenerator<string> {
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<ObjectStore['list']>> = await store.list(prefix, { cursor });
    for (const item of page.items) yield item.key;
    cursor = page.nextCursor;
  } while (cursor);
}
