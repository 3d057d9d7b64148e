import { Type } from 'typebox';
import { JOB_RUN_STATES, type JobRunRecord } from '../core/job-model.js';
import { JOB_NAME_MAX, PARAMETER_MAX_LENGTH, PARAMETERS_MAX } from '../core/job-service.js';
import type { JobView } from '../core/job-use-cases.js';
import { ownerOf } from '../core/job-owner.js';
import { DateTime, Nullable, TraceId } from '../../../http/schemas.js';
import { NotebookParams } from '../../../http/routes/notebook-schemas.js';

export const JobParams = Type.Intersect([NotebookParams, Type.Object({ jid: Type.String({ pattern: '^job-[0-9a-z]{16}$' }) })]);
export const RunParams = Type.Intersect([JobParams, Type.Object({ rid: Type.String({ pattern: '^run-[0-9a-z]{16}$' }) })]);

const Schedule = Type.Object(
  {
    cron: Type.String({ minLength: 1, maxLength: 200, description: 'Five fields (minute hour day-of-month month day-of-week), or six with seconds first' }),
    time_zone: Type.String({ minLength: 1, maxLength: 100, description: 'IANA time zone the schedule is read in, e.g. Europe/Berlin or UTC' }),
  },
  { additionalProperties: false },
);

const Parameters = Type.Array(Type.String({ maxLength: PARAMETER_MAX_LENGTH }), {
  maxItems: PARAMETERS_MAX,
  description: 'Command-line arguments the notebook receives (marimo\'s mo.cli_args()), e.g. ["--day", "monday"]',
});

const fields = {
  name: Type.String({ minLength: 1, maxLength: JOB_NAME_MAX }),
  schedule: Nullable(Schedule),
  on_demand: Type.Boolean({ description: 'Whether people may run it now besides its schedule (default true; a job without schedule must allow it)' }),
  parameters: Parameters,
  timeout_seconds: Nullable(Type.Integer({ minimum: 1, description: 'Null: capabilities.jobs.default_timeout_seconds; at most max_timeout_seconds' })),
  compute_profile: Nullable(Type.String({ minLength: 1, maxLength: 100, description: "Null: the notebook's own profile" })),
  version_id: Nullable(Type.String({ pattern: '^ver-[0-9a-z]{16}$', description: "Null: the notebook's current version when a run starts" })),
  enabled: Type.Boolean({
    description: 'A disabled job neither fires nor runs on demand. Whoever switches a job on becomes its owner: its scheduled runs rely on their role',
  }),
};

export const JobCreate = Type.Object(
  {
    name: fields.name,
    schedule: Type.Optional(fields.schedule),
    on_demand: Type.Optional(fields.on_demand),
    parameters: Type.Optional(fields.parameters),
    timeout_seconds: Type.Optional(fields.timeout_seconds),
    compute_profile: Type.Optional(fields.compute_profile),
    version_id: Type.Optional(fields.version_id),
    enabled: Type.Optional(fields.enabled),
  },
  { additionalProperties: false },
);

/** Any field of a job, at least one; a changed schedule counts from now. */
export const JobPatchBody = Type.Partial(JobCreate, { additionalProperties: false, minProperties: 1 });

export const RunCreate = Type.Object(
  { parameters: Type.Optional({ ...Parameters, description: "This run's arguments instead of the job's" }) },
  { additionalProperties: false },
);

const RunState = Type.Enum([...JOB_RUN_STATES]);

