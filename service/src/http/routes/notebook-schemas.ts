import { Type } from 'typebox';
import type { NotebookCatalogEntry, NotebookRevision } from '../../core/notebooks/notebook-model.js';
import { INTEGRATION_ID, MAX_NOTEBOOK_INTEGRATIONS, integrationsOf } from '../../core/notebooks/notebook-integrations.js';
import { DateTime, Nullable } from '../schemas.js';
import { ProjectIdParams, SecurityLabels } from './project-schemas.js';

export const NotebookParams = Type.Intersect([ProjectIdParams, Type.Object({ nid: Type.String({ pattern: '^nb-[0-9a-z]{16}$' }) })]);
export const VersionParams = Type.Intersect([NotebookParams, Type.Object({ vid: Type.String({ pattern: '^ver-[0-9a-z]{16}$' }) })]);

const Status = Type.Enum(['draft', 'active', 'archived', 'deleted']);
const Runtime = Type.Object({ python_version: Type.Optional(Type.String()), marimo_version: Type.Optional(Type.String()) });

const IntegrationUse = Type.Union([Type.Literal('all'), Type.Array(Type.String({ pattern: INTEGRATION_ID.source }), { maxItems: MAX_NOTEBOOK_INTEGRATIONS })], {
  description: "`all` of the project's integrations, or these integration ids",
});
const InApps = Type.Boolean({
  description: "Whether app sessions receive the project's secrets and integrations (the notebook's choice, for every viewer of the app)",
});

export const NotebookIntegrations = Type.Object(
  { use: IntegrationUse, in_apps: InApps },
  { $id: 'NotebookIntegrations', description: "What the notebook's sandboxes receive (docs/project-secrets.md)" },
);

export const NotebookMeta = Type.Object(
  {
    id: Type.String(),
    project_id: Type.String(),
    title: Type.String(),
    description: Type.String(),
    status: Status,
    author: Type.String(),
    created_at: DateTime,
    updated_at: DateTime,
    last_run_at: Nullable(DateTime),
    tags: Type.Array(Type.String()),
    runtime: Type.Optional(Runtime),
    base_image: Type.Optional(Type.String()),
    compute_profile: Type.Optional(Type.String()),
    security_labels: Type.Optional(SecurityLabels),
    integrations: NotebookIntegrations,
  },
  { $id: 'NotebookMeta' },
);

export const NotebookSource = Type.Union(
  [
    Type.Object({ type: Type.Literal('local'), current_version_id: Type.String() }),
    Type.Object({
      type: Type.Literal('git'),
      provider: Nullable(Type.String()),
      repo: Type.String(),
      branch: Type.String(),
      root_path: Type.String(),
      entry_notebook: Type.String(),
      sync_mode: Type.Enum(['push', 'pull']),
      current_version_id: Nullable(Type.String()),
      commit: Nullable(Type.String()),
      last_synced_at: Nullable(DateTime),
      pending_config: Type.Optional(Type.Object({ repo: Type.String(), branch: Type.String(), root_path: Type.String(), entry_notebook: Type.String() })),
    }),
  ],
  { $id: 'NotebookSource' },
);

/** docs/notebooks.md: exactly these three. The entry file's path is in WorkspaceAccess.protected_paths. */
export const NotebookDetail = Type.Object({ meta: NotebookMeta, readme: Nullable(Type.String()), source: NotebookSource }, { $id: 'NotebookDetail' });

export const NotebookListEntry = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    description: Type.String(),
    status: Status,
    source_type: Type.Enum(['local', 'git']),
    author: Type.String(),
    created_at: DateTime,
    updated_at: DateTime,
    tags: Type.Array(Type.String()),
    last_run_at: Nullable(DateTime),
    compute_profile: Type.Optional(Type.String()),
  },
  { $id: 'SnapshotNotebookEntry' },
);

