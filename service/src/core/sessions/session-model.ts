import type { PortEndpoint, Sandbox } from '../ports/sandbox-driver.js';
import type { SurfaceId, SurfaceStatus } from '../ports/surface-model.js';
import type { WorkloadReceived } from '../sandboxes/workload-environment.js';

export type SessionMode = 'edit' | 'app';
export type SessionState = 'provisioning' | 'running' | 'stopping' | 'stopped' | 'failed';
export type ProvisionPhase = 'queued' | 'sandbox' | 'files' | 'environment' | 'server' | 'ready';
export type StopReason =
  'user' | 'idle' | 'lifetime' | 'provider_cap' | 'takeover' | 'reclaim' | 'sandbox_lost' | 'kernel_lost' | 'provision_failed' | 'shutdown';
export type ClientKind = 'web' | 'cli' | 'mcp';

export const LIVE_STATES: ReadonlySet<SessionState> = new Set(['provisioning', 'running']);
export const TERMINAL_STATES: ReadonlySet<SessionState> = new Set(['stopped', 'failed']);

/**
 * A kernel session: `sessions/<pid>/<sid>`. Several writers change it (the replica that started
 * it, stop requests, the lifecycle loop), always by compare-and-swap.
 */
export interface SessionRecord {
  schema_version: 1;
  id: string;
  project_id: string;
  notebook_id: string;
  mode: SessionMode;
  /** Who started it (and owns it for stop/surface decisions). */
  user_id: string;
  /** A viewer's private throwaway sandbox (viewer mode `ephemeral-sandbox`). */
  ephemeral: boolean;
  editor_sandbox_sharing: 'exclusive' | 'shared';
  state: SessionState;
  phase: ProvisionPhase;
  /**
   * The latest step within the phase, as the sandbox driver reports it ("scheduled on node n1",
   * "image present on the node"); null between phases. Absent on older records: none.
   */
  phase_detail?: string | null;
  client: ClientKind;
  /** The notebook version the sandbox was loaded from; autosaves build on the latest saved one. */
  base_version_id: string;
  /** The code last saved from this session (to skip saves of unchanged files), and when. */
  saved_code_hash: string | null;
  last_saved_at: string | null;
  entry_file: string;
  image: string | null;
  compute_profile: string;
  sandbox: Sandbox | null;
  /** Set by the replica that ran the sandbox, once marimo answers (at once for a warm sandbox). */
  endpoint: PortEndpoint | null;
  /** Started from the warm pool: the sandbox and marimo were running before the session. */
  warm: boolean;
  /** The marimo token: the proxy adds it to every request; never leaves the hub. */
  secret: string;
  /** PYTHONPATH and the like, for exports in the same sandbox. */
  runtime_env: Record<string, string>;
  /** The locked environment the kernel started in (docs/environments.md); absent: the runtime installed the dependencies, or there were none. */
  environment_id?: string;
  base_url: string;
  created_at: string;
  started_at: string | null;
  /** When a stop began (a stop left half-done by a vanished replica is finished after a while). */
  stopping_since: string | null;
  stopped_at: string | null;
  last_activity_at: string;
  /** An editor was connected (heartbeat or open WebSocket) until this moment. */
  connected_until: string | null;
  /** Lifetime deadline; extended while editors are connected. */
  expires_at: string;
  /** The provider's hard cap: twice the lifetime, never extended. */
  hard_stop_at: string;
  stop_reason: StopReason | null;
  failure: { code: string; message: string } | null;
  /** The sandbox is gone (destroyed, or found missing): nothing is left to reclaim. */
  sandbox_released: boolean;
  /** marimo's own session ids seen on proxied WebSockets (for exports of the live kernel). */
  marimo_session_ids: string[];
  /**
   * How often the hub started the session's server again in a fresh sandbox after it died (an
   * app, at most once: docs/sessions.md), and when it last did. Absent on older records: none.
   */
  restarts?: number;
  restarted_at?: string | null;
  /**
   * A preview session (docs/sessions.md, "Preview sessions"): its files are this Git preview's
   * snapshot, and it never saves into the notebook. Absent on older records and other sessions.
   */
  preview_id?: string;
  /** VS Code and OpenCode in this edit session (docs/surfaces.md). Absent on older records: none started. */
  surfaces?: Partial<Record<SurfaceId, SurfaceStatus>>;
  /**
   * What its sandbox was given of the project's secrets and integrations, by name only
   * (docs/project-secrets.md). Absent on older records and where nothing was given.
   */
  received?: WorkloadReceived;
  /**
   * When a file its sandbox received expires and must be written again (a workload identity
   * token; docs/federation.md, "Refreshing"): set at the start, not at each refresh (the refresher
   * keeps later times in memory). Absent where nothing it received expires.
   */
  secrets_refresh_at?: string;
  /**
   * The trace of its start (of its `session.provision` span: the request's trace, or a restart's),
   * for operators to look it up (docs/telemetry.md). Absent where tracing is off or the trace was not sampled.
   */
  trace_id?: string;
}

/** What the catalog lists per session (`sessions/<pid>/<sid>`). */
export interface SessionSummary {
  id: string;
  project_id: string;
  notebook_id: string;
  mode: SessionMode;
  user_id: string;
  state: SessionState;
  created_at: string;
}

export function summaryOf(record: SessionRecord): SessionSummary {
  const { id, project_id, notebook_id, mode, user_id, state, created_at } = record;
  return { id, project_id, notebook_id, mode, user_id, state, created_at };
}

export const sandboxLabelsOf = (record: Pick<SessionRecord, 'id' | 'project_id' | 'notebook_id' | 'mode'>): Record<string, string> => ({
  session_id: record.id,
  project_id: record.project_id,
  notebook_id: record.notebook_id,
  mode: record.mode,
});

export type { PortEndpoint };
