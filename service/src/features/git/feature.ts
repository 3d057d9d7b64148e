import type { HubSettings } from '../../config/settings.js';
import { GitHubPullRequests, GitLabMergeRequests } from '../../adapters/git/change-request-hosts.js';
import { GitCliRemote } from '../../adapters/git/git-cli-remote.js';
import { ChangeRequests } from './core/change-requests.js';
import type { AuditLog } from '../../core/audit/audit-log.js';
import type { Catalog } from '../../core/catalog/catalog.js';
import type { NotebookCatalogEntry } from '../../core/notebooks/notebook-model.js';
import { catalogKeys, layout } from '../../core/storage-layout.js';
import { GitCredentialStore } from './core/git-credentials.js';
import { migrateGitCredentials } from './core/git-credentials-migration.js';
import { sealGitCredentials } from './core/legacy-git-credentials.js';
import { GitSync } from './core/git-sync.js';
import { Previews } from './core/previews.js';
import type { NotebookService } from '../../core/notebooks/notebook-service.js';
import type { ObjectStore } from '../../core/ports/object-store.js';
import type { SecretBox } from '../../core/ports/secret-box.js';
import type { GitRemote } from '../../core/ports/git-remote.js';
import { NO_TRACING, type Tracer } from '../../core/ports/tracing.js';
import { traced } from '../../core/tracing/traced.js';
import type { OutboundClients } from '../../adapters/outbound/outbound-clients.js';
import { RateWindows } from '../../core/util/rate-windows.js';
import type { ProjectEventPublisher } from '../../core/ports/project-events.js';
import type { WorkspaceService } from '../../core/workspace/workspace-service.js';
import type { SandboxDriver } from '../../core/ports/sandbox-driver.js';
import type { SessionStore } from '../../core/sessions/session-store.js';
import type { BaseServices, Feature } from '../feature.js';
import { GIT_PROVIDERS, type GitRepoRules } from './core/git-source-config.js';
import { GitUseCases } from './core/git-use-cases.js';
import { previewSessions } from './core/preview-files.js';
import { gitRoutes } from './http/git-routes.js';
import { previewRoutes } from './http/preview-routes.js';
import { registerGitLoops } from './loops/git-loops.js';

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
  tracer?: Tracer;
}

const hostOf = (url: unknown) => {
  try {
    return new URL(String(url)).hostname;
  } catch {
    return '';
  }
};

/** The path of a push-mode notebook's sync URL, below the hub's base path (docs/git.md). */
export const gitSyncPath = (basePath: string, projectId: string, notebookId: string) => `${basePath}/api/v1/git-sync/${projectId}/${notebookId}`;

/** Git-synced notebooks (docs/git.md) on the `git` program. */
export function createGitServices(
  settings: HubSettings,
  parts: GitParts,
): { gitSync: GitSync; gitCredentials: GitCredentialStore; changeRequests: ChangeRequests; previews: Previews; rules: GitRepoRules } {
  const now = () => new Date();
  const { git } = settings;
  const outbound = parts.outbound.client('git');
  // Each operation on a repository is a `git.<operation>` span; its host is all it says of the repository.
  const remote = traced<GitRemote>(new GitCliRemote(outbound), parts.tracer ?? NO_TRACING, {
    prefix: 'git',
    methods: ['branches', 'resolveRef', 'snapshot', 'recentCommits', 'publish'],
    kind: 'client',
    attributes: (_operation, [url]) => ({ 'server.address': hostOf(url) }),
  });
  const rules = { providerUrls: git.providerUrls, ...parts.outbound.policy('git') };
  const gitCredentials = new GitCredentialStore(parts.store, parts.secrets, rules);
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
  return { gitSync, gitCredentials, changeRequests, previews, rules };
}

/** What Git takes of the base. */
type GitBase = Pick<
  BaseServices,
  | 'settings'
  | 'store'
  | 'secrets'
  | 'outbound'
  | 'tracer'
  | 'failedAuthentications'
  | 'catalog'
  | 'notebooks'
  | 'workspace'
  | 'audit'
  | 'events'
  | 'projects'
  | 'sessionStore'
  | 'sessions'
  | 'sandboxes'
  | 'access'
  | 'useCases'
  | 'logger'
>;

/**
 * Git-synced notebooks (docs/git.md): sync in pull and push mode, change requests, previews of
 * branches, commits and change requests and the preview sessions started from them; the pull and
 * preview loops where SERVICE_GIT=on.
 */
export const gitFeature = {
  name: 'git',
  build(base: GitBase) {
    const { settings, projects, workspace } = base;
    const { rules, ...services } = createGitServices(settings, {
      store: base.store,
      secrets: base.secrets,
      outbound: base.outbound,
      tracer: base.tracer,
      catalog: base.catalog,
      notebooks: base.notebooks,
      workspace,
      audit: base.audit,
      events: base.events,
      projectNameOf: async (projectId) => (await projects.get(projectId))?.name ?? projectId,
      sessions: base.sessionStore,
      driver: base.sandboxes,
    });
    const git = new GitUseCases({
      access: base.access,
      git: services.gitSync,
      credentials: services.gitCredentials,
      audit: base.audit,
      workspace,
      changeRequests: services.changeRequests,
      previews: services.previews,
      previewSessions: base.sessions,
      limits: settings.limits,
      remoteReads: new RateWindows(settings.limits.gitCallsPerMinute, 60_000),
    });
    return {
      services,
      useCases: { git },
      routes: [
        {
          after: 'notebooks',
          register(app) {
            gitRoutes(app, { useCases: { git }, settings, failedAuthentications: base.failedAuthentications });
            previewRoutes(app, { useCases: { git, sessions: base.useCases.sessions }, settings });
          },
        },
      ],
      offer: () => ({ gitProviders: GIT_PROVIDERS }),
      loops: (loops) => registerGitLoops(loops, services, settings),
      sessions: { previews: previewSessions({ previews: services.previews, readBlob: (blob) => workspace.readBlob(blob) }, base.sandboxes) },
      // Git credentials older hubs kept per project move into the project's Git credentials integration.
      async migrate() {
        const integrations = services.gitCredentials.projectIntegrations;
        if (!integrations) return;
        await migrateGitCredentials({ store: base.store, box: base.secrets, rules, integrations, logger: base.logger });
      },
    };
  },
  sealedRecords: [
    {
      name: 'Git credentials',
      prefix: layout.gitPrefix,
      holds: (key) => /^git\/[^/]+\/credentials$/.test(key),
      sealPlaintext: (box, key, record) => sealGitCredentials(box, key, record as Parameters<typeof sealGitCredentials>[2]),
    },
  ],
} satisfies Feature;
