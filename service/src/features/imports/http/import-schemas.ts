import { Type } from 'typebox';
import { DateTime, Nullable } from '../../../http/schemas.js';
import { NotebookDetail } from '../../../http/routes/notebook-schemas.js';
import { ProjectIdParams } from '../../../http/routes/project-schemas.js';

export const IMPORTS = '/api/v1/projects/:pid/notebook-imports';

export const ImportParams = Type.Intersect([ProjectIdParams, Type.Object({ import_id: Type.String({ pattern: '^imp-[0-9a-z]{16}$' }) })]);

const NotebookImportEntry = Type.Object({
  path: Type.String({ description: 'The notebook file in the imported folder' }),
  folder: Type.String({ description: "The notebook's folder in the archive ('' for the top level); it becomes the new workspace's root" }),
  entry_file: Type.String({ description: 'Where the notebook file goes in the new workspace' }),
  title: Type.String({ description: 'The title a created notebook gets unless the request names one (app_title, else the file name)' }),
  state: Type.Enum(['ready', 'importing', 'imported', 'invalid', 'expired'], {
    description:
      'ready: can be created; importing: a request is creating it; imported: see notebook_id; invalid: see reason; expired: the folder snapshot is gone',
  }),
  reason: Type.Optional(Type.Enum(['not_utf8', 'contains_nul', 'too_large', 'unsupported_name'])),
  message: Type.Optional(Type.String()),
  notebook_id: Type.Optional(Type.String()),
  imported_at: Type.Optional(DateTime),
  imported_by: Type.Optional(Type.String()),
  file_count: Type.Integer({ minimum: 0, description: 'Neighbouring files that come with the notebook' }),
  bytes: Type.Integer({ minimum: 0 }),
  workspace_files: Nullable(Type.Array(Type.String(), { description: 'Their paths in the new workspace; null once the files expired' })),
});

export const NotebookImport = Type.Object(
  {
    id: Type.String(),
    project_id: Type.String(),
    created_at: DateTime,
    created_by: Type.String(),
    state: Type.Enum(['available', 'files_expired'], {
      description: 'files_expired: the folder snapshot is gone (24 hours after the upload); receipts remain',
    }),
    files_expire_at: DateTime,
    expires_at: DateTime,
    archive_bytes: Type.Integer({ minimum: 0 }),
    file_count: Type.Integer({ minimum: 0 }),
    folder_count: Type.Integer({ minimum: 0 }),
    total_bytes: Type.Integer({ minimum: 0 }),
    ignored_count: Type.Integer({ minimum: 0, description: 'Files left out: __MACOSX/, __pycache__/, .DS_Store, Thumbs.db' }),
    notebooks: Type.Array(NotebookImportEntry),
  },
  { $id: 'NotebookImport' },
);

export const NotebookFromImportBody = Type.Object(
  {
    path: Type.String({ minLength: 1, maxLength: 8192, description: "The notebook's path in the import (one of its notebooks[].path)" }),
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    tags: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })),
  },
  { additionalProperties: false },
);

export const NotebookFromImportResult = Type.Object({ notebook: NotebookDetail, import: NotebookImport });
