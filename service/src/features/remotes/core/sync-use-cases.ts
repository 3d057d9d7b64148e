import type { AccessControl } from '../../../core/access/access-control.js';
import { HubError } from '../../../core/errors.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import type { BackgroundRunner } from '../../../core/ports/background-runner.js';
import { actorOf } from '../../../core/use-cases/caller.js';
import { resolveConflict, type Resolution, type ResolutionChoice } from './conflict-resolution.js';
import { OperationRun } from './operation-run.js';
import { assertMayUseRemotes, type RemoteAccess } from './remote-access.js';
import type { ConflictRecord } from './remote-conflicts.js';
import type { RemoteHub } from './remote-hub.js';
import { withManifest, type RemoteLink } from './remote-link.js';
import { isInterrupted, type OperationRecord, type PullHistory, type RemoteOperations } from './remote-operations.js';
import type { OpenRemote } from './remote-records.js';
import { runPull } from './remote-pull.js';
import { runPush } from './remote-push.js';
import { projectSyncStatus, type ProjectSyncStatus } from './sync-status.js';
import type { SyncContext, SyncParties } from './sync-context.js';

/** How many of a user's operations are looked through for one to take up again, and listed. */
const RECENT_OPERATIONS = 50;

export interface SyncUseCaseDeps {
  access: AccessControl;
  remotes: RemoteAccess;
  operations: RemoteOperations;
  context: SyncContext;
  background: BackgroundRunner;
  /** This process among replicas: the runner an operation names. */
  instanceId: string;
}

/** An operation as it is shown: its record, and which of the conflicts it left still wait to be resolved (local notebook ids). */
export type OperationStatus = OperationRecord & { conflicts_waiting: string[] };

/** A started operation, and (for the command line, which waits) its end. */
export interface StartedOperation {
  operation: OperationRecord;
  done: Promise<OperationRecord>;
}

/** A project's link as its routes show it, with every notebook's state. */
export interface ProjectRemoteView {
  link: RemoteLink | null;
  status: ProjectSyncStatus;
}

/**
 * Pulling, pushing, the offline status of a linked project, and its conflicts (docs/remotes.md).
 * Rights are the local user's on the local project: manager to link or pull into one (project.update;
 * project.create to pull a new one), editor to push and resolve (notebook.write), viewer to read the
 * status; the team hub checks the remote's user on its side. Pulls and pushes run in the background
 * as operations whose record reports progress.
 */
export class SyncUseCases {
  constructor(private readonly deps: SyncUseCaseDeps) {}

  /**
   * Pulls a team project: into a new local project (the caller its owner), or again into the one
   * linked to it. A pull of the same team project that was cut off (its process ended) or failed
   * is taken up where it stopped instead of started anew.
   */
  async pull(
    principal: Principal,
    input: { remote: string; remoteProjectId: string; history: PullHistory; projectId?: string | undefined },
  ): Promise<StartedOperation> {
    assertMayUseRemotes(principal);
    const own = await this.deps.remotes.own(principal, input.remote);
    if (input.projectId !== undefined) await this.deps.access.project(principal, input.projectId, 'project.update');
    else this.deps.access.deployment(principal, 'project.create');
    const { remote, team } = await this.deps.remotes.teamOf(own);
    if (input.projectId !== undefined) {
      const link = await this.deps.context.links.require(input.projectId);
      if (link.remote_project_id !== input.remoteProjectId || link.hub_id !== remote.hub!.id) {
        throw new HubError(
          'CONFLICT',
          `project ${input.projectId} is linked to team project ${link.remote_project_id} of remote ${link.remote}, not to this one`,
        );
      }
    }
    const interrupted = await this.interrupted(
      principal,
      (record) =>
        record.kind === 'pull' &&
        record.remote_project_id === input.remoteProjectId &&
        (input.projectId === undefined || record.project_id === input.projectId),
    );
    const operation = interrupted
      ? await this.takeOver(interrupted, { history: input.history })
      : await this.deps.operations.create(
          {
            kind: 'pull',
            user_id: principal.user.id,
            remote: remote.name,
            remote_project_id: input.remoteProjectId,
            project_id: input.projectId ?? null,
            history: input.history,
            publish: null,
          },
          this.deps.instanceId,
        );
    const history = input.history;
    return this.start(operation, remote, team, principal, (run, parties) =>
      runPull(this.deps.context, run, parties, { remoteProjectId: input.remoteProjectId, history, teamHubId: remote.hub!.id }),
    );
  }

