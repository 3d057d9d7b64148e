import type { Principal } from '../../../core/identity/authenticator.js';
import type { NotebookImportView } from './import-model.js';
import type { NotebookFromImport, NotebookImports } from './notebook-imports.js';
import type { NotebookRevision } from '../../../core/notebooks/notebook-model.js';
import type { AccessControl } from '../../../core/access/access-control.js';
import type { WorkspaceService } from '../../../core/workspace/workspace-service.js';

export interface ImportUseCaseDeps {
  access: AccessControl;
  imports: NotebookImports;
  workspace: WorkspaceService;
}

/**
 * Importing a folder of marimo notebooks (docs/imports.md): uploading one and creating notebooks from it
 * need `notebook.write` on the project, looking at one `project.read`.
 */
export class ImportUseCases {
  constructor(private readonly deps: ImportUseCaseDeps) {}

  /** Stores an uploaded zip of a folder and reports the marimo notebooks it holds. */
  async upload(principal: Principal, input: { projectId: string; archive: Buffer }): Promise<NotebookImportView> {
    await this.deps.access.project(principal, input.projectId, 'notebook.write');
    return this.deps.imports.upload(input.projectId, input.archive, principal.user.id);
  }

  /** An import: its notebooks and the state of each. */
  async get(principal: Principal, input: { projectId: string; importId: string }): Promise<NotebookImportView> {
    await this.deps.access.project(principal, input.projectId, 'project.read');
    return this.deps.imports.get(input.projectId, input.importId);
  }

  /** Creates one notebook from an import; the notebook's folder becomes its workspace. */
  async createNotebook(
    principal: Principal,
    input: { projectId: string; importId: string; notebook: NotebookFromImport },
  ): Promise<{ notebook: NotebookRevision; readme: string | null; import: NotebookImportView }> {
    const { project } = await this.deps.access.project(principal, input.projectId, 'notebook.write');
    const { user } = principal;
    const created = await this.deps.imports.createNotebook(input.projectId, project.name, input.importId, input.notebook, { id: user.id, email: user.email });
    return { notebook: created.notebook, readme: await this.deps.workspace.readme(created.notebook), import: created.import };
  }
}
