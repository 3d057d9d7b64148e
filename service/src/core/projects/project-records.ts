import type { AuditLog } from '../audit/audit-log.js';
import type { Catalog, CatalogPage, CatalogTx } from '../catalog/catalog.js';
import { HubError } from '../errors.js';
import { newProjectId, newRevisionId } from '../ids.js';
import { commitRevision, retryChange } from '../records/revisions.js';
import { parseJson } from '../store/cas.js';
import type { ObjectStore } from '../store/object-store.js';
import { catalogKeys, layout } from '../storage-layout.js';

export type ProjectRole = 'admin' | 'manager' | 'editor' | 'viewer';
export type AssignableRole = Exclude<ProjectRole, 'admin'>;

export interface ProjectMember {
  role: ProjectRole;
  user_id?: string;
  email?: string;
}

/** One immutable revision of a project's metadata: `records/projects/<pid>/<revision>`. */
export interface ProjectRevision {
  schema_version: 1;
  revision: string;
  parent_revision: string | null;
  id: string;
  name: string;
  description: string;
  owner: string;
  members: ProjectMember[];
  tags: string[];
  status: 'active' | 'deleted';
  default_role: AssignableRole | null;
  federation?: { enabled: boolean; target?: string };
  security_labels?: { classification: string; compartments: string[] };
  created_at: string;
  updated_at: string;
  written_by: string;
}

/** What the catalog keeps per project: the listing fields and the current revision. */
export interface ProjectCatalogEntry {
  id: string;
  name: string;
  description: string;
  owner: string;
  status: 'active' | 'deleted';
  created_at: string;
  updated_at: string;
  notebook_count: number;
  tags: string[];
  revision: string;
}

export type NewProject = Pick<ProjectRevision, 'name' | 'description' | 'owner'> &
  Partial<Pick<ProjectRevision, 'members' | 'tags' | 'default_role' | 'federation' | 'security_labels'>>;

export function catalogEntryOf(revision: ProjectRevision, notebookCount: number): ProjectCatalogEntry {
  return {
    id: revision.id,
    name: revision.name,
    description: revision.description,
    owner: revision.owner,
    status: revision.status,
    created_at: revision.created_at,
    updated_at: revision.updated_at,
    notebook_count: notebookCount,
    tags: revision.tags,
    revision: revision.revision,
  };
}

export function catalogKeyOf(revision: Pick<ProjectRevision, 'id' | 'status'>): string {
  return revision.status === 'deleted' ? catalogKeys.deletedProject(revision.id) : catalogKeys.project(revision.id);
}

export class ProjectRecords {
  constructor(
    private readonly store: ObjectStore,
    private readonly catalog: Catalog,
    private readonly audit: AuditLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(input: NewProject, actor: string): Promise<ProjectRevision> {
    const at = this.now();
    const revision: ProjectRevision = {
      schema_version: 1,
      revision: newRevisionId(at.getTime()),
      parent_revision: null,
      id: newProjectId(at.getTime()),
      name: input.name,
      description: input.description,
      owner: input.owner,
      members: input.members ?? [],
      tags: input.tags ?? [],
      status: 'active',
      default_role: input.default_role ?? null,
      ...(input.federation ? { federation: input.federation } : {}),
      ...(input.security_labels ? { security_labels: input.security_labels } : {}),
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
      written_by: actor,
    };
    await this.commit(revision, async (tx) => {
      if (await tx.get(catalogKeys.project(revision.id))) throw new HubError('CONFLICT', `project ${revision.id} already exists`);
      tx.put(catalogKeys.project(revision.id), catalogEntryOf(revision, 0));
      return true;
    });
    await this.audit.append({ event: 'project.create', actor, projectId: revision.id, metadata: { name: revision.name } });
    return revision;
  }

  /** Applies `change` to the current revision; `change` may run again after a lost race. */
  async update(
    projectId: string,
    change: (current: ProjectRevision) => Omit<ProjectRevision, 'revision' | 'parent_revision' | 'updated_at' | 'written_by'>,
    actor: string,
    event = 'project.update',
  ): Promise<ProjectRevision> {
    const committed = await retryChange(`project ${projectId}`, async () => {
      const current = await this.get(projectId);
      if (!current || current.status === 'deleted') throw new HubError('NOT_FOUND', `project ${projectId} not found`);
      const at = this.now();
      const next: ProjectRevision = {
        ...change(current),
        schema_version: 1,
        id: current.id,
        created_at: current.created_at,
        revision: newRevisionId(at.getTime()),
        parent_revision: current.revision,
        updated_at: at.toISOString(),
        written_by: actor,
      };
      const adopted = await this.commit(next, async (tx) => {
        const entry = await tx.get<ProjectCatalogEntry>(catalogKeyOf(current));
        if (entry?.revision !== current.revision) return false;
        tx.delete(catalogKeyOf(current));
        tx.put(catalogKeyOf(next), catalogEntryOf(next, entry.notebook_count));
        return true;
      });
      return adopted ? next : undefined;
    });
    await this.audit.append({ event, actor, projectId, metadata: { revision: committed.revision } });
    return committed;
  }

  async get(projectId: string): Promise<ProjectRevision | null> {
    const view = await this.catalog.view();
    const entry =
      (await view.get<ProjectCatalogEntry>(catalogKeys.project(projectId))) ??
      (await view.get<ProjectCatalogEntry>(catalogKeys.deletedProject(projectId)));
    return entry ? this.readRevision(projectId, entry.revision) : null;
  }

  /** Active projects, newest first (project ids sort by creation time). */
  async list(options: { cursor?: string | null; limit: number; filter?: (entry: ProjectCatalogEntry) => boolean }): Promise<CatalogPage<ProjectCatalogEntry>> {
    const view = await this.catalog.view();
    return view.list<ProjectCatalogEntry>(catalogKeys.projectsPrefix, { ...options, reverse: true });
  }

  async readRevision(projectId: string, revisionId: string): Promise<ProjectRevision> {
    const key = layout.projectRevision(projectId, revisionId);
    const object = await this.store.get(key);
    if (!object) throw new HubError('INTERNAL_ERROR', `project revision ${key} referenced by the catalog is missing`);
    return parseJson<ProjectRevision>(key, object.body);
  }

  private commit(revision: ProjectRevision, adopt: (tx: CatalogTx) => Promise<boolean>): Promise<boolean> {
    const key = layout.projectRevision(revision.id, revision.revision);
    const reason = revision.parent_revision ? 'project.update' : 'project.create';
    return commitRevision(this.store, this.catalog, { key, body: revision, reason }, adopt);
  }
}
