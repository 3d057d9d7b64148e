import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HubError } from '../../core/errors.js';
import type { NotebookPatch as SettingsChange } from '../../core/notebooks/notebook-service.js';
import type { PolicyAction } from '../../core/policy/actions.js';
import { labelChange, type SecurityLabels } from '../../core/policy/security-labels.js';
import { normalizeLabels } from '../../core/projects/project-validation.js';
import type { HubServices } from '../../compose/services.js';
import { principalOf } from '../auth/authenticate.js';
import { authorizeNotebook, authorizeProject } from '../auth/authorize.js';
import { pageLimit } from '../pagination.js';
import { Envelope, Page, PageQuery, SuccessResponse } from '../schemas.js';
import type { HubApp } from '../types.js';
import { NotebookCreate, NotebookDetail, NotebookListEntry, NotebookParams, NotebookPatch, detailOf, listEntryOf } from './notebook-schemas.js';
import { ProjectIdParams } from './project-schemas.js';

const actorOf = (request: FastifyRequest) => {
  const { user } = principalOf(request);
  return { id: user.id, email: user.email };
};

/** Fields only a manager may set (an editor may pick a profile when compute_profile_override is `editors`). */
const MANAGED_FIELDS = ['status', 'compute_profile', 'base_image'] as const;

/**
 * The actions a notebook's settings need beyond notebook.write, the same when creating (`change`
 * then holds what differs from a new notebook's defaults) and on PATCH: the managed fields need
 * notebook.manage; raising security labels needs security-labels.raise, lowering them
 * security-labels.lower. `authorize` throws when the caller may not.
 */
async function authorizeSettings(
  services: HubServices,
  change: SettingsChange,
  labelsBefore: SecurityLabels | null,
  authorize: (action: PolicyAction) => Promise<unknown>,
): Promise<void> {
  const editorsMayPickProfile = services.settings.sandboxes.computeProfileOverride === 'editors';
  if (MANAGED_FIELDS.some((field) => change[field] !== undefined && !(field === 'compute_profile' && editorsMayPickProfile)))
    await authorize('notebook.manage');
  if (change.security_labels === undefined) return;
  const labels = labelChange(labelsBefore, normalizeLabels(change.security_labels), services.labelPolicy);
  if (labels.raises) await authorize('security-labels.raise');
  if (labels.lowers) await authorize('security-labels.lower');
}

export function notebookRoutes(app: HubApp, services: HubServices): void {
  const { notebooks, settings } = services;

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
      const { pid } = request.params;
      await authorizeProject(request, services, pid, 'project.read');
      const principal = principalOf(request);
      const page = await notebooks.list(pid, {
        cursor: request.query.cursor ?? null,
        limit: pageLimit(request.query.limit, settings.limits),
        ...(request.query.status ? { status: request.query.status } : {}),
        // Labelled notebooks the caller is not cleared for are left out, as if they did not exist.
        visible: (entry) => services.access.clearedFor(principal, entry.security_labels),
      });
      return { success: true as const, data: { items: page.items.map(({ value }) => listEntryOf(value)), next_cursor: page.nextCursor } };
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
      const { pid } = request.params;
      const { project } = await authorizeProject(request, services, pid, 'notebook.write');
      const { status, compute_profile, base_image, security_labels } = request.body;
      const change: SettingsChange = {
        ...(status && status !== 'draft' ? { status } : {}),
        ...(compute_profile ? { compute_profile } : {}),
        ...(base_image ? { base_image } : {}),
        ...(security_labels !== undefined ? { security_labels } : {}),
      };
      await authorizeSettings(services, change, null, (action) => authorizeProject(request, services, pid, action, {}, project));
      const { notebook } = await notebooks.create(pid, project.name, request.body, actorOf(request));
      return reply.code(201).send({ success: true as const, data: detailOf(notebook, null) });
    },
  );

  app.get(
    '/api/v1/projects/:pid/notebooks/:nid',
    {
      schema: { tags: ['Notebooks'], summary: 'A notebook: metadata, README and source', params: NotebookParams, response: { 200: Envelope(NotebookDetail) } },
    },
    async (request) => {
      const { notebook } = await authorizeNotebook(request, services, request.params.pid, request.params.nid, 'project.read');
      return { success: true as const, data: detailOf(notebook, await services.workspace.readme(notebook)) };
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
      const { project, notebook } = await authorizeNotebook(request, services, pid, nid, 'notebook.write');
      // Any managed field sent needs the role, even an unchanged value: the notebook may change
      // between this check and the write.
      await authorizeSettings(services, request.body, notebook.security_labels, (action) =>
        action === 'notebook.manage' ? authorizeNotebook(request, services, pid, nid, action) : authorizeProject(request, services, pid, action, {}, project),
      );
      const updated = await notebooks.update(pid, nid, request.body, actorOf(request));
      return { success: true as const, data: detailOf(updated, await services.workspace.readme(updated)) };
    },
  );

  app.delete(
    '/api/v1/projects/:pid/notebooks/:nid',
    { schema: { tags: ['Notebooks'], summary: 'Delete a notebook', params: NotebookParams, response: { 200: SuccessResponse } } },
    async (request) => {
      const { pid, nid } = request.params;
      const { project } = await authorizeNotebook(request, services, pid, nid, 'notebook.manage');
      await notebooks.delete(pid, project.name, nid, actorOf(request)).catch((error: unknown) => {
        if (!(error instanceof HubError && error.code === 'NOT_FOUND')) throw error;
      });
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
        produces: ['text/x-python'],
      },
    },
    async (request, reply) => {
      const { pid, nid } = request.params;
      const { notebook } = await authorizeNotebook(request, services, pid, nid, 'project.read');
      const versionId = request.query.version ?? notebook.source.current_version_id;
      if (!versionId) throw new HubError('NOT_FOUND', 'this notebook has no version yet');
      const code = await notebooks.code(pid, nid, versionId);
      return reply.type('text/x-python; charset=utf-8').header('x-notebook-version', versionId).send(code);
    },
  );

  app.get(
    '/api/v1/projects/:pid/notebooks/:nid/html',
    { schema: { tags: ['Notebooks'], summary: 'The latest HTML snapshot of the notebook', params: NotebookParams, produces: ['text/html'] } },
    async (request, reply) => {
      const { pid, nid } = request.params;
      await authorizeNotebook(request, services, pid, nid, 'project.read');
      const { version, html } = await notebooks.latestSnapshot(pid, nid);
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