export const NotebookVersionSchema = Type.Object(
  {
    version_id: Type.String(),
    notebook_id: Type.String(),
    saved_at: DateTime,
    author: Type.String(),
    message: Type.String(),
    parent_id: Nullable(Type.String()),
    html_snapshot: Type.Optional(Type.Object({ captured_at: DateTime, bytes: Type.Integer({ minimum: 0 }) })),
    commit: Type.Optional(Type.String({ description: 'The commit a Git sync made this version from' })),
    git_source: Type.Optional(
      Type.Object(
        { repo: Type.String(), branch: Type.String(), root_path: Type.String(), entry_notebook: Type.String() },
        { description: 'Where in the repository the sync read (GitSourceConfig)' },
      ),
    ),
  },
  { $id: 'NotebookVersion' },
);

/** The fields a notebook's create and patch share (a Git notebook's create too). */
export const editable = {
  title: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.String({ maxLength: 5000 }),
  tags: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 }),
  status: Type.Enum(['draft', 'active', 'archived']),
  compute_profile: Nullable(Type.String({ minLength: 1, maxLength: 63 })),
  base_image: Nullable(Type.String({ minLength: 1, maxLength: 300 })),
  security_labels: Nullable(SecurityLabels),
};

export const NotebookCreate = Type.Object(
  {
    title: editable.title,
    description: Type.Optional(editable.description),
    tags: Type.Optional(editable.tags),
    status: Type.Optional(editable.status),
    compute_profile: Type.Optional(editable.compute_profile),
    base_image: Type.Optional(editable.base_image),
    security_labels: Type.Optional(editable.security_labels),
    code: Type.Optional(Type.String({ description: 'marimo source; a blank notebook when omitted' })),
    entry_file: Type.Optional(Type.String({ maxLength: 900, description: 'the notebook file in its workspace; notebook.py by default' })),
  },
  { additionalProperties: false },
);

export const NotebookPatch = Type.Object(
  {
    title: Type.Optional(editable.title),
    description: Type.Optional(editable.description),
    tags: Type.Optional(editable.tags),
    status: Type.Optional(editable.status),
    compute_profile: Type.Optional(editable.compute_profile),
    base_image: Type.Optional(editable.base_image),
    security_labels: Type.Optional(editable.security_labels),
    integrations: Type.Optional(
      Type.Object(
        { use: Type.Optional(IntegrationUse), in_apps: Type.Optional(InApps) },
        { additionalProperties: false, minProperties: 1, description: 'Needs notebook.manage; a part left out keeps its value' },
      ),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const VersionCreate = Type.Object(
  {
    code: Type.String(),
    base_version_id: Nullable(Type.String({ pattern: '^ver-[0-9a-z]{16}$', description: 'The version this code was based on: must be the current one' })),
    message: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

export const VersionRestore = Type.Object(
  { base_version_id: Nullable(Type.String({ pattern: '^ver-[0-9a-z]{16}$' })), message: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);

export function metaOf(notebook: NotebookRevision) {
  return {
    id: notebook.id,
    project_id: notebook.project_id,
    title: notebook.title,
    description: notebook.description,
    status: notebook.status,
    author: notebook.author,
    created_at: notebook.created_at,
    updated_at: notebook.updated_at,
    last_run_at: notebook.last_run_at,
    tags: notebook.tags,
    ...(notebook.runtime ? { runtime: notebook.runtime } : {}),
    ...(notebook.base_image ? { base_image: notebook.base_image } : {}),
    ...(notebook.compute_profile ? { compute_profile: notebook.compute_profile } : {}),
    ...(notebook.security_labels ? { security_labels: notebook.security_labels } : {}),
    integrations: integrationsOf(notebook),
  };
}

export function detailOf(notebook: NotebookRevision, readme: string | null) {
  return { meta: metaOf(notebook), readme, source: notebook.source };
}

export function listEntryOf(entry: NotebookCatalogEntry) {
  const { id, title, description, status, source_type, author, created_at, updated_at, tags, last_run_at, compute_profile } = entry;
  return { id, title, description, status, source_type, author, created_at, updated_at, tags, last_run_at, ...(compute_profile ? { compute_profile } : {}) };
}
