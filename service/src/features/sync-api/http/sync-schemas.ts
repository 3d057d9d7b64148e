import { Type } from 'typebox';
import { DateTime, Nullable } from '../../../http/schemas.js';
import { editable } from '../../../http/routes/notebook-schemas.js';
import { MAX_MISSING_QUERY } from '../core/sync-model.js';

/** The sync API's wire (docs/remotes.md, "The sync protocol (team side)"); every answer is the usual envelope. */

const ProjectId = Type.String({ pattern: '^proj-[0-9a-z]{16}$' });
const NotebookId = Type.String({ pattern: '^nb-[0-9a-z]{16}$' });
const VersionId = Type.String({ pattern: '^ver-[0-9a-z]{16}$' });
const ManifestId = Type.String({ pattern: '^wsm-[0-9a-z]{16}$' });
export const Sha256 = Type.String({ pattern: '^[0-9a-f]{64}$', description: 'Lower-case hex SHA-256 of the content' });
const Role = Type.Enum(['viewer', 'editor', 'manager'], {
  description: "The caller's role: a viewer may pull, not push (a project's owner is its manager here)",
});

export const SyncOrigin = Type.Object(
  {
    hub_id: Type.String({ pattern: '^[A-Za-z0-9._-]{1,100}$', description: 'The hub the thing was first made in (its GET /api/v1/sync/hub)' }),
    id: Type.String({ pattern: '^[A-Za-z0-9._-]{1,100}$', description: "The thing's id in that hub" }),
  },
  { additionalProperties: false, description: 'Where a pushed thing was first made: a retried push with the same origin answers what the first one made' },
);

export const ProjectParams = Type.Object({ pid: ProjectId });
export const NotebookParams = Type.Object({ pid: ProjectId, nid: NotebookId });
export const VersionParams = Type.Object({ pid: ProjectId, nid: NotebookId, vid: VersionId });
export const ManifestParams = Type.Object({ pid: ProjectId, nid: NotebookId, mid: ManifestId });
export const BlobParams = Type.Object({ pid: ProjectId, blob: Sha256 });

export const SyncHubInfo = Type.Object(
  {
    hub_id: Type.String({ description: 'Stable for the deployment' }),
    name: Type.String({ description: 'The hub as a person knows it: its host' }),
    version: Type.String({ description: 'The release of the hub software' }),
    protocol: Type.Literal(1, { description: 'The sync protocol version' }),
    user: Type.Object(
      {
        name: Nullable(Type.String({ description: 'As the signed-in user is named here; null when no name is known' })),
        email: Type.String(),
      },
      { description: "Who the caller is signed in as on this hub (as GET /api/v1/me names them): what the other hub shows as 'Signed in as'" },
    ),
  },
  { $id: 'SyncHubInfo' },
);

const SyncProjectEntry = Type.Object(
  { id: Type.String(), name: Type.String(), description: Type.String(), role: Role, updated_at: DateTime },
  { $id: 'SyncProjectEntry' },
);
export const SyncProjectList = Type.Object({ items: Type.Array(SyncProjectEntry) });

const SyncNotebookEntry = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    description: Type.String(),
    entry_file: Type.String(),
    tags: Type.Array(Type.String()),
    status: Type.Enum(['draft', 'active', 'archived']),
    current_version_id: Nullable(Type.String()),
    version_ids: Type.Array(Type.String(), { description: 'Every version id, newest first' }),
    workspace_manifest_id: Nullable(Type.String({ description: "The workspace's current manifest; null when nothing was ever written to it" })),
    origin: Nullable(SyncOrigin),
  },
  { $id: 'SyncNotebookEntry' },
);

export const SyncProjectManifest = Type.Object(
  {
    project: Type.Object({
      id: Type.String(),
      name: Type.String(),
      description: Type.String(),
      readme: Nullable(Type.String({ description: 'Always null on this hub: a README.md is a workspace file of a notebook' })),
      updated_at: DateTime,
    }),
    role: Role,
    integrations: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), kind: Type.String(), scope: Type.Enum(['project', 'organization']) }), {
      description: 'Never copied by a pull: what the notebooks use when they run on this hub (empty without integration.read)',
    }),
    notebooks: Type.Array(SyncNotebookEntry, { description: 'The notebooks the caller may see; deleted ones are left out' }),
  },
  { $id: 'SyncProjectManifest' },
);

export const SyncVersion = Type.Object(
  {
    version_id: Type.String(),
    notebook_id: Type.String(),
    saved_at: DateTime,
    author: Type.String({ description: "The author's e-mail address on this hub" }),
    message: Type.String(),
    parent_id: Nullable(Type.String()),
    code: Type.String({ description: "The notebook's code at this version" }),
    origin: Nullable(SyncOrigin),
  },
  { $id: 'SyncVersion' },
);

const WorkspaceFile = Type.Object(
  {
    path: Type.String({ minLength: 1, maxLength: 1024 }),
    blob: Sha256,
    size: Type.Integer({ minimum: 0 }),
    modified_at: Type.Integer({ minimum: 0, description: 'Milliseconds since the epoch' }),
    mime_type: Type.String({ maxLength: 255, description: 'The hub decides it from the name when it stores a file' }),
  },
  { additionalProperties: false },
);

export const SyncWorkspaceManifest = Type.Object(
  { id: Type.String(), files: Type.Array(WorkspaceFile), directories: Type.Array(Type.String(), { description: 'Empty folders' }) },
  { $id: 'SyncWorkspaceManifest' },
);

export const MissingBlobsBody = Type.Object({ sha256: Type.Array(Sha256, { maxItems: MAX_MISSING_QUERY }) }, { additionalProperties: false });
export const MissingBlobs = Type.Object({ missing: Type.Array(Sha256, { description: 'Of those asked, the blobs this hub lacks' }) });

export const ProjectCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.String({ maxLength: 2000 }),
    readme: Nullable(Type.String({ maxLength: 65536, description: 'Not kept: projects have no README of their own on this hub' })),
    origin: SyncOrigin,
  },
  { additionalProperties: false },
);
export const ProjectCreated = Type.Object({
  project_id: Type.String(),
  created: Type.Boolean({ description: 'False: a push with this origin created it before' }),
});

export const NotebookCreateBody = Type.Object(
  {
    title: editable.title,
    description: editable.description,
    entry_file: Type.String({ maxLength: 900, description: 'The notebook file in its workspace' }),
    tags: editable.tags,
    code: Type.String({ description: "The first version's code" }),
    message: Type.String({ maxLength: 500 }),
    origin: SyncOrigin,
    version_origin: SyncOrigin,
  },
  { additionalProperties: false },
);
export const NotebookCreated = Type.Object({ notebook_id: Type.String(), version_id: Type.String(), created: Type.Boolean() });

export const VersionPushBody = Type.Object(
  {
    code: Type.String(),
    message: Type.String({ maxLength: 500 }),
    base_version_id: Nullable(VersionId),
    origin: SyncOrigin,
  },
  { additionalProperties: false },
);
export const VersionPushed = Type.Object({
  version_id: Type.String(),
  outcome: Type.Enum(['created', 'replayed'], { description: 'replayed: a push with this origin made it before' }),
});

export const WorkspacePushBody = Type.Object(
  { base_manifest_id: Nullable(ManifestId), files: Type.Array(WorkspaceFile), directories: Type.Array(Type.String({ minLength: 1, maxLength: 1024 })) },
  { additionalProperties: false },
);
export const WorkspacePushed = Type.Object({
  outcome: Type.Enum(['written', 'unchanged']),
  manifest_id: Nullable(Type.String({ description: "The workspace's current manifest" })),
});
