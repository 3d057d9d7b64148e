import type { AuditLog } from '../audit/audit-log.js';
import type { CatalogPage } from '../catalog/catalog.js';
import { HubError, type FieldProblem } from '../errors.js';
import { newNotebookId, newRevisionId, newVersionId } from '../ids.js';
import type { ProjectEventPublisher } from '../ports/project-events.js';
import { normalizeLabels, type SecurityLabels, type LabelPolicy } from '../policy/security-labels.js';
import { assertNoProblems, projectFieldProblems } from '../projects/project-validation.js';
import { assertNotebookCode, blankNotebook, runtimeOf } from './marimo-source.js';
import {
  STATUS_MOVES,
  type GitSource,
  type GitSourceConfig,
  type NotebookCatalogEntry,
  type NotebookRevision,
  type NotebookStatus,
  type NotebookVersion,
  type RecordOrigin,
} from './notebook-model.js';
import type { NotebookRecords, NotebookChange } from './notebook-records.js';
import { versionIdAfter } from './version-ids.js';
import { integrationsOf, integrationsProblems, patchedIntegrations, type NotebookIntegrationsPatch } from './notebook-integrations.js';

export interface NotebookSettings {
  maxVersions: number;
  marimoVersion: string;
  computeProfiles: readonly string[];
  sandboxImages: readonly string[];
  labels: LabelPolicy;
}

export interface NotebookInput {
  title: string;
  description?: string;
  tags?: string[];
  /** marimo source; a blank notebook when omitted. */
  code?: string;
  status?: Exclude<NotebookStatus, 'deleted'>;
  compute_profile?: string | null;
  base_image?: string | null;
  security_labels?: SecurityLabels | null;
  /** Where the notebook file sits in its workspace; `notebook.py` by default. */
  entry_file?: string;
}

export type NotebookPatch = Partial<Omit<NotebookInput, 'code' | 'entry_file'>> & {
  /** Which integrations its sandboxes receive; a part left out keeps its value. */
  integrations?: NotebookIntegrationsPatch;
};

export interface Actor {
  id: string;
  email: string;
}

/**
 * Something that depends on versions of a notebook staying readable: live sessions (the version
 * they were loaded from), job runs later. Asked at prune time, so a reference never outlives its
 * holder (nothing to unpin after a crash).
 */
export type VersionHolder = (projectId: string, notebookId: string) => Promise<Iterable<string>>;

/** A version that was just stored, with its code: what a listener of {@link NotebookService.onVersionSaved} is told. */
export interface SavedVersion {
  projectId: string;
  notebookId: string;
  version: NotebookVersion;
  code: string;
  /** The audit event of a save through {@link NotebookService.save} (`notebook.save`, `notebook.restore`...); absent for the others. */
  event?: string;
}

/**
 * Told of every version once it is stored (a save, a restore, a new notebook, a Git sync, an
 * import): locked environments resolve the version's dependencies then (docs/environments.md).
 * Called without waiting; a listener does its work in the background and never fails the save.
 */
export type VersionSavedListener = (saved: SavedVersion) => void;

/** A validated new notebook that is not stored yet (see NotebookService.prepare). */
export interface PreparedNotebook {
  notebook: NotebookRevision;
  version: NotebookVersion;
  code: string;
}

const ENTRY_FILE = /^(?:[A-Za-z0-9_][A-Za-z0-9._ -]{0,99}\/){0,8}[A-Za-z0-9_][A-Za-z0-9._ -]{0,99}\.py$/;

/** Whether a notebook may keep its code at `path` in its workspace. */
export function isEntryFilePath(path: string): boolean {
  return ENTRY_FILE.test(path) && !path.split('/').some((part) => part === '.' || part === '..');
}

/**
 * Notebook operations: validation, persistence, versions (each save is an immutable version; a
 * save must name the version it was based on, so two clients never overwrite each other), the
 * audit event of every change and the `notebook.deleted` alert. Authorization happens before.
 */
export class NotebookService {
  private readonly holders: VersionHolder[] = [];
  private readonly savedListeners: VersionSavedListener[] = [];

