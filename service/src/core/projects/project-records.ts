import type { Catalog, CatalogTx, CatalogView } from '../catalog/catalog.js';
import { HubError } from '../errors.js';
import { newProjectId, newRevisionId } from '../ids.js';
import type { AssignableRole, ProjectFacts } from '../policy/engine.js';
import type { SecurityLabels } from '../policy/security-labels.js';
import type { ProjectRole } from '../policy/table.js';
import { commitRevision, retryChange } from '../records/revisions.js';
import { parseJson } from '../store/cas.js';
import type { ObjectStore } from '../ports/object-store.js';
import { catalogKeys, layout } from '../storage-layout.js';

export type { AssignableRole } from '../policy/engine.js';
export type { ProjectRole } from '../policy/table.js';

export interface ProjectMember {
  role: AssignableRole;
  user_id?: string;
  email?: string;
}

export interface GroupMember {
  group: string;
  role: AssignableRole;
}

/** One immutable revision of a project's metadata: `records/projects/<pid>/<revision>`. */
export interface ProjectRevision {
  schema_version: 1;
  revision: string;
  parent_revision: string | null;
  id: string;
  name: string;
  description: string;
  /** The owner's user id; the owner is the project's admin. */
  owner: string;
  owner_email: string;
  members: ProjectMember[];
  group_members: GroupMember[];
  tags: string[];
  status: 'active' | 'deleted';
  /** Role of users who are not members (null: the deployment's default role). */
  default_role: AssignableRole | null;
  federation: { enabled: boolean; target?: string } | null;
  security_labels: SecurityLabels | null;
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
  security_labels: SecurityLabels | null;
  revision: string;
}

/** The value of an access index entry: the role it grants. */
export interface AccessGrant {
  role: ProjectRole;
}

export type NewProject = Pick<ProjectRevision, 'name' | 'description' | 'owner' | 'owner_email'> &
  Partial<Pick<ProjectRevision, 'members' | 'group_members' | 'tags' | 'default_role' | 'federation' | 'security_labels'>>;

export type ProjectChange = Omit<ProjectRevision, 'revision' | 'parent_revision' | 'updated_at' | 'written_by' | 'schema_version' | 'id' | 'created_at'>;

export function catalogKeyOf(revision: Pick<ProjectRevision, 'id' | 'status'>): string {
  return revision.status === 'deleted' ? catalogKeys.deletedProject(revision.id) : catalogKeys.project(revision.id);
}

/**
 * Everything the catalog holds for one project revision: its entry, and for an active project the
 * access index entries (owner, members, groups, open to everyone) that let a user's project list
 * be read without scanning every project.
 */
export function projectCatalogEntries(revision: ProjectRevision, notebookCount: number): [string, unknown][] {
  const entry: ProjectCatalogEntry = {
    id: revision.id,
    name: revision.name,
    description: revision.description,
    owner: revision.owner,
    status: revision.status,
    created_at: revision.created_at,
    updated_at: revision.updated_at,
    notebook_count: notebookCount,
    tags: revision.tags,
    security_labels: revision.security_labels,
    revision: revision.revision,
  };
  const entries: [string, unknown][] = [[catalogKeyOf(revision), entry]];
  if (revision.status !== 'active') return entries;
  const grant = (role: ProjectRole): AccessGrant => ({ role });
  entries.push([catalogKeys.projectAccess('user', revision.owner, revision.id), grant('admin')]);
  for (const member of revision.members) {
    if (member.user_id) entries.push([catalogKeys.projectAccess('user', member.user_id, revision.id), grant(member.role)]);
    else if (member.email) entries.push([catalogKeys.projectAccess('email', member.email, revision.id), grant(member.role)]);
  }
  for (const member of revision.group_members) entries.push([catalogKeys.projectAccess('group', member.group, revision.id), grant(member.role)]);
  if (revision.default_role) entries.push([catalogKeys.projectAccess('open', '', revision.id), grant(revision.default_role)]);
  return entries;
}

export function projectFactsOf(revision: ProjectRevision): ProjectFacts {
  return {
    id: revision.id,
    owner: revision.owner,
    status: revision.status,
    members: revision.members,
    group_members: revision.group_members,
    default_role: revision.default_role,
    security_labels: revision.security_labels,
  };
}

/**
 * Persistence of projects: each change is a new immutable revision that the catalog adopts only if
 * its entry still names the revision the change was based on (see commitRevision). Validation,
 * authorization, audit and alerts belong to the callers.
 */
export class ProjectRecords {
  constructor(
    private readonly store: ObjectStore,
    private readonly catalog: Catalog,
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
      owner_email: input.owner_email,
      members: input.members ?? [],
      group_members: input.group_members ?? [],
      tags: input.tags ?? [],
      status: 'active',
      default_role: input.default_role ?? null,
      federation: input.federation ?? null,
      security_labels: input.security_labels ?? null,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
      written_by: actor,
    };
    await this.commit(revision, async (tx) => {
      if (await tx.get(catalogKeys.project(revision.id))) throw new HubError('CONFLICT', `project ${revision.id} already exists`);
      for (const [key, value] of projectCatalogEntries(revision, 0)) tx.put(key, value);
      return true;
    });
    return revision;
  }

  /**
   * Applies `change` to the current revision and returns both; `change` may run again after a
   * lost race, and may throw to refuse the change.
   */
  async update(
    projectId: string,
    change: (current: ProjectRevision) => ProjectChange,
    actor: string,
  ): Promise<{ before: ProjectRevision; after: ProjectRevision }> {
    return retryChange(`project ${projectId}`, async () => {
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
        for (const [key] of projectCatalogEntries(current, entry.notebook_count)) tx.delete(key);
        for (const [key, value] of projectCatalogEntries(next, entry.notebook_count)) tx.put(key, value);
        return true;
      });
      return adopted ? { before: current, after: next } : undefined;
    });
  }

  async get(projectId: string, view?: CatalogView): Promise<ProjectRevision | null> {
    const catalog = view ?? (await this.catalog.view());
    const entry =
      (await catalog.get<ProjectCatalogEntry>(catalogKeys.project(projectId))) ??
      (await catalog.get<ProjectCatalogEntry>(catalogKeys.deletedProject(projectId)));
    return entry ? this.readRevision(projectId, entry.revision) : null;
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
