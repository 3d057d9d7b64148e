import type { AccessControl } from '../../../core/access/access-control.js';
import { ERROR_CODES, HubError, type ErrorCode } from '../../../core/errors.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import type { RemoteAccess } from './remote-access.js';
import type { RemoteHub, SyncCompute, SyncJobRun, SyncLaunch, SyncSession } from './remote-hub.js';
import { linkedNotebook, withManifest, type RemoteLink } from './remote-link.js';
import type { OpenRemote } from './remote-records.js';
import { FINAL_RUN_STATES, type RemoteRunRecord, type RemoteRunState, type RemoteRuns } from './remote-runs.js';
import type { SyncContext } from './sync-context.js';
import { projectSyncStatus } from './sync-status.js';
import type { SyncUseCases } from './sync-use-cases.js';

/** How many of a user's runs are listed. */
const RECENT_RUNS = 50;

export interface RemoteComputeDeps {
  access: AccessControl;
  remotes: RemoteAccess;
  runs: RemoteRuns;
  context: SyncContext;
  sync: Pick<SyncUseCases, 'pushNotebook' | 'pullNotebook'>;
}

type NotebookRef = { projectId: string; notebookId: string };

/** A started session: the run, and the link that opens its page once. */
export interface StartedRemoteSession {
  run: RemoteRunRecord;
  launch: SyncLaunch;
}

/**
 * Running a notebook of a linked project on the team hub (docs/remotes.md, "Running on the team
 * hub"): in a session there, shown in the person's window through a one-use launch link, whose
 * saved result comes back as a local version once it ended; or as a job run there, whose output
 * and log come back here. The team hub decides as for its own user; here the caller needs
 * `notebook.write` on the notebook (what is new here is pushed first, and the result saved).
 * Runs are the caller's own, like pulls and pushes.
 */
export class RemoteCompute {
  constructor(private readonly deps: RemoteComputeDeps) {}

  /** `project.read`: the team hub's compute profiles and whether jobs run there. */
  async compute(principal: Principal, input: { projectId: string }): Promise<SyncCompute> {
    await this.deps.access.project(principal, input.projectId, 'project.read');
    const link = await this.deps.context.links.require(input.projectId);
    const { remote, team } = await this.team(principal, link);
    return this.deps.remotes.call(remote, () => team.compute());
  }

  /** Starts a session of the notebook on the team hub (after pushing what is new here), and a link that opens it. */
  async startSession(principal: Principal, input: NotebookRef & { mode: 'edit' | 'app'; computeProfile: string | null }): Promise<StartedRemoteSession> {
    const prepared = await this.prepare(principal, input);
    const { remote, team, link, remoteNotebookId, pushOperationId } = prepared;
    const session = await this.deps.remotes.call(remote, () =>
      team.startSession(link.remote_project_id, remoteNotebookId, { mode: input.mode, compute_profile: input.computeProfile }),
    );
    const run = await this.deps.runs.create(
      {
        kind: 'session',
        user_id: principal.user.id,
        remote: remote.name,
        project_id: input.projectId,
        notebook_id: input.notebookId,
        remote_project_id: link.remote_project_id,
        remote_notebook_id: remoteNotebookId,
        mode: input.mode,
        compute_profile: input.computeProfile,
        team: sessionFacts(session),
        push_operation_id: pushOperationId,
      },
      sessionState(session),
    );
    await this.audit(principal, 'remote.run.start', run);
    const launch = await this.deps.remotes.call(remote, () => team.launchSession(link.remote_project_id, session.session_id));
    return { run, launch };
  }

  /** Runs the notebook as a job on the team hub (after pushing what is new here). */
  async runJob(principal: Principal, input: NotebookRef & { computeProfile: string | null }): Promise<RemoteRunRecord> {
    const { remote, team, link, remoteNotebookId, pushOperationId } = await this.prepare(principal, input);
    const jobRun = await this.deps.remotes.call(remote, () => team.runJob(link.remote_project_id, remoteNotebookId, { compute_profile: input.computeProfile }));
    const run = await this.deps.runs.create(
      {
        kind: 'job',
        user_id: principal.user.id,
        remote: remote.name,
        project_id: input.projectId,
        notebook_id: input.notebookId,
        remote_project_id: link.remote_project_id,
        remote_notebook_id: remoteNotebookId,
        mode: null,
        compute_profile: input.computeProfile,
        team: jobFacts(jobRun),
        push_operation_id: pushOperationId,
      },
      jobState(jobRun),
    );
    await this.audit(principal, 'remote.run.start', run);
    return run;
  }

