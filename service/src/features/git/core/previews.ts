import type { AuditLog } from '../../../core/audit/audit-log.js';
import { HubError } from '../../../core/errors.js';
import { newPreviewId } from '../../../core/ids.js';
import type { GitSource, NotebookRevision } from '../../../core/notebooks/notebook-model.js';
import type { NotebookService } from '../../../core/notebooks/notebook-service.js';
import { GitRemoteError, type GitRemote, type SnapshotLimits } from '../../../core/ports/git-remote.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import { getJson, jsonBody, updateJson } from '../../../core/store/cas.js';
import { newestNamesUnder } from '../../../core/store/names-under.js';
import { layout } from '../../../core/storage-layout.js';
import type { WorkspaceService } from '../../../core/workspace/workspace-service.js';
import type { GitCredentialStore } from './git-credentials.js';
import { storedRepository, type GitRepoRules } from './git-source-config.js';
import { followedRef, previewKeyOf, previewTarget, type PreviewInput, type PreviewRecord, type PreviewSnapshot } from './preview-model.js';
import { remoteFailure } from './remote-failure.js';

export interface PreviewDeps {
  store: ObjectStore;
  notebooks: NotebookService;
  workspace: Pick<WorkspaceService, 'storeBlob'>;
  remote: GitRemote;
  credentials: GitCredentialStore;
  audit: AuditLog;
  rules: GitRepoRules;
  limits: SnapshotLimits;
  enabled: boolean;
  now: () => Date;
}

/** What one pass of the `preview_preparation` loop did. */
export interface PreparationOutcome {
  prepared: number;
  refreshed: number;
  failed: number;
  removed: number;
}

/**
 * Previews of Git notebooks (docs/git.md, "Previews"): a branch, a commit or an open change request
 * of the notebook's repository, prepared in the background as a snapshot a preview session starts
 * from. A preview never changes the notebook's versions or workspace. Authorization happens before.
 */
export class Previews {
  constructor(private readonly deps: PreviewDeps) {}

  /** A new `pending` preview; a branch or change request must exist now. Writes `preview.create`. */
  async create(projectId: string, notebookId: string, input: PreviewInput, actor: string): Promise<PreviewRecord> {
    const notebook = await this.gitNotebook(projectId, notebookId);
    const source = notebook.source as GitSource;
    const target = previewTarget(input, source);
    const followed = followedRef(target);
    if (followed !== null) {
      const url = this.urlOf(source);
      const head = await this.deps.remote.resolveRef(url, followed, await this.deps.credentials.read(projectId, url)).catch(remoteFailure);
      if (head === null) {
        const field = target.kind === 'branch' ? 'branch' : 'change_request';
        const what = target.kind === 'branch' ? `branch ${target.ref}` : `change request ${target.change_request} (${target.ref})`;
        throw new HubError('VALIDATION_ERROR', `${what} is not in the repository`, [{ field, message: 'is not in the repository' }]);
      }
    }
    const at = this.deps.now();
    const record: PreviewRecord = {
      schema_version: 1,
      id: newPreviewId(at.getTime()),
      project_id: projectId,
      notebook_id: notebookId,
      ...target,
      status: 'pending',
      commit: null,
      error: null,
      root_path: source.root_path,
      entry_notebook: source.entry_notebook,
      created_by: actor,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
      prepared_at: null,
    };
    await this.deps.store.put(layout.gitPreview(projectId, notebookId, record.id), jsonBody(record), { ifNoneMatch: '*' });
    await this.deps.audit.append({
      event: 'preview.create',
      actor,
      projectId,
      metadata: { notebook_id: notebookId, preview_id: record.id, kind: record.kind, ref: record.ref },
    });
    return record;
  }

  async get(projectId: string, notebookId: string, previewId: string): Promise<PreviewRecord> {
    await this.gitNotebook(projectId, notebookId);
    return this.require(projectId, notebookId, previewId);
  }

  /** A notebook's previews, newest first; the cursor is the last id of the previous page. */
  async list(
    projectId: string,
    notebookId: string,
    page: { cursor: string | null; limit: number },
  ): Promise<{ items: PreviewRecord[]; nextCursor: string | null }> {
    await this.gitNotebook(projectId, notebookId);
    const newestFirst = (await newestNamesUnder(this.deps.store, layout.gitPreviewsPrefix(projectId, notebookId)))
      .filter((id) => page.cursor === null || id < page.cursor)
      .slice(0, page.limit + 1);
    const records = await Promise.all(
      newestFirst.slice(0, page.limit).map((id) => getJson<PreviewRecord>(this.deps.store, layout.gitPreview(projectId, notebookId, id))),
    );
    const items = records.flatMap((record) => (record ? [record.value] : []));
    return { items, nextCursor: newestFirst.length > page.limit ? newestFirst[page.limit - 1]! : null };
  }

