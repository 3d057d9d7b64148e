import type { Catalog, CatalogPage, CatalogTx } from '../catalog/catalog.js';
import { HubError } from '../errors.js';
import { newRevisionId } from '../ids.js';
import type { ProjectCatalogEntry } from '../projects/project-records.js';
import { commitRevision, retryChange } from '../records/revisions.js';
import { jsonBody, parseJson } from '../store/cas.js';
import type { ObjectStore } from '../ports/object-store.js';
import { catalogKeys, layout } from '../storage-layout.js';
import { notebookCatalogKey, notebookEntryOf, type NotebookCatalogEntry, type NotebookRevision, type NotebookVersion } from './notebook-model.js';

/** The fields of a revision a change may set; identity and bookkeeping are the records'. */
export type NotebookChange = Omit<
  NotebookRevision,
  'schema_version' | 'revision' | 'parent_revision' | 'id' | 'project_id' | 'created_at' | 'updated_at' | 'written_by'
>;

export interface NewVersion {
  version: NotebookVersion;
  code: string;
}

/**
 * Persistence of notebooks. Metadata changes are immutable revisions adopted by the catalog (see
 * commitRevision); versions are immutable content (metadata and code) listed through catalog
 * entries; the project's notebook count moves in the same catalog transaction as the notebook.
 */
