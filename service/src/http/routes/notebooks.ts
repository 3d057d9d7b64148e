import { Type } from 'typebox';
import type { UseCases } from '../../core/use-cases/index.js';
import { principalOf } from '../auth/authenticate.js';
import { Envelope, Page, PageQuery, RawContent, SuccessResponse } from '../schemas.js';
import type { HubApp } from '../types.js';
import { NotebookCreate, NotebookDetail, NotebookListEntry, NotebookParams, NotebookPatch, detailOf, listEntryOf } from './notebook-schemas.js';
import { ProjectIdParams } from './project-schemas.js';

/** What the notebook routes use. */
export interface NotebookRouteServices {
  useCases: Pick<UseCases, 'notebooks'>;
}

/** Notebooks: each route parses, calls one notebook use case and presents its answer. */
export function notebookRoutes(app: HubApp, services: NotebookRouteServices): void {
  const { notebooks } = services.useCases;

  app.get(
    '/api/v1/projects/:pid/notebooks',
    {
      schema: {
        tags: ['Notebooks'],
        summary: "A project's notebooks, newest first",
        params: ProjectIdParams,
        querystring: Type.Intersect([PageQuery, Type.Object({ status: Type.Optional(Type.Enum(['draft', 'active', 'archived'])) })]),
        response: { 200: Envelope(Page(NotebookListEntry)) },
      },
    },
    async (request) => {
      const { cursor, limit, status } = request.query;
      const page = await notebooks.list(principalOf(request), { projectId: request.params.pid, cursor, limit, status });
      return { success: true as const, data: { items: page.items.map(listEntryOf), next_cursor: page.nextCursor } };
    },
  );

  app.post(
    '/api/v1/projects/:pid/notebooks',
    {
      config: { idempotent: true },
      schema: {
        tags: ['Notebooks'],
        summary: 'Create a notebook (blank, or from marimo source)',
        params: ProjectIdParams,
        body: NotebookCreate,
        response: { 201: Envelope(NotebookDetail) },
      },
    },
    async (request, reply) => {
      const { notebook } = await notebooks.create(principalOf(request), { projectId: request.params.pid, notebook: request.body });
      return reply.code(201).send({ success: true as const, data: detailOf(notebook, null) });
    },
  );

  app.get(
    '/api/v1/projects/:pid/notebooks/:nid',
    {
      schema: { tags: ['Notebooks'], summary: 'A notebook: metadata, README and source', params: NotebookParams, response: { 200: Envelope(NotebookDetail) } },
    },
    async (request) => {
      const { notebook, readme } = await notebooks.read(principalOf(request), { projectId: request.params.pid, notebookId: request.params.nid });
      return { success: true as const, data: detailOf(notebook, readme) };
    },
  );

  app.patch(
    '/api/v1/projects/:pid/notebooks/:nid',
    {
      schema: {
        tags: ['Notebooks'],
        summary: 'Change metadata; status, compute profile and base image need notebook.manage',
        params: NotebookParams,
        body: NotebookPatch,
        response: { 200: Envelope(NotebookDetail) },
      },
    },
    async (request) => {
      const { pid, nid } = request.params;
      const { notebook, readme } = await notebooks.update(principalOf(request), { projectId: pid, notebookId: nid, patch: request.body });
      return { success: true as const, data: detailOf(notebook, readme) };
    },
  );

  app.delete(
    '/api/v1/projects/:pid/notebooks/:nid',
    { schema: { tags: ['Notebooks'], summary: 'Delete a notebook', params: NotebookParams, response: { 200: SuccessResponse } } },
    async (request) => {
      await notebooks.delete(principalOf(request), { projectId: request.params.pid, notebookId: request.params.nid });
      return { success: true as const };
    },
  );

  app.get(
    '/api/v1/projects/:pid/notebooks/:nid/code',
    {
      schema: {
        tags: ['Notebooks'],
        summary: "The notebook's marimo source (the current version, or ?version=)",
        params: NotebookParams,
        querystring: Type.Object({ version: Type.Optional(Type.String({ pattern: '^ver-[0-9a-z]{16}$' })) }),
        response: { 200: RawContent('The marimo source; X-Notebook-Version names its version', 'text/x-python') },
      },
    },
    async (request, reply) => {
      const { pid, nid } = request.params;
      const { versionId, code } = await notebooks.code(principalOf(request), { projectId: pid, notebookId: nid, versionId: request.query.version });
      return reply.type('text/x-python; charset=utf-8').header('x-notebook-version', versionId).send(code);
    },
  );

  app.get(
    '/api/v1/projects/:pid/notebooks/:nid/html',
    {
      schema: {
        tags: ['Notebooks'],
        summary: 'The latest HTML snapshot of the notebook',
        params: NotebookParams,
        response: { 200: RawContent('The HTML snapshot', 'text/html') },
      },
    },
    async (request, reply) => {
      const { version, html } = await notebooks.html(principalOf(request), { projectId: request.params.pid, notebookId: request.params.nid });
      return (
        reply
          .type('text/html; charset=utf-8')
          .header('x-notebook-version', version.version_id)
          // The snapshot is user content: keep it from running scripts against the hub's origin.
          .header('content-security-policy', "sandbox allow-scripts; default-src 'self' 'unsafe-inline' data: blob:")
          .send(html)
      );
    },
  );
}
