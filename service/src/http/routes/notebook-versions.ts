import type { UseCases } from '../../core/use-cases/index.js';
import { principalOf } from '../auth/authenticate.js';
import { Envelope, Page, PageQuery, RawContent } from '../schemas.js';
import type { HubApp } from '../types.js';
import { NotebookParams, NotebookVersionSchema, VersionCreate, VersionParams, VersionRestore } from './notebook-schemas.js';

/** What the version routes use. */
export interface NotebookVersionRouteServices {
  useCases: Pick<UseCases, 'versions'>;
}

/** Saving, listing, reading and restoring notebook versions. */
export function notebookVersionRoutes(app: HubApp, services: NotebookVersionRouteServices): void {
  const { versions } = services.useCases;

  app.get(
    '/api/v1/projects/:pid/notebooks/:nid/versions',
    {
      schema: {
        tags: ['Notebooks'],
        summary: 'Versions, newest first',
        params: NotebookParams,
        querystring: PageQuery,
        response: { 200: Envelope(Page(NotebookVersionSchema)) },
      },
    },
    async (request) => {
      const { pid, nid } = request.params;
      const page = await versions.list(principalOf(request), { projectId: pid, notebookId: nid, cursor: request.query.cursor, limit: request.query.limit });
      return { success: true as const, data: { items: page.items, next_cursor: page.nextCursor } };
    },
  );

  app.post(
    '/api/v1/projects/:pid/notebooks/:nid/versions',
    {
      schema: {
        tags: ['Notebooks'],
        summary: 'Save code as a new version',
        description:
          'base_version_id must be the current version; otherwise 409 CONFLICT and nothing is saved. While an edit session holds the notebook, 409 EDIT_SESSION_OWNED: save from the session instead; while that session is being saved and stopped, 409 EDIT_SESSION_RETIRING with Retry-After.',
        params: NotebookParams,
        body: VersionCreate,
        response: { 201: Envelope(NotebookVersionSchema) },
      },
    },
    async (request, reply) => {
      const { pid, nid } = request.params;
      const { code, base_version_id, message } = request.body;
      const version = await versions.save(principalOf(request), { projectId: pid, notebookId: nid, code, baseVersionId: base_version_id, message });
      return reply.code(201).send({ success: true as const, data: version });
    },
  );

  app.get(
    '/api/v1/projects/:pid/notebooks/:nid/versions/:vid',
    { schema: { tags: ['Notebooks'], summary: 'One version', params: VersionParams, response: { 200: Envelope(NotebookVersionSchema) } } },
    async (request) => {
      const { pid, nid, vid } = request.params;
      return { success: true as const, data: await versions.read(principalOf(request), { projectId: pid, notebookId: nid, versionId: vid }) };
    },
  );

  app.get(
    '/api/v1/projects/:pid/notebooks/:nid/versions/:vid/code',
    {
      schema: {
        tags: ['Notebooks'],
        summary: "A version's marimo source",
        params: VersionParams,
        response: { 200: RawContent('The marimo source of the version', 'text/x-python') },
      },
    },
    async (request, reply) => {
      const { pid, nid, vid } = request.params;
      const code = await versions.code(principalOf(request), { projectId: pid, notebookId: nid, versionId: vid });
      return reply.type('text/x-python; charset=utf-8').send(code);
    },
  );

  app.post(
    '/api/v1/projects/:pid/notebooks/:nid/versions/:vid/restore',
    {
      schema: {
        tags: ['Notebooks'],
        summary: "Save an old version's code as the newest version",
        params: VersionParams,
        body: VersionRestore,
        response: { 201: Envelope(NotebookVersionSchema) },
      },
    },
    async (request, reply) => {
      const { pid, nid, vid } = request.params;
      const { base_version_id, message } = request.body;
      const version = await versions.restore(principalOf(request), {
        projectId: pid,
        notebookId: nid,
        versionId: vid,
        baseVersionId: base_version_id,
        message,
      });
      return reply.code(201).send({ success: true as const, data: version });
    },
  );
}
