import { Type } from 'typebox';
import { Nullable } from '../schemas.js';

export const WORKSPACE = '/api/v1/projects/:pid/notebooks/:nid/workspace';

export const WorkspaceItem = Type.Object(
  {
    path: Type.String(),
    name: Type.String(),
    kind: Type.Enum(['file', 'directory']),
    size: Type.Optional(Type.Integer({ minimum: 0 })),
    modified_at: Type.Optional(Type.Integer({ minimum: 0, description: 'milliseconds since the epoch' })),
    mime_type: Type.Optional(Type.String()),
  },
  { $id: 'WorkspaceItem' },
);

const Operation = Type.Enum(['create', 'write', 'move', 'copy', 'delete']);

export const WorkspaceAccess = Type.Object(
  {
    writable: Type.Boolean(),
    read_only_reason: Nullable(Type.Enum(['git_source', 'viewer', 'active_session'])),
    protected_paths: Type.Array(
      Type.Object({ path: Type.String(), denied_operations: Type.Array(Operation, { description: 'copy: as the destination of a copy' }) }),
    ),
  },
  { $id: 'WorkspaceAccess' },
);

// Paths are checked by the service (in UTF-8 bytes, with precise messages); the schema only
// keeps absurd inputs out.
const RawPath = (description: string) => Type.String({ maxLength: 8192, description });

const PATH_RULES =
  'relative, /-separated, NFC-normalized; no empty, . or .. segments, no backslash or control characters; at most 255 bytes per name, 1024 bytes and 32 levels';

export const FileQuery = Type.Object({ path: RawPath(`A file in the workspace (${PATH_RULES})`) });
export const FolderQuery = Type.Object({ path: Type.Optional(RawPath('A folder; the root when absent or empty')) });
export const DeleteQuery = Type.Object({
  path: RawPath('The file or folder to delete'),
  recursive: Type.Optional(Type.Boolean({ description: 'Required to delete a folder that is not empty' })),
});

export const MkdirBody = Type.Object({ path: RawPath('The folder to create (with missing parents)') }, { additionalProperties: false });

export const TransferBody = Type.Object(
  {
    from: RawPath('The file or folder to copy or move'),
    to: RawPath('Its new path; must not exist (missing parents are created)'),
    overwrite: Type.Optional(Type.Boolean({ description: 'Replace an existing file at `to` (files only)' })),
  },
  { additionalProperties: false },
);

/** The notebook a workspace route's path names, as the workspace use cases take it. */
export const notebookOf = (params: { pid: string; nid: string }) => ({ projectId: params.pid, notebookId: params.nid });
