import { Type } from 'typebox';
import { DateTime, Nullable } from '../../../http/schemas.js';
import { RESOLUTION_CHOICES } from '../core/conflict-resolution.js';
import type { ConflictRecord, ConflictSide } from '../core/remote-conflicts.js';
import type { OperationRecord } from '../core/remote-operations.js';
import { OPERATION_ID_PATTERN } from '../core/remote-operations.js';
import { REMOTE_NAME_PATTERN } from '../core/remote-records.js';
import type { ProjectRemoteView } from '../core/sync-use-cases.js';
import { NOTEBOOK_SYNC_STATES } from '../core/sync-status.js';

export const RemoteName = Type.String({ pattern: REMOTE_NAME_PATTERN.source, description: 'Lower-case letters, digits and dashes (1 to 40)' });
export const RemoteParams = Type.Object({ name: RemoteName });
export const OperationParams = Type.Object({ opid: Type.String({ pattern: OPERATION_ID_PATTERN.source }) });

const TeamHub = Type.Object({ id: Type.String(), name: Type.String(), version: Type.String() });

export const Remote = Type.Object(
  {
    name: RemoteName,
    url: Type.String({ description: "The team hub's address" }),
    owner_id: Type.String({ description: 'The local user who signed in: only they pull and push through it' }),
    hub: Nullable({ ...TeamHub, description: 'What the team hub said of itself; null until it was first asked' }),
    user_name: Nullable(Type.String({ description: 'Who is signed in on the team hub, when it said' })),
    state: Type.Enum(['signing_in', 'connected', 'revoked'], {
      description: 'signing_in: the browser sign-in is not finished; revoked: the team hub ended the connection (sign in again)',
    }),
    sign_in: Type.Enum(['oauth', 'token'], { description: "oauth: signed in through the team hub's authorization server; token: a personal access token" }),
    created_at: DateTime,
    updated_at: DateTime,
  },
  { $id: 'Remote' },
);

export const RemoteCreate = Type.Object(
  {
    name: RemoteName,
    url: Type.String({ minLength: 1, maxLength: 2048, description: "The team hub's address, e.g. https://hub.example.com" }),
    token: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 4096,
        description: 'A personal access token of the team hub instead of the browser sign-in (headless moves); stored sealed, never shown',
      }),
    ),
  },
  { additionalProperties: false },
);

export const SignInBody = Type.Object(
  { token: Type.Optional(Type.String({ minLength: 1, maxLength: 4096, description: 'A personal access token instead of the browser sign-in' })) },
  { additionalProperties: false },
);

export const AddedRemote = Type.Object({
  remote: Remote,
  authorize_url: Nullable(
    Type.String({
      description:
        "Where the person's browser goes to sign in to the team hub and allow this hub; it comes back to GET /api/v1/remotes/{name}/callback. Null when a token was given",
    }),
  ),
});

export const TeamProject = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  role: Type.Enum(['viewer', 'editor', 'manager'], { description: "The remote's user's role there: a viewer may pull, not push" }),
  updated_at: DateTime,
});

const History = Type.Union([
  Type.Literal('all'),
  Type.Object(
    { latest: Type.Integer({ minimum: 1, maximum: 10_000, description: 'The newest N versions of each notebook' }) },
    { additionalProperties: false },
  ),
]);

export const PullCreate = Type.Object(
  {
    remote_project_id: Type.String({ minLength: 1, maxLength: 100, description: 'The team project to pull (GET /api/v1/remotes/{name}/projects)' }),
    history: Type.Optional({ ...History, description: 'Every version (default), or the newest N of each notebook' }),
    project_id: Type.Optional(
      Type.String({
        pattern: '^proj-[0-9a-z]{16}$',
        description: 'Pull again into this local project, linked to that team project; absent: a new local project',
      }),
    ),
  },
  { additionalProperties: false },
);

export const PublishBody = Type.Object(
  {
    remote: RemoteName,
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "The team project's name; this project's by default" })),
  },
  { additionalProperties: false },
);

