import type { HubSettings } from '../config/settings.js';
import { GitCliRemote } from '../adapters/git/git-cli-remote.js';
import type { AuditLog } from '../core/audit/audit-log.js';
import type { Catalog } from '../core/catalog/catalog.js';
import type { NotebookCatalogEntry } from '../core/notebooks/notebook-model.js';
import { catalogKeys } from '../core/storage-layout.js';
import { GitCredentialStore } from '../core/git/git-credentials.js';
import { GitSync } from '../core/git/git-sync.js';
import type { NotebookService } from '../core/notebooks/notebook-service.js';
import type { ObjectStore } from '../core/ports/object-store.js';
import type { ProjectEventPublisher } from '../core/ports/project-events.js';
import type { WorkspaceService } from '../core/workspace/workspace-service.js';

export interface GitParts {
  store: ObjectStore;
  catalog: Catalog;
  notebooks: NotebookService;
  workspace: WorkspaceService;
  audit: AuditLog;
  events: ProjectEventPublisher;
  projectNameOf(projectId: string): Promise<string>;
}

/** The path of a push-mode notebook's sync URL, below the hub's base path (docs/git.md). */
export const gitSyncPath = (basePath: string, projectId: string, notebookId: string) => `${basePath}/api/v1/git-sync/${projectId}/${notebookId}`;

/** Git-synced notebooks (docs/git.md) on the `git` program. */
export function createGitServices(settings: HubSettings, parts: GitParts): { gitSync: GitSync; gitCredentials: GitCredentialStore } {
  const now = () => new Date();
  const gitCredentials = new GitCredentialStore(parts.store, now);
  const { git } = settings;
  const gitSync = new GitSync({
    ...parts,
    async *gitNotebooks() {
      for await (const { value } of (await parts.catalog.view()).entries<NotebookCatalogEntry>(catalogKeys.notebooksPrefix()))
        if (value.source_type === 'git') yield { projectId: value.project_id, notebookId: value.id };
    },
    remote: new GitCliRemote(),
    credentials: gitCredentials,
    rules: { providerUrls: git.providerUrls, allowHttp: git.allowHttp, allowPrivateNetworks: git.allowPrivateNetworks },
    limits: { maxFiles: git.maxFiles, maxBytes: git.maxBytes },
    enabled: git.enabled,
    // Made absolute by the route that answers it, which knows the address it was reached at.
    syncUrlOf: (projectId, notebookId) => gitSyncPath(settings.basePath, projectId, notebookId),
    now,
  });
  return { gitSync, gitCredentials };
}
