import { Type } from 'typebox';
import type { PreviewRecord } from '../core/preview-model.js';
import { DateTime, Nullable } from '../../../http/schemas.js';
import { NotebookParams } from '../../../http/routes/notebook-schemas.js';

export const PreviewParams = Type.Intersect([NotebookParams, Type.Object({ preview_id: Type.String({ pattern: '^prv-[0-9a-z]{16}$' }) })]);

export const PreviewCreate = Type.Object(
  {
    branch: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'A branch of the repository; the preview follows its head' })),
    commit: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{40}$', description: 'A full commit id' })),
    change_request: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 2_147_483_647,
        description:
          'An open GitHub pull request or GitLab merge request by number (refs/pull/N/head, refs/merge-requests/N/head); the preview follows its head',
      }),
    ),
    title: Type.Optional(Type.String({ maxLength: 200, description: 'Defaults to "Branch <name>", "Commit <id>", "Pull request #N" or "Merge request !N"' })),
  },
  { additionalProperties: false, $id: 'PreviewCreate', description: 'Exactly one of branch, commit and change_request' },
);

export const Preview = Type.Object(
  {
    id: Type.String(),
    notebook_id: Type.String(),
    kind: Type.Enum(['branch', 'commit', 'change_request']),
    ref: Type.String({ description: 'What is fetched: the branch name, the commit id, or the change request ref' }),
    branch: Nullable(Type.String()),
    change_request: Nullable(Type.Integer()),
    title: Type.String(),
    status: Type.Enum(['pending', 'ready', 'failed'], { description: 'pending until the snapshot is prepared; failed with error' }),
    commit: Nullable(Type.String({ description: 'The commit the ready snapshot was prepared from' })),
    error: Nullable(
      Type.Object(
        { code: Type.String(), message: Type.String() },
        { description: 'Why the last preparation failed (a failed refresh of a ready preview keeps it ready at its commit)' },
      ),
    ),
    root_path: Type.String(),
    entry_notebook: Type.String(),
    created_by: Type.String(),
    created_at: DateTime,
    updated_at: DateTime,
    prepared_at: Nullable(DateTime),
  },
  { $id: 'Preview' },
);

export const PreviewSessionCreate = Type.Object(
  {
    mode: Type.Enum(['app', 'edit'], { description: 'app: run it as an app (whoever may open apps); edit: open it in the editor (editors); never saved' }),
    wait: Type.Optional(Type.Boolean({ description: 'Answer once the session is running or has failed (up to the start-up timeout)' })),
  },
  { additionalProperties: false },
);

export function previewOf(record: PreviewRecord) {
  return {
    id: record.id,
    notebook_id: record.notebook_id,
    kind: record.kind,
    ref: record.ref,
    branch: record.branch,
    change_request: record.change_request,
    title: record.title,
    status: record.status,
    commit: record.commit,
    error: record.error,
    root_path: record.root_path,
    entry_notebook: record.entry_notebook,
    created_by: record.created_by,
    created_at: record.created_at,
    updated_at: record.updated_at,
    prepared_at: record.prepared_at,
  };
}