  /** Pushes every notebook of a linked project that is ahead (notebook.write). */
  async push(principal: Principal, input: { projectId: string }): Promise<StartedOperation> {
    await this.deps.access.project(principal, input.projectId, 'notebook.write');
    const link = await this.deps.context.links.require(input.projectId);
    const { remote, team } = await this.deps.remotes.teamOf(await this.deps.remotes.forLink(principal, link));
    const operation = await this.deps.operations.create(
      {
        kind: 'push',
        user_id: principal.user.id,
        remote: remote.name,
        remote_project_id: link.remote_project_id,
        project_id: input.projectId,
        history: null,
        publish: null,
      },
      this.deps.instanceId,
    );
    return this.start(operation, remote, team, principal, async (run, parties) => void (await runPush(this.deps.context, run, parties, input.projectId)));
  }

  /**
   * Sends one notebook's new versions and files (notebook.write) and answers the operation once it
   * ended: what running on the team hub does first when the notebook is ahead.
   */
  async pushNotebook(principal: Principal, input: { projectId: string; notebookId: string }): Promise<OperationRecord> {
    return (await this.oneNotebook(principal, 'push', input)).done;
  }

  /**
   * Pulls one linked notebook's new versions and files (notebook.write) and answers the operation
   * once it ended: how a session's result on the team hub comes back.
   */
  async pullNotebook(principal: Principal, input: { projectId: string; notebookId: string }): Promise<OperationRecord> {
    return (await this.oneNotebook(principal, 'pull', input)).done;
  }

  private async oneNotebook(principal: Principal, kind: 'pull' | 'push', input: { projectId: string; notebookId: string }): Promise<StartedOperation> {
    await this.deps.access.project(principal, input.projectId, 'notebook.write');
    const link = await this.deps.context.links.require(input.projectId);
    const { remote, team } = await this.deps.remotes.teamOf(await this.deps.remotes.forLink(principal, link));
    const remoteNotebookId = link.notebooks.find((entry) => entry.notebook_id === input.notebookId)?.remote_notebook_id;
    const operation = await this.deps.operations.create(
      {
        kind,
        user_id: principal.user.id,
        remote: remote.name,
        remote_project_id: link.remote_project_id,
        project_id: input.projectId,
        history: kind === 'pull' ? 'all' : null,
        publish: null,
      },
      this.deps.instanceId,
    );
    return this.start(operation, remote, team, principal, async (run, parties) => {
      if (kind === 'push') return void (await runPush(this.deps.context, run, parties, input.projectId, new Set([input.notebookId])));
      if (remoteNotebookId === undefined) throw new HubError('CONFLICT', `notebook ${input.notebookId} is not linked to a team notebook`);
      await runPull(this.deps.context, run, parties, {
        remoteProjectId: link.remote_project_id,
        history: 'all',
        teamHubId: remote.hub!.id,
        only: new Set([remoteNotebookId]),
      });
    });
  }

  /**
   * Pushes a project the team hub does not have yet (project.update): creates it there (the
   * caller's user its manager, named `name` or as here), links it, and pushes every notebook. A
   * retry after an interruption finds the team project made the first time (its origin).
   */
  async publish(principal: Principal, input: { projectId: string; remote: string; name?: string | undefined }): Promise<StartedOperation> {
    const { project } = await this.deps.access.project(principal, input.projectId, 'project.update');
    const { remote, team } = await this.deps.remotes.teamOf(await this.deps.remotes.own(principal, input.remote));
    const existing = await this.deps.context.links.get(input.projectId);
    if (existing) {
      throw new HubError(
        'CONFLICT',
        `project ${input.projectId} is linked to team project ${existing.remote_project_id} already: push to it, or unlink it first`,
      );
    }
    const name = input.name ?? project.name;
    const operation = await this.deps.operations.create(
      { kind: 'push', user_id: principal.user.id, remote: remote.name, remote_project_id: null, project_id: input.projectId, history: null, publish: { name } },
      this.deps.instanceId,
    );
    return this.start(operation, remote, team, principal, async (run, parties) => {
      const made = await team.createProject({
        name,
        description: project.description,
        readme: null,
        origin: { hub_id: await this.deps.context.hubId(), id: project.id },
      });
      await run.set({ remote_project_id: made.project_id });
      await this.linkTeamProject(principal, project.id, remote, team, { remoteProjectId: made.project_id, name, created: made.created });
      await runPush(this.deps.context, run, parties, project.id);
    });
  }