  constructor(
    private readonly records: NotebookRecords,
    private readonly audit: AuditLog,
    private readonly events: ProjectEventPublisher,
    private readonly settings: NotebookSettings,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Pruning keeps every version `holder` names, besides the current one and pinned_versions. */
  holdVersionsWith(holder: VersionHolder): void {
    this.holders.push(holder);
  }

  /** Tells `listener` of every version stored from now on. */
  onVersionSaved(listener: VersionSavedListener): void {
    this.savedListeners.push(listener);
  }

  async get(projectId: string, notebookId: string): Promise<NotebookRevision | null> {
    const notebook = await this.records.get(projectId, notebookId);
    return notebook && notebook.status !== 'deleted' ? notebook : null;
  }

  /** `visible` (the caller's label clearance) applies before the page is cut, so pages stay full. */
  list(
    projectId: string,
    options: { cursor?: string | null; limit: number; status?: NotebookStatus; visible?: (entry: NotebookCatalogEntry) => boolean },
  ): Promise<CatalogPage<NotebookCatalogEntry>> {
    const { status, visible } = options;
    const filter = (entry: NotebookCatalogEntry) => (!status || entry.status === status) && (!visible || visible(entry));
    return this.records.list(projectId, { cursor: options.cursor ?? null, limit: options.limit, filter });
  }

  /** `origin` adds facts about where the notebook came from (an import) to its audit event. */
  async create(
    projectId: string,
    projectName: string,
    input: NotebookInput,
    actor: Actor,
    origin: Record<string, unknown> = {},
  ): Promise<{ notebook: NotebookRevision; version: NotebookVersion }> {
    return this.commit(this.prepare(projectId, input, actor), projectName, actor, origin);
  }

  /**
   * Validates a new notebook and gives it its id, without storing anything: an import fills the
   * workspace of the notebook-to-be first, so a notebook never exists without its files.
   */
  prepare(projectId: string, input: NotebookInput, actor: Actor): PreparedNotebook {
    const code = input.code ?? blankNotebook(this.settings.marimoVersion);
    assertNotebookCode(code);
    assertNoProblems(this.fieldProblems(input));
    const at = this.now();
    const id = newNotebookId(at.getTime());
    const version: NotebookVersion = {
      version_id: newVersionId(at.getTime()),
      notebook_id: id,
      saved_at: at.toISOString(),
      author: actor.id,
      message: 'Created',
      parent_id: null,
    };
    const runtime = runtimeOf(code);
    const notebook: NotebookRevision = {
      schema_version: 1,
      revision: newRevisionId(at.getTime()),
      parent_revision: null,
      id,
      project_id: projectId,
      title: input.title.trim(),
      description: input.description ?? '',
      status: input.status ?? 'draft',
      author: actor.id,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
      last_run_at: null,
      tags: input.tags ?? [],
      ...(runtime ? { runtime } : {}),
      base_image: input.base_image ?? null,
      compute_profile: input.compute_profile ?? null,
      security_labels: normalizeLabels(input.security_labels),
      entry_file: input.entry_file ?? 'notebook.py',
      source: { type: 'local', current_version_id: version.version_id },
      pinned_versions: [],
      written_by: actor.id,
    };
    return { notebook, version, code };
  }

  /** Stores a prepared notebook with its first version: from here on it is listed. */
  async commit(
    prepared: PreparedNotebook,
    projectName: string,
    actor: Actor,
    origin: Record<string, unknown> = {},
  ): Promise<{ notebook: NotebookRevision; version: NotebookVersion }> {
    const { notebook, version, code } = prepared;
    await this.records.create(notebook, { version, code });
    this.versionSaved(notebook.project_id, notebook.id, version, code);
    await this.audit.append({
      event: 'notebook.create',
      actor: actor.id,
      projectId: notebook.project_id,
      metadata: { ...origin, notebook_id: notebook.id, title: notebook.title, project: projectName },
    });
    return { notebook, version };
  }

  /**
   * Stores a new Git-synced notebook (docs/git.md): with the version its first sync made, or with
   * none when that sync failed (the notebook stays a draft until a sync works).
   */
  async commitSynced(
    notebook: NotebookRevision,
    first: { version: NotebookVersion; code: string } | null,
    projectName: string,
    actor: Actor,
    origin: Record<string, unknown>,
  ): Promise<NotebookRevision> {
    await this.records.create(notebook, first);
    if (first) this.versionSaved(notebook.project_id, notebook.id, first.version, first.code);
    await this.audit.append({
      event: 'notebook.create',
      actor: actor.id,
      projectId: notebook.project_id,
      metadata: { ...origin, notebook_id: notebook.id, title: notebook.title, project: projectName, version_id: first?.version.version_id ?? null },
    });
    return notebook;
  }

  /**
   * Makes `code` from `commit` the current version of a Git-synced notebook and records the sync
   * on its source (the config it read with, the commit, when). Refused with CONFLICT when another
   * sync moved the notebook on since `baseVersionId` was read. Audited by the caller.
   */
  async saveSynced(
    projectId: string,
    notebookId: string,
    request: { code: string; commit: string; config: GitSourceConfig; provider: string | null; baseVersionId: string | null; message: string },
    actor: string,
  ): Promise<{ notebook: NotebookRevision; version: NotebookVersion }> {
    assertNotebookCode(request.code);
    const at = this.now();
    const version: NotebookVersion = {
      version_id: versionIdAfter(request.baseVersionId, at.getTime()),
      notebook_id: notebookId,
      saved_at: at.toISOString(),
      author: actor,
      message: request.message,
      parent_id: request.baseVersionId,
      commit: request.commit,
      git_source: request.config,
    };
    const runtime = runtimeOf(request.code);
    const { after } = await this.records.update(
      projectId,
      notebookId,
      (latest) => {
        if (latest.source.type !== 'git') throw new HubError('SYNC_NOT_CONFIGURED', 'this notebook is no longer synced from Git');
        const { pending_config: _applied, ...source } = latest.source;
        return {
          ...changeOf(latest),
          ...(runtime ? { runtime } : {}),
          entry_file: request.config.entry_notebook,
          source: {
            ...source,
            ...request.config,
            provider: request.provider,
            commit: request.commit,
            last_synced_at: at.toISOString(),
            current_version_id: version.version_id,
          },
        };
      },
      actor,
      {
        version: { version, code: request.code },
        check: (entry) => {
          if (entry.current_version_id !== request.baseVersionId) throw new HubError('CONFLICT', 'another sync of this notebook finished first');
        },
      },
    );
    this.versionSaved(projectId, notebookId, version, request.code);
    // The version is saved whatever happens here; the next sync prunes what this one left.
    await this.prune(after).catch(() => []);
    return { notebook: after, version };
  }

  /** Changes a Git-synced notebook's source (its settings or mode) without a new version. */
  async updateGitSource(projectId: string, notebookId: string, change: (source: GitSource) => GitSource, actor: string): Promise<NotebookRevision> {
    const { after } = await this.records.update(
      projectId,
      notebookId,
      (current) => {
        if (current.source.type !== 'git') throw new HubError('SYNC_NOT_CONFIGURED', 'this notebook is not synced from Git');
        return { ...changeOf(current), source: change(current.source) };
      },
      actor,
    );
    return after;
  }

  async update(projectId: string, notebookId: string, patch: NotebookPatch, actor: Actor): Promise<NotebookRevision> {
    assertNoProblems(this.fieldProblems(patch));
    const { after } = await this.records.update(
      projectId,
      notebookId,
      (current) => {
        if (patch.status !== undefined && !STATUS_MOVES[current.status].includes(patch.status)) {
          throw new HubError('CONFLICT', `a ${current.status} notebook cannot become ${patch.status}`);
        }
        return {
          ...changeOf(current),
          ...(patch.title !== undefined ? { title: patch.title.trim() } : {}),
          ...(patch.description !== undefined ? { description: patch.description } : {}),
          ...(patch.tags !== undefined ? { tags: patch.tags } : {}),
          ...(patch.status !== undefined ? { status: patch.status } : {}),
          ...(patch.compute_profile !== undefined ? { compute_profile: patch.compute_profile } : {}),
          ...(patch.base_image !== undefined ? { base_image: patch.base_image } : {}),
          ...(patch.security_labels !== undefined ? { security_labels: normalizeLabels(patch.security_labels) } : {}),
          ...(patch.integrations !== undefined ? { integrations: patchedIntegrations(integrationsOf(current), patch.integrations) } : {}),
        };
      },
      actor.id,
    );
    await this.audit.append({ event: 'notebook.update', actor: actor.id, projectId, metadata: { notebook_id: notebookId, fields: Object.keys(patch).sort() } });
    return after;
  }

  async delete(projectId: string, projectName: string, notebookId: string, actor: Actor): Promise<void> {
    const { after } = await this.records.update(projectId, notebookId, (current) => ({ ...changeOf(current), status: 'deleted' }), actor.id);
    await this.audit.append({ event: 'notebook.delete', actor: actor.id, projectId, metadata: { notebook_id: notebookId, title: after.title } });
    this.events.publish({
      kind: 'notebook.deleted',
      project_id: projectId,
      project_name: projectName,
      actor: actor.id,
      occurred_at: this.now().toISOString(),
      data: { notebook_id: notebookId, title: after.title },
    });
  }

  /**
   * Saves `code` as a new version. `baseVersionId` must be the current version: a client that
   * saves over someone else's newer version gets CONFLICT and must merge first. Versions beyond
   * the limit are pruned afterwards; the audit event lists them. `origin` records the version a
   * push from another hub made this one from, in the same transaction as the version.
   */
  async save(
    projectId: string,
    notebookId: string,
    request: { code: string; baseVersionId: string | null; message?: string; event?: string; origin?: RecordOrigin },
    actor: Actor,
  ): Promise<NotebookVersion> {
    assertNotebookCode(request.code);
    const at = this.now();
    const saved: NotebookVersion = {
      version_id: versionIdAfter(request.baseVersionId, at.getTime()),
      notebook_id: notebookId,
      saved_at: at.toISOString(),
      author: actor.id,
      message: request.message?.trim() || 'Saved',
      parent_id: request.baseVersionId,
      ...(request.origin ? { origin: request.origin } : {}),
    };
    const runtime = runtimeOf(request.code);
    const { after } = await this.records.update(
      projectId,
      notebookId,
      (latest) => ({ ...changeOf(latest), ...(runtime ? { runtime } : {}), source: { ...latest.source, current_version_id: saved.version_id } }),
      actor.id,
      {
        version: { version: saved, code: request.code },
        check: (entry) => {
          if (request.baseVersionId === null || entry.current_version_id !== request.baseVersionId) {
            throw new HubError(
              'CONFLICT',
              `the notebook has moved on to version ${entry.current_version_id}; reload it and save again based on that version (base_version_id)`,
            );
          }
        },
      },
    );
    const event = request.event ?? 'notebook.save';
    this.versionSaved(projectId, notebookId, saved, request.code, event);
    const pruning = await this.prune(after).then(
      (ids) => ({ pruned_version_ids: ids }),
      // The version is saved whatever happens here; the next save prunes what this one left.
      (error: unknown) => ({ pruned_version_ids: [], prune_failed: error instanceof HubError ? error.code : 'INTERNAL_ERROR' }),
    );
    await this.audit.append({
      event,
      actor: actor.id,
      projectId,
      metadata: {
        notebook_id: notebookId,
        version_id: saved.version_id,
        ...(request.origin ? { origin_hub_id: request.origin.hub_id, origin_version_id: request.origin.id } : {}),
        ...pruning,
      },
    });
    return saved;
  }

  /** Makes an old version's code the newest version (history is never rewritten). */
  async restore(
    projectId: string,
    notebookId: string,
    versionId: string,
    request: { baseVersionId: string | null; message?: string },
    actor: Actor,
  ): Promise<NotebookVersion> {
    // Read before the save: once saved, the new version holds the code and the old one may go.
    const code = await this.code(projectId, notebookId, versionId);
    return this.save(
      projectId,
      notebookId,
      { code, baseVersionId: request.baseVersionId, message: request.message ?? `Restored ${versionId}`, event: 'notebook.restore' },
      actor,
    );
  }

  versions(notebookId: string, options: { cursor?: string | null; limit: number }): Promise<CatalogPage<NotebookVersion>> {
    return this.records.versions(notebookId, options);
  }

  async version(projectId: string, notebookId: string, versionId: string): Promise<NotebookVersion> {
    const version = await this.records.version(notebookId, versionId);
    if (!version) throw new HubError('NOT_FOUND', `version ${versionId} not found`);
    return version;
  }

  /** A version's code; NOT_FOUND also when a prune removed the version while it was being read. */
  async code(projectId: string, notebookId: string, versionId: string): Promise<string> {
    await this.version(projectId, notebookId, versionId);
    const code = await this.records.readCode(projectId, notebookId, versionId);
    if (code !== null) return code;
    await this.version(projectId, notebookId, versionId);
    throw new HubError('INTERNAL_ERROR', `the code of version ${versionId} is missing from the store`);
  }

  /** The code of the newest version a Git sync made from `commit`, or null when none is kept. */
  async codeSyncedFrom(projectId: string, notebookId: string, commit: string): Promise<string | null> {
    let cursor: string | null = null;
    do {
      const page: CatalogPage<NotebookVersion> = await this.records.versions(notebookId, { cursor, limit: 50 });
      const synced = page.items.find((item) => item.value.commit === commit);
      if (synced) return this.records.readCode(projectId, notebookId, synced.value.version_id);
      cursor = page.nextCursor;
    } while (cursor);
    return null;
  }

  /** The HTML of the newest version that has a snapshot; NO_HTML_SNAPSHOT when none has. */
  async latestSnapshot(projectId: string, notebookId: string): Promise<{ version: NotebookVersion; html: Buffer }> {
    let cursor: string | null = null;
    do {
      const page: CatalogPage<NotebookVersion> = await this.records.versions(notebookId, { cursor, limit: 50 });
      const withSnapshot = page.items.find((item) => item.value.html_snapshot);
      if (withSnapshot) {
        const html = await this.records.readSnapshot(projectId, notebookId, withSnapshot.value.version_id);
        if (html) return { version: withSnapshot.value, html };
      }
      cursor = page.nextCursor;
    } while (cursor);
    throw new HubError('NO_HTML_SNAPSHOT', 'this notebook has no HTML snapshot yet; one is captured when a session saves it or a job runs it');
  }

  /** Notes that a job ran the notebook (`last_run_at`); a notebook deleted meanwhile is left as it is. */
  async recordRun(projectId: string, notebookId: string, finishedAt: string): Promise<void> {
    await this.records
      .update(projectId, notebookId, (current) => ({ ...changeOf(current), last_run_at: finishedAt }), 'system')
      .catch((error: unknown) => {
        if (!(error instanceof HubError && error.code === 'NOT_FOUND')) throw error;
      });
  }

  async attachSnapshot(projectId: string, notebookId: string, versionId: string, html: Buffer, actor: string): Promise<NotebookVersion> {
    const version = await this.records.attachSnapshot(projectId, notebookId, versionId, html);
    await this.audit.append({ event: 'notebook.snapshot', actor, projectId, metadata: { notebook_id: notebookId, version_id: versionId, bytes: html.length } });
    return version;
  }

  private versionSaved(projectId: string, notebookId: string, version: NotebookVersion, code: string, event?: string): void {
    for (const listener of this.savedListeners) {
      try {
        listener({ projectId, notebookId, version, code, ...(event ? { event } : {}) });
      } catch {
        // A listener's failure is its own: the version is saved.
      }
    }
  }

  /** Every version something still depends on stays: the current one, pinned ones, held ones. */
  private prune(notebook: NotebookRevision): Promise<string[]> {
    const held = async () => {
      const ids = new Set(notebook.pinned_versions);
      for (const holder of this.holders) for (const id of await holder(notebook.project_id, notebook.id)) ids.add(id);
      return ids;
    };
    return this.records.prune(notebook.project_id, notebook.id, this.settings.maxVersions, held);
  }

  private fieldProblems(input: NotebookPatch & { entry_file?: string }): FieldProblem[] {
    const problems = projectFieldProblems(
      {
        ...(input.title !== undefined ? { name: input.title } : {}),
        ...(input.tags ? { tags: input.tags } : {}),
        ...(input.security_labels !== undefined ? { security_labels: input.security_labels } : {}),
      },
      this.settings.labels,
    ).map((problem) => (problem.field === 'name' ? { ...problem, field: 'title' } : problem));
    if (input.compute_profile && !this.settings.computeProfiles.includes(input.compute_profile)) {
      problems.push({ field: 'compute_profile', message: `must be one of ${this.settings.computeProfiles.join(', ')}` });
    }
    if (input.base_image && !this.settings.sandboxImages.includes(input.base_image)) {
      problems.push({ field: 'base_image', message: "is not one of this deployment's sandbox images" });
    }
    problems.push(...integrationsProblems(input.integrations));
    if (input.entry_file !== undefined && !isEntryFilePath(input.entry_file)) {
      problems.push({ field: 'entry_file', message: 'must be a relative path to a .py file (letters, digits, ._- and spaces)' });
    }
    return problems;
  }
}

function changeOf(current: NotebookRevision): NotebookChange {
  const {
    schema_version: _schema,
    revision: _revision,
    parent_revision: _parent,
    id: _id,
    project_id: _project,
    created_at: _created,
    updated_at: _updated,
    written_by: _writer,
    ...rest
  } = current;
  return rest;
}
