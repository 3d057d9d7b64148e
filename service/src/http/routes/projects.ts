import { Type } from 'typebox';
import type { UseCases } from '../../core/use-cases/index.js';
import { principalOf } from '../auth/authenticate.js';
import { Envelope, Page, PageQuery, SuccessResponse } from '../schemas.js';
import type { HubApp } from '../types.js';
import { Project, ProjectCreate, ProjectIdParams, ProjectListEntry, ProjectPatch, listEntryOf, projectOf } from './project-schemas.js';

/** What the project routes use. */
export interface ProjectRouteServices {
  useCases: Pick<UseCases, 'projects'>;
}

/** Projects: each route parses, calls one project use case and presents its answer. */
export function projectRoutes(app: HubApp, services: ProjectRouteServices): void {
  const { projects } = services.useCases;

  app.get(
    '/api/v1/projects',
    {
      schema: {
        tags: ['Projects'],
        summary: 'Projects you can see, newest first',
        description: 'tag_namespace=team returns projects with a tag in that namespace (team:data, team:ops, ...).',
        querystring: Type.Intersect([PageQuery, Type.Object({ tag_namespace: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$' })) })]),
        response: { 200: Envelope(Page(ProjectListEntry)) },
      },
    },
    async (request) => {
      const { cursor, limit, tag_namespace } = request.query;
      const page = await projects.list(principalOf(request), { cursor, limit, tagNamespace: tag_namespace });
      return { success: true as const, data: { items: page.items.map(listEntryOf), next_cursor: page.nextCursor } };
    },
  );

  app.post(
    '/api/v1/projects',
    {
      config: { action: 'project.create', idempotent: true },
      schema: { tags: ['Projects'], summary: 'Create a project (you become its admin)', body: ProjectCreate, response: { 201: Envelope(Project) } },
    },
    async (request, reply) => {
      const { project, role } = await projects.create(principalOf(request), request.body);
      return reply.code(201).send({ success: true as const, data: projectOf(project, role) });
    },
  );

  app.get(
    '/api/v1/projects/:pid',
    { schema: { tags: ['Projects'], summary: 'A project', params: ProjectIdParams, response: { 200: Envelope(Project) } } },
    async (request) => {
      const { project, role } = await projects.read(principalOf(request), { projectId: request.params.pid });
      return { success: true as const, data: projectOf(project, role) };
    },
  );

  app.patch(
    '/api/v1/projects/:pid',
    {
      schema: {
        tags: ['Projects'],
        summary: 'Change a project; raising or lowering its security labels needs those actions too',
        params: ProjectIdParams,
        body: ProjectPatch,
        response: { 200: Envelope(Project) },
      },
    },
    async (request) => {
      const { project, role } = await projects.update(principalOf(request), { projectId: request.params.pid, patch: request.body });
      return { success: true as const, data: projectOf(project, role) };
    },
  );

  app.delete(
    '/api/v1/projects/:pid',
    {
      schema: {
        tags: ['Projects'],
        summary: 'Delete a project: it disappears from every list and route',
        params: ProjectIdParams,
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      await projects.delete(principalOf(request), { projectId: request.params.pid });
      return { success: true as const };
    },
  );
}
