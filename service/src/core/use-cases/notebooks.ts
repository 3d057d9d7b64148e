import { HubError } from '../errors.js';
import { runOutputText } from '../notebooks/run-output-text.js';
import type { Principal } from '../identity/authenticator.js';
import type { NotebookCatalogEntry, NotebookRevision, NotebookStatus, NotebookVersion } from '../notebooks/notebook-model.js';
import type { NotebookInput, NotebookPatch, NotebookService } from '../notebooks/notebook-service.js';
import type { AccessControl } from '../access/access-control.js';
import { notebookSettingsActions, type ChangeRules, type NotebookSettingsChange } from '../policy/change-actions.js';
import { notebookFacts } from '../policy/stored-facts.js';
import type { WorkspaceService } from '../workspace/workspace-service.js';
import { actorOf, pageSize, type Page, type PageInput, type PageLimits } from './caller.js';

export interface NotebookUseCaseDeps {
  access: AccessControl;
  notebooks: NotebookService;
  workspace: Pick<WorkspaceService, 'readme'>;
  /** The deployment's rules for settings changes (labels, who picks a compute profile). */
  changeRules: ChangeRules;
  limits: PageLimits;
}

/** A notebook with its README (null when its workspace has none). */
export interface NotebookView {
  notebook: NotebookRevision;
  readme: string | null;
}

/**
 * A project's notebooks. Reading is `project.read`; creating and editing `notebook.write`, plus
 * the actions its settings need (`notebook.manage` for status, compute profile and base image,
 * the label actions for labels going up or down); deleting is `notebook.manage`.
 */
export class NotebookUseCases {
  constructor(private readonly deps: NotebookUseCaseDeps) {}

  /** Newest first; labelled notebooks the caller is not cleared for are left out, as if they did not exist. */
  async list(principal: Principal, input: PageInput & { projectId: string; status?: NotebookStatus | undefined }): Promise<Page<NotebookCatalogEntry>> {
    const { access } = this.deps;
    await access.project(principal, input.projectId, 'project.read');
    const page = await this.deps.notebooks.list(input.projectId, {
      cursor: input.cursor ?? null,
      limit: pageSize(input.limit, this.deps.limits),
      ...(input.status ? { status: input.status } : {}),
      visible: (entry) => access.clearedFor(principal, entry.security_labels),
    });
    return { items: page.items.map(({ value }) => value), nextCursor: page.nextCursor };
  }

  /** Creates a notebook (blank, or from marimo source). Writes `notebook.create`. */
  async create(principal: Principal, input: { projectId: string; notebook: NotebookInput }): Promise<{ notebook: NotebookRevision; version: NotebookVersion }> {
    const { projectId, notebook } = input;
    const { project } = await this.deps.access.project(principal, projectId, 'notebook.write');
    const { status, compute_profile, base_image, security_labels } = notebook;
    // What differs from a new notebook's defaults is what the settings actions weigh.
    const change: NotebookSettingsChange = {
      ...(status && status !== 'draft' ? { status } : {}),
      ...(compute_profile ? { compute_profile } : {}),
      ...(base_image ? { base_image } : {}),
      ...(security_labels !== undefined ? { security_labels } : {}),
    };
    await this.deps.access.also(principal, project, notebookSettingsActions(change, null, this.deps.changeRules));
    return this.deps.notebooks.create(projectId, project.name, notebook, actorOf(principal));
  }

  /** `project.read`: metadata, README and source version. */
  async read(principal: Principal, input: { projectId: string; notebookId: string }): Promise<NotebookView> {
    const { notebook } = await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'project.read');
    return { notebook, readme: await this.deps.workspace.readme(notebook) };
  }

  /** Changes metadata and settings. Writes `notebook.update`. */
  async update(principal: Principal, input: { projectId: string; notebookId: string; patch: NotebookPatch }): Promise<NotebookView> {
    const { projectId, notebookId, patch } = input;
    const { project, notebook } = await this.deps.access.notebook(principal, projectId, notebookId, 'notebook.write');
    const actions = notebookSettingsActions(patch, notebook.security_labels, this.deps.changeRules);
    await this.deps.access.also(principal, project, actions, notebookFacts(notebook));
    const updated = await this.deps.notebooks.update(projectId, notebookId, patch, actorOf(principal));
    return { notebook: updated, readme: await this.deps.workspace.readme(updated) };
  }

  /** `notebook.manage`. Writes `notebook.delete`. */
  async delete(principal: Principal, input: { projectId: string; notebookId: string }): Promise<void> {
    const { project } = await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'notebook.manage');
    await this.deps.notebooks.delete(input.projectId, project.name, input.notebookId, actorOf(principal)).catch((error: unknown) => {
      if (!(error instanceof HubError && error.code === 'NOT_FOUND')) throw error;
    });
  }

  /** `project.read`: the marimo source of the current version, or of `versionId`. */
  async code(
    principal: Principal,
    input: { projectId: string; notebookId: string; versionId?: string | undefined },
  ): Promise<{ versionId: string; code: string }> {
    const { notebook } = await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'project.read');
    const versionId = input.versionId ?? notebook.source.current_version_id;
    if (!versionId) throw new HubError('NOT_FOUND', 'this notebook has no version yet');
    return { versionId, code: await this.deps.notebooks.code(input.projectId, input.notebookId, versionId) };
  }

  /** `project.read`: what the latest snapshot shows, as text (docs/mcp.md, "Outputs as text"), and the version it shows. */
  async snapshotText(principal: Principal, input: { projectId: string; notebookId: string }): Promise<{ version: NotebookVersion; text: string }> {
    const { version, html } = await this.html(principal, input);
    return { version, text: runOutputText(html.toString('utf8')) ?? 'The snapshot holds no recorded outputs.' };
  }

  /** `project.read`: the latest HTML snapshot and the version it shows. */
  async html(principal: Principal, input: { projectId: string; notebookId: string }): Promise<{ version: NotebookVersion; html: Buffer }> {
    await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'project.read');
    return this.deps.notebooks.latestSnapshot(input.projectId, input.notebookId);
  }
}