const Progress = Type.Object({
  files_done: Type.Integer({ minimum: 0, description: 'Versions and workspace files moved so far' }),
  files_total: Type.Integer({ minimum: 0 }),
  bytes_done: Type.Integer({ minimum: 0, description: 'Workspace bytes moved so far (only what the other side lacked)' }),
  bytes_total: Type.Integer({ minimum: 0 }),
  eta_seconds: Nullable(Type.Integer({ minimum: 0, description: 'Seconds left at the rate so far; null until there is one' })),
});

const NotebookOutcome = Type.Object({
  notebook_id: Nullable(Type.String()),
  remote_notebook_id: Nullable(Type.String()),
  title: Type.String(),
  outcome: Type.Enum(['created', 'updated', 'unchanged', 'conflict', 'skipped']),
  versions: Type.Integer({ minimum: 0, description: 'Versions moved' }),
  note: Nullable(Type.String()),
});

export const Operation = Type.Object(
  {
    id: Type.String(),
    kind: Type.Enum(['pull', 'push']),
    remote: RemoteName,
    remote_project_id: Nullable(Type.String()),
    project_id: Nullable(Type.String({ description: 'The local project; null until a pull made it' })),
    state: Type.Enum(['running', 'succeeded', 'failed'], {
      description: 'A failed one (or one cut off by a restart) is taken up where it stopped by asking for it again',
    }),
    progress: Progress,
    notebooks: Type.Array(NotebookOutcome),
    error: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
    conflicts_waiting: Type.Array(Type.String(), {
      description:
        'The local notebooks this operation left in conflict whose conflict still waits to be resolved (GET /api/v1/projects/{pid}/remote/conflicts/{nid}); a finished operation with any did not bring everything',
    }),
    created_at: DateTime,
    updated_at: DateTime,
    finished_at: Nullable(DateTime),
  },
  { $id: 'RemoteOperation' },
);

export function operationView(record: OperationRecord & { conflicts_waiting?: string[] }) {
  return {
    id: record.id,
    kind: record.kind,
    remote: record.remote,
    remote_project_id: record.remote_project_id,
    project_id: record.project_id,
    state: record.state,
    progress: record.progress,
    notebooks: record.notebooks,
    error: record.error,
    conflicts_waiting: record.conflicts_waiting ?? [],
    created_at: record.created_at,
    updated_at: record.updated_at,
    finished_at: record.finished_at,
  };
}

const SyncState = Type.Enum(['in_step', 'ahead', 'behind', 'diverged']);

const NotebookStatus = Type.Object({
  notebook_id: Nullable(Type.String({ description: 'Null for a team notebook this project lacks' })),
  remote_notebook_id: Nullable(Type.String({ description: 'Null for a notebook only this hub has' })),
  title: Type.String(),
  state: Type.Enum([...NOTEBOOK_SYNC_STATES], {
    description:
      'in_step; ahead: new local versions to push; behind: new team versions to pull; diverged: both (pushing finds a conflict); local_only; remote_only',
  }),
  workspace: Nullable({ ...SyncState, description: "The workspace files' own state; null for a notebook only one side has" }),
  conflict: Type.Boolean({ description: 'A conflict waits to be resolved' }),
  local_version_id: Nullable(Type.String()),
  remote_version_id: Nullable(Type.String({ description: "The team's head as last fetched" })),
  base_local_version_id: Nullable(Type.String()),
  base_remote_version_id: Nullable(Type.String()),
  remote_fetched_at: Nullable(DateTime),
});

const Link = Type.Object({
  remote: RemoteName,
  hub_id: Type.String(),
  remote_project_id: Type.String(),
  remote_project_name: Type.String(),
  readme: Nullable(Type.String()),
  integrations: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), kind: Type.String(), scope: Type.Enum(['project', 'organization']) }), {
    description: "The team's integrations: never copied; the notebooks use them when they run on the team hub",
  }),
  fetched_at: Nullable(DateTime),
  created_at: DateTime,
  updated_at: DateTime,
});