  /** Removes the preview and its snapshots. Sessions already running keep their files. Writes `preview.delete`. */
  async delete(projectId: string, notebookId: string, previewId: string, actor: string): Promise<void> {
    await this.gitNotebook(projectId, notebookId);
    const record = await this.require(projectId, notebookId, previewId);
    await this.remove(record);
    await this.deps.audit.append({ event: 'preview.delete', actor, projectId, metadata: { notebook_id: notebookId, preview_id: previewId, ref: record.ref } });
  }

  /**
   * The preview, prepared: a preview that is not `ready` (pending, or failed before) is prepared
   * now. Throws the preparation's error, which the preview records as `failed`.
   */
  async ensureReady(projectId: string, notebookId: string, previewId: string): Promise<{ record: PreviewRecord; snapshot: PreviewSnapshot }> {
    let record = await this.require(projectId, notebookId, previewId);
    if (record.status !== 'ready' || record.commit === null) record = await this.prepare(await this.gitNotebook(projectId, notebookId), record);
    const snapshot = await getJson<PreviewSnapshot>(this.deps.store, layout.gitPreviewSnapshot(projectId, notebookId, previewId, record.commit!));
    if (snapshot) return { record, snapshot: snapshot.value };
    // Replaced by a refresh meanwhile: the latest one.
    record = await this.prepare(await this.gitNotebook(projectId, notebookId), await this.require(projectId, notebookId, previewId));
    const latest = await getJson<PreviewSnapshot>(this.deps.store, layout.gitPreviewSnapshot(projectId, notebookId, previewId, record.commit!));
    if (!latest) throw new HubError('CONFLICT', 'the preview changed while it was being prepared; start it again');
    return { record, snapshot: latest.value };
  }

  /**
   * One pass of the `preview_preparation` loop: pending previews are prepared, ready branch and
   * change-request previews whose head moved are prepared again at the new head, and the previews
   * of deleted notebooks are removed. One preview's failure does not stop the others.
   */
  async prepareAll(signal: AbortSignal): Promise<PreparationOutcome> {
    const outcome: PreparationOutcome = { prepared: 0, refreshed: 0, failed: 0, removed: 0 };
    if (!this.deps.enabled) return outcome;
    const heads = new Map<string, Promise<string | null>>();
    let cursor: string | null = null;
    do {
      const page = await this.deps.store.list(layout.gitPrefix, { cursor });
      cursor = page.nextCursor;
      for (const item of page.items) {
        if (signal.aborted) return outcome;
        const key = previewKeyOf(item.key);
        if (!key) continue;
        const record = (await getJson<PreviewRecord>(this.deps.store, item.key))?.value;
        if (!record) continue;
        const notebook = await this.deps.notebooks.get(key.projectId, key.notebookId);
        if (notebook?.source.type !== 'git') {
          await this.remove(record);
          outcome.removed++;
          continue;
        }
        try {
          if (record.status === 'pending') {
            await this.prepare(notebook, record);
            outcome.prepared++;
            continue;
          }
          const followed = followedRef(record);
          if (record.status !== 'ready' || followed === null) continue;
          const headKey = `${key.projectId}\n${notebook.source.repo}\n${followed}`;
          if (!heads.has(headKey)) {
            const url = this.urlOf(notebook.source);
            heads.set(
              headKey,
              this.deps.credentials.read(key.projectId, url).then((credentials) => this.deps.remote.resolveRef(url, followed, credentials)),
            );
          }
          const head = await heads.get(headKey)!;
          if (head !== null && head !== record.commit) {
            await this.prepare(notebook, record);
            outcome.refreshed++;
          }
        } catch {
          outcome.failed++;
        }
      }
    } while (cursor !== null);
    return outcome;
  }

