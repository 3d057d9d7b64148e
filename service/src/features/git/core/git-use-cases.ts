import type { GitCredentialsInput, GitCredentialsView, GitCredentialStore } from './git-credentials.js';
import type { GitNotebookCreateResult, GitNotebookInput, GitSourcePatch, GitSync, SourceDrift, SourceSyncResult, SyncHealth, SyncToken } from './git-sync.js';
import type { NotebookRevision } from '../../../core/notebooks/notebook-model.js';
import type { WorkspaceService } from '../../../core/workspace/workspace-service.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import type { AccessControl } from '../../../core/access/access-control.js';
import type { GitBranch, GitCommitSummary } from '../../../core/ports/git-remote.js';
import type { ChangeRequestInput, ChangeRequestRecord, ChangeRequests } from './change-requests.js';
import type { AuditLog } from '../../../core/audit/audit-log.js';
import type { Previews } from './previews.js';
import type { SessionManager } from '../../../core/sessions/session-manager.js';
import type { PreviewInput, PreviewRecord } from './preview-model.js';
import { actorOf, pageSize, type Page, type PageInput, type PageLimits } from '../../../core/use-cases/caller.js';
import { HubError } from '../../../core/errors.js';
import type { RateWindows } from '../../../core/util/rate-windows.js';

export interface GitUseCaseDeps {
  access: AccessControl;
  git: GitSync;
  credentials: GitCredentialStore;
  audit: AuditLog;
  workspace: WorkspaceService;
  changeRequests: ChangeRequests;
  previews: Previews;
  /** Stops what runs from a preview that is deleted. */
  previewSessions: Pick<SessionManager, 'stopPreviewSessions'>;
  limits: PageLimits;
  /**
   * Calls to the Git remote a user causes per project through the read-only routes (refs and
   * drift): each is a `git ls-remote` or fetch with the project's credentials, which any member,
   * viewers included, may ask for.
   */
  remoteReads: RateWindows;
}

type NotebookRef = { projectId: string; notebookId: string };

/**
 * Git-synced notebooks (docs/git.md). Editors create them, sync them and rotate their sync tokens
 * (`notebook.write`); whoever sees the notebook reads its drift and branches (`project.read`).
 * Editors publish change requests (`change-request.publish`) and create and delete previews
 * (`notebook.write`), which whoever sees the notebook lists (`project.read`). A project's Git credentials are set and removed by its managers (`project.update`) and read, as
 * flags only, by its members.
 */
export class GitUseCases {
  constructor(private readonly deps: GitUseCaseDeps) {}

  async create(principal: Principal, input: { projectId: string; notebook: GitNotebookInput }): Promise<GitNotebookCreateResult> {
    const { project } = await this.deps.access.project(principal, input.projectId, 'notebook.write');
    return this.deps.git.create(input.projectId, project.name, input.notebook, actorOf(principal));
  }

