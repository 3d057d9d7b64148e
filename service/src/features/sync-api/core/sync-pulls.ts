import type { AccessControl } from '../../../core/access/access-control.js';
import { HubError } from '../../../core/errors.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import type { UserDirectory } from '../../../core/identity/users.js';
import type { NotebookCatalogEntry, NotebookRevision } from '../../../core/notebooks/notebook-model.js';
import type { NotebookService } from '../../../core/notebooks/notebook-service.js';
import type { ObjectStore, ObjectStream } from '../../../core/ports/object-store.js';
import { getJson } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';
import type { ProjectUseCases } from '../../../core/use-cases/projects.js';
import type { WorkspaceHead, WorkspaceManifest } from '../../../core/workspace/workspace-model.js';
import type { HubIdentity } from '../../../core/hub-identity.js';
import type { ProjectBlobs } from './project-blobs.js';
import {
  SYNC_PROTOCOL,
  syncRoleOf,
  type SyncHubInfo,
  type SyncIntegrationEntry,
  type SyncNotebookEntry,
  type SyncProjectEntry,
  type SyncProjectManifest,
  type SyncVersion,
  type SyncWorkspaceManifest,
} from './sync-model.js';

/** What the sync API reads of a project's integrations: names and kinds, never a secret (the integrations feature's). */
export interface SyncIntegrations {
  listForBrowsing(projectId: string): Promise<{ id: string; name: string; kind: string }[]>;
}

export interface SyncPullDeps {
  access: AccessControl;
  projects: Pick<ProjectUseCases, 'list'>;
  notebooks: Pick<NotebookService, 'list' | 'get' | 'versions' | 'version' | 'code'>;
  users: Pick<UserDirectory, 'get'>;
  store: ObjectStore;
  blobs: ProjectBlobs;
  hubId: HubIdentity;
  /** The hub software's release (SERVICE_VERSION). */
  version: string;
  /** The project integrations, once the integrations feature is linked; null where it is not. */
  integrations: () => SyncIntegrations | null;
}

const PAGE = 1000;
/** Notebooks whose details are read at once for a project's manifest. */
const PARALLEL = 8;

/**
 * What another hub reads to pull (docs/remotes.md, "The sync protocol (team side)"), each call as
 * the signed-in user: the projects they may read, a project's manifest, versions, workspace
 * manifests and blobs. Reading is `project.read`, and labelled notebooks the caller is not cleared
 * for are left out as if they did not exist.
 */
export class SyncPulls {
  constructor(private readonly deps: SyncPullDeps) {}

  /** Any signed-in user: which hub this is, and who they are here, for the pulling side to record and check. */
  async hub(principal: Principal, name: string): Promise<Required<SyncHubInfo>> {
    const { user } = principal;
    return {
      hub_id: await this.deps.hubId.id(),
      name,
      version: this.deps.version,
      protocol: SYNC_PROTOCOL,
      user: { name: user.name, email: user.email },
    };
  }

  /** Every active project the caller may read, newest first. */
  async listProjects(principal: Principal): Promise<SyncProjectEntry[]> {
    const entries: SyncProjectEntry[] = [];
    let cursor: string | null = null;
    do {
      const page = await this.deps.projects.list(principal, { cursor, limit: PAGE });
      for (const project of page.items) {
        entries.push({
          id: project.id,
          name: project.name,
          description: project.description,
          role: syncRoleOf(project.your_role),
          updated_at: project.updated_at,
        });
      }
      cursor = page.nextCursor;
    } while (cursor);
    return entries;
  }

  /** `project.read`: the project, the caller's role, its integrations' names, and every notebook the caller may see. */
  async project(principal: Principal, projectId: string): Promise<SyncProjectManifest> {
    const { access } = this.deps;
    const { project, role } = await access.project(principal, projectId, 'project.read');
    const entries: NotebookCatalogEntry[] = [];
    let cursor: string | null = null;
    do {
      const page = await this.deps.notebooks.list(projectId, { cursor, limit: PAGE, visible: (entry) => access.clearedFor(principal, entry.security_labels) });
      entries.push(...page.items.map((item) => item.value));
      cursor = page.nextCursor;
    } while (cursor);
    const notebooks: SyncNotebookEntry[] = [];
    for (let start = 0; start < entries.length; start += PARALLEL) {
      const read = await Promise.all(entries.slice(start, start + PARALLEL).map((entry) => this.notebookEntry(projectId, entry.id)));
      notebooks.push(...read.filter((entry): entry is SyncNotebookEntry => entry !== null));
    }
    const integrations = access.allows(principal, project, 'integration.read') ? await this.integrationsOf(projectId) : [];
    return {
      // Projects keep no README of their own here; a notebook's README.md is one of its workspace files.
      project: { id: project.id, name: project.name, description: project.description, readme: null, updated_at: project.updated_at },
      role: syncRoleOf(role),
      integrations,
      notebooks,
    };
  }