export const JobSchema = Type.Object(
  {
    id: Type.String(),
    project_id: Type.String(),
    notebook_id: Type.String(),
    name: Type.String(),
    schedule: Nullable(Schedule),
    on_demand: Type.Boolean(),
    parameters: Type.Array(Type.String()),
    timeout_seconds: Nullable(Type.Integer()),
    compute_profile: Nullable(Type.String()),
    version_id: Nullable(Type.String()),
    enabled: Type.Boolean(),
    disabled_reason: Nullable(
      Type.Enum(['owner_suspended', 'owner_left_project'], {
        description:
          'Why the hub switched the job off: its owner is suspended, or no longer an editor of the project. Null while it is on or when a person switched it off',
      }),
    ),
    owner: Type.String({ description: 'The user whose role its scheduled runs rely on: whoever last switched it on (at first, its creator)' }),
    next_run_at: Nullable(DateTime),
    queued_runs: Type.Integer({ minimum: 0 }),
    running_runs: Type.Integer({ minimum: 0 }),
    last_run: Nullable(Type.Object({ id: Type.String(), state: RunState, finished_at: Nullable(DateTime) })),
    created_at: DateTime,
    created_by: Type.String(),
    updated_at: DateTime,
  },
  { $id: 'Job' },
);

export const JobRunSchema = Type.Object(
  {
    id: Type.String(),
    job_id: Type.String(),
    project_id: Type.String(),
    notebook_id: Type.String(),
    state: RunState,
    trigger: Type.Enum(['schedule', 'manual']),
    due_at: Nullable(DateTime),
    triggered_by: Type.String({ description: 'The user who ran it, or system for a scheduled run' }),
    parameters: Type.Array(Type.String()),
    timeout_seconds: Type.Integer(),
    version_id: Nullable(Type.String({ description: 'The notebook version it runs (known once it starts, unless the job is pinned)' })),
    queued_at: DateTime,
    started_at: Nullable(DateTime),
    finished_at: Nullable(DateTime),
    duration_ms: Nullable(Type.Integer({ minimum: 0 })),
    exit_code: Nullable(Type.Integer()),
    error: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
    has_output: Type.Boolean(),
    output_bytes: Nullable(Type.Integer({ minimum: 0 })),
    log_bytes: Type.Integer({ minimum: 0 }),
    trace_id: TraceId('the run (its job.run span)'),
    environment_id: Nullable(
      Type.String({
        description:
          "The locked environment the run executed in: its version's lock, never a fresh resolution (docs/environments.md). Null where the dependencies were installed at start, or there were none",
      }),
    ),
  },
  { $id: 'JobRun' },
);

export function jobView(job: JobView) {
  return {
    id: job.id,
    project_id: job.project_id,
    notebook_id: job.notebook_id,
    name: job.name,
    schedule: job.schedule,
    on_demand: job.on_demand,
    parameters: job.parameters,
    timeout_seconds: job.timeout_seconds,
    compute_profile: job.compute_profile,
    version_id: job.version_id,
    enabled: job.enabled,
    disabled_reason: job.disabled_reason ?? null,
    owner: ownerOf(job),
    next_run_at: job.next_run_at,
    queued_runs: job.queued_run_ids.length,
    running_runs: job.running_run_ids.length,
    last_run: job.last_run,
    created_at: job.created_at,
    created_by: job.created_by,
    updated_at: job.updated_at,
  };
}

export function runView(run: JobRunRecord) {
  return {
    id: run.id,
    job_id: run.job_id,
    project_id: run.project_id,
    notebook_id: run.notebook_id,
    state: run.state,
    trigger: run.trigger,
    due_at: run.due_at,
    triggered_by: run.triggered_by,
    parameters: run.parameters,
    timeout_seconds: run.timeout_seconds,
    version_id: run.version_id,
    queued_at: run.queued_at,
    started_at: run.started_at,
    finished_at: run.finished_at,
    duration_ms: run.started_at && run.finished_at ? Math.max(0, Date.parse(run.finished_at) - Date.parse(run.started_at)) : null,
    exit_code: run.exit_code,
    error: run.error,
    has_output: run.output_bytes !== null,
    output_bytes: run.output_bytes,
    log_bytes: run.log_bytes,
    trace_id: run.trace_id ?? null,
    environment_id: run.environment_id ?? null,
  };
}
