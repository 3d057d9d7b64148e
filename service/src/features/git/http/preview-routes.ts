import type { GitUseCases } from '../core/git-use-cases.js';
import { clientKindOf, type SessionUseCases } from '../../../core/use-cases/sessions.js';
import type { HubSettings } from '../../../config/settings.js';
import { principalOf } from '../../../http/auth/authenticate.js';
import { Envelope, Page, PageQuery, SuccessResponse } from '../../../http/schemas.js';
import type { HubApp } from '../../../http/types.js';
import { NotebookParams } from '../../../http/routes/notebook-schemas.js';
import { Preview, PreviewCreate, previewOf, PreviewParams, PreviewSessionCreate } from './preview-schemas.js';
import { Session, sessionOf } from '../../../http/routes/session-schemas.js';

const PREVIEWS = '/api/v1/projects/:pid/notebooks/:nid/previews';
const tags = ['Notebooks'];
const NOT_GIT = 'A notebook not synced from Git, or Git turned off, answers 409 SYNC_NOT_CONFIGURED.';

/** What the preview routes use. */
export interface PreviewRouteServices {
  useCases: { git: GitUseCases; sessions: SessionUseCases };
  settings: Pick<HubSettings, 'basePath'>;
}

/** Previews of Git notebooks (docs/git.md, "Previews"): each route parses, calls one use case and presents its answer. */
export function previewRoutes(app: HubApp, services: PreviewRouteServices): void {
  const { git, sessions } = services.useCases;

  app.post(
    PREVIEWS,
    {
      schema: {
        tags,
        summary: 'Preview a branch, a commit or an open change request of a Git notebook',
        description: `Answers 201 with the preview, pending until the preview_preparation loop (or a session start) prepares it. A branch or change request the repository does not have answers 422 VALIDATION_ERROR. ${NOT_GIT}`,
        params: NotebookParams,
        body: PreviewCreate,
        response: { 201: Envelope(Preview) },
      },
    },
    async (request, reply) => {
      const { pid, nid } = request.params;
      const record = await git.createPreview(principalOf(request), { projectId: pid, notebookId: nid, preview: request.body });
      return reply.code(201).send({ success: true as const, data: previewOf(record) });
    },
  );

  app.get(
    PREVIEWS,
    {
      schema: {
        tags,
        summary: "A Git notebook's previews, newest first",
        description: NOT_GIT,
        params: NotebookParams,
        querystring: PageQuery,
        response: { 200: Envelope(Page(Preview)) },
      },
    },
    async (request) => {
      const { pid, nid } = request.params;
      const { cursor, limit } = request.query;
      const page = await git.previews(principalOf(request), { projectId: pid, notebookId: nid, cursor, limit });
      return { success: true as const, data: { items: page.items.map(previewOf), next_cursor: page.nextCursor } };
    },
  );

  app.get(
    `${PREVIEWS}/:preview_id`,
    { schema: { tags, summary: 'A preview', params: PreviewParams, response: { 200: Envelope(Preview) } } },
    async (request) => {
      const { pid, nid, preview_id } = request.params;
      return { success: true as const, data: previewOf(await git.preview(principalOf(request), { projectId: pid, notebookId: nid, previewId: preview_id })) };
    },
  );

  app.delete(
    `${PREVIEWS}/:preview_id`,
    {
      schema: {
        tags,
        summary: 'Delete a preview and its prepared files',
        description: 'Preview sessions already running keep running with their files until they stop.',
        params: PreviewParams,
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      const { pid, nid, preview_id } = request.params;
      await git.deletePreview(principalOf(request), { projectId: pid, notebookId: nid, previewId: preview_id });
      return { success: true as const };
    },
  );

  app.post(
    `${PREVIEWS}/:preview_id/sessions`,
    {
      schema: {
        tags,
        summary: 'Start a preview session: the preview as an app, or in the editor',
        description:
          "Answers 201 with a new session (state provisioning; a preview that is not ready is prepared in its files phase) or 200 with the preview's live app. A preview session never saves into the notebook's versions or workspace, and takes no editor claim.",
        params: PreviewParams,
        body: PreviewSessionCreate,
        response: { 200: Envelope(Session), 201: Envelope(Session) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { pid, nid, preview_id } = request.params;
      const { record, reused } = await sessions.start(principal, {
        projectId: pid,
        notebookId: nid,
        previewId: preview_id,
        mode: request.body.mode,
        wait: request.body.wait,
        client: clientKindOf(principal),
      });
      return reply.code(reused ? 200 : 201).send({ success: true as const, data: sessionOf(record, services.settings.basePath, reused) });
    },
  );
}
