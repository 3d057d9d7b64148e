import { createHash } from 'node:crypto';
import { timeOrderedId } from '../../../core/ids.js';

/** Why a job's schedule stopped firing for its owner's sake (docs/jobs.md, "Who a job runs for"). */
export type OwnerStanding = 'owner_suspended' | 'owner_left_project';

/** A job: a notebook run headless on a schedule, on demand, or both (docs/jobs.md). */
export interface JobRecord {
  schema_version: 1;
  id: string;
  project_id: string;
  notebook_id: string;
  name: string;
  /** Null: the job runs only when someone triggers it. */
  schedule: JobSchedule | null;
  /** Whether people may trigger runs besides the schedule. */
  on_demand: boolean;
  /** Command-line arguments the notebook gets (`mo.cli_args()`), unless a run brings its own. */
  parameters: string[];
  /** Null: the deployment's default timeout. */
  timeout_seconds: number | null;
  /** Null: the notebook's own compute profile. */
  compute_profile: string | null;
  /** Null: the notebook's current version when a run starts; else this version, always. */
  version_id: string | null;
  enabled: boolean;
  /**
   * Set when the scheduler switched the job off because its owner may no longer have it run
   * (docs/jobs.md, "Who a job runs for"); null when it is on, or a person switched it off.
   * Absent on jobs stored before it was kept.
   */
  disabled_reason?: OwnerStanding | null;
  created_at: string;
  created_by: string;
  /** Whose rights its scheduled runs rely on: whoever last switched it on; absent: its creator. */
  owner?: string;
  updated_at: string;
  /** The schedule's due time last fired (or, before the first one, when the schedule was set): the next one is after it. */
  schedule_mark: string | null;
  /** Runs waiting for a slot, oldest first; a run id leaves when its run starts or ends. */
  queued_run_ids: string[];
  running_run_ids: string[];
  last_run: JobRunSummary | null;
}

export interface JobSchedule {
  cron: string;
  time_zone: string;
}

export interface JobRunSummary {
  id: string;
  state: JobRunState;
  finished_at: string | null;
}

export const JOB_RUN_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'timed_out'] as const;
export type JobRunState = (typeof JOB_RUN_STATES)[number];
export const FINISHED_RUN_STATES: ReadonlySet<JobRunState> = new Set(['succeeded', 'failed', 'cancelled', 'timed_out']);

export interface JobRunRecord {
  schema_version: 1;
  id: string;
  job_id: string;
  project_id: string;
  notebook_id: string;
  state: JobRunState;
  trigger: 'schedule' | 'manual';
  /** The schedule's due time a scheduled run fired for. */
  due_at: string | null;
  triggered_by: string;
  parameters: string[];
  timeout_seconds: number;
  /** The version the run executes: set when it is queued for a pinned job, when it starts otherwise. */
  version_id: string | null;
  queued_at: string;
  started_at: string | null;
  /** A running run past this is reclaimed as timed out (its timeout plus a margin for set-up). */
  deadline_at: string | null;
  finished_at: string | null;
  exit_code: number | null;
  error: { code: string; message: string } | null;
  sandbox_id: string | null;
  output_bytes: number | null;
  log_bytes: number;
  /**
   * The trace of its `job.run` span, for operators to look it up (docs/telemetry.md). Absent where
   * tracing is off, the trace was not sampled, or the run has not started.
   */
  trace_id?: string;
  /**
   * The locked environment the run executed in (docs/environments.md): the identity of its
   * version's lock, never a fresh resolution. Absent where the dependencies were installed at
   * start (locked environments off), there were none, or the run has not reached that step.
   */
  environment_id?: string;
}

/** A run's timeout counts from marimo's start; set-up (sandbox, dependencies) gets this much on top before the run is reclaimed. */
export const RUN_SETUP_ALLOWANCE_MS = 10 * 60_000;

export const JOB_ID_PATTERN = /^job-[0-9a-z]{16}$/;
export const RUN_ID_PATTERN = /^run-[0-9a-z]{16}$/;

export const newJobId = (now?: number) => `job-${timeOrderedId(now)}`;
export const newRunId = (now?: number) => `run-${timeOrderedId(now)}`;

/**
 * The run a schedule fires for one due time: the same id on every replica, so that two hubs
 * firing the same due time write one run.
 */
export function scheduledRunId(jobId: string, dueAt: Date): string {
  const suffix = BigInt(`0x${createHash('sha256').update(`${jobId} ${dueAt.toISOString()}`).digest('hex').slice(0, 12)}`)
    .toString(36)
    .padStart(7, '0')
    .slice(-7);
  return `run-${timeOrderedId(dueAt.getTime()).slice(0, 9)}${suffix}`;
}

export const isFinished = (run: Pick<JobRunRecord, 'state'>): boolean => FINISHED_RUN_STATES.has(run.state);
