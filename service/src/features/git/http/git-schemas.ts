import { Type } from 'typebox';
import { DateTime, Nullable } from '../../../http/schemas.js';
import { editable, NotebookDetail } from '../../../http/routes/notebook-schemas.js';

export const GitNotebookCreate = Type.Object(
  {
    title: editable.title,
    description: Type.Optional(editable.description),
    tags: Type.Optional(editable.tags),
    status: Type.Optional(editable.status),
    repo: Type.String({
      minLength: 1,
      maxLength: 2048,
      description: 'owner/repo on a provider (GitHub unless provider says gitlab), or an https URL of any repository',
    }),
    provider: Type.Optional(Nullable(Type.Enum(['github', 'gitlab']))),
    branch: Type.String({ minLength: 1, maxLength: 200 }),
    root_path: Type.Optional(Type.String({ maxLength: 1000, description: 'The folder of the repository synced into the workspace; empty for all of it' })),
    entry_notebook: Type.String({ minLength: 1, maxLength: 1000, description: 'The notebook file, relative to root_path' }),
    sync_mode: Type.Optional(
      Type.Enum(['pull', 'push'], { description: 'pull (default): the hub syncs; push: the repository calls sync_url with sync_token' }),
    ),
  },
  { additionalProperties: false, $id: 'GitNotebookCreate' },
);

const SyncError = Type.Object({ code: Type.String(), message: Type.String() });

export const GitNotebookCreateResult = Type.Object(
  {
    notebook: NotebookDetail,
    sync_url: Type.Optional(Type.String()),
    sync_token: Type.Optional(Type.String()),
    sync_error: Type.Optional(SyncError),
  },
  { $id: 'GitNotebookCreateResult' },
);

export const SyncToken = Type.Object({ sync_url: Type.String(), sync_token: Type.String() }, { $id: 'SyncToken' });

export const SourceSyncResult = Type.Object(
  { synced: Type.Boolean(), commit: Type.String(), version_id: Nullable(Type.String()) },
  { $id: 'SourceSyncResult' },
);

export const SourceDrift = Type.Object(
  { current_commit: Nullable(Type.String()), remote_commit: Type.String(), in_sync: Type.Boolean(), pending_config: Type.Boolean(), checked_at: DateTime },
  { $id: 'SourceDrift' },
);

export const SourceSyncHealth = Type.Object(
  {
    failing_since: Nullable(DateTime),
    last_error: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
  },
  {
    $id: 'SourceSyncHealth',
    description: 'failing_since: the first failure of the current run of failed syncs; last_error: its latest; both null while the last sync worked',
  },
);

export const GitProviderView = Type.Object(
  {
    provider: Type.Enum(['github', 'gitlab']),
    name: Type.String(),
    web_url: Type.String({ description: "Where its repositories' pages are: owner/repo is <web_url>/owner/repo" }),
  },
  { $id: 'GitProvider' },
);

export const SourceRefs = Type.Object(
  {
    branches: Type.Array(Type.Object({ name: Type.String(), commit: Type.String() })),
    commits: Type.Array(Type.Object({ commit: Type.String(), title: Type.String(), author: Type.String(), committed_at: DateTime }), {
      description: "The newest commits of the notebook's branch (at most 20), newest first",
    }),
  },
  { $id: 'SourceRefs' },
);

export const GitCredentialsView = Type.Object(
  {
    username: Nullable(Type.String()),
    read_token_set: Type.Boolean(),
    write_token_set: Type.Boolean(),
    provider: Nullable(
      Type.Enum(['github', 'gitlab'], { description: 'The recognised provider the credentials are bound to; null for another Git server, or when not bound' }),
    ),
    host_url: Nullable(Type.String({ description: 'The Git host the credentials are sent to; null: not bound, sent nowhere' })),
    repositories: Type.Array(Type.String(), {
      description: 'The repositories of that host the credentials are sent with, relative to host_url: owner/repo, owner/* or *',
    }),
    updated_at: Nullable(DateTime),
  },
  { $id: 'GitCredentials' },
);

/** Printable ASCII without spaces: what an HTTP basic-auth user name or token may hold here. */
const PRINTABLE = '^[\\x21-\\x7e]+$';

export const GitCredentialsUpdate = Type.Object(
  {
    username: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, pattern: PRINTABLE, description: 'The user name sent with the tokens (x-access-token when never set)' }),
    ),
    read_token: Type.Optional(
      Nullable(Type.String({ minLength: 1, maxLength: 1000, pattern: PRINTABLE, description: 'Reads the repositories; null removes it' })),
    ),
    write_token: Type.Optional(
      Nullable(Type.String({ minLength: 1, maxLength: 1000, pattern: PRINTABLE, description: 'Pushes branches and opens change requests; null removes it' })),
    ),
    provider: Type.Optional(
      Nullable(Type.Enum(['github', 'gitlab'], { description: 'Where repositories written as owner/repo are: GitHub (the default) or GitLab' })),
    ),
    repositories: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 300 }), {
        maxItems: 50,
        description:
          'The repositories the credentials may be sent with, all on one host: owner/repo, owner/* or * on the provider, or the https URL of one of those on another Git server. Needed while a token is set; the credentials are sent nowhere else.',
      }),
    ),
  },
  { additionalProperties: false, $id: 'GitCredentialsUpdate' },
);

export const GitSourceUpdate = Type.Object(
  {
    repo: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
    provider: Type.Optional(Nullable(Type.Enum(['github', 'gitlab']))),
    branch: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    root_path: Type.Optional(Type.String({ maxLength: 1000 })),
    entry_notebook: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
    sync_mode: Type.Optional(Type.Enum(['pull', 'push'])),
  },
  {
    additionalProperties: false,
    $id: 'GitSourceUpdate',
    description: 'repo, branch, root_path and entry_notebook wait in pending_config until a sync applies them; sync_mode applies at once',
  },
);

export const ChangeRequestCreate = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    description: Type.Optional(Type.String({ maxLength: 10000 })),
    version_id: Type.Optional(Type.String({ pattern: '^ver-[0-9a-z]{16}$', description: 'Publish this version of the notebook' })),
    session_id: Type.Optional(Type.String({ pattern: '^ses-[0-9a-z]{16}$', description: "Or: publish a running edit session's notebook as it is now" })),
  },
  { additionalProperties: false, $id: 'ChangeRequestCreate', description: 'Exactly one of version_id and session_id' },
);

export const ChangeRequest = Type.Object(
  {
    id: Type.String(),
    project_id: Type.String(),
    notebook_id: Type.String(),
    provider: Type.Enum(['github', 'gitlab']),
    repo: Type.String(),
    number: Type.Integer(),
    url: Type.String(),
    title: Type.String(),
    branch: Type.String(),
    base_branch: Type.String(),
    base_commit: Type.String(),
    commit: Type.String(),
    from: Type.Union([Type.Object({ version_id: Type.String() }), Type.Object({ session_id: Type.String() })]),
    created_by: Type.String(),
    created_at: DateTime,
  },
  { $id: 'ChangeRequest' },
);