  /** The caller's runs, newest first; of one project when given (project.read there). */
  async list(principal: Principal, input: { projectId?: string | undefined }): Promise<RemoteRunRecord[]> {
    if (input.projectId !== undefined) await this.deps.access.project(principal, input.projectId, 'project.read');
    const runs = await this.deps.runs.list(principal.user.id, RECENT_RUNS);
    return input.projectId === undefined ? runs : runs.filter((run) => run.project_id === input.projectId);
  }

  /**
   * A run of the caller's as it stands: until it ended, the team hub is asked, and once it ended
   * an edit session's result is pulled back as a local version (a job's output and log are fetched).
   * A step that fails (the team hub unreachable) is noted in `error` and tried again at the next read.
   */
  async read(principal: Principal, runId: string): Promise<RemoteRunRecord> {
    const run = await this.own(principal, runId);
    if (FINAL_RUN_STATES.has(run.state)) return run;
    try {
      return await this.follow(principal, run);
    } catch (error) {
      if (!(error instanceof HubError) || !['SERVICE_UNAVAILABLE', 'CONFLICT'].includes(error.code)) throw error;
      return this.deps.runs.update(run.user_id, run.id, (current) => ({ ...current, error: { code: error.code, message: error.message } }));
    }
  }

  /** Stops a session on the team hub (it saves first), then brings its result back. */
  async stop(principal: Principal, runId: string): Promise<RemoteRunRecord> {
    const run = await this.own(principal, runId);
    if (run.kind !== 'session') throw new HubError('CONFLICT', `run ${run.id} is a job: it ends on its own (cancel it on the team hub)`);
    if (FINAL_RUN_STATES.has(run.state)) return run;
    const { remote, team } = await this.teamOfRun(principal, run);
    await this.deps.remotes.call(remote, () => team.stopSession(run.remote_project_id, run.team.session_id!));
    await this.audit(principal, 'remote.run.stop', run);
    return this.follow(principal, run);
  }

  /** A new one-use link that opens a live session's page on the team hub. */
  async launch(principal: Principal, runId: string): Promise<SyncLaunch> {
    const run = await this.own(principal, runId);
    if (run.kind !== 'session' || FINAL_RUN_STATES.has(run.state)) throw new HubError('CONFLICT', `run ${run.id} has no live session to open`);
    const { remote, team } = await this.teamOfRun(principal, run);
    return this.deps.remotes.call(remote, () => team.launchSession(run.remote_project_id, run.team.session_id!));
  }

  /** A job run's output (HTML) or log, brought back once it ended. */
  async file(principal: Principal, runId: string, file: 'output' | 'log'): Promise<Buffer> {
    const run = await this.own(principal, runId);
    const bytes = run.output ? await this.deps.runs.file(run.user_id, run.id, file) : null;
    if (!bytes)
      throw new HubError(
        'NO_RUN_OUTPUT',
        `run ${run.id} has no ${file} here${run.kind === 'job' && !run.output ? ' yet: it comes back once the run ended' : ''}`,
      );
    return bytes;
  }

  /** The caller's own run (NOT_FOUND for anyone else's), while they may still read its project. */
  private async own(principal: Principal, runId: string): Promise<RemoteRunRecord> {
    const run = await this.deps.runs.get(principal.user.id, runId);
    if (!run) throw new HubError('NOT_FOUND', `run ${runId} not found`);
    await this.deps.access.project(principal, run.project_id, 'project.read');
    return run;
  }

