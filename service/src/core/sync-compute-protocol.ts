/*
 * Running on the team's compute (docs/remotes.md, "Running on the team hub"): the part of the sync
 * protocol with which a local hub starts sessions and job runs on the team hub, as its signed-in
 * user, and opens a session's page in that person's window. Served by the sync-api feature, spoken
 * through the remotes feature's `RemoteHub` port.
 */

/** A compute profile of the team hub (`SERVICE_COMPUTE_PROFILES` there). */
export interface SyncComputeProfile {
  name: string;
  cpu: number | null;
  memory_bytes: number | null;
  gpu: string | null;
}

/** What the team hub offers to run notebooks on. */
export interface SyncCompute {
  /** Every profile, the default first. */
  profiles: SyncComputeProfile[];
  default_profile: string;
  /** Who may run a session on another profile than the notebook's own: managers, or editors too. */
  profile_choice: 'managers' | 'editors';
  /** Whether notebooks run as jobs there (`SERVICE_JOBS=on`). */
  jobs_available: boolean;
}

export type SyncSessionMode = 'edit' | 'app';

export interface StartSyncSessionInput {
  mode: SyncSessionMode;
  /** Null: the notebook's own profile. */
  compute_profile: string | null;
}

/** A session on the team hub, as the user who started it sees it there. */
export interface SyncSession {
  session_id: string;
  project_id: string;
  notebook_id: string;
  mode: SyncSessionMode;
  state: 'provisioning' | 'running' | 'stopping' | 'stopped' | 'failed';
  phase: string;
  compute_profile: string;
  /** The version it started from. */
  base_version_id: string;
  last_saved_at: string | null;
  stop_reason: string | null;
  failure: { code: string; message: string } | null;
  created_at: string;
  stopped_at: string | null;
  /** Its page on the team hub (absolute URL): a browser signed in there opens it. */
  page_url: string;
  /** A live session of the caller's that fitted was answered instead of a new one. */
  reused: boolean;
}

/** A one-use way in to a session's page for a browser that is not signed in to the team hub. */
export interface SyncLaunch {
  /** Opened in the browser: exchanges the ticket for a browser session and goes to the session's page. */
  launch_url: string;
  expires_at: string;
}

export interface RunSyncJobInput {
  /** Null: the notebook's own profile. */
  compute_profile: string | null;
}

/** A job run on the team hub. */
export interface SyncJobRun {
  job_id: string;
  run_id: string;
  state: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'timed_out';
  version_id: string | null;
  queued_at: string;
  started_at: string | null;
  finished_at: string | null;
  error: { code: string; message: string } | null;
  output_bytes: number | null;
  log_bytes: number;
}