  /**
   * Fetches the preview's ref, stores the folder's files as blobs and their snapshot, and records
   * the preview `ready` at that commit (the previous commit's snapshot goes). A failure is
   * recorded as `failed` with a message safe to show, and thrown.
   */
  private async prepare(notebook: NotebookRevision, record: PreviewRecord): Promise<PreviewRecord> {
    const { project_id: projectId, notebook_id: notebookId, id } = record;
    try {
      const url = this.urlOf(notebook.source as GitSource);
      const credentials = await this.deps.credentials.read(projectId, url);
      const fetched = await this.deps.remote.snapshot(url, record.ref, record.root_path, credentials, this.deps.limits).catch((error: unknown) => {
        // A commit or ref the repository does not have is the preview's fault, not the repository's.
        if (error instanceof GitRemoteError && error.code === 'NOT_FOUND')
          throw new HubError(
            'VALIDATION_ERROR',
            `${record.kind.replace('_', ' ')} ${record.kind === 'commit' ? record.ref.slice(0, 12) : record.ref} is not in the repository`,
            [{ field: record.kind, message: 'is not in the repository' }],
          );
        return remoteFailure(error);
      });
      if (!fetched.files.some((file) => file.path === record.entry_notebook)) {
        const where = record.root_path ? `${record.root_path}/${record.entry_notebook}` : record.entry_notebook;
        throw new HubError('VALIDATION_ERROR', `${where} is not in the repository at ${fetched.commit.slice(0, 12)}`, [
          { field: 'entry_notebook', message: 'is not at this commit' },
        ]);
      }
      const files: PreviewSnapshot['files'] = [];
      for (const file of fetched.files) files.push({ path: file.path, blob: await this.deps.workspace.storeBlob(file.content), size: file.content.length });
      const snapshot: PreviewSnapshot = { schema_version: 1, commit: fetched.commit, entry_notebook: record.entry_notebook, files };
      await this.deps.store.put(layout.gitPreviewSnapshot(projectId, notebookId, id, fetched.commit), jsonBody(snapshot));
      const seen = { previous: null as string | null };
      const at = this.deps.now().toISOString();
      const ready = await this.update(record, (current) => {
        seen.previous = current.commit;
        return { ...current, status: 'ready', commit: fetched.commit, error: null, prepared_at: at, updated_at: at };
      });
      if (seen.previous !== null && seen.previous !== fetched.commit)
        await this.deps.store.delete(layout.gitPreviewSnapshot(projectId, notebookId, id, seen.previous));
      return ready;
    } catch (error) {
      const failure = error instanceof HubError ? error : new HubError('INTERNAL_ERROR', 'the preview could not be prepared');
      const at = this.deps.now().toISOString();
      // A refresh that fails keeps the snapshot it had: the preview stays usable at its commit.
      await this.update(record, (current) =>
        current.status === 'ready' && record.status === 'ready'
          ? { ...current, error: { code: failure.code, message: failure.message }, updated_at: at }
          : { ...current, status: 'failed', error: { code: failure.code, message: failure.message }, updated_at: at },
      ).catch(() => {});
      throw failure;
    }
  }

  private async update(record: PreviewRecord, change: (current: PreviewRecord) => PreviewRecord): Promise<PreviewRecord> {
    const key = layout.gitPreview(record.project_id, record.notebook_id, record.id);
    const after = await updateJson<PreviewRecord>(this.deps.store, key, (current) => {
      if (!current) throw new HubError('NOT_FOUND', `preview ${record.id} was deleted`);
      return change(current);
    });
    return after.value!;
  }

  private async remove(record: PreviewRecord): Promise<void> {
    const prefix = layout.gitPreviewSnapshotsPrefix(record.project_id, record.notebook_id, record.id);
    let cursor: string | null = null;
    do {
      const page = await this.deps.store.list(prefix, { cursor });
      for (const item of page.items) await this.deps.store.delete(item.key);
      cursor = page.nextCursor;
    } while (cursor !== null);
    await this.deps.store.delete(layout.gitPreview(record.project_id, record.notebook_id, record.id));
  }

  private async require(projectId: string, notebookId: string, previewId: string): Promise<PreviewRecord> {
    const record = await getJson<PreviewRecord>(this.deps.store, layout.gitPreview(projectId, notebookId, previewId));
    if (!record) throw new HubError('NOT_FOUND', `preview ${previewId} not found`);
    return record.value;
  }

  private async gitNotebook(projectId: string, notebookId: string): Promise<NotebookRevision> {
    const notebook = await this.deps.notebooks.get(projectId, notebookId);
    if (!notebook) throw new HubError('NOT_FOUND', `notebook ${notebookId} not found`);
    if (notebook.source.type !== 'git') throw new HubError('SYNC_NOT_CONFIGURED', 'previews are for notebooks synced from Git; this one is not');
    if (!this.deps.enabled) throw new HubError('SYNC_NOT_CONFIGURED', 'Git-synced notebooks are turned off in this deployment (SERVICE_GIT)');
    return notebook;
  }

  private urlOf(source: Pick<GitSource, 'provider' | 'repo'>): string {
    return storedRepository(source, this.deps.rules).url;
  }
}
