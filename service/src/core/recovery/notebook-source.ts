import { NOTEBOOK_ID_PATTERN, PROJECT_ID_PATTERN } from '../ids.js';
import type { NotebookRevision, NotebookVersion } from '../notebooks/notebook-model.js';
import type { ProjectCatalogEntry } from '../projects/project-records.js';
import type { ObjectStore } from '../ports/object-store.js';
import { catalogKeys, layout } from '../storage-layout.js';
import type { DiscoverySink } from './discovery-sink.js';

export const NOTEBOOK_RECORD_ID = new RegExp(`^${PROJECT_ID_PATTERN.source.slice(1, -1)}/${NOTEBOOK_ID_PATTERN.source.slice(1, -1)}$`);

export function notebookProblem(record: NotebookRevision): string | null {
  for (const field of ['title', 'description', 'author', 'created_at', 'updated_at', 'entry_file'] as const) {
    if (typeof record[field] !== 'string') return `field ${field} is missing or not a string`;
  }
  if (!['draft', 'active', 'archived', 'deleted'].includes(record.status)) return `unknown status ${String(record.status)}`;
  if (!record.source || (record.source.type !== 'local' && record.source.type !== 'git')) return 'source is missing or of an unknown type';
  if (!Array.isArray(record.tags) || !Array.isArray(record.pinned_versions)) return 'tags or pinned_versions is not an array';
  return null;
}

/**
 * Rebuilds a notebook's version entries from its stored versions, checks that the current
 * version's content is there (a notebook without it cannot be opened: blocking), and counts the
 * notebook in its project.
 */
export async function discoverNotebookContent(store: ObjectStore, notebook: NotebookRevision, sink: DiscoverySink): Promise<void> {
  const prefix = layout.notebookVersionsPrefix(notebook.project_id, notebook.id);
  const parts = new Map<string, Map<string, { size: number; lastModified: number }>>();
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<ObjectStore['list']>> = await store.list(prefix, { cursor });
    for (const item of page.items) {
      const [versionId, part] = item.key.slice(prefix.length).split('/');
      if (!versionId || !part) continue;
      const found = parts.get(versionId) ?? new Map<string, { size: number; lastModified: number }>();
      found.set(part, { size: item.size, lastModified: item.lastModified });
      parts.set(versionId, found);
    }
    cursor = page.nextCursor;
  } while (cursor);

  for (const [versionId, found] of parts) {
    if (!found.has('version') || !found.has('code')) continue;
    const key = layout.notebookVersionPart(notebook.project_id, notebook.id, versionId, 'version');
    const object = await store.get(key);
    if (!object) continue;
    let version: NotebookVersion;
    try {
      version = JSON.parse(object.body.toString('utf8')) as NotebookVersion;
    } catch {
      sink.error({ code: 'INVALID_RECORD', key, message: 'notebook version metadata is not valid JSON' });
      continue;
    }
    const snapshot = found.get('snapshot');
    const entry = snapshot ? { ...version, html_snapshot: { captured_at: new Date(snapshot.lastModified).toISOString(), bytes: snapshot.size } } : version;
    sink.entry(catalogKeys.notebookVersion(notebook.id, versionId), entry);
    sink.record(key);
  }

  await checkCurrentVersion(store, notebook, sink);
  if (notebook.status !== 'deleted') {
    const projectKey = catalogKeys.project(notebook.project_id);
    const project = sink.proposed(projectKey) as ProjectCatalogEntry | undefined;
    if (project) sink.entry(projectKey, { ...project, notebook_count: project.notebook_count + 1 });
  }
}

/** A notebook whose current version's content is gone cannot be opened: that blocks recovery. */
export async function checkCurrentVersion(store: ObjectStore, notebook: NotebookRevision, sink: DiscoverySink): Promise<void> {
  const versionId = notebook.source.current_version_id;
  if (!versionId) return;
  for (const part of ['code', 'version'] as const) {
    const key = layout.notebookVersionPart(notebook.project_id, notebook.id, versionId, part);
    if (await store.head(key)) continue;
    sink.error({ code: 'MISSING_CONTENT', key, message: `the current version ${versionId} of notebook ${notebook.id} is missing from the store` });
    return;
  }
}
