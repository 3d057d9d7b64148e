import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AuditLog } from '../../../core/audit/audit-log.js';
import { HubError } from '../../../core/errors.js';
import type { GitSource, GitSourceConfig, NotebookRevision } from '../../../core/notebooks/notebook-model.js';
import type { Actor, NotebookInput, NotebookService } from '../../../core/notebooks/notebook-service.js';
import type { GitBranch, GitCommitSummary, GitRemote, GitTreeSnapshot, SnapshotLimits } from '../../../core/ports/git-remote.js';
import { remoteFailure } from './remote-failure.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import type { ProjectEventPublisher } from '../../../core/ports/project-events.js';
import { assertNoProblems } from '../../../core/projects/project-validation.js';
import { getJson, updateJson } from '../../../core/store/cas.js';
import { layout } from '../../../core/storage-layout.js';
import type { WorkspaceService } from '../../../core/workspace/workspace-service.js';
import type { GitCredentialStore } from './git-credentials.js';
import {
  gitConfigProblems,
  normalizeRootPath,
  resolveRepo,
  storedProvider,
  storedRepository,
  type GitProvider,
  type GitRepoRules,
  type ResolvedRepo,
} from './git-source-config.js';

export interface GitNotebookInput extends Pick<NotebookInput, 'title' | 'description' | 'tags' | 'status'> {
  repo: string;
  provider?: GitProvider | null;
  branch: string;
  root_path?: string;
  entry_notebook: string;
  sync_mode?: 'pull' | 'push';
}

export type GitSourcePatch = Partial<GitSourceConfig> & { provider?: GitProvider | null; sync_mode?: 'pull' | 'push' };

export interface SyncToken {
  sync_url: string;
  sync_token: string;
}

export interface GitNotebookCreateResult {
  notebook: NotebookRevision;
  sync_url?: string;
  sync_token?: string;
  sync_error?: { code: string; message: string };
}

export interface SourceSyncResult {
  synced: boolean;
  commit: string;
  version_id: string | null;
}

export interface SourceDrift {
  current_commit: string | null;
  remote_commit: string;
  in_sync: boolean;
  pending_config: boolean;
  checked_at: string;
}

export type SyncTrigger = 'create' | 'manual' | 'push' | 'schedule';

export interface GitSyncDeps {
  store: ObjectStore;
  notebooks: NotebookService;
  workspace: WorkspaceService;
  remote: GitRemote;
  credentials: GitCredentialStore;
  audit: AuditLog;
  events: ProjectEventPublisher;
  rules: GitRepoRules;
  limits: SnapshotLimits;
  enabled: boolean;
  /** The absolute URL a repository's CI calls to sync a push-mode notebook. */
  syncUrlOf(projectId: string, notebookId: string): string;
  projectNameOf(projectId: string): Promise<string>;
  /** Every Git-synced notebook of the deployment (from the catalog's listing). */
  gitNotebooks(): AsyncIterable<{ projectId: string; notebookId: string }>;
  now: () => Date;
}

/**
 * How a notebook's syncs have gone lately (any trigger): since when they fail, and the latest
 * failure; both null while the last one worked. A run of failures alerts once.
 */
export interface SyncHealth {
  failing_since: string | null;
  last_error: { code: string; message: string } | null;
}

interface StoredSyncToken {
  hash: string;
  rotated_at: string;
}

/** How many of a branch's newest commits the refs suggest. */
const RECENT_COMMITS = 20;

const hashOf = (token: string) => createHash('sha256').update(token).digest();

/**
 * Git-synced notebooks (docs/git.md): creating one from a repository, syncing it (by a person, by
 * the repository's CI with the notebook's sync token, or by the hub), its drift from the branch
 * head and its branches. A sync that changes anything makes a version carrying the commit, and
 * makes the workspace hold the synced folder's other files. Authorization happens before.
 */
export class GitSync {
  constructor(private readonly deps: GitSyncDeps) {}

