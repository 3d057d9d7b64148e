import type { AccessControl } from '../../../core/access/access-control.js';
import type { AuditLog } from '../../../core/audit/audit-log.js';
import { HubError } from '../../../core/errors.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import type { NotebookService } from '../../../core/notebooks/notebook-service.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import type { ProjectService } from '../../../core/projects/project-service.js';
import type { SessionManager } from '../../../core/sessions/session-manager.js';
import { getJson, jsonBody } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';
import { actorOf } from '../../../core/use-cases/caller.js';
import { BLOB_REFRESH_AFTER_MS } from '../../../core/workspace/blob-ages.js';
import { sha256Hex } from '../../../core/workspace/workspace-store.js';
import type { OriginClaims } from './origin-claims.js';
import {
  originFacts,
  originHash,
  type CreateNotebookInput,
  type CreateProjectInput,
  type PushVersionInput,
  type PushVersionResult,
  type PushWorkspaceInput,
  type PushWorkspaceResult,
  type SyncOrigin,
} from './sync-model.js';
import { pushWorkspace, type WorkspacePushDeps } from './workspace-push.js';

export interface SyncPushDeps extends WorkspacePushDeps {
  access: AccessControl;
  projects: Pick<ProjectService, 'create' | 'get'>;
  notebooks: Pick<NotebookService, 'prepare' | 'commit' | 'save' | 'get' | 'versions'>;
  sessions: Pick<SessionManager, 'assertNotBeingEdited'>;
  store: ObjectStore;
  audit: AuditLog;
  claims: OriginClaims;
  now?: () => Date;
}

/** How far back a retried push looks for the version it made, when its index entry was not written. */
const MAX_VERSIONS_SCANNED = 2000;
const PARALLEL = 16;

/** A version pushed before, in the origin index (`sync-origins/versions/...`). */
interface VersionOriginRecord {
  schema_version: 1;
  origin: SyncOrigin;
  version_id: string;
}

/**
 * What another hub does to push (docs/remotes.md, "The sync protocol (team side)"), each call as
 * the signed-in user under the project's policy: blobs and versions need `notebook.write` (a
 * viewer is refused), a new notebook the same, a new project `project.create`. Every push that
 * names an origin makes its thing exactly once, however often it is retried; every change is
 * audited as the user, naming the hub it came from.
 */
export class SyncPushes {
  private readonly now: () => Date;

  constructor(private readonly deps: SyncPushDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** `notebook.write`: of these blobs, those this hub lacks, in the order asked. */
  async missingBlobs(principal: Principal, input: { projectId: string; sha256s: string[] }): Promise<string[]> {
    await this.deps.access.project(principal, input.projectId, 'notebook.write');
    const unique = [...new Set(input.sha256s)];
    const missing = new Set<string>();
    for (let start = 0; start < unique.length; start += PARALLEL) {
      await Promise.all(
        unique.slice(start, start + PARALLEL).map(async (sha256) => {
          if (!(await this.deps.store.head(layout.blob(sha256)))) missing.add(sha256);
        }),
      );
    }
    return unique.filter((sha256) => missing.has(sha256));
  }

  /**
   * `notebook.write`: stores a blob after checking that the bytes hash to its name (BAD_REQUEST
   * otherwise, and nothing is kept). `created` is false when the hub had it already; one stored long
   * ago is written again, so that garbage collection sees it as young (core/workspace/blob-ages.ts).
   */
  async putBlob(principal: Principal, input: { projectId: string; sha256: string; body: Buffer }): Promise<{ created: boolean }> {
    await this.deps.access.project(principal, input.projectId, 'notebook.write');
    const actual = sha256Hex(input.body);
    if (actual !== input.sha256) {
      throw new HubError('BAD_REQUEST', `the body's SHA-256 is ${actual}, not ${input.sha256}: the blob was not stored`);
    }
    const key = layout.blob(input.sha256);
    const [stored] = (await this.deps.store.list(key, { limit: 1 })).items.filter((item) => item.key === key);
    if (stored && this.now().getTime() - stored.lastModified < BLOB_REFRESH_AFTER_MS) return { created: false };
    await this.deps.store.put(key, input.body);
    const created = stored === undefined;
    await this.deps.audit.append({
      event: 'workspace.blob_upload',
      actor: principal.user.id,
      projectId: input.projectId,
      metadata: { sha256: input.sha256, size: input.body.length, created },
    });
    return { created };
  }

  /**
   * `notebook.write`: saves the code as the notebook's next version when `base_version_id` is its
   * current one; otherwise nothing is written and the answer is a conflict naming the current one.
   * A push whose origin made a version before answers that version (`replayed`), even when the
   * notebook moved on since. The origin is recorded on the version in the same transaction that
   * makes it, so a retry after a push cut off at any point finds it.
   */
  async pushVersion(principal: Principal, input: { projectId: string; notebookId: string; version: PushVersionInput }): Promise<PushVersionResult> {
    const { projectId, notebookId, version } = input;
    const { notebook } = await this.deps.access.notebook(principal, projectId, notebookId, 'notebook.write');
    const indexKey = layout.syncVersionOrigin(projectId, notebookId, originHash(version.origin.hub_id, version.origin.id));
    const indexed = await getJson<VersionOriginRecord>(this.deps.store, indexKey);
    if (indexed) return { outcome: 'replayed', version_id: indexed.value.version_id };
    const current = notebook.source.current_version_id;
    if (current !== version.base_version_id) return this.replayedOrConflict(input, indexKey, current);
    await this.deps.sessions.assertNotBeingEdited(projectId, notebookId);
    try {
      const saved = await this.deps.notebooks.save(
        projectId,
        notebookId,
        { code: version.code, baseVersionId: version.base_version_id, message: version.message, event: 'notebook.push', origin: version.origin },
        actorOf(principal),
      );
      await this.index(indexKey, version.origin, saved.version_id);
      return { outcome: 'created', version_id: saved.version_id };
    } catch (error) {
      // Another push won the race for the base: this one's own retry, or someone else's version.
      if (!(error instanceof HubError && error.code === 'CONFLICT')) throw error;
      const latest = await this.deps.notebooks.get(projectId, notebookId);
      return this.replayedOrConflict(input, indexKey, latest?.source.current_version_id ?? null);
    }
  }

  /** `notebook.write` on the notebook: see {@link pushWorkspace}. */
  async pushWorkspace(principal: Principal, input: { projectId: string; notebookId: string; workspace: PushWorkspaceInput }): Promise<PushWorkspaceResult> {
    const { notebook } = await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'notebook.write');
    return pushWorkspace(this.deps, notebook, input.workspace, principal.user.id);
  }