  async sync(principal: Principal, input: NotebookRef): Promise<SourceSyncResult> {
    await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'notebook.write');
    return this.deps.git.sync(input.projectId, input.notebookId, 'manual', principal.user.id);
  }

  /** The repository's CI, holding the notebook's sync token instead of a hub credential. */
  syncWithToken(input: NotebookRef & { token: string }): Promise<SourceSyncResult> {
    return this.deps.git.syncWithToken(input.projectId, input.notebookId, input.token);
  }

  /** Where the notebook reads from: settings wait in `pending_config` until a sync applies them. */
  async updateSource(principal: Principal, input: NotebookRef & { patch: GitSourcePatch }): Promise<{ notebook: NotebookRevision; readme: string | null }> {
    await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'notebook.write');
    const notebook = await this.deps.git.updateSource(input.projectId, input.notebookId, input.patch, principal.user.id);
    return { notebook, readme: await this.deps.workspace.readme(notebook) };
  }

  async rotateToken(principal: Principal, input: NotebookRef): Promise<SyncToken> {
    await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'notebook.write');
    return this.deps.git.rotateToken(input.projectId, input.notebookId, principal.user.id);
  }

  /** Publishes the notebook's code as a branch and a pull or merge request (`change-request.publish`). */
  async publishChangeRequest(principal: Principal, input: NotebookRef & { request: ChangeRequestInput }): Promise<ChangeRequestRecord> {
    await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'change-request.publish');
    return this.deps.changeRequests.publish(input.projectId, input.notebookId, input.request, actorOf(principal));
  }

  async changeRequests(principal: Principal, input: NotebookRef): Promise<ChangeRequestRecord[]> {
    await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'project.read');
    return this.deps.changeRequests.list(input.projectId, input.notebookId);
  }

  /** A preview of a branch, commit or change request, prepared in the background (`notebook.write`). Writes `preview.create`. */
  async createPreview(principal: Principal, input: NotebookRef & { preview: PreviewInput }): Promise<PreviewRecord> {
    await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'notebook.write');
    return this.deps.previews.create(input.projectId, input.notebookId, input.preview, principal.user.id);
  }

  /** `project.read`: newest first. */
  async previews(principal: Principal, input: NotebookRef & PageInput): Promise<Page<PreviewRecord>> {
    await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'project.read');
    return this.deps.previews.list(input.projectId, input.notebookId, { cursor: input.cursor ?? null, limit: pageSize(input.limit, this.deps.limits) });
  }

  async preview(principal: Principal, input: NotebookRef & { previewId: string }): Promise<PreviewRecord> {
    await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'project.read');
    return this.deps.previews.get(input.projectId, input.notebookId, input.previewId);
  }

  /** `notebook.write`. Writes `preview.delete`; the preview's running sessions are stopped. */
  async deletePreview(principal: Principal, input: NotebookRef & { previewId: string }): Promise<void> {
    await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'notebook.write');
    await this.deps.previews.delete(input.projectId, input.notebookId, input.previewId, principal.user.id);
    await this.deps.previewSessions.stopPreviewSessions(input.projectId, input.previewId, { id: principal.user.id, email: principal.user.email });
  }

  /** `project.read`, within the caller's allowance of remote reads in the project. */
  async drift(principal: Principal, input: NotebookRef): Promise<SourceDrift> {
    await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'project.read');
    this.takeRemoteRead(principal, input.projectId);
    return this.deps.git.drift(input.projectId, input.notebookId);
  }

  /** `project.read`, within the caller's allowance of remote reads in the project. */
  async refs(principal: Principal, input: NotebookRef): Promise<{ branches: GitBranch[]; commits: GitCommitSummary[] }> {
    await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'project.read');
    this.takeRemoteRead(principal, input.projectId);
    return this.deps.git.refs(input.projectId, input.notebookId);
  }

  private takeRemoteRead(principal: Principal, projectId: string): void {
    const retryAfterSeconds = this.deps.remoteReads.take(`${principal.user.id}/${projectId}`);
    if (retryAfterSeconds !== null) {
      throw new HubError(
        'RESOURCE_EXHAUSTED',
        `you asked the repository for branches or its head too often in this project: try again in ${retryAfterSeconds} s`,
        undefined,
        {
          retryAfterSeconds,
        },
      );
    }
  }

  async syncHealth(principal: Principal, input: NotebookRef): Promise<SyncHealth> {
    await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'project.read');
    return this.deps.git.health(input.projectId, input.notebookId);
  }

  async credentials(principal: Principal, input: { projectId: string }): Promise<GitCredentialsView> {
    await this.deps.access.project(principal, input.projectId, 'project.read');
    return this.deps.credentials.view(input.projectId);
  }

  async setCredentials(principal: Principal, input: { projectId: string; credentials: GitCredentialsInput }): Promise<GitCredentialsView> {
    await this.deps.access.project(principal, input.projectId, 'project.update');
    const { view, changed } = await this.deps.credentials.set(input.projectId, input.credentials, principal.user.id);
    await this.deps.audit.append({
      event: 'project.git_credentials.update',
      actor: principal.user.id,
      projectId: input.projectId,
      // Where the credentials may now be sent is part of the record of who changed what (no token).
      metadata: { fields: changed, host_url: view.host_url, repositories: view.repositories },
    });
    return view;
  }

  async removeCredentials(principal: Principal, input: { projectId: string }): Promise<void> {
    await this.deps.access.project(principal, input.projectId, 'project.update');
    await this.deps.credentials.remove(input.projectId, principal.user.id);
    await this.deps.audit.append({ event: 'project.git_credentials.delete', actor: principal.user.id, projectId: input.projectId, metadata: {} });
  }
}