  /** Links a local project to the team project a push just made (or found made by an earlier try). */
  private async linkTeamProject(
    principal: Principal,
    projectId: string,
    remote: OpenRemote,
    team: RemoteHub,
    made: { remoteProjectId: string; name: string; created: boolean },
  ): Promise<void> {
    const { context } = this.deps;
    const manifest = await team.project(made.remoteProjectId);
    const at = context.now().toISOString();
    const link: RemoteLink = {
      schema_version: 1,
      project_id: projectId,
      remote: remote.name,
      hub_id: remote.hub!.id,
      remote_project_id: made.remoteProjectId,
      remote_project_name: made.name,
      readme: null,
      integrations: [],
      notebooks: [],
      remote_only: [],
      fetched_at: null,
      created_at: at,
      updated_at: at,
    };
    await context.links.create(withManifest(link, manifest, at));
    await context.audit.append({
      event: 'remote.link',
      actor: principal.user.id,
      projectId,
      metadata: { remote: remote.name, remote_project_id: made.remoteProjectId, created: made.created },
    });
  }

  /** The project's link and every notebook's state, from what is recorded: no network (project.read). */
  async status(principal: Principal, input: { projectId: string }): Promise<ProjectRemoteView> {
    await this.deps.access.project(principal, input.projectId, 'project.read');
    const link = await this.deps.context.links.get(input.projectId);
    return { link, status: projectSyncStatus(link, await this.deps.context.local.heads(input.projectId)) };
  }

  /** Asks the team hub for its current heads and records them (project.read); the statuses stay as they were when it cannot be reached. */
  async fetch(principal: Principal, input: { projectId: string }): Promise<ProjectRemoteView> {
    await this.deps.access.project(principal, input.projectId, 'project.read');
    const link = await this.deps.context.links.require(input.projectId);
    const { remote, team } = await this.deps.remotes.teamOf(await this.deps.remotes.forLink(principal, link));
    const manifest = await this.deps.remotes.call(remote, () => team.project(link.remote_project_id));
    const context = this.deps.context;
    const updated = await context.links.update(input.projectId, (current) => withManifest(current, manifest, context.now().toISOString()));
    return { link: updated, status: projectSyncStatus(updated, await context.local.heads(input.projectId)) };
  }

  /** Forgets where the project came from (project.update): its notebooks stay, their conflicts go. */
  async unlink(principal: Principal, input: { projectId: string }): Promise<void> {
    await this.deps.access.project(principal, input.projectId, 'project.update');
    const { context } = this.deps;
    const link = await context.links.require(input.projectId);
    for (const conflict of await context.conflicts.list(input.projectId)) await context.conflicts.delete(input.projectId, conflict.notebook_id);
    await context.links.delete(input.projectId);
    await context.audit.append({
      event: 'remote.unlink',
      actor: principal.user.id,
      projectId: input.projectId,
      metadata: { remote: link.remote, remote_project_id: link.remote_project_id },
    });
  }

  async conflicts(principal: Principal, input: { projectId: string }): Promise<ConflictRecord[]> {
    await this.deps.access.project(principal, input.projectId, 'project.read');
    return this.deps.context.conflicts.list(input.projectId);
  }

  async conflict(principal: Principal, input: { projectId: string; notebookId: string }): Promise<ConflictRecord> {
    await this.deps.access.project(principal, input.projectId, 'project.read');
    const conflict = await this.deps.context.conflicts.get(input.projectId, input.notebookId);
    if (!conflict) throw new HubError('NOT_FOUND', `notebook ${input.notebookId} has no conflict with the team hub`);
    return conflict;
  }

  /** Resolves a notebook's conflict (notebook.write); see conflict-resolution.ts for each choice. */
  async resolve(
    principal: Principal,
    input: { projectId: string; notebookId: string; choice: ResolutionChoice; code?: string | undefined },
  ): Promise<Resolution> {
    await this.deps.access.project(principal, input.projectId, 'notebook.write');
    const { context } = this.deps;
    const conflict = await context.conflicts.get(input.projectId, input.notebookId);
    if (!conflict) throw new HubError('NOT_FOUND', `notebook ${input.notebookId} has no conflict with the team hub`);
    const link = await context.links.require(input.projectId);
    // Taking the team's code needs nothing of the team hub: it was kept with the conflict.
    const needsTeam = input.choice !== 'take_theirs' || conflict.workspace !== null;
    const parties: SyncParties = needsTeam
      ? await this.parties(principal, await this.deps.remotes.forLink(principal, link))
      : { team: offline(link), remote: link.remote, actor: actorOf(principal), explain: async (error) => error };
    try {
      return await resolveConflict(context, parties, link, input.notebookId, input);
    } catch (error) {
      throw await parties.explain(error);
    }
  }

  async operation(principal: Principal, operationId: string): Promise<OperationStatus> {
    const record = await this.deps.operations.get(principal.user.id, operationId);
    if (!record) throw new HubError('NOT_FOUND', `operation ${operationId} not found`);
    return this.withWaitingConflicts(record);
  }