export class NotebookRecords {
  constructor(
    private readonly store: ObjectStore,
    private readonly catalog: Catalog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Stores a notebook with its first version (none for a Git notebook whose first sync failed). */
  async create(notebook: NotebookRevision, first: NewVersion | null): Promise<NotebookRevision> {
    if (first) await this.writeVersionContent(notebook.project_id, first);
    try {
      await commitRevision(this.store, this.catalog, { key: this.revisionKey(notebook), body: notebook, reason: 'notebook.create' }, async (tx) => {
        await this.adjustNotebookCount(tx, notebook.project_id, +1);
        tx.put(notebookCatalogKey(notebook), notebookEntryOf(notebook));
        if (first) tx.put(catalogKeys.notebookVersion(notebook.id, first.version.version_id), first.version);
        return true;
      });
    } catch (error) {
      if (first) await this.removeVersionContent(notebook.project_id, notebook.id, first.version.version_id);
      throw error;
    }
    return notebook;
  }

  /**
   * Applies `change` to the current revision. `check` (optional) runs inside the catalog
   * transaction with the entry being replaced and may throw to refuse the change (a stale base
   * version); `version` is a new version adopted in the same transaction.
   */
  async update(
    projectId: string,
    notebookId: string,
    change: (current: NotebookRevision) => NotebookChange,
    actor: string,
    options: { check?: (entry: NotebookCatalogEntry) => void; version?: NewVersion } = {},
  ): Promise<{ before: NotebookRevision; after: NotebookRevision }> {
    if (options.version) await this.writeVersionContent(projectId, options.version);
    try {
      return await retryChange(`notebook ${notebookId}`, async () => {
        const current = await this.get(projectId, notebookId);
        if (!current || current.status === 'deleted') throw new HubError('NOT_FOUND', `notebook ${notebookId} not found`);
        const at = this.now();
        const next: NotebookRevision = {
          ...change(current),
          schema_version: 1,
          id: current.id,
          project_id: current.project_id,
          created_at: current.created_at,
          revision: newRevisionId(at.getTime()),
          parent_revision: current.revision,
          updated_at: at.toISOString(),
          written_by: actor,
        };
        const adopted = await commitRevision(this.store, this.catalog, { key: this.revisionKey(next), body: next, reason: 'notebook.update' }, async (tx) => {
          const entry = await tx.get<NotebookCatalogEntry>(notebookCatalogKey(current));
          if (entry?.revision !== current.revision) return false;
          options.check?.(entry);
          if (next.status === 'deleted') await this.adjustNotebookCount(tx, projectId, -1);
          tx.delete(notebookCatalogKey(current));
          tx.put(notebookCatalogKey(next), notebookEntryOf(next));
          if (options.version) tx.put(catalogKeys.notebookVersion(notebookId, options.version.version.version_id), options.version.version);
          return true;
        });
        return adopted ? { before: current, after: next } : undefined;
      });
    } catch (error) {
      if (options.version) await this.removeVersionContent(projectId, notebookId, options.version.version.version_id);
      throw error;
    }
  }

  async get(projectId: string, notebookId: string): Promise<NotebookRevision | null> {
    const view = await this.catalog.view();
    const entry =
      (await view.get<NotebookCatalogEntry>(catalogKeys.notebook(projectId, notebookId))) ??
      (await view.get<NotebookCatalogEntry>(catalogKeys.deletedNotebook(projectId, notebookId)));
    if (!entry) return null;
    const key = layout.notebookRevision(projectId, notebookId, entry.revision);
    const object = await this.store.get(key);
    if (!object) throw new HubError('INTERNAL_ERROR', `notebook revision ${key} referenced by the catalog is missing`);
    return parseJson<NotebookRevision>(key, object.body);
  }

  /** A project's notebooks (not deleted), newest first. */
  async list(
    projectId: string,
    options: { cursor?: string | null; limit: number; filter?: (entry: NotebookCatalogEntry) => boolean },
  ): Promise<CatalogPage<NotebookCatalogEntry>> {
    return (await this.catalog.view()).list<NotebookCatalogEntry>(catalogKeys.notebooksPrefix(projectId), { ...options, reverse: true });
  }

  async versions(notebookId: string, options: { cursor?: string | null; limit: number }): Promise<CatalogPage<NotebookVersion>> {
    return (await this.catalog.view()).list<NotebookVersion>(catalogKeys.notebookVersionsPrefix(notebookId), { ...options, reverse: true });
  }

  async version(notebookId: string, versionId: string): Promise<NotebookVersion | null> {
    return (await this.catalog.view()).get<NotebookVersion>(catalogKeys.notebookVersion(notebookId, versionId));
  }

  /** A version's code; null when it is not in the store (pruned since its entry was read). */
  async readCode(projectId: string, notebookId: string, versionId: string): Promise<string | null> {
    const object = await this.store.get(layout.notebookVersionPart(projectId, notebookId, versionId, 'code'));
    return object ? object.body.toString('utf8') : null;
  }

  async readSnapshot(projectId: string, notebookId: string, versionId: string): Promise<Buffer | null> {
    return (await this.store.get(layout.notebookVersionPart(projectId, notebookId, versionId, 'snapshot')))?.body ?? null;
  }

  /**
   * Attaches the HTML rendering of a version (captured from a running kernel or a job). The version
   * is checked before the HTML is stored, and the HTML removed again when a prune took the version
   * meanwhile, so no snapshot outlives its version.
   */
  async attachSnapshot(projectId: string, notebookId: string, versionId: string, html: Buffer): Promise<NotebookVersion> {
    const key = catalogKeys.notebookVersion(notebookId, versionId);
    const missing = () => new HubError('NOT_FOUND', `version ${versionId} not found`);
    if (!(await (await this.catalog.view()).get<NotebookVersion>(key))) throw missing();
    const snapshotKey = layout.notebookVersionPart(projectId, notebookId, versionId, 'snapshot');
    await this.store.put(snapshotKey, html);
    const captured = { captured_at: this.now().toISOString(), bytes: html.length };
    try {
      return await this.catalog.mutate('notebook.snapshot', async (tx) => {
        const version = await tx.get<NotebookVersion>(key);
        if (!version) throw missing();
        const next = { ...version, html_snapshot: captured };
        tx.put(key, next);
        return next;
      });
    } catch (error) {
      if (error instanceof HubError && error.code === 'NOT_FOUND') await this.store.delete(snapshotKey).catch(() => {});
      throw error;
    }
  }

  /**
   * Removes the oldest versions beyond `keep`, never the current one (as the transaction sees it)
   * nor one `held` names; returns the ids removed. `held` is asked only when there is something to
   * prune. A version's content goes after the catalog no longer lists it, so readers see a version
   * whole or not at all (a reader that raced the removal gets NOT_FOUND, see NotebookService).
   */
  async prune(projectId: string, notebookId: string, keep: number, held: () => Promise<Iterable<string>>): Promise<string[]> {
    if ((await this.versionIds(notebookId)).length <= keep) return [];
    const kept = new Set(await held());
    const removed = await this.catalog.mutate('notebook.prune', async (tx) => {
      const entry = await tx.get<NotebookCatalogEntry>(catalogKeys.notebook(projectId, notebookId));
      if (!entry) return [];
      // Listed from the newest snapshot; the transaction confirms each one before deleting it.
      const ids = await this.versionIds(notebookId);
      const excess = ids.length - keep;
      const victims: string[] = [];
      for (const id of ids) {
        if (victims.length >= excess) break;
        if (id === entry.current_version_id || kept.has(id)) continue;
        const key = catalogKeys.notebookVersion(notebookId, id);
        if (!(await tx.get(key))) continue;
        tx.delete(key);
        victims.push(id);
      }
      return victims;
    });
    for (const id of removed) await this.removeVersionContent(projectId, notebookId, id);
    return removed;
  }

  /** A notebook's version ids, oldest first (ids sort by creation, see versionIdAfter). */
  private async versionIds(notebookId: string): Promise<string[]> {
    const ids: string[] = [];
    for await (const { key } of (await this.catalog.view()).entries(catalogKeys.notebookVersionsPrefix(notebookId)))
      ids.push(key.slice(key.lastIndexOf('/') + 1));
    return ids;
  }

  private async adjustNotebookCount(tx: CatalogTx, projectId: string, delta: number): Promise<void> {
    const key = catalogKeys.project(projectId);
    const project = await tx.get<ProjectCatalogEntry>(key);
    if (!project) throw new HubError('NOT_FOUND', `project ${projectId} not found`);
    tx.put(key, { ...project, notebook_count: Math.max(0, project.notebook_count + delta) });
  }

  private revisionKey(notebook: NotebookRevision): string {
    return layout.notebookRevision(notebook.project_id, notebook.id, notebook.revision);
  }

  private async writeVersionContent(projectId: string, { version, code }: NewVersion): Promise<void> {
    await this.store.put(layout.notebookVersionPart(projectId, version.notebook_id, version.version_id, 'code'), code, { ifNoneMatch: '*' });
    await this.store.put(layout.notebookVersionPart(projectId, version.notebook_id, version.version_id, 'version'), jsonBody(version), { ifNoneMatch: '*' });
  }

  private async removeVersionContent(projectId: string, notebookId: string, versionId: string): Promise<void> {
    for (const part of ['version', 'code', 'snapshot'] as const) {
      await this.store.delete(layout.notebookVersionPart(projectId, notebookId, versionId, part)).catch(() => {});
    }
  }
}