export const ProjectRemote = Type.Object(
  {
    linked: Type.Boolean(),
    link: Nullable(Link),
    notebooks: Type.Array(NotebookStatus),
    summary: Type.Object({
      in_step: Type.Integer(),
      ahead: Type.Integer(),
      behind: Type.Integer(),
      diverged: Type.Integer(),
      local_only: Type.Integer(),
      remote_only: Type.Integer(),
      conflicts: Type.Integer(),
    }),
  },
  { $id: 'ProjectRemote' },
);

export function projectRemoteView(view: ProjectRemoteView) {
  const { link } = view;
  return {
    linked: link !== null,
    link: link
      ? {
          remote: link.remote,
          hub_id: link.hub_id,
          remote_project_id: link.remote_project_id,
          remote_project_name: link.remote_project_name,
          readme: link.readme,
          integrations: link.integrations,
          fetched_at: link.fetched_at,
          created_at: link.created_at,
          updated_at: link.updated_at,
        }
      : null,
    notebooks: view.status.notebooks,
    summary: view.status.summary,
  };
}

const Side = Type.Object({
  version_id: Type.String({ description: "base: the local copy's id; mine: a local version; theirs: the team's version" }),
  code: Type.String(),
  message: Type.String(),
  saved_at: DateTime,
  author: Type.String(),
});

const ConflictFields = {
  notebook_id: Type.String(),
  remote_notebook_id: Type.String(),
  detected_at: DateTime,
  detected_by: Type.Enum(['push', 'pull']),
  workspace: Nullable(
    Type.Object(
      { theirs_manifest_id: Nullable(Type.String()) },
      {
        description:
          'Set when the workspace files changed on both sides too: resolving takes theirs, or keeps both (the local file wins where both have a path)',
      },
    ),
  ),
};

export const ConflictSummary = Type.Object({
  ...ConflictFields,
  code: Type.Boolean({ description: 'Whether the code changed on both sides (GET the conflict for base, mine and theirs)' }),
  mine_version_id: Nullable(Type.String()),
  theirs_version_id: Nullable(Type.String()),
});

export const Conflict = Type.Object(
  {
    ...ConflictFields,
    base: Nullable({ ...Side, description: 'The code both sides last had; null when unknown (pruned) or only the workspace conflicts' }),
    mine: Nullable(Side),
    theirs: Nullable(Side),
  },
  { $id: 'RemoteConflict' },
);

const side = (value: ConflictSide | null) => value;

export function conflictView(record: ConflictRecord) {
  return {
    notebook_id: record.notebook_id,
    remote_notebook_id: record.remote_notebook_id,
    detected_at: record.detected_at,
    detected_by: record.detected_by,
    workspace: record.workspace,
    base: side(record.base),
    mine: side(record.mine),
    theirs: side(record.theirs),
  };
}

export function conflictSummaryView(record: ConflictRecord) {
  return {
    notebook_id: record.notebook_id,
    remote_notebook_id: record.remote_notebook_id,
    detected_at: record.detected_at,
    detected_by: record.detected_by,
    workspace: record.workspace,
    code: record.mine !== null && record.theirs !== null,
    mine_version_id: record.mine?.version_id ?? null,
    theirs_version_id: record.theirs?.version_id ?? null,
  };
}

export const ResolveBody = Type.Object(
  {
    choice: Type.Enum([...RESOLUTION_CHOICES], {
      description:
        "keep_both: the team's version is pulled as a local version and yours saved again after it, then pushed; take_theirs: the team's version becomes the local head (yours stays in the history); merged: `code` saved after the team's version, then pushed",
    }),
    code: Type.Optional(Type.String({ maxLength: 10_000_000, description: 'The merged notebook (choice merged only)' })),
  },
  { additionalProperties: false },
);

export const Resolution = Type.Object({
  notebook_id: Type.String(),
  choice: Type.Enum([...RESOLUTION_CHOICES]),
  version_id: Nullable(Type.String({ description: 'The local head after resolving' })),
  pushed: Type.Boolean({ description: 'Whether the result reached the team hub (take_theirs sends nothing)' }),
  push: Nullable(
    Type.Object(
      { outcome: Type.String(), note: Nullable(Type.String()) },
      { additionalProperties: true, description: 'How the push went: its outcome, or `failed` with why (the notebook stays ahead: push again later)' },
    ),
  ),
});
