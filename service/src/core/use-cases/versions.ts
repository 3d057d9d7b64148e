import type { Principal } from '../identity/authenticator.js';
import type { NotebookVersion } from '../notebooks/notebook-model.js';
import type { NotebookService } from '../notebooks/notebook-service.js';
import type { AccessControl } from '../access/access-control.js';
import type { SessionManager } from '../sessions/session-manager.js';
import { actorOf, pageSize, type Page, type PageInput, type PageLimits } from './caller.js';

export interface VersionUseCaseDeps {
  access: AccessControl;
  notebooks: NotebookService;
  sessions: Pick<SessionManager, 'assertNotBeingEdited'>;
  limits: PageLimits;
}

/**
 * A notebook's versions: reading them is `project.read`, saving or restoring one `notebook.write`.
 * While an edit session holds the notebook, its sandbox has the live copy: saving here is then
 * EDIT_SESSION_OWNED (save from the session instead), or EDIT_SESSION_RETIRING while that session
 * is being saved and stopped.
 */
export class VersionUseCases {
  constructor(private readonly deps: VersionUseCaseDeps) {}

  /** Newest first. */
  async list(principal: Principal, input: PageInput & { projectId: string; notebookId: string }): Promise<Page<NotebookVersion>> {
    await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'project.read');
    const page = await this.deps.notebooks.versions(input.notebookId, { cursor: input.cursor ?? null, limit: pageSize(input.limit, this.deps.limits) });
    return { items: page.items.map((item) => item.value), nextCursor: page.nextCursor };
  }

  /** Saves code as the newest version; `baseVersionId` must be the current one (else CONFLICT). Writes `notebook.save`. */
  async save(
    principal: Principal,
    input: { projectId: string; notebookId: string; code: string; baseVersionId: string | null; message?: string | undefined },
  ): Promise<NotebookVersion> {
    const { projectId, notebookId } = input;
    await this.deps.access.notebook(principal, projectId, notebookId, 'notebook.write');
    await this.deps.sessions.assertNotBeingEdited(projectId, notebookId);
    return this.deps.notebooks.save(
      projectId,
      notebookId,
      { code: input.code, baseVersionId: input.baseVersionId, ...(input.message ? { message: input.message } : {}) },
      actorOf(principal),
    );
  }

  async read(principal: Principal, input: { projectId: string; notebookId: string; versionId: string }): Promise<NotebookVersion> {
    await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'project.read');
    return this.deps.notebooks.version(input.projectId, input.notebookId, input.versionId);
  }

  /** A version's marimo source. */
  async code(principal: Principal, input: { projectId: string; notebookId: string; versionId: string }): Promise<string> {
    await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'project.read');
    return this.deps.notebooks.code(input.projectId, input.notebookId, input.versionId);
  }

  /** Saves an old version's code as the newest version. Writes `notebook.restore`. */
  async restore(
    principal: Principal,
    input: { projectId: string; notebookId: string; versionId: string; baseVersionId: string | null; message?: string | undefined },
  ): Promise<NotebookVersion> {
    const { projectId, notebookId } = input;
    await this.deps.access.notebook(principal, projectId, notebookId, 'notebook.write');
    await this.deps.sessions.assertNotBeingEdited(projectId, notebookId);
    return this.deps.notebooks.restore(
      projectId,
      notebookId,
      input.versionId,
      { baseVersionId: input.baseVersionId, ...(input.message ? { message: input.message } : {}) },
      actorOf(principal),
    );
  }
}