  /** `project.read`: a version with its code and, for a pushed one, its origin. */
  async version(principal: Principal, input: { projectId: string; notebookId: string; versionId: string }): Promise<SyncVersion> {
    await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'project.read');
    const version = await this.deps.notebooks.version(input.projectId, input.notebookId, input.versionId);
    const code = await this.deps.notebooks.code(input.projectId, input.notebookId, input.versionId);
    const author = await this.deps.users.get(version.author);
    return {
      version_id: version.version_id,
      notebook_id: version.notebook_id,
      saved_at: version.saved_at,
      // An e-mail address means something on the pulling hub; a user id of this one does not.
      author: author?.email ?? version.author,
      message: version.message,
      parent_id: version.parent_id,
      code,
      origin: version.origin ?? null,
    };
  }

  /** `project.read`: a workspace manifest of the notebook; NOT_FOUND once a later one replaced it. */
  async manifest(principal: Principal, input: { projectId: string; notebookId: string; manifestId: string }): Promise<SyncWorkspaceManifest> {
    await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'project.read');
    const found = await getJson<WorkspaceManifest>(this.deps.store, layout.workspaceManifest(input.projectId, input.notebookId, input.manifestId));
    if (!found) throw new HubError('NOT_FOUND', `workspace manifest ${input.manifestId} not found: a later change replaced it; read the project again`);
    const { id, files, directories } = found.value;
    return { id, files, directories };
  }

  /**
   * `project.read`, and the blob must be named by a workspace manifest of a notebook of this project
   * that the caller may see: blobs are shared by every project, so a hash alone opens nothing.
   * Anything else is NOT_FOUND, as for a blob this hub does not have.
   */
  /**
   * A blob's size and its bytes from `start` on, streamed from the store (never held whole): the
   * caller reads the body to its end or stops early.
   */
  async readBlob(principal: Principal, input: { projectId: string; sha256: string; start?: number }): Promise<ObjectStream> {
    const { access } = this.deps;
    await access.project(principal, input.projectId, 'project.read');
    const missing = () => new HubError('NOT_FOUND', `blob ${input.sha256} is not in a workspace of project ${input.projectId}`);
    if (!(await this.deps.blobs.named(input.projectId, input.sha256, (labels) => access.clearedFor(principal, labels)))) throw missing();
    const object = await this.deps.store.getStream(layout.blob(input.sha256), { start: input.start ?? 0 });
    if (!object) throw missing();
    return object;
  }

  private async notebookEntry(projectId: string, notebookId: string): Promise<SyncNotebookEntry | null> {
    const notebook: NotebookRevision | null = await this.deps.notebooks.get(projectId, notebookId);
    if (!notebook || notebook.status === 'deleted') return null;
    const versionIds: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await this.deps.notebooks.versions(notebookId, { cursor, limit: PAGE });
      versionIds.push(...page.items.map((item) => item.value.version_id));
      cursor = page.nextCursor;
    } while (cursor);
    const head = await getJson<WorkspaceHead>(this.deps.store, layout.workspaceHead(projectId, notebookId));
    return {
      id: notebook.id,
      title: notebook.title,
      description: notebook.description,
      entry_file: notebook.entry_file,
      tags: notebook.tags,
      status: notebook.status,
      current_version_id: notebook.source.current_version_id,
      version_ids: versionIds,
      workspace_manifest_id: head?.value.manifest ?? null,
      origin: notebook.origin ?? null,
    };
  }

  private async integrationsOf(projectId: string): Promise<SyncIntegrationEntry[]> {
    const integrations = this.deps.integrations();
    if (!integrations) return [];
    return (await integrations.listForBrowsing(projectId)).map(({ id, name, kind }) => ({ id, name, kind, scope: 'project' as const }));
  }
}
