import type { GitCredentialStore } from '../../service/src/features/git/core/git-credentials.js';
import { GitSync } from '../../service/src/features/git/core/git-sync.js';
import { Previews } from '../../service/src/features/git/core/previews.js';
import type { NotebookCatalogEntry } from '../../service/src/core/notebooks/notebook-model.js';
import { catalogKeys } from '../../service/src/core/storage-layout.js';
import { WorkspaceService } from '../../service/src/core/workspace/workspace-service.js';
import { FakeGitRemote } from './fake-git-remote.js';
import { testClock, type TestClock } from './job-core.js';
import { startMemoryCore, type MemoryCore } from './memory-core.js';
import { gitCredentialStoreOn } from './git-credentials.js';
import { newSecretBox } from './secret-box.js';

export interface GitCore extends MemoryCore {
  clock: TestClock;
  remote: FakeGitRemote;
  workspace: WorkspaceService;
  gitSync: GitSync;
  previews: Previews;
  /** The project's Git credentials, bound by the test to the repositories it chooses. */
  credentials: GitCredentialStore;
  /** The URL the hub fetches `owner/repo` on GitHub from. */
  urlOf(repo: string): string;
}

/**
 * Git-synced notebooks and their previews on an in-memory store, wired as the Git feature
 * (service/src/features/git/feature.ts) wires them, against a fake Git remote whose repositories
 * the test commits to. `env` adds settings
 * (`SERVICE_GIT: 'off'`, limits).
 */
export async function startGitCore(env: Record<string, string> = {}): Promise<GitCore> {
  const core = await startMemoryCore(env);
  const { store, services } = core;
  const { git } = services.settings;
  const clock = testClock('2026-03-02T10:00:00Z');
  const remote = new FakeGitRemote();
  const workspace = new WorkspaceService(store, services.audit, services.notebooks);
  const rules = { providerUrls: git.providerUrls, allowHttp: git.allowHttp, allowPrivateNetworks: git.allowPrivateNetworks };
  const credentials = gitCredentialStoreOn(store, newSecretBox(), rules, { audit: services.audit, now: clock.now });
  const limits = { maxFiles: git.maxFiles, maxBytes: git.maxBytes };
  const gitSync = new GitSync({
    store,
    notebooks: services.notebooks,
    workspace,
    remote,
    credentials,
    audit: services.audit,
    events: { publish: (event) => void core.events.push(event) },
    rules,
    limits,
    enabled: git.enabled,
    syncUrlOf: (projectId, notebookId) => `https://hub.example/api/v1/git-sync/${projectId}/${notebookId}`,
    projectNameOf: async (projectId) => (await services.projects.get(projectId))?.name ?? projectId,
    async *gitNotebooks() {
      for await (const { value } of (await services.catalog.view()).entries<NotebookCatalogEntry>(catalogKeys.notebooksPrefix()))
        if (value.source_type === 'git') yield { projectId: value.project_id, notebookId: value.id };
    },
    now: clock.now,
  });
  const previews = new Previews({
    store,
    notebooks: services.notebooks,
    workspace,
    remote,
    credentials,
    audit: services.audit,
    rules,
    limits,
    enabled: git.enabled,
    now: clock.now,
  });
  return { ...core, clock, remote, workspace, gitSync, previews, credentials, urlOf: (repo) => `${git.providerUrls.github}/${repo}.git` };
}
