import type { HubSettings } from '../config/settings.js';
import { GitHubPullRequests, GitLabMergeRequests } from '../adapters/git/change-request-hosts.js';
import { GitCliRemote } from '../adapters/git/git-cli-remote.js';
import { ChangeRequests } from '../core/git/change-requests.js';
import type { AuditLog } from '../core/audit/audit-log.js';
import type { Catalog } from '../core/catalog/catalog.js';
import type { NotebookCatalogEntry } from '../core/notebooks/notebook-model.js';
import { catalogKeys } from '../core/storage-layout.js';
import { GitCredentialStore } from '../core/git/git-credentials.js';
import { GitSync } from '../core/git/git-sync.js';
import { Previews } from '../core/git/previews.js';
import type { NotebookService } from '../core/notebooks/notebook-service.js';
import type { ObjectStore } from '../core/ports/object-store.js';
import type { SecretBox } from '../core/ports/secret-box.js';
import type { ProjectEventPublisher } from '../core/ports/project-events.js';
import type { WorkspaceService } from '../core/workspace/workspace-service.js';
import type { SandboxDriver } from '../core/ports/sandbox-driver.js';
import type { SessionStore } from '../core/sessions/session-store.js';
import type { OutboundClients } from './outbound.js';

export interface GitParts {
  store: ObjectStore;
  secrets: SecretBox;
  catalog: Catalog;
  notebooks: NotebookService;
  workspace: WorkspaceService;
  audit: AuditLog;
  events: ProjectEventPublisher;
  projectNameOf(projectId: string): Promise<string>;
  sessions: SessionStore;
  driver: SandboxDriver;
  outbound: OutboundClients;
}

/** The path of a push-mode notebook's sync URL, below the hub's base path (docs/git.md). */
export const gitSyncPath = (basePath: string, projectId: string, notebookId: string) => `${basePath}/api/v1/git-sync/${projectId}/${notebookId}`;

/** Git-synced notebooks (docs/git.md) on the `git` program. */
export function createGitServices(
  settings: HubSettings,
  parts: GitParts,
): { gitSync: GitSync; gitCredentials: GitCredentialStore; changeRequests: ChangeRequests; previews: Previews } {
  const now = () => new Date();
  const { git } = settings;
  const outbound = parts.outbound.client('git');
  const remote = new GitCliRemote(outbound);
  const rules = { providerUrls: git.providerUrls, ...parts.outbound.policy('git') };
  const gitCredentials = new GitCredentialStore(parts.store, parts.secrets, rules, now);
  const limits = { maxFiles: git.maxFiles, maxBytes: git.maxBytes };
  const gitSync = new GitSync({
    ...parts,
    async *gitNotebooks() {
      for await (const { value } of (await parts.catalog.view()).entries<NotebookCatalogEntry>(catalogKeys.notebooksPrefix()))
        if (value.source_type === 'git') yield { projectId: value.project_id, notebookId: value.id };
    },
    remote,
    credentials: gitCredentials,
    rules,
    limits,
    enabled: git.enabled,
    // Made absolute by the route that answers it, which knows the address it was reached at.
    syncUrlOf: (projectId, notebookId) => gitSyncPath(settings.basePath, projectId, notebookId),
    now,
  });
  const changeRequests = new ChangeRequests({
    store: parts.store,
    notebooks: parts.notebooks,
    remote,
    credentials: gitCredentials,
    hosts: { github: new GitHubPullRequests(git.apiUrls.github, outbound), gitlab: new GitLabMergeRequests(git.apiUrls.gitlab, outbound) },
    audit: parts.audit,
    rules,
    limits,
    enabled: git.enabled,
    sessions: parts.sessions,
    driver: parts.driver,
    now,
  });
  const previews = new Previews({
    store: parts.store,
    notebooks: parts.notebooks,
    workspace: parts.workspace,
    remote,
    credentials: gitCredentials,
    audit: parts.audit,
    rules,
    limits,
    enabled: git.enabled,
    now,
  });
  return { gitSync, gitCredentials, changeRequests, previews };
}