  /**
   * What running on the team hub needs first (notebook.write): the linked notebook, the team's
   * heads fetched, the notebook's new versions pushed when it is ahead (or made there when only
   * this hub has it). Refused (CONFLICT) while it is diverged or a conflict waits.
   */
  private async prepare(
    principal: Principal,
    input: NotebookRef,
  ): Promise<{ remote: OpenRemote; team: RemoteHub; link: RemoteLink; remoteNotebookId: string; pushOperationId: string | null }> {
    await this.deps.access.notebook(principal, input.projectId, input.notebookId, 'notebook.write');
    const { context } = this.deps;
    let link = await context.links.require(input.projectId);
    const { remote, team } = await this.team(principal, link);
    const manifest = await this.deps.remotes.call(remote, () => team.project(link.remote_project_id));
    link = await context.links.update(input.projectId, (current) => withManifest(current, manifest, context.now().toISOString()));
    const status = projectSyncStatus(link, await context.local.heads(input.projectId)).notebooks.find((entry) => entry.notebook_id === input.notebookId);
    if (!status) throw new HubError('NOT_FOUND', `notebook ${input.notebookId} not found`);
    if (status.conflict || status.state === 'diverged' || status.workspace === 'diverged') {
      throw new HubError(
        'CONFLICT',
        `notebook ${input.notebookId} changed here and on the team hub since they were last the same: resolve the conflict (pull, then the Sync tab) before running it on the team hub`,
      );
    }
    let pushOperationId: string | null = null;
    if (status.state === 'ahead' || status.state === 'local_only' || status.workspace === 'ahead') {
      const pushed = await this.deps.sync.pushNotebook(principal, input);
      pushOperationId = pushed.id;
      if (pushed.state === 'failed') throw new HubError(codeOf(pushed.error?.code), pushed.error?.message ?? 'the push failed');
      const outcome = pushed.notebooks.find((entry) => entry.notebook_id === input.notebookId);
      if (outcome?.outcome === 'conflict' || outcome?.outcome === 'skipped') {
        throw new HubError(
          'CONFLICT',
          `notebook ${input.notebookId} could not be pushed first (${outcome.note ?? outcome.outcome}): resolve that before running it on the team hub`,
        );
      }
      link = await context.links.require(input.projectId);
    }
    const remoteNotebookId = linkedNotebook(link, input.notebookId)?.remote_notebook_id;
    if (!remoteNotebookId) throw new HubError('CONFLICT', `notebook ${input.notebookId} is not on the team hub: push it first`);
    return { remote, team, link, remoteNotebookId, pushOperationId };
  }

  /** Asks the team hub where the run stands; once it ended, brings back what it left. */
  private async follow(principal: Principal, run: RemoteRunRecord): Promise<RemoteRunRecord> {
    const { remote, team } = await this.teamOfRun(principal, run);
    if (run.kind === 'session') {
      const session = await this.deps.remotes.call(remote, () => team.session(run.remote_project_id, run.team.session_id!));
      const state = sessionState(session);
      if (!FINAL_RUN_STATES.has(state))
        return this.deps.runs.update(run.user_id, run.id, (current) => ({ ...current, state, team: sessionFacts(session), error: null }));
      // Whatever the session saved there (autosaves too) comes back, an app's nothing.
      let result: RemoteRunRecord['result'] = null;
      if (run.mode === 'edit') {
        const pulled = await this.deps.sync.pullNotebook(principal, { projectId: run.project_id, notebookId: run.notebook_id });
        if (pulled.state === 'failed')
          throw new HubError('SERVICE_UNAVAILABLE', `the session's result did not come back yet: ${pulled.error?.message ?? 'the pull failed'}`);
        const outcome = pulled.notebooks.find((entry) => entry.notebook_id === run.notebook_id);
        const entry = linkedNotebook(await this.deps.context.links.require(run.project_id), run.notebook_id);
        result = {
          operation_id: pulled.id,
          outcome: outcome?.outcome ?? 'unchanged',
          local_version_id: entry?.base_local_version_id ?? null,
          remote_version_id: entry?.base_remote_version_id ?? null,
          note: outcome?.note ?? null,
        };
      }
      return this.ended(principal, run, state, { team: sessionFacts(session), result });
    }
    const jobRun = await this.deps.remotes.call(remote, () => team.jobRun(run.remote_project_id, run.remote_notebook_id, run.team.job_id!, run.team.run_id!));
    const state = jobState(jobRun);
    if (!FINAL_RUN_STATES.has(state))
      return this.deps.runs.update(run.user_id, run.id, (current) => ({ ...current, state, team: jobFacts(jobRun), error: null }));
    const fetch = (file: 'output' | 'log') =>
      this.deps.remotes.call(remote, () => team.jobRunFile(run.remote_project_id, run.remote_notebook_id, jobRun.job_id, jobRun.run_id, file));
    const log = await fetch('log');
    await this.deps.runs.putFile(run.user_id, run.id, 'log', log);
    let outputBytes: number | null = null;
    if (jobRun.output_bytes !== null) {
      const output = await fetch('output');
      await this.deps.runs.putFile(run.user_id, run.id, 'output', output);
      outputBytes = output.length;
    }
    return this.ended(principal, run, state, { team: jobFacts(jobRun), output: { output_bytes: outputBytes, log_bytes: log.length } });
  }

