import type { FastifyRequest } from 'fastify';
import type { HubServices } from '../../compose/services.js';
import { principalOf } from '../auth/authenticate.js';
import { authorizeNotebook } from '../auth/authorize.js';
import { pageLimit } from '../pagination.js';
import { Envelope, Page, PageQuery } from '../schemas.js';
import type { HubApp } from '../types.js';
import { NotebookParams, NotebookVersionSchema, VersionCreate, VersionParams, VersionRestore } from './notebook-schemas.js';

const actorOf = (request: FastifyRequest) => {
  const { user } = principalOf(request);
  return { id: user.id, email: user.email };
};

/** Saving, listing, reading and restoring notebook versions. */
export function notebookVersionRoutes(app: HubApp, services: HubServices): void {
  const { notebooks } = services;

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
      await authorizeNotebook(request, services, pid, nid, 'project.read');
      const page = await notebooks.versions(nid, { cursor: request.query.cursor ?? null, limit: pageLimit(request.query.limit, services.settings.limits) });
      return { success: true as const, data: { items: page.items.map((item) => item.value), next_cursor: page.nextCursor } };
    },
  );

  app.post(
    '/api/v1/projects/:pid/notebooks/:nid/versions',
    {
      schema: {
        tags: ['Notebooks'],
        summary: 'Save code as a new version',
        description:
          'base_version_id must be the current version; otherwise 409 CONFLICT and nothing is saved. While an edit session holds the notebook, 409 EDIT_SESSION_OWNED: save from the session instead.',
        params: NotebookParams,
        body: VersionCreate,
        response: { 201: Envelope(NotebookVersionSchema) },
      },
    },
    async (request, reply) => {
      const { pid, nid } = request.params;
      await authorizeNotebook(request, services, pid, nid, 'notebook.write');
      await services.sessions.assertNotBeingEdited(pid, nid);
      const version = await notebooks.save(
        pid,
        nid,
        { code: request.body.code, baseVersionId: request.body.base_version_id, ...(request.body.message ? { message: request.body.message } : {}) },
        actorOf(request),
      );
      return reply.code(201).send({ success: true as const, data: version });
    },
  );

  app.get(
    '/api/v1/projects/:pid/notebooks/:nid/versions/:vid',
    { schema: { tags: ['Notebooks'], summary: 'One version', params: VersionParams, response: { 200: Envelope(NotebookVersionSchema) } } },
    async (request) => {
      const { pid, nid, vid } = request.params;
      await authorizeNotebook(request, services, pid, nid, 'project.read');
      return { success: true as const, data: await notebooks.version(pid, nid, vid) };
    },
  );

  app.get(
    '/api/v1/projects/:pid/notebooks/:nid/versions/:vid/code',
    { schema: { tags: ['Notebooks'], summary: "A version's marimo source", params: VersionParams, produces: ['text/x-python'] } },
    async (request, reply) => {
      const { pid, nid, vid } = request.params;
      await authorizeNotebook(request, services, pid, nid, 'project.read');
      return reply.type('text/x-python; charset=utf-8').send(await notebooks.code(pid, nid, vid));
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
      await authorizeNotebook(request, services, pid, nid, 'notebook.write');
      await services.sessions.assertNotBeingEdited(pid, nid);
      const version = await notebooks.restore(
        pid,
        nid,
        vid,
        { baseVersionId: request.body.base_version_id, ...(request.body.message ? { message: request.body.message } : {}) },
        actorOf(request),
      );
      return reply.code(201).send({ success: true as const, data: version });
    },
  );
}
