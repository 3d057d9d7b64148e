// The API's shapes, derived from the generated schema (never written by hand).
import type { components, paths } from './schema';

type Schemas = components['schemas'];

export type AuthMethods = Schemas['AuthMethods'];
export type Me = Schemas['Me'];
export type ProjectEntry = Schemas['SnapshotProjectEntry'];
/** One page of `GET /api/v1/projects` (the envelope's data). */
export type ProjectListPage = paths['/api/v1/projects']['get']['responses'][200]['content']['application/json']['data'];
export type Project = Schemas['Project'];
export type ProjectMember = Schemas['ProjectMember'];
export type GroupMember = Schemas['GroupMember'];
export type NotebookEntry = Schemas['SnapshotNotebookEntry'];
export type NotebookDetail = Schemas['NotebookDetail'];
export type NotebookMeta = Schemas['NotebookMeta'];

export type ErrorBody = Schemas['ErrorEnvelope']['error'];
export type ErrorCode = ErrorBody['code'];
export type FieldError = NonNullable<ErrorBody['details']>[number];

export type CreateProjectBody = NonNullable<paths['/api/v1/projects']['post']['requestBody']>['content']['application/json'];
export type CreateNotebookBody = NonNullable<paths['/api/v1/projects/{pid}/notebooks']['post']['requestBody']>['content']['application/json'];
/** One notebook of a project's list (GET /projects/{pid}/notebooks). */
export type NotebookListItem = paths['/api/v1/projects/{pid}/notebooks']['get']['responses'][200]['content']['application/json']['data']['items'][number];
export type NotebookStatusFilter = NonNullable<NonNullable<paths['/api/v1/projects/{pid}/notebooks']['get']['parameters']['query']>['status']>;
/** What a notebook's sandboxes receive (docs/project-secrets.md): a PATCH may send either part. */
export type NotebookIntegrationsPatch = NonNullable<
  NonNullable<paths['/api/v1/projects/{pid}/notebooks/{nid}']['patch']['requestBody']>['content']['application/json']['integrations']
>;
