import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HubError } from '../../core/errors.js';
import { roleRank } from '../../core/policy/table.js';
import type { ClientKind, SessionRecord } from '../../core/sessions/session-model.js';
import type { HubServices } from '../../compose/services.js';
import { principalOf } from '../auth/authenticate.js';
import { authorizeNotebook, authorizeProject, authorizeSession } from '../auth/authorize.js';
import { pageLimit } from '../pagination.js';
import { absentBodyIsEmpty } from '../validation.js';
import { Envelope, Nullable, Page, PageQuery } from '../schemas.js';
import type { HubApp } from '../types.js';
import { NotebookVersionSchema } from './notebook-schemas.js';
import { ProjectIdParams } from './project-schemas.js';
import {
  Heartbeat,
  SaveRequest,
  Session,
  SessionCreate,
  SessionListEntry,
  SessionParams,
  StopRequest,
  sessionListEntryOf,
  sessionOf,
} from './session-schemas.js';

const actorOf = (request: FastifyRequest) => {
  const { user } = principalOf(request);
  return { id: user.id, email: user.email };
};

/** `web` for browser sessions, `cli` for tokens (spec 6.3 `session_provision.client`). */
const clientOf = (request: FastifyRequest): ClientKind => (principalOf(request).credential.kind === 'token' ? 'cli' : 'web');

export function sessionRoutes(app: HubApp, services: HubServices): void {
  const { sessions, sessionStore, settings } = services;

  app.get(
    '/api/v1/projects/:pid/sessions',
    {
      schema: {
        tags: ['Sessions'],
        summary: "A project's sessions, newest first",
        params: ProjectIdParams,
        querystring: PageQuery,
        response: { 200: Envelope(Page(SessionListEntry)) },
      },
    },
    async (request) => {
      await authorizeProject(request, services, request.params.pid, 'project.read');
      const page = await sessionStore.list(request.params.pid, {
        cursor: request.query.cursor ?? null,
        limit: pageLimit(request.query.limit, settings.limits),
      });
      return { success: true as const, data: { items: page.items.map((item) => sessionListEntryOf(item.value)), next_cursor: page.nextCursor } };
    },
  );

  app.post(
    '/api/v1/projects/:pid/sessions',
    {
      schema: {
        tags: ['Sessions'],
        summary: 'Start a session on a notebook, or get the live one that fits',
        description:
          "Answers 201 with a new session (state provisioning, phase shows progress) or 200 with a live session that is reused. An edit session of another editor answers 409 EDIT_SESSION_OWNED unless takeover_from names it; while the notebook's previous edit session is being saved and stopped, 409 EDIT_SESSION_RETIRING with Retry-After. Beyond SERVICE_MAX_SESSIONS_PER_USER or max_apps_per_project: 429 RESOURCE_EXHAUSTED.",
        params: ProjectIdParams,
        body: SessionCreate,
        response: { 200: Envelope(Session), 201: Envelope(Session) },
      },
    },
    async (request, reply) => {
      const { pid } = request.params;
      const { notebook_id, mode, takeover_from, wait } = request.body;
      const { project, notebook, role } = await authorizeNotebook(request, services, pid, notebook_id, 'session.start', { mode });
      const viewer = roleRank(role) < roleRank('editor');
      if (viewer && settings.sandboxes.viewerMode === 'static') {
        throw new HubError('FORBIDDEN', 'viewers see notebooks as HTML snapshots in this deployment; sessions are for editors');
      }
      if (takeover_from && roleRank(role) < roleRank('manager') && notebook.author !== principalOf(request).user.id) {
        throw new HubError('FORBIDDEN', "only a manager or the notebook's author may take an edit session over");
      }
      const { record, reused } = await sessions.start({
        project: { id: project.id, name: project.name },
        notebook,
        mode,
        user: actorOf(request),
        client: clientOf(request),
        ephemeral: viewer && settings.sandboxes.viewerMode === 'ephemeral-sandbox',
        ...(takeover_from ? { takeoverFrom: takeover_from } : {}),
      });
      const settled = wait ? await waitForStart(services, record) : record;
      return reply.code(reused ? 200 : 201).send({ success: true as const, data: sessionOf(settled, reused) });
    },
  );

  app.get(
    '/api/v1/projects/:pid/sessions/:sid',
    { schema: { tags: ['Sessions'], summary: 'A session', params: SessionParams, response: { 200: Envelope(Session) } } },
    async (request) => {
      const { record } = await authorizeSession(request, services, request.params.pid, request.params.sid, 'session.attach');
      return { success: true as const, data: sessionOf(record) };
    },
  );

  app.post(
    '/api/v1/projects/:pid/sessions/:sid/heartbeat',
    {
      preValidation: absentBodyIsEmpty,
      schema: {
        tags: ['Sessions'],
        summary: 'Keep a session from going idle; connected=true says an editor is there',
        params: SessionParams,
        body: Heartbeat,
        response: { 200: Envelope(Session) },
      },
    },
    async (request) => {
      const { pid, sid } = request.params;
      await authorizeSession(request, services, pid, sid, 'session.attach');
      return { success: true as const, data: sessionOf(await sessions.heartbeat(pid, sid, request.body.connected ?? true)) };
    },
  );

  app.post(
    '/api/v1/projects/:pid/sessions/:sid/stop',
    {
      preValidation: absentBodyIsEmpty,
      schema: {
        tags: ['Sessions'],
        summary: 'Stop a session (edit sessions save first unless save=false)',
        params: SessionParams,
        body: StopRequest,
        response: { 200: Envelope(Session) },
      },
    },
    async (request) => {
      const { pid, sid } = request.params;
      await authorizeSession(request, services, pid, sid, 'session.stop');
      const record = await sessions.stop(pid, sid, { reason: 'user', save: request.body.save ?? true, actor: actorOf(request) });
      return { success: true as const, data: sessionOf(record) };
    },
  );

  app.post(
    '/api/v1/projects/:pid/sessions/:sid/save',
    {
      preValidation: absentBodyIsEmpty,
      schema: {
        tags: ['Sessions'],
        summary: "Save the edit session's notebook as a new version (nothing when unchanged)",
        params: SessionParams,
        body: SaveRequest,
        response: { 200: Envelope(Type.Object({ saved: Type.Boolean(), version: Nullable(NotebookVersionSchema) })) },
      },
    },
    async (request) => {
      const { pid, sid } = request.params;
      const { project, record } = await authorizeSession(request, services, pid, sid, 'session.attach');
      await authorizeProject(request, services, pid, 'notebook.write', {}, project);
      const version = await sessions.save(pid, record.id, actorOf(request), request.body.message);
      return { success: true as const, data: { saved: version !== null, version } };
    },
  );
}

/** Polls the session until it leaves `provisioning`, at most the start-up timeout. */
async function waitForStart(services: HubServices, record: SessionRecord): Promise<SessionRecord> {
  const deadline = Date.now() + services.settings.sandboxes.startupTimeoutSeconds * 1000;
  let current = record;
  while (current.state === 'provisioning' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = (await services.sessionStore.get(record.project_id, record.id)) ?? current;
  }
  return current;
}
