import { randomBytes } from 'node:crypto';
import { newSessionId } from '../ids.js';
import type { NotebookRevision } from '../notebooks/notebook-model.js';
import type { WorkloadReceived } from '../sandboxes/workload-environment.js';
import type { ClientKind, SessionMode, SessionRecord } from './session-model.js';
import type { WarmSandbox } from './warm-pool.js';

/** What of a start request the new record holds (the session manager's StartRequest is one). */
export interface NewSessionRequest {
  project: { id: string };
  notebook: Pick<NotebookRevision, 'id' | 'source' | 'entry_file' | 'base_image' | 'compute_profile'>;
  mode: SessionMode;
  user: { id: string };
  client: ClientKind;
  ephemeral: boolean;
  preview?: { id: string };
}

/** The settings a new record's defaults and deadlines come from (the session manager's SessionConfig is one). */
export interface NewSessionConfig {
  sharing: SessionRecord['editor_sandbox_sharing'];
  defaultComputeProfile: string;
  lifetimeMs: number;
}

/** What a start decided before its record: the id it planned (a warm sandbox brings its own), what its sandbox receives. */
export interface NewSessionPlan {
  id?: string;
  received?: WorkloadReceived;
  /** When a file its sandbox receives must be written again (the workload's `refreshAt`). */
  secretsRefreshAt?: Date;
  /** The trace the start is part of (sampled), which its provisioning continues. */
  traceId?: string | null;
}

/**
 * The record of a session being started: `provisioning`, with its deadlines from now, on the warm
 * sandbox it took (whose session id it keeps) or on none yet.
 */
export function newSessionRecord(
  request: NewSessionRequest,
  warm: WarmSandbox | null,
  config: NewSessionConfig,
  now: Date,
  plan: NewSessionPlan = {},
): SessionRecord {
  const id = warm?.session_id ?? plan.id ?? newSessionId(now.getTime());
  const { notebook } = request;
  return {
    schema_version: 1,
    id,
    project_id: request.project.id,
    notebook_id: notebook.id,
    mode: request.mode,
    user_id: request.user.id,
    ephemeral: request.ephemeral,
    editor_sandbox_sharing: config.sharing,
    state: 'provisioning',
    phase: 'queued',
    client: request.client,
    base_version_id: notebook.source.current_version_id ?? '',
    saved_code_hash: null,
    last_saved_at: null,
    entry_file: notebook.entry_file,
    image: notebook.base_image,
    compute_profile: notebook.compute_profile ?? config.defaultComputeProfile,
    sandbox: warm?.sandbox ?? null,
    endpoint: warm?.endpoint ?? null,
    warm: warm !== null,
    secret: warm?.secret ?? randomBytes(32).toString('base64url'),
    runtime_env: {},
    base_url: `/s/${id}`,
    created_at: now.toISOString(),
    started_at: null,
    stopping_since: null,
    stopped_at: null,
    last_activity_at: now.toISOString(),
    connected_until: null,
    expires_at: new Date(now.getTime() + config.lifetimeMs).toISOString(),
    hard_stop_at: new Date(now.getTime() + 2 * config.lifetimeMs).toISOString(),
    stop_reason: null,
    failure: null,
    sandbox_released: false,
    marimo_session_ids: [],
    ...(request.preview ? { preview_id: request.preview.id } : {}),
    ...(plan.received ? { received: plan.received } : {}),
    ...(plan.secretsRefreshAt ? { secrets_refresh_at: plan.secretsRefreshAt.toISOString() } : {}),
    ...(plan.traceId ? { trace_id: plan.traceId } : {}),
  };
}
