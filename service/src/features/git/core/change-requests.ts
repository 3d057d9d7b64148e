import type { AuditLog } from '../../../core/audit/audit-log.js';
import { HubError } from '../../../core/errors.js';
import { newChangeRequestId } from '../../../core/ids.js';
import type { GitSource } from '../../../core/notebooks/notebook-model.js';
import type { Actor, NotebookService } from '../../../core/notebooks/notebook-service.js';
import { ChangeRequestHostError, type ChangeRequestHost } from '../../../core/ports/change-request-host.js';
import type { GitRemote, SnapshotLimits } from '../../../core/ports/git-remote.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import type { SandboxDriver } from '../../../core/ports/sandbox-driver.js';
import type { SessionStore } from '../../../core/sessions/session-store.js';
import { getJson } from '../../../core/store/cas.js';
import { newestNamesUnder } from '../../../core/store/names-under.js';
import { layout } from '../../../core/storage-layout.js';
import type { GitCredentialStore } from './git-credentials.js';
import { repositoryPath, storedRepository, type GitProvider, type GitRepoRules } from './git-source-config.js';
import { remoteFailure } from './remote-failure.js';

/** A change request the hub opened (docs/git.md, "Change requests"). */
export interface ChangeRequestRecord {
  id: string;
  project_id: string;
  notebook_id: string;
  provider: GitProvider;
  repo: string;
  number: number;
  url: string;
  title: string;
  branch: string;
  base_branch: string;
  base_commit: string;
  commit: string;
  /** What was published: a version of the notebook, or an edit session's notebook as it was then. */
  from: { version_id: string } | { session_id: string };
  created_by: string;
  created_at: string;
}

export interface ChangeRequestInput {
  title: string;
  description?: string;
  version_id?: string;
  session_id?: string;
}

export interface ChangeRequestDeps {
  store: ObjectStore;
  notebooks: NotebookService;
  remote: GitRemote;
  credentials: GitCredentialStore;
  hosts: Record<GitProvider, ChangeRequestHost>;
  audit: AuditLog;
  rules: GitRepoRules;
  limits: SnapshotLimits;
  enabled: boolean;
  sessions: Pick<SessionStore, 'get'>;
  driver: Pick<SandboxDriver, 'readFile'>;
  now: () => Date;
}

const MAX_LISTED = 100;

/**
 * Publishing a Git notebook's changes back to its repository: the notebook's code (from a version
 * or a live edit session) is committed on top of the commit the notebook was synced at, pushed as
 * a new branch, and a pull or merge request is opened on the provider with the project's write
 * token. Authorization happens before.
 */
export class ChangeRequests {
  constructor(private readonly deps: ChangeRequestDeps) {}