  private async ended(
    principal: Principal,
    run: RemoteRunRecord,
    state: RemoteRunState,
    fields: Partial<Pick<RemoteRunRecord, 'team' | 'result' | 'output'>>,
  ): Promise<RemoteRunRecord> {
    const at = this.deps.context.now().toISOString();
    let first = false;
    const updated = await this.deps.runs.update(run.user_id, run.id, (current) => {
      first = !FINAL_RUN_STATES.has(current.state);
      return first ? { ...current, ...fields, state, error: null, ended_at: at } : current;
    });
    if (first) await this.audit(principal, 'remote.run.end', updated);
    return updated;
  }

  private async audit(principal: Principal, event: string, run: RemoteRunRecord): Promise<void> {
    await this.deps.context.audit.append({
      event,
      actor: principal.user.id,
      projectId: run.project_id,
      metadata: {
        run_id: run.id,
        kind: run.kind,
        notebook_id: run.notebook_id,
        remote: run.remote,
        remote_project_id: run.remote_project_id,
        remote_session_id: run.team.session_id,
        remote_run_id: run.team.run_id,
        state: run.state,
        ...(run.result ? { result_version_id: run.result.local_version_id } : {}),
      },
    });
  }

  private async team(principal: Principal, link: RemoteLink): Promise<{ remote: OpenRemote; team: RemoteHub }> {
    return this.deps.remotes.teamOf(await this.deps.remotes.forLink(principal, link));
  }

  private async teamOfRun(principal: Principal, run: RemoteRunRecord): Promise<{ remote: OpenRemote; team: RemoteHub }> {
    return this.deps.remotes.teamOf(await this.deps.remotes.own(principal, run.remote));
  }
}

function sessionState(session: SyncSession): RemoteRunState {
  if (session.state === 'provisioning') return 'starting';
  if (session.state === 'running' || session.state === 'stopping') return 'running';
  return session.state === 'failed' ? 'failed' : 'ended';
}

function jobState(run: SyncJobRun): RemoteRunState {
  if (run.state === 'queued') return 'starting';
  if (run.state === 'running') return 'running';
  return run.state === 'succeeded' ? 'ended' : 'failed';
}

function sessionFacts(session: SyncSession): RemoteRunRecord['team'] {
  return {
    session_id: session.session_id,
    job_id: null,
    run_id: null,
    state: session.state,
    compute_profile: session.compute_profile,
    page_url: session.page_url,
    failure: session.failure,
  };
}

function jobFacts(run: SyncJobRun): RemoteRunRecord['team'] {
  return { session_id: null, job_id: run.job_id, run_id: run.run_id, state: run.state, compute_profile: null, page_url: null, failure: run.error };
}

/** An operation's error code as a code of this hub's (they are), else CONFLICT. */
const codeOf = (code: string | undefined): ErrorCode => ((ERROR_CODES as readonly string[]).includes(code ?? '') ? (code as ErrorCode) : 'CONFLICT');