  /** The caller's recent pulls and pushes, newest first. */
  async operations(principal: Principal): Promise<OperationStatus[]> {
    return Promise.all((await this.deps.operations.list(principal.user.id, RECENT_OPERATIONS)).map((record) => this.withWaitingConflicts(record)));
  }

  /** An operation with the conflicts it left that nobody resolved since (a finished run keeps its outcomes; the conflicts are looked up now). */
  private async withWaitingConflicts(record: OperationRecord): Promise<OperationStatus> {
    const projectId = record.project_id;
    const left = record.notebooks
      .filter((notebook) => notebook.outcome === 'conflict' && notebook.notebook_id !== null)
      .map((notebook) => notebook.notebook_id!);
    if (projectId === null || left.length === 0) return { ...record, conflicts_waiting: [] };
    const waiting = await Promise.all(left.map(async (notebookId) => ((await this.deps.context.conflicts.get(projectId, notebookId)) ? notebookId : null)));
    return { ...record, conflicts_waiting: waiting.filter((notebookId): notebookId is string => notebookId !== null) };
  }

  private async parties(principal: Principal, own: OpenRemote): Promise<SyncParties> {
    const { remote, team } = await this.deps.remotes.teamOf(own);
    return { team, remote: remote.name, actor: actorOf(principal), explain: (error) => this.deps.remotes.explain(remote, error) };
  }

  /** The newest of the caller's operations matching `matches` that was cut off or failed: the one a new request takes up. */
  private async interrupted(principal: Principal, matches: (record: OperationRecord) => boolean): Promise<OperationRecord | null> {
    const now = this.deps.context.now().getTime();
    const recent = await this.deps.operations.list(principal.user.id, RECENT_OPERATIONS);
    const found = recent.find((record) => matches(record) && record.state !== 'succeeded');
    if (!found) return null;
    if (found.state === 'running' && !isInterrupted(found, now)) {
      throw new HubError('CONFLICT', `this pull runs already (operation ${found.id}); follow it at GET /api/v1/remote-operations/${found.id}`);
    }
    return found;
  }

  private takeOver(record: OperationRecord, fields: Pick<OperationRecord, 'history'>): Promise<OperationRecord> {
    const at = this.deps.context.now().toISOString();
    return this.deps.operations.update(record.user_id, record.id, (current) => ({
      ...current,
      ...fields,
      state: 'running',
      error: null,
      runner: this.deps.instanceId,
      heartbeat_at: at,
      finished_at: null,
      progress: { files_done: 0, files_total: 0, bytes_done: 0, bytes_total: 0, eta_seconds: null },
    }));
  }

  /** Runs the operation's work in the background; its record tells how it went, and the audit log that it ran. */
  private start(
    operation: OperationRecord,
    remote: OpenRemote,
    team: RemoteHub,
    principal: Principal,
    work: (run: OperationRun, parties: SyncParties) => Promise<void>,
  ): StartedOperation {
    const { context } = this.deps;
    const run = new OperationRun(this.deps.operations, operation, context.now);
    const parties: SyncParties = { team, remote: remote.name, actor: actorOf(principal), explain: (error) => this.deps.remotes.explain(remote, error) };
    let settle: (record: OperationRecord) => void = () => {};
    const done = new Promise<OperationRecord>((resolve) => (settle = resolve));
    const body = async () => {
      let failure: unknown = null;
      try {
        await work(run, parties);
      } catch (error) {
        failure = await parties.explain(error);
      }
      const finished = run.end(failure);
      await context.audit
        .append({
          event: `remote.${finished.kind}`,
          actor: principal.user.id,
          ...(finished.project_id ? { projectId: finished.project_id } : {}),
          metadata: {
            operation_id: finished.id,
            remote: finished.remote,
            remote_project_id: finished.remote_project_id,
            state: finished.state,
            error: finished.error?.code ?? null,
            versions: finished.notebooks.reduce((sum, notebook) => sum + notebook.versions, 0),
            files: finished.progress.files_done,
            bytes: finished.progress.bytes_done,
            conflicts: finished.notebooks.filter((notebook) => notebook.outcome === 'conflict').map((notebook) => notebook.notebook_id),
          },
        })
        .catch(() => {});
      settle(await run.finish().catch(() => finished));
    };
    if (!this.deps.background.run(body)) {
      throw new HubError('SERVICE_UNAVAILABLE', 'this hub is shutting down: start the operation again on another one or after it restarted');
    }
    return { operation, done };
  }
}

/** A team hub that is not called: taking the team's code needs nothing of it. */
function offline(link: RemoteLink): RemoteHub {
  const refuse = () => Promise.reject(new HubError('INTERNAL_ERROR', `the team hub of remote ${link.remote} was not to be called here`));
  return new Proxy({} as RemoteHub, { get: () => refuse });
}