  async create(projectId: string, projectName: string, input: GitNotebookInput, actor: Actor): Promise<GitNotebookCreateResult> {
    this.assertEnabled();
    const resolved = resolveRepo(input.repo, input.provider, this.deps.rules);
    const config = { branch: input.branch, root_path: input.root_path ?? '', entry_notebook: input.entry_notebook };
    assertNoProblems(gitConfigProblems(config, resolved));
    const repo = resolved as ResolvedRepo;
    const prepared = this.deps.notebooks.prepare(
      projectId,
      {
        title: input.title,
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.tags ? { tags: input.tags } : {}),
        ...(input.status ? { status: input.status } : {}),
        entry_file: input.entry_notebook,
      },
      actor,
    );
    const source: GitSource = {
      type: 'git',
      provider: repo.provider,
      repo: repo.repo,
      branch: input.branch,
      root_path: normalizeRootPath(config.root_path),
      entry_notebook: input.entry_notebook,
      sync_mode: input.sync_mode ?? 'pull',
      current_version_id: null,
      commit: null,
      last_synced_at: null,
    };
    const origin = { source: 'git', repo: repo.repo, branch: source.branch, root_path: source.root_path, sync_mode: source.sync_mode };
    let notebook: NotebookRevision = { ...prepared.notebook, source };
    await this.deps.notebooks.commitSynced(notebook, null, projectName, actor, origin);
    const result: GitNotebookCreateResult = { notebook };
    if (source.sync_mode === 'push') Object.assign(result, await this.issueToken(projectId, notebook.id));
    try {
      await this.sync(projectId, notebook.id, 'create', actor.id);
      notebook = (await this.deps.notebooks.get(projectId, notebook.id)) ?? notebook;
    } catch (error) {
      if (!(error instanceof HubError)) throw error;
      result.sync_error = { code: error.code, message: error.message };
    }
    return { ...result, notebook };
  }

  /**
   * Brings the notebook to its branch head (or applies its pending settings). `synced` is false
   * when it was already there. A failure is audited, sent as `sync.failed` and thrown.
   */
  async sync(projectId: string, notebookId: string, trigger: SyncTrigger, actor: string): Promise<SourceSyncResult> {
    return this.syncNotebook(await this.gitNotebook(projectId, notebookId), trigger, actor);
  }

  private async syncNotebook(notebook: NotebookRevision, trigger: SyncTrigger, actor: string): Promise<SourceSyncResult> {
    const { project_id: projectId, id: notebookId } = notebook;
    const source = notebook.source as GitSource;
    const config = source.pending_config ?? configOf(source);
    try {
      const repo = storedRepository({ provider: source.provider, repo: config.repo }, this.deps.rules);
      const url = repo.url;
      const credentials = await this.deps.credentials.read(projectId, url);
      const head = await this.headOf(url, config.branch, credentials);
      if (head === source.commit && !source.pending_config && source.current_version_id !== null) {
        await this.recordOutcome(notebook, null);
        return { synced: false, commit: head, version_id: source.current_version_id };
      }
      const snapshot = await this.deps.remote.snapshot(url, head, config.root_path, credentials, this.deps.limits).catch(remoteFailure);
      const { code, files } = await this.split(snapshot, config);
      const saved = await this.deps.notebooks
        .saveSynced(
          projectId,
          notebookId,
          {
            code,
            commit: snapshot.commit,
            config: { ...config, repo: repo.repo },
            provider: repo.provider,
            baseVersionId: source.current_version_id,
            message: `Synced ${config.branch} at ${snapshot.commit.slice(0, 12)}`,
          },
          actor,
        )
        .catch((error: unknown) => this.overtaken(error, projectId, notebookId, snapshot.commit));
      if ('synced' in saved) {
        await this.recordOutcome(notebook, null);
        return saved;
      }
      const { version, notebook: after } = saved;
      const summary = await this.deps.workspace.replaceWithRepository(after, files, actor, snapshot.commit);
      await this.deps.audit.append({
        event: 'notebook.sync',
        actor,
        projectId,
        metadata: { notebook_id: notebookId, trigger, commit: snapshot.commit, version_id: version.version_id, files: summary.files, bytes: summary.bytes },
      });
      await this.recordOutcome(notebook, null);
      return { synced: true, commit: snapshot.commit, version_id: version.version_id };
    } catch (error) {
      const failure = error instanceof HubError ? error : new HubError('INTERNAL_ERROR', 'the sync failed');
      await this.reportFailure(notebook, config, trigger, actor, failure);
      throw error;
    }
  }

  /**
   * A push-mode sync from the repository's CI: `token` must be the notebook's current sync token,
   * and the notebook must be in push mode (a token kept from before a switch does nothing).
   */
  async syncWithToken(projectId: string, notebookId: string, token: string): Promise<SourceSyncResult> {
    const refused = new HubError('UNAUTHORIZED', 'the sync token is not valid for this notebook');
    const stored = (await getJson<StoredSyncToken>(this.deps.store, layout.gitSyncToken(projectId, notebookId)))?.value;
    const given = hashOf(token);
    if (!stored || !timingSafeEqual(Buffer.from(stored.hash, 'hex'), given)) throw refused;
    const notebook = await this.deps.notebooks.get(projectId, notebookId);
    if (notebook?.source.type !== 'git' || notebook.source.sync_mode !== 'push') throw refused;
    return this.sync(projectId, notebookId, 'push', 'sync-token');
  }

  /** A new sync token for a push-mode notebook; the previous one stops working at once. */
  async rotateToken(projectId: string, notebookId: string, actor: string): Promise<SyncToken> {
    const notebook = await this.gitNotebook(projectId, notebookId);
    if ((notebook.source as GitSource).sync_mode !== 'push')
      throw new HubError('CONFLICT', 'this notebook is synced by the hub (pull mode); sync tokens are for push mode, where the repository calls the hub');
    const token = await this.issueToken(projectId, notebookId);
    await this.deps.audit.append({ event: 'notebook.sync_token.rotate', actor, projectId, metadata: { notebook_id: notebookId } });
    return token;
  }

  /**
   * Changes where a Git notebook reads from. `repo`, `branch`, `root_path` and `entry_notebook`
   * wait in `pending_config` until a sync applies them (the notebook keeps its code meanwhile);
   * `sync_mode` applies at once, and a change of it deletes the sync token: a notebook that
   * leaves push mode has none, and one that comes back gets a new one when an editor issues it.
   * Setting the current values again clears what was pending.
   */
  async updateSource(projectId: string, notebookId: string, patch: GitSourcePatch, actor: string): Promise<NotebookRevision> {
    const notebook = await this.gitNotebook(projectId, notebookId);
    const current = notebook.source as GitSource;
    const base = current.pending_config ?? configOf(current);
    const provider = patch.provider !== undefined ? patch.provider : storedProvider(current.provider);
    // A new provider alone moves the same owner/repo to the other host.
    const repoInput = patch.repo ?? (patch.provider !== undefined ? base.repo : undefined);
    const resolved = repoInput !== undefined ? resolveRepo(repoInput, provider, this.deps.rules) : null;
    assertNoProblems(gitConfigProblems({ ...patch, ...(repoInput !== undefined ? { repo: repoInput } : {}) }, resolved));
    const target = resolved as ResolvedRepo | null;
    const wanted: GitSourceConfig = {
      // The pending config names no provider: a repository on another provider waits as its URL,
      // which names its host, and becomes owner/repo again when a sync applies it.
      repo: target
        ? target.provider !== storedProvider(current.provider) && target.provider !== null
          ? target.url.replace(/\.git$/, '')
          : target.repo
        : base.repo,
      branch: patch.branch ?? base.branch,
      root_path: patch.root_path !== undefined ? normalizeRootPath(patch.root_path) : base.root_path,
      entry_notebook: patch.entry_notebook ?? base.entry_notebook,
    };
    let modeBefore = current.sync_mode;
    const after = await this.deps.notebooks.updateGitSource(
      projectId,
      notebookId,
      (source) => {
        modeBefore = source.sync_mode;
        const { pending_config: _old, ...rest } = source;
        const same = JSON.stringify(wanted) === JSON.stringify(configOf(source));
        return { ...rest, ...(patch.sync_mode ? { sync_mode: patch.sync_mode } : {}), ...(same ? {} : { pending_config: wanted }) };
      },
      actor,
    );
    if (patch.sync_mode !== undefined && patch.sync_mode !== modeBefore) await this.deps.store.delete(layout.gitSyncToken(projectId, notebookId));
    await this.deps.audit.append({
      event: 'notebook.source.update',
      actor,
      projectId,
      metadata: { notebook_id: notebookId, fields: Object.keys(patch).sort(), pending: (after.source as GitSource).pending_config !== undefined },
    });
    return after;
  }

  async drift(projectId: string, notebookId: string): Promise<SourceDrift> {
    const notebook = await this.gitNotebook(projectId, notebookId);
    const source = notebook.source as GitSource;
    const config = source.pending_config ?? configOf(source);
    const url = this.urlOf(source.provider, config.repo);
    const remote = await this.headOf(url, config.branch, await this.deps.credentials.read(projectId, url));
    return {
      current_commit: source.commit,
      remote_commit: remote,
      in_sync: remote === source.commit && !source.pending_config,
      pending_config: source.pending_config !== undefined,
      checked_at: this.deps.now().toISOString(),
    };
  }

  async health(projectId: string, notebookId: string): Promise<SyncHealth> {
    await this.gitNotebook(projectId, notebookId);
    const stored = await getJson<SyncHealth>(this.deps.store, layout.gitSyncState(projectId, notebookId));
    return stored?.value ?? { failing_since: null, last_error: null };
  }

  /**
   * What a person may point the notebook at: the repository's branches (the notebook's own first,
   * then by name) and the newest commits of the notebook's branch.
   */
  async refs(projectId: string, notebookId: string): Promise<{ branches: GitBranch[]; commits: GitCommitSummary[] }> {
    const notebook = await this.gitNotebook(projectId, notebookId);
    const source = notebook.source as GitSource;
    const url = this.urlOf(source.provider, source.repo);
    const credentials = await this.deps.credentials.read(projectId, url);
    const branches = await this.deps.remote.branches(url, credentials).catch(remoteFailure);
    const ownBranch = branches.some((branch) => branch.name === source.branch);
    const commits = ownBranch ? await this.deps.remote.recentCommits(url, source.branch, credentials, RECENT_COMMITS).catch(remoteFailure) : [];
    return {
      branches: branches.sort((a, b) => Number(b.name === source.branch) - Number(a.name === source.branch) || a.name.localeCompare(b.name)),
      commits,
    };
  }

  /**
   * The maintenance loop's pull (docs/git.md, "Pull mode"): every pull-mode notebook is brought to
   * its branch head. One notebook's failure does not stop the others.
   */
  async pullAll(signal: AbortSignal): Promise<{ synced: number; unchanged: number; failed: number }> {
    const outcome = { synced: 0, unchanged: 0, failed: 0 };
    if (!this.deps.enabled) return outcome;
    for await (const { projectId, notebookId } of this.deps.gitNotebooks()) {
      if (signal.aborted) break;
      const notebook = await this.deps.notebooks.get(projectId, notebookId);
      if (notebook?.source.type !== 'git' || notebook.source.sync_mode !== 'pull') continue;
      try {
        const result = await this.syncNotebook(notebook, 'schedule', 'system');
        outcome[result.synced ? 'synced' : 'unchanged']++;
      } catch {
        outcome.failed++;
      }
    }
    return outcome;
  }

  /**
   * A sync that lost its race to another one (CONFLICT from the version check) has nothing left
   * to do when the winner brought the notebook to the very commit it fetched: it ends unchanged,
   * not failed, so that neither the sync's caller nor the alert destinations hear of a failure.
   */
  private async overtaken(error: unknown, projectId: string, notebookId: string, commit: string): Promise<SourceSyncResult> {
    if (!(error instanceof HubError && error.code === 'CONFLICT')) throw error;
    const source = (await this.deps.notebooks.get(projectId, notebookId))?.source;
    if (source?.type !== 'git' || source.commit !== commit || source.pending_config || source.current_version_id === null) throw error;
    return { synced: false, commit, version_id: source.current_version_id };
  }

  private assertEnabled(): void {
    if (!this.deps.enabled) throw new HubError('SYNC_NOT_CONFIGURED', 'Git-synced notebooks are turned off in this deployment (SERVICE_GIT)');
  }

  private async gitNotebook(projectId: string, notebookId: string): Promise<NotebookRevision> {
    const notebook = await this.deps.notebooks.get(projectId, notebookId);
    if (!notebook) throw new HubError('NOT_FOUND', `notebook ${notebookId} not found`);
    if (notebook.source.type !== 'git') throw new HubError('SYNC_NOT_CONFIGURED', 'this notebook is not synced from Git');
    this.assertEnabled();
    return notebook;
  }

  private urlOf(provider: string | null, repo: string): string {
    return storedRepository({ provider, repo }, this.deps.rules).url;
  }

  private async headOf(url: string, branch: string, credentials: Awaited<ReturnType<GitCredentialStore['read']>>): Promise<string> {
    const branches = await this.deps.remote.branches(url, credentials).catch(remoteFailure);
    const head = branches.find((candidate) => candidate.name === branch);
    if (!head) throw new HubError('VALIDATION_ERROR', `branch ${branch} is not in the repository`, [{ field: 'branch', message: 'is not in the repository' }]);
    return head.commit;
  }

  /** The entry notebook's code and the folder's other files (stored as blobs). */
  private async split(snapshot: GitTreeSnapshot, config: GitSourceConfig): Promise<{ code: string; files: { path: string; blob: string; size: number }[] }> {
    const entry = snapshot.files.find((file) => file.path === config.entry_notebook);
    if (!entry) {
      const where = config.root_path ? `${config.root_path}/${config.entry_notebook}` : config.entry_notebook;
      throw new HubError('VALIDATION_ERROR', `entry_notebook ${where} is not in the repository at ${snapshot.commit.slice(0, 12)}`, [
        { field: 'entry_notebook', message: `${where} is not in the repository at ${snapshot.commit.slice(0, 12)}` },
      ]);
    }
    const files = [];
    for (const file of snapshot.files)
      if (file !== entry) files.push({ path: file.path, blob: await this.deps.workspace.storeBlob(file.content), size: file.content.length });
    return { code: entry.content.toString('utf8'), files };
  }

  private async issueToken(projectId: string, notebookId: string): Promise<SyncToken> {
    const token = `nhs_${randomBytes(32).toString('base64url')}`;
    const stored: StoredSyncToken = { hash: hashOf(token).toString('hex'), rotated_at: this.deps.now().toISOString() };
    await this.deps.store.put(layout.gitSyncToken(projectId, notebookId), JSON.stringify(stored));
    return { sync_url: this.deps.syncUrlOf(projectId, notebookId), sync_token: token };
  }

  /**
   * Audits a failed sync and sends `sync.failed` to the project's alert destinations: for a sync
   * nobody was waiting on (the repository's push, the hub's pull), and for the hub's pull only when
   * it starts failing, not again on every attempt while it keeps failing. Whoever asked for a sync
   * themselves gets the error in the answer.
   */
  private async reportFailure(notebook: NotebookRevision, config: GitSourceConfig, trigger: SyncTrigger, actor: string, failure: HubError): Promise<void> {
    const facts = {
      notebook_id: notebook.id,
      title: notebook.title,
      repo: config.repo,
      branch: config.branch,
      trigger,
      code: failure.code,
      message: failure.message,
    };
    await this.deps.audit.append({ event: 'notebook.sync_failed', actor, projectId: notebook.project_id, metadata: facts });
    const alreadyFailing = (await this.recordOutcome(notebook, { code: failure.code, message: failure.message })) !== null;
    if (trigger === 'manual' || trigger === 'create' || (trigger === 'schedule' && alreadyFailing)) return;
    this.deps.events.publish({
      kind: 'sync.failed',
      project_id: notebook.project_id,
      project_name: await this.deps.projectNameOf(notebook.project_id).catch(() => notebook.project_id),
      actor,
      occurred_at: this.deps.now().toISOString(),
      data: facts,
    });
  }

  /** Records how a sync went; answers since when it had been failing before (null: it had not). */
  private async recordOutcome(notebook: NotebookRevision, error: SyncHealth['last_error']): Promise<string | null> {
    let before: string | null = null;
    await updateJson<SyncHealth>(this.deps.store, layout.gitSyncState(notebook.project_id, notebook.id), (current) => {
      before = current?.failing_since ?? null;
      if (error === null) return current === null || current.failing_since === null ? undefined : { failing_since: null, last_error: null };
      return { failing_since: before ?? this.deps.now().toISOString(), last_error: error };
    });
    return before;
  }
}

function configOf(source: GitSource): GitSourceConfig {
  return { repo: source.repo, branch: source.branch, root_path: source.root_path, entry_notebook: source.entry_notebook };
}
