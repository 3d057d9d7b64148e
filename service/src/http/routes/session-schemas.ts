import { Type } from 'typebox';
import type { SessionRecord, SessionSummary } from '../../core/sessions/session-model.js';
import { NOTHING_RECEIVED } from '../../core/sandboxes/workload-environment.js';
import { DateTime, Nullable, TraceId } from '../schemas.js';
import { ProjectIdParams } from './project-schemas.js';

export const SessionParams = Type.Intersect([ProjectIdParams, Type.Object({ sid: Type.String({ pattern: '^ses-[0-9a-z]{16}$' }) })]);

const Mode = Type.Enum(['edit', 'app']);
const State = Type.Enum(['provisioning', 'running', 'stopping', 'stopped', 'failed']);

const names = (description: string) => Type.Array(Type.String(), { description });

/** What a sandbox received, by name (docs/project-secrets.md, "What a session received"). */
export const SessionReceived = Type.Object(
  {
    integrations: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        kind: Type.String(),
        variables: names('The environment variables it set'),
        files: names('The files it put into the secrets directory (NOTEBOOK_HUB_SECRETS_DIR)'),
      }),
    ),
    secrets: names('Project secrets given as environment variables of their own names'),
    unavailable: Type.Array(Type.Object({ name: Type.String(), reason: Type.String() }), {
      description: 'Project secrets that could not be read when the sandbox started, and why; not given',
    }),
    variables: names('Every environment variable set from secrets and integrations'),
    federation_token: Type.Boolean({ description: 'Whether a workload identity token was given' }),
  },
  {
    $id: 'SessionReceived',
    description: "What the session's sandbox received of the project's secrets and integrations: names only, never a value",
  },
);

export const Session = Type.Object(
  {
    id: Type.String(),
    project_id: Type.String(),
    notebook_id: Type.String(),
    mode: Mode,
    user_id: Type.String(),
    state: State,
    phase: Type.Enum(['queued', 'sandbox', 'files', 'environment', 'server', 'ready'], { description: 'Provisioning progress' }),
    phase_detail: Nullable(
      Type.String({
        description:
          'The latest step within the phase: as the sandbox backend reports it (for example "scheduled on node n1"), or of the notebook\'s locked environment ("building the environment: 12 packages")',
      }),
    ),
    url: Type.String({ description: 'Where the browser opens the session: the proxied marimo' }),
    ephemeral: Type.Boolean(),
    warm: Type.Boolean({ description: 'Started from the warm pool (a sandbox that was already running)' }),
    editor_sandbox_sharing: Type.Enum(['exclusive', 'shared']),
    created_at: DateTime,
    started_at: Nullable(DateTime),
    stopped_at: Nullable(DateTime),
    expires_at: DateTime,
    last_activity_at: DateTime,
    stop_reason: Nullable(Type.String()),
    failure: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
    restarts: Type.Integer({
      minimum: 0,
      description: 'How often the hub started the session again in a fresh sandbox after its notebook server died (an app, at most once)',
    }),
    restarted_at: Nullable(DateTime),
    preview_id: Nullable(Type.String({ description: "A preview session's Git preview (its files; it never saves into the notebook)" })),
    received: SessionReceived,
    environment_id: Nullable(
      Type.String({
        description:
          'The locked environment the kernel started in (docs/environments.md); null when the dependencies were installed at start, or there were none',
      }),
    ),
    trace_id: TraceId("the session's start"),
    reused: Type.Optional(Type.Boolean({ description: 'True when an existing live session was returned' })),
  },
  { $id: 'Session' },
);

export const SessionListEntry = Type.Object(
  { id: Type.String(), notebook_id: Type.String(), mode: Mode, user_id: Type.String(), state: State, created_at: DateTime, url: Type.String() },
  { $id: 'SessionListEntry' },
);

/** One of the caller's own sessions, in a list that spans projects. */
export const MySessionEntry = Type.Object({ project_id: Type.String(), ...SessionListEntry.properties }, { $id: 'MySessionEntry' });

export const SessionCreate = Type.Object(
  {
    notebook_id: Type.String({ pattern: '^nb-[0-9a-z]{16}$' }),
    mode: Mode,
    takeover_from: Type.Optional(
      Type.String({ pattern: '^ses-[0-9a-z]{16}$', description: 'Take the notebook over from this edit session (managers, or the notebook author)' }),
    ),
    wait: Type.Optional(Type.Boolean({ description: 'Answer once the session is running or has failed (up to the start-up timeout)' })),
  },
  { additionalProperties: false },
);

export const Heartbeat = Type.Object({ connected: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export const StopRequest = Type.Object({ save: Type.Optional(Type.Boolean({ default: true })) }, { additionalProperties: false });
export const SaveRequest = Type.Object({ message: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false });

/** `basePath`: the hub's ('' at the root); the session's `url` is a path on the hub's origin, base included. */
export function sessionOf(record: SessionRecord, basePath: string, reused?: boolean) {
  return {
    id: record.id,
    project_id: record.project_id,
    notebook_id: record.notebook_id,
    mode: record.mode,
    user_id: record.user_id,
    state: record.state,
    phase: record.phase,
    phase_detail: record.phase_detail ?? null,
    url: `${basePath}${record.base_url}/`,
    ephemeral: record.ephemeral,
    warm: record.warm === true,
    editor_sandbox_sharing: record.editor_sandbox_sharing,
    created_at: record.created_at,
    started_at: record.started_at,
    stopped_at: record.stopped_at,
    expires_at: record.expires_at,
    last_activity_at: record.last_activity_at,
    stop_reason: record.stop_reason,
    failure: record.failure,
    restarts: record.restarts ?? 0,
    restarted_at: record.restarted_at ?? null,
    preview_id: record.preview_id ?? null,
    received: record.received ?? NOTHING_RECEIVED,
    environment_id: record.environment_id ?? null,
    trace_id: record.trace_id ?? null,
    ...(reused !== undefined ? { reused } : {}),
  };
}

export function sessionListEntryOf(summary: SessionSummary) {
  return {
    id: summary.id,
    notebook_id: summary.notebook_id,
    mode: summary.mode,
    user_id: summary.user_id,
    state: summary.state,
    created_at: summary.created_at,
    url: `/s/${summary.id}/`,
  };
}

export function mySessionEntryOf(summary: SessionSummary) {
  return { project_id: summary.project_id, ...sessionListEntryOf(summary) };
}
