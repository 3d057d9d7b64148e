import { HubError } from '../errors.js';
import type { Principal } from '../identity/authenticator.js';
import type { NotebookRevision } from '../notebooks/notebook-model.js';
import type { AccessControl } from '../access/access-control.js';
import type { WorkspaceAccess, WorkspaceItem } from '../workspace/workspace-model.js';
import type { ArchiveEntry } from '../workspace/workspace-reads.js';
import type { UploadConditions, WorkspaceService } from '../workspace/workspace-service.js';

/** A notebook named by its project and id. */
export interface NotebookRef {
  projectId: string;
  notebookId: string;
}

export interface WorkspaceUseCaseDeps {
  access: AccessControl;
  workspace: WorkspaceService;
}

/**
 * A notebook's workspace files. Reads need `project.read` on the notebook, every change
 * `notebook.write`; the workspace service then checks paths, protection and the tree.
 */
export class WorkspaceUseCases {
  constructor(private readonly deps: WorkspaceUseCaseDeps) {}

  /** Whether the caller may change the workspace (as the policy decides notebook.write), and its protected paths. */
  async access(principal: Principal, input: NotebookRef): Promise<WorkspaceAccess> {
    const loaded = await this.read(principal, input);
    return this.deps.workspace.access(loaded.notebook, await this.mayWrite(principal, loaded));
  }

  /** A folder's items: folders first, then files, each by name. */
  async list(principal: Principal, input: NotebookRef & { path?: string }): Promise<WorkspaceItem[]> {
    const { notebook } = await this.read(principal, input);
    return this.deps.workspace.list(notebook, input.path);
  }

  /** A file's bytes, its item and its ETag (the SHA-256 of the content). */
  async readFile(principal: Principal, input: NotebookRef & { path: string }): Promise<{ item: WorkspaceItem; body: Buffer; etag: string }> {
    const { notebook } = await this.read(principal, input);
    return this.deps.workspace.readFile(notebook, input.path);
  }

  /** A folder (the root when path is absent) as the entries of a zip archive, read lazily. */
  async archive(principal: Principal, input: NotebookRef & { path?: string }): Promise<{ name: string; entries: ArchiveEntry[] }> {
    const { notebook } = await this.read(principal, input);
    return this.deps.workspace.archive(notebook, input.path);
  }

  async upload(
    principal: Principal,
    input: NotebookRef & { path: string; body: Buffer; conditions?: UploadConditions },
  ): Promise<{ item: WorkspaceItem; created: boolean }> {
    const notebook = await this.write(principal, input);
    return this.deps.workspace.upload(notebook, input.path, input.body, principal.user.id, input.conditions ?? {});
  }

  async mkdir(principal: Principal, input: NotebookRef & { path: string }): Promise<{ item: WorkspaceItem; created: boolean }> {
    const notebook = await this.write(principal, input);
    return this.deps.workspace.mkdir(notebook, input.path, principal.user.id);
  }

  async copy(principal: Principal, input: NotebookRef & { from: string; to: string; overwrite?: boolean }): Promise<WorkspaceItem> {
    const notebook = await this.write(principal, input);
    return this.deps.workspace.copy(notebook, input.from, input.to, input.overwrite ?? false, principal.user.id);
  }

  async move(principal: Principal, input: NotebookRef & { from: string; to: string; overwrite?: boolean }): Promise<WorkspaceItem> {
    const notebook = await this.write(principal, input);
    return this.deps.workspace.move(notebook, input.from, input.to, input.overwrite ?? false, principal.user.id);
  }

  async remove(principal: Principal, input: NotebookRef & { path: string; recursive?: boolean }): Promise<void> {
    const notebook = await this.write(principal, input);
    await this.deps.workspace.remove(notebook, input.path, input.recursive ?? false, principal.user.id);
  }

  private read(principal: Principal, input: NotebookRef) {
    return this.deps.access.notebook(principal, input.projectId, input.notebookId, 'project.read');
  }

  private async write(principal: Principal, input: NotebookRef): Promise<NotebookRevision> {
    return (await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'notebook.write')).notebook;
  }

  /** Whether the caller may change this notebook, as the policy decides notebook.write. */
  private async mayWrite(principal: Principal, loaded: Awaited<ReturnType<AccessControl['notebook']>>): Promise<boolean> {
    try {
      await this.deps.access.project(principal, loaded.project.id, 'notebook.write', { notebook_labels: loaded.notebook.security_labels }, loaded.project);
      return true;
    } catch (error) {
      if (error instanceof HubError && error.code === 'FORBIDDEN') return false;
      throw error;
    }
  }
}
