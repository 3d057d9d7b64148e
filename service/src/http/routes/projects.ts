import { Type } from 'typebox';
import { HubError } from '../../core/errors.js';
import { assertTokenAllowsAction } from '../../core/policy/deployment-actions.js';
import { labelChange } from '../../core/policy/security-labels.js';
import { listVisibleProjects } from '../../core/projects/project-listing.js';
import { normalizeLabels } from '../../core/projects/project-validation.js';
import type { HubServices } from '../../compose/services.js';
import { principalOf } from '../auth/authenticate.js';
import { authorizeProject } from '../auth/authorize.js';
import { pageLimit } from '../pagination.js';
import { Envelope, Page, PageQuery, SuccessResponse } from '../schemas.js';
import type { HubApp } from '../types.js';
import { Project, ProjectCreate, ProjectIdParams, ProjectListEntry, ProjectPatch, listEntryOf, projectOf } from './project-schemas.js';

export function projectRoutes(app: HubApp, services: HubServices): void {
  const actorOf = (request: Parameters<typeof principalOf>[0]) => {
    const { user } = principalOf(request);
    return { id: user.id, email: user.email };
  };

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
      const principal = principalOf(request);
      assertTokenAllowsAction(principal, 'project.read');
      const scope = services.access.listingScope(principal);
      const page = await listVisibleProjects(await services.catalog.view(), scope.subject, scope.context, scope.environment, {
        cursor: request.query.cursor ?? null,
        limit: pageLimit(request.query.limit, services.settings.limits),
        ...(request.query.tag_namespace !== undefined ? { tagNamespace: request.query.tag_namespace } : {}),
      });
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
      const project = await services.projects.create(request.body, actorOf(request));
      return reply.code(201).send({ success: true as const, data: projectOf(project, 'admin') });
    },
  );

  app.get(
    '/api/v1/projects/:pid',
    { schema: { tags: ['Projects'], summary: 'A project', params: ProjectIdParams, response: { 200: Envelope(Project) } } },
    async (request) => {
      const { project, role } = await authorizeProject(request, services, request.params.pid, 'project.read');
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
      const { pid } = request.params;
      const { project, role } = await authorizeProject(request, services, pid, 'project.update');
      if (request.body.security_labels !== undefined) {
        const change = labelChange(project.security_labels, normalizeLabels(request.body.security_labels), services.labelPolicy);
        if (change.raises) await authorizeProject(request, services, pid, 'security-labels.raise');
        if (change.lowers) await authorizeProject(request, services, pid, 'security-labels.lower');
      }
      const updated = await services.projects.update(pid, request.body, actorOf(request));
      return { success: true as const, data: projectOf(updated, role) };
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
      await authorizeProject(request, services, request.params.pid, 'project.delete');
      await services.projects.delete(request.params.pid, actorOf(request)).catch((error: unknown) => {
        // A concurrent delete won: the project is gone either way.
        if (!(error instanceof HubError && error.code === 'NOT_FOUND')) throw error;
      });
      return { success: true as const };
    },
  );
}