  async publish(projectId: string, notebookId: string, input: ChangeRequestInput, actor: Actor): Promise<ChangeRequestRecord> {
    if (!this.deps.enabled) throw new HubError('SYNC_NOT_CONFIGURED', 'Git-synced notebooks are turned off in this deployment (SERVICE_GIT)');
    const notebook = await this.deps.notebooks.get(projectId, notebookId);
    if (!notebook) throw new HubError('NOT_FOUND', `notebook ${notebookId} not found`);
    if (notebook.source.type !== 'git')
      throw new HubError('SYNC_NOT_CONFIGURED', 'this notebook is not synced from Git: there is no repository to propose changes to');
    const source = notebook.source;
    const title = input.title.trim();
    if (title === '') throw new HubError('VALIDATION_ERROR', 'title must not be empty', [{ field: 'title', message: 'must not be empty' }]);
    if ((input.version_id === undefined) === (input.session_id === undefined))
      throw new HubError('VALIDATION_ERROR', 'give exactly one of version_id and session_id', [
        { field: 'version_id', message: 'give exactly one of version_id and session_id' },
      ]);
    if (source.provider !== 'github' && source.provider !== 'gitlab')
      throw new HubError('SYNC_NOT_CONFIGURED', 'change requests need a repository on GitHub or GitLab; this one is on a host the hub does not recognise');
    if (source.commit === null) throw new HubError('CONFLICT', 'the notebook has not been synced yet: sync it, then propose changes');
    const repo = storedRepository(source, this.deps.rules);
    const credentials = await this.deps.credentials.write(projectId, repo.url);
    if (!credentials)
      throw new HubError(
        'SYNC_NOT_CONFIGURED',
        "the project has no Git write token for this repository: a manager sets one in the project's Git credentials, with this repository among those they serve",
      );

    const code = input.session_id
      ? await this.sessionCode(projectId, input.session_id, notebookId)
      : await this.deps.notebooks.code(projectId, notebookId, input.version_id!);
    const head = (await this.deps.remote.branches(repo.url, credentials).catch(remoteFailure)).find((branch) => branch.name === source.branch);
    if (!head)
      throw new HubError('VALIDATION_ERROR', `branch ${source.branch} is not in the repository`, [{ field: 'branch', message: 'is not in the repository' }]);
    if (head.commit !== source.commit) {
      throw new HubError(
        'PROPOSAL_RETRY_REQUIRED',
        `${source.branch} moved on to ${head.commit.slice(0, 12)} since the notebook was synced at ${source.commit.slice(0, 12)}: sync the notebook, bring your changes onto it, and propose again`,
      );
    }
    const entryPath = repositoryPath(source.root_path, source.entry_notebook);
    await this.assertChanged(projectId, notebookId, repo.url, credentials, source, code);

    const at = this.deps.now();
    const id = newChangeRequestId(at.getTime());
    const branch = `notebook-hub/${notebookId}-${id.slice(-8)}`;
    const { commit } = await this.deps.remote
      .publish(repo.url, credentials, {
        base: source.commit,
        branch,
        files: [{ path: entryPath, content: Buffer.from(code) }],
        message: `${title}\n\nProposed from Notebook Hub by ${actor.email}.`,
        author: { name: actor.email, email: actor.email },
      })
      .catch(remoteFailure);
    const body = [input.description?.trim(), `Changes \`${entryPath}\` (notebook “${notebook.title}”), proposed from Notebook Hub by ${actor.email}.`]
      .filter(Boolean)
      .join('\n\n');
    const opened = await this.deps.hosts[source.provider]
      .open({ repo: repo.repo, base: source.branch, head: branch, title, body, token: credentials.password })
      .catch(hostFailure);
    const record: ChangeRequestRecord = {
      id,
      project_id: projectId,
      notebook_id: notebookId,
      provider: source.provider,
      repo: repo.repo,
      number: opened.number,
      url: opened.url,
      title,
      branch,
      base_branch: source.branch,
      base_commit: source.commit,
      commit,
      from: input.session_id ? { session_id: input.session_id } : { version_id: input.version_id! },
      created_by: actor.id,
      created_at: at.toISOString(),
    };
    await this.deps.store.put(layout.gitChangeRequest(projectId, notebookId, id), JSON.stringify(record));
    await this.deps.audit.append({
      event: 'notebook.change_request.publish',
      actor: actor.id,
      projectId,
      metadata: { notebook_id: notebookId, change_request_id: id, provider: record.provider, number: record.number, branch, commit, ...record.from },
    });
    return record;
  }

  /** The notebook's change requests the hub opened, newest first. */
  async list(projectId: string, notebookId: string): Promise<ChangeRequestRecord[]> {
    const ids = (await newestNamesUnder(this.deps.store, layout.gitChangeRequestsPrefix(projectId, notebookId))).slice(0, MAX_LISTED);
    const records = await Promise.all(ids.map((id) => getJson<ChangeRequestRecord>(this.deps.store, layout.gitChangeRequest(projectId, notebookId, id))));
    return records.flatMap((record) => (record ? [record.value] : []));
  }

  /** The notebook file of a running edit session of this notebook, as the session has it now. */
  private async sessionCode(projectId: string, sessionId: string, notebookId: string): Promise<string> {
    const record = await this.deps.sessions.get(projectId, sessionId);
    if (!record || record.notebook_id !== notebookId) throw new HubError('NOT_FOUND', `session ${sessionId} of this notebook not found`);
    if (record.mode !== 'edit' || record.state !== 'running' || !record.sandbox)
      throw new HubError('CONFLICT', `session ${sessionId} is not a running edit session: propose a saved version instead`);
    return (await this.deps.driver.readFile(record.sandbox.id, record.entry_file)).toString('utf8');
  }

  /**
   * Refuses a proposal that would change nothing: the notebook is what the base commit holds. The
   * version the sync made from that commit says so without a fetch; the repository is asked only
   * when that version is no longer kept.
   */
  private async assertChanged(
    projectId: string,
    notebookId: string,
    url: string,
    credentials: { username: string; password: string },
    source: GitSource,
    code: string,
  ): Promise<void> {
    let based = await this.deps.notebooks.codeSyncedFrom(projectId, notebookId, source.commit!);
    if (based === null) {
      const base = await this.deps.remote.snapshot(url, source.commit!, source.root_path, credentials, this.deps.limits).catch(remoteFailure);
      based = base.files.find((file) => file.path === source.entry_notebook)?.content.toString('utf8') ?? null;
    }
    if (based === code)
      throw new HubError('CONFLICT', `there is nothing to propose: the notebook is the same as ${source.entry_notebook} at ${source.commit!.slice(0, 12)}`);
  }
}

function hostFailure(error: unknown): never {
  if (!(error instanceof ChangeRequestHostError)) throw error;
  if (error.code === 'UNREACHABLE') throw new HubError('SERVICE_UNAVAILABLE', error.message);
  if (error.code === 'UNAUTHORIZED' || error.code === 'NOT_FOUND') throw new HubError('SYNC_NOT_CONFIGURED', error.message);
  throw new HubError('CONFLICT', error.message);
}
