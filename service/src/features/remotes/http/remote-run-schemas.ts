import { Type } from 'typebox';
import { DateTime, Nullable } from '../../../http/schemas.js';
import { REMOTE_RUN_ID_PATTERN, type RemoteRunRecord } from '../core/remote-runs.js';

/** The local routes of running on a team hub (docs/remotes.md, "Running on the team hub"). */

export const TeamCompute = Type.Object(
  {
    profiles: Type.Array(
      Type.Object({ name: Type.String(), cpu: Nullable(Type.Number()), memory_bytes: Nullable(Type.Integer()), gpu: Nullable(Type.String()) }),
      { description: 'The default first' },
    ),
    default_profile: Type.String(),
    profile_choice: Type.Enum(['managers', 'editors'], { description: "Who may run a session on another profile than the notebook's own there" }),
    jobs_available: Type.Boolean({ description: 'Whether notebooks run as jobs there' }),
  },
  { $id: 'TeamCompute' },
);

export const TeamLaunch = Type.Object(
  {
    launch_url: Type.String({ description: "Open it once, within a minute: it signs the browser in to the team hub and shows the session's page" }),
    expires_at: DateTime,
  },
  { $id: 'TeamLaunch' },
);

export const RemoteRunParams = Type.Object({ rrid: Type.String({ pattern: REMOTE_RUN_ID_PATTERN.source }) });
export const RemoteRunListQuery = Type.Object({ project_id: Type.Optional(Type.String({ pattern: '^proj-[0-9a-z]{16}$' })) });

const ProfileName = () =>
  Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100, description: "Null or absent: the notebook's own profile there" })));
const Failure = () => Nullable(Type.Object({ code: Type.String(), message: Type.String() }));

export const RemoteSessionBody = Type.Object(
  {
    mode: Type.Optional(Type.Enum(['edit', 'app'], { description: 'edit (the default): its saved result comes back here; app: nothing comes back' })),
    compute_profile: ProfileName(),
  },
  { additionalProperties: false },
);

export const RemoteJobBody = Type.Object({ compute_profile: ProfileName() }, { additionalProperties: false });

export const RemoteRun = Type.Object(
  {
    id: Type.String(),
    kind: Type.Enum(['session', 'job']),
    remote: Type.String(),
    project_id: Type.String(),
    notebook_id: Type.String(),
    remote_project_id: Type.String(),
    remote_notebook_id: Type.String(),
    mode: Nullable(Type.Enum(['edit', 'app'])),
    compute_profile: Nullable(Type.String()),
    state: Type.Enum(['starting', 'running', 'ended', 'failed'], {
      description:
        'starting (the session provisions, the job waits), running, ended (its result or output is back here), failed (it failed there; what it left is back)',
    }),
    team: Type.Object({
      session_id: Nullable(Type.String()),
      job_id: Nullable(Type.String()),
      run_id: Nullable(Type.String()),
      state: Type.String({ description: "The team hub's own state of the session or run" }),
      compute_profile: Nullable(Type.String()),
      page_url: Nullable(Type.String({ description: "The session's page on the team hub" })),
      failure: Failure(),
    }),
    push_operation_id: Nullable(Type.String({ description: 'The push that sent what was new here first' })),
    result: Nullable(
      Type.Object({
        operation_id: Type.String({ description: 'The pull that brought it back' }),
        outcome: Type.Enum(['created', 'updated', 'unchanged', 'conflict', 'skipped']),
        local_version_id: Nullable(Type.String({ description: 'The local version the team version is based on now' })),
        remote_version_id: Nullable(Type.String()),
        note: Nullable(Type.String()),
      }),
    ),
    output: Nullable(Type.Object({ output_bytes: Nullable(Type.Integer()), log_bytes: Type.Integer() }, { description: "A job's output and log, kept here" })),
    error: Failure(),
    created_at: DateTime,
    updated_at: DateTime,
    ended_at: Nullable(DateTime),
  },
  { $id: 'RemoteRun' },
);

export const StartedRemoteSession = Type.Object({ run: RemoteRun, launch: TeamLaunch });

export function remoteRunView(run: RemoteRunRecord) {
  const { schema_version: _version, user_id: _user, expires_at: _expires, ...view } = run;
  return view;
}
