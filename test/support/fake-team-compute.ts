import {
  RemoteHubError,
  type RunSyncJobInput,
  type StartSyncSessionInput,
  type SyncCompute,
  type SyncJobRun,
  type SyncLaunch,
  type SyncSession,
} from '../../service/src/features/remotes/core/remote-hub.js';

/** What the fake compute needs of the fake team hub: roles, saving a version, its clock of ids. */
export interface FakeComputeHost {
  nextId(prefix: string): string;
  roleOf(projectId: string, user: string): 'viewer' | 'editor' | 'manager';
  saveVersion(projectId: string, notebookId: string, code: string, author: string, message?: string): { version_id: string };
  headOf(projectId: string, notebookId: string): string | null;
}

interface FakeSession extends SyncSession {
  user: string;
  /** Code the person "typed" in the session: saved as a version when it stops. */
  edited: string | null;
}

interface FakeRun extends SyncJobRun {
  project_id: string;
  output: Buffer | null;
  log: Buffer;
}

/**
 * The team hub's compute held in memory, for tests of running on the team hub behind the
 * `RemoteHub` port (docs/remotes.md, "Running on the team hub"): sessions that run at once, keep
 * an edit and save it when stopped, a viewer refused an edit session; job runs that a test ends
 * with an output; jobs off answers a conflict, as the real team hub does.
 */
export class FakeTeamCompute {
  readonly sessions = new Map<string, FakeSession>();
  readonly runs = new Map<string, FakeRun>();
  readonly launches: string[] = [];
  jobsOn = true;
  profiles = ['default', 'gpu'];

  constructor(private readonly host: FakeComputeHost) {}

  compute(): SyncCompute {
    return {
      profiles: this.profiles.map((name) => ({ name, cpu: null, memory_bytes: null, gpu: name === 'gpu' ? 'nvidia.com/gpu' : null })),
      default_profile: this.profiles[0]!,
      profile_choice: 'editors',
      jobs_available: this.jobsOn,
    };
  }

  startSession(user: string, projectId: string, notebookId: string, input: StartSyncSessionInput): SyncSession {
    const role = this.host.roleOf(projectId, user);
    if (role === 'viewer' && input.mode === 'edit') throw new RemoteHubError('forbidden', 'the team hub refused (403): a viewer may not edit');
    if (input.compute_profile !== null && !this.profiles.includes(input.compute_profile)) throw new RemoteHubError('protocol', 'unknown profile');
    const id = this.host.nextId('ses');
    const session: FakeSession = {
      session_id: id,
      project_id: projectId,
      notebook_id: notebookId,
      mode: input.mode,
      state: 'running',
      phase: 'ready',
      compute_profile: input.compute_profile ?? this.profiles[0]!,
      base_version_id: this.host.headOf(projectId, notebookId) ?? '',
      last_saved_at: null,
      stop_reason: null,
      failure: null,
      created_at: new Date().toISOString(),
      stopped_at: null,
      page_url: `https://team.example/projects/${projectId}/notebooks/${notebookId}/${input.mode}`,
      reused: false,
      user,
      edited: null,
    };
    this.sessions.set(id, session);
    return viewOf(session);
  }

  session(user: string, sessionId: string): SyncSession {
    return viewOf(this.require(user, sessionId));
  }

  /** What a person does in the session's editor. */
  edit(sessionId: string, code: string): void {
    this.sessions.get(sessionId)!.edited = code;
  }

  stopSession(user: string, sessionId: string): SyncSession {
    const session = this.require(user, sessionId);
    if (session.state === 'running') {
      if (session.edited !== null && session.mode === 'edit')
        this.host.saveVersion(session.project_id, session.notebook_id, session.edited, user, 'Saved in a session');
      Object.assign(session, { state: 'stopped', stop_reason: 'user', stopped_at: new Date().toISOString() });
    }
    return viewOf(session);
  }

  launchSession(user: string, sessionId: string): SyncLaunch {
    const session = this.require(user, sessionId);
    if (session.state !== 'running') throw new RemoteHubError('conflict', `session ${sessionId} is ${session.state}`);
    const ticket = this.host.nextId('ticket');
    this.launches.push(ticket);
    return { launch_url: `https://team.example/api/v1/sync/launches/${ticket}`, expires_at: new Date(Date.now() + 60_000).toISOString() };
  }

  runJob(user: string, projectId: string, notebookId: string, input: RunSyncJobInput): SyncJobRun {
    if (!this.jobsOn) throw new RemoteHubError('conflict', 'jobs are off on this hub (SERVICE_JOBS=off): notebooks are not run as jobs here');
    if (this.host.roleOf(projectId, user) === 'viewer') throw new RemoteHubError('forbidden', 'a viewer may not run jobs');
    const run: FakeRun = {
      job_id: this.host.nextId('job'),
      run_id: this.host.nextId('run'),
      state: 'queued',
      version_id: this.host.headOf(projectId, notebookId),
      queued_at: new Date().toISOString(),
      started_at: null,
      finished_at: null,
      error: null,
      output_bytes: null,
      log_bytes: 0,
      project_id: projectId,
      output: null,
      log: Buffer.alloc(0),
    };
    void input;
    this.runs.set(run.run_id, run);
    return runView(run);
  }

  /** Ends a run as the team's scheduler would. */
  finishRun(runId: string, outcome: { output: string | null; log: string; state?: SyncJobRun['state'] }): void {
    const run = this.runs.get(runId)!;
    const output = outcome.output === null ? null : Buffer.from(outcome.output);
    const log = Buffer.from(outcome.log);
    Object.assign(run, {
      state: outcome.state ?? 'succeeded',
      output,
      log,
      output_bytes: output?.length ?? null,
      log_bytes: log.length,
      finished_at: new Date().toISOString(),
    });
  }

  jobRun(runId: string): SyncJobRun {
    return runView(this.requireRun(runId));
  }

  jobRunFile(runId: string, file: 'output' | 'log'): Buffer {
    const run = this.requireRun(runId);
    const bytes = file === 'log' ? run.log : run.output;
    if (!bytes) throw new RemoteHubError('not_found', 'no output');
    return bytes;
  }

  private require(user: string, sessionId: string): FakeSession {
    const session = this.sessions.get(sessionId);
    if (!session || session.user !== user) throw new RemoteHubError('not_found', `session ${sessionId} not found`);
    return session;
  }

  private requireRun(runId: string): FakeRun {
    const run = this.runs.get(runId);
    if (!run) throw new RemoteHubError('not_found', `run ${runId} not found`);
    return run;
  }
}

function viewOf(session: FakeSession): SyncSession {
  const { user: _user, edited: _edited, ...view } = session;
  return { ...view };
}

function runView(run: FakeRun): SyncJobRun {
  const { project_id: _project, output: _output, log: _log, ...view } = run;
  return { ...view };
}