  /**
   * `notebook.write`: creates a notebook with its first version, both recording their origins; a
   * push whose origin created one before answers that one (`created: false`) unless it was deleted.
   */
  async createNotebook(
    principal: Principal,
    input: { projectId: string; notebook: CreateNotebookInput },
  ): Promise<{ notebook_id: string; version_id: string; created: boolean }> {
    const { projectId, notebook: wanted } = input;
    const { project } = await this.deps.access.project(principal, projectId, 'notebook.write');
    const actor = actorOf(principal);
    const { made, created } = await this.deps.claims.once<{ notebook_id: string; version_id: string }>({
      key: layout.syncNotebookOrigin(projectId, originHash(wanted.origin.hub_id, wanted.origin.id)),
      origin: wanted.origin,
      exists: async (made) => (await this.deps.notebooks.get(projectId, made.notebook_id)) !== null,
      attempt: () => {
        const prepared = this.deps.notebooks.prepare(
          projectId,
          { title: wanted.title, description: wanted.description, tags: wanted.tags, entry_file: wanted.entry_file, code: wanted.code },
          actor,
        );
        const planned = { notebook_id: prepared.notebook.id, version_id: prepared.version.version_id };
        return {
          planned,
          make: async () => {
            const version = { ...prepared.version, message: wanted.message.trim() || 'Created', origin: wanted.version_origin };
            await this.deps.notebooks.commit({ ...prepared, notebook: { ...prepared.notebook, origin: wanted.origin }, version }, project.name, actor, {
              ...originFacts(wanted.origin, 'notebook'),
            });
            // Its first version is pushed already: a push of that version answers it.
            const versionKey = layout.syncVersionOrigin(projectId, planned.notebook_id, originHash(wanted.version_origin.hub_id, wanted.version_origin.id));
            await this.index(versionKey, wanted.version_origin, planned.version_id);
            return planned;
          },
        };
      },
    });
    return { ...made, created };
  }

  /** `project.create`: a project with the caller as its owner; a push whose origin created one before (as this caller) answers that one. */
  async createProject(principal: Principal, input: CreateProjectInput): Promise<{ project_id: string; created: boolean }> {
    this.deps.access.deployment(principal, 'project.create');
    const actor = actorOf(principal);
    const { made, created } = await this.deps.claims.once<{ project_id: string }>({
      // The pushing user is part of the key: two people pushing the same local project each get their own.
      key: layout.syncProjectOrigin(originHash(principal.user.id, input.origin.hub_id, input.origin.id)),
      origin: input.origin,
      exists: async (made) => (await this.deps.projects.get(made.project_id))?.status === 'active',
      attempt: () => ({
        planned: null,
        make: async () => {
          const project = await this.deps.projects.create({ name: input.name, description: input.description }, actor, originFacts(input.origin, 'project'));
          return { project_id: project.id };
        },
      }),
    });
    return { ...made, created };
  }

  /** The version an earlier push with this origin made, when there is one; else the conflict. */
  private async replayedOrConflict(
    input: { projectId: string; notebookId: string; version: PushVersionInput },
    indexKey: string,
    current: string | null,
  ): Promise<PushVersionResult> {
    const made = await this.findByOrigin(input.notebookId, input.version.origin, input.version.base_version_id);
    if (made === null) return { outcome: 'conflict', current_version_id: current };
    await this.index(indexKey, input.version.origin, made);
    return { outcome: 'replayed', version_id: made };
  }

  /** Newest first, back to the push's base: a version recording this origin. */
  private async findByOrigin(notebookId: string, origin: SyncOrigin, base: string | null): Promise<string | null> {
    let cursor: string | null = null;
    let scanned = 0;
    do {
      const page = await this.deps.notebooks.versions(notebookId, { cursor, limit: 200 });
      for (const { value: version } of page.items) {
        if (version.origin?.hub_id === origin.hub_id && version.origin.id === origin.id) return version.version_id;
        if (version.version_id === base) return null;
      }
      scanned += page.items.length;
      cursor = page.nextCursor;
    } while (cursor && scanned < MAX_VERSIONS_SCANNED);
    return null;
  }

  /**
   * Writes an origin's index entry once; one already there says the same. The version is made
   * whatever happens here: it records its origin, which a retry finds without the entry.
   */
  private async index(key: string, origin: SyncOrigin, versionId: string): Promise<void> {
    const record: VersionOriginRecord = { schema_version: 1, origin, version_id: versionId };
    await this.deps.store.put(key, jsonBody(record), { ifNoneMatch: '*' }).catch(() => {});
  }
}
