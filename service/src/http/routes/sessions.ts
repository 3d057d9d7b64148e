import { Type } from 'typebox';
import { clientKindOf } from '../../core/use-cases/sessions.js';
import type { UseCases } from '../../core/use-cases/index.js';
import type { HubSettings } from '../../config/settings.js';
import { principalOf } from '../auth/authenticate.js';
import { absentBodyIsEmpty } from '../validation.js';
import { Envelope, Failure, Nullable, Page, PageQuery } from '../schemas.js';
import type { HubApp } from '../types.js';
import { NotebookVersionSchema } from './notebook-schemas.js';
import { ProjectIdParams } from './project-schemas.js';
import {
  Heartbeat,
  MySessionEntry,
  mySessionEntryOf,
  SaveRequest,
  Session,
  SessionCreate,
  SessionListEntry,
  SessionParams,
  StopRequest,
  sessionListEntryOf,
  sessionOf,
} from './session-schemas.js';

/** What the session routes use. */
export interface SessionRouteServices {
  useCases: Pick<UseCases, 'sessions'>;
  settings: Pick<HubSettings, 'basePath'>;
}

/** Sessions: each route parses, calls one session use case and presents its answer. */
export function sessionRoutes(app: HubApp, services: SessionRouteServices): void {
  const { sessions } = services.useCases;

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
      const { cursor, limit } = request.query;
      const page = await sessions.list(principalOf(request), { projectId: request.params.pid, cursor, limit });
      return { success: true as const, data: { items: page.items.map(sessionListEntryOf), next_cursor: page.nextCursor } };
    },
  );

  app.get(
    '/api/v1/me/sessions',
    {
      schema: {
        tags: ['Sessions'],
        summary: 'Your live sessions in every project you can read, newest first',
        response: { 200: Envelope(Type.Array(MySessionEntry)) },
      },
    },
    async (request) => ({ success: true as const, data: (await sessions.listMine(principalOf(request))).map(mySessionEntryOf) }),
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
        response: {
          200: Envelope(Session),
          201: Envelope(Session),
          429: Failure('Beyond SERVICE_MAX_SESSIONS_PER_USER or max_apps_per_project (RESOURCE_EXHAUSTED)'),
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { notebook_id, mode, takeover_from, wait } = request.body;
      const { record, reused } = await sessions.start(principal, {
        projectId: request.params.pid,
        notebookId: notebook_id,
        mode,
        takeoverFrom: takeover_from,
        wait,
        client: clientKindOf(principal),
      });
      return reply.code(reused ? 200 : 201).send({ success: true as const, data: sessionOf(record, services.settings.basePath, reused) });
    },
  );

  app.get(
    '/api/v1/projects/:pid/sessions/:sid',
    { schema: { tags: ['Sessions'], summary: 'A session', params: SessionParams, response: { 200: Envelope(Session) } } },
    async (request) => {
      const record = await sessions.read(principalOf(request), { projectId: request.params.pid, sessionId: request.params.sid });
      return { success: true as const, data: sessionOf(record, services.settings.basePath) };
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
      const record = await sessions.heartbeat(principalOf(request), { projectId: pid, sessionId: sid, connected: request.body.connected ?? true });
      return { success: true as const, data: sessionOf(record, services.settings.basePath) };
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
      const record = await sessions.stop(principalOf(request), { projectId: pid, sessionId: sid, save: request.body.save ?? true });
      return { success: true as const, data: sessionOf(record, services.settings.basePath) };
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
      const version = await sessions.save(principalOf(request), { projectId: pid, sessionId: sid, message: request.body.message });
      return { success: true as const, data: { saved: version !== null, version } };
    },
  );
}
