import type { Catalog } from '../catalog/catalog.js';
import { HubError } from '../errors.js';
import type { Principal } from '../identity/authenticator.js';
import type { AccessControl } from '../access/access-control.js';
import { labelChangeActions } from '../policy/change-actions.js';
import { assertTokenAllowsAction } from '../access/credential-rules.js';
import type { LabelPolicy } from '../policy/security-labels.js';
import type { ProjectRole } from '../policy/table.js';
import { listVisibleProjects, type VisibleProject } from '../projects/project-listing.js';
import type { ProjectRevision } from '../projects/project-records.js';
import type { ProjectInput, ProjectPatch, ProjectService } from '../projects/project-service.js';
import { actorOf, pageSize, type Page, type PageInput, type PageLimits } from './caller.js';

export interface ProjectUseCaseDeps {
  access: AccessControl;
  projects: ProjectService;
  catalog: Pick<Catalog, 'view'>;
  labelPolicy: LabelPolicy;
  limits: PageLimits;
}

/** A project as its caller sees it: the record and the caller's role in it. */
export interface ProjectView {
  project: ProjectRevision;
  role: ProjectRole;
}

/** Listing, creating, reading, changing and deleting projects (policy actions `project.*`). */
export class ProjectUseCases {
  constructor(private readonly deps: ProjectUseCaseDeps) {}

  /**
   * The active projects the caller may see, newest first: those they have a role in, cleared for
   * their labels, within their token's projects. `project.read` must be in a token's actions.
   */
  async list(principal: Principal, input: PageInput & { tagNamespace?: string | undefined }): Promise<Page<VisibleProject>> {
    assertTokenAllowsAction(principal, 'project.read');
    const scope = this.deps.access.listingScope(principal);
    const page = await listVisibleProjects(await this.deps.catalog.view(), scope.subject, scope.context, scope.environment, {
      cursor: input.cursor ?? null,
      limit: pageSize(input.limit, this.deps.limits),
      ...(input.tagNamespace !== undefined ? { tagNamespace: input.tagNamespace } : {}),
    });
    return { items: page.items, nextCursor: page.nextCursor };
  }

  /** `project.create`: the caller becomes the project's owner (admin). Writes `project.create`. */
  async create(principal: Principal, input: ProjectInput): Promise<ProjectView> {
    this.deps.access.deployment(principal, 'project.create');
    return { project: await this.deps.projects.create(input, actorOf(principal)), role: 'admin' };
  }

  /** `project.read`. */
  read(principal: Principal, input: { projectId: string }): Promise<ProjectView> {
    return this.deps.access.project(principal, input.projectId, 'project.read');
  }

  /**
   * `project.update`, and `security-labels.raise` / `security-labels.lower` when the change moves
   * the labels up or down. Writes `project.update`.
   */
  async update(principal: Principal, input: { projectId: string; patch: ProjectPatch }): Promise<ProjectView> {
    const { project, role } = await this.deps.access.project(principal, input.projectId, 'project.update');
    await this.deps.access.also(principal, project, labelChangeActions(project.security_labels, input.patch.security_labels, this.deps.labelPolicy));
    return { project: await this.deps.projects.update(input.projectId, input.patch, actorOf(principal)), role };
  }

  /** `project.delete`: the project disappears from every list and route. Writes `project.delete`. */
  async delete(principal: Principal, input: { projectId: string }): Promise<void> {
    await this.deps.access.project(principal, input.projectId, 'project.delete');
    await this.deps.projects.delete(input.projectId, actorOf(principal)).catch((error: unknown) => {
      // A concurrent delete won: the project is gone either way.
      if (!(error instanceof HubError && error.code === 'NOT_FOUND')) throw error;
    });
  }
}
