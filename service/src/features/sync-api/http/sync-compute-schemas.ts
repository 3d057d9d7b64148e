import { Type } from 'typebox';
import { DateTime, Nullable } from '../../../http/schemas.js';

/** The wire of running on the team's compute (docs/remotes.md, "Running on the team hub"); answers are the usual envelope. */

const ProjectId = Type.String({ pattern: '^proj-[0-9a-z]{16}$' });
const NotebookId = Type.String({ pattern: '^nb-[0-9a-z]{16}$' });
const SessionId = Type.String({ pattern: '^ses-[0-9a-z]{16}$' });
const JobId = Type.String({ pattern: '^job-[0-9a-z]{16}$' });
const RunId = Type.String({ pattern: '^run-[0-9a-z]{16}$' });
const Failure = Nullable(Type.Object({ code: Type.String(), message: Type.String() }));

export const SessionParams = Type.Object({ pid: ProjectId, sid: SessionId });
export const JobRunParams = Type.Object({ pid: ProjectId, nid: NotebookId, jid: JobId, rid: RunId });
export const LaunchParams = Type.Object({ ticket: Type.String({ minLength: 1, maxLength: 100 }) });

export const SyncCompute = Type.Object(
  {
    profiles: Type.Array(
      Type.Object({ name: Type.String(), cpu: Nullable(Type.Number()), memory_bytes: Nullable(Type.Integer()), gpu: Nullable(Type.String()) }),
      { description: 'The default first' },
    ),
    default_profile: Type.String(),
    profile_choice: Type.Enum(['managers', 'editors'], { description: "Who may run a session on another profile than the notebook's own" }),
    jobs_available: Type.Boolean({ description: 'Whether notebooks run as jobs here (SERVICE_JOBS=on)' }),
  },
  { $id: 'SyncCompute' },
);

export const SessionStartBody = Type.Object(
  {
    mode: Type.Enum(['edit', 'app'], { default: 'edit' }),
    compute_profile: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100, description: "Null or absent: the notebook's own profile" }))),
  },
  { additionalProperties: false },
);

export const SyncSession = Type.Object(
  {
    session_id: Type.String(),
    project_id: Type.String(),
    notebook_id: Type.String(),
    mode: Type.Enum(['edit', 'app']),
    state: Type.Enum(['provisioning', 'running', 'stopping', 'stopped', 'failed']),
    phase: Type.String(),
    compute_profile: Type.String(),
    base_version_id: Type.String(),
    last_saved_at: Nullable(DateTime),
    stop_reason: Nullable(Type.String()),
    failure: Failure,
    created_at: DateTime,
    stopped_at: Nullable(DateTime),
    page_url: Type.String({ description: "The session's page on this hub (absolute URL)" }),
    reused: Type.Boolean({ description: 'A live session of the caller that fitted was answered instead of a new one' }),
  },
  { $id: 'SyncSession' },
);

export const SyncLaunch = Type.Object(
  {
    launch_url: Type.String({ description: "Opened once in a browser, within a minute: signs it in and goes to the session's page" }),
    expires_at: DateTime,
  },
  { $id: 'SyncLaunch' },
);

export const JobRunBody = Type.Object(
  { compute_profile: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100, description: "Null or absent: the notebook's own profile" }))) },
  { additionalProperties: false },
);

export const SyncJobRun = Type.Object(
  {
    job_id: Type.String(),
    run_id: Type.String(),
    state: Type.Enum(['queued', 'running', 'succeeded', 'failed', 'cancelled', 'timed_out']),
    version_id: Nullable(Type.String()),
    queued_at: DateTime,
    started_at: Nullable(DateTime),
    finished_at: Nullable(DateTime),
    error: Failure,
    output_bytes: Nullable(Type.Integer()),
    log_bytes: Type.Integer(),
  },
  { $id: 'SyncJobRun' },
);
