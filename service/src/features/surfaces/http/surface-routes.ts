import { Type } from 'typebox';
import type { SurfaceUseCases } from '../core/surface-use-cases.js';
import type { HubSettings } from '../../../config/settings.js';
import { principalOf } from '../../../http/auth/authenticate.js';
import { absentBodyIsEmpty } from '../../../http/validation.js';
import { Envelope, Failure, Nullable } from '../../../http/schemas.js';
import type { HubApp } from '../../../http/types.js';
import { ENTER_PATH, surfaceDomainOf, surfaceOrigin } from './surface-origin.js';
import { SessionParams } from '../../../http/routes/session-schemas.js';
import { hubOriginOf } from '../../../http/hub-origin.js';

const SessionSurface = Type.Object(
  {
    id: Type.Enum(['vscode', 'opencode']),
    title: Type.String({ description: 'What people call it: "VS Code", "OpenCode"' }),
    state: Type.Enum(['stopped', 'starting', 'running', 'failed']),
    reason: Nullable(Type.String({ description: 'Why it failed (with the end of its output) or stopped' })),
    detail: Nullable(Type.String({ description: 'While starting: the step under way, such as a first install with its percentage' })),
    started_at: Nullable(Type.String({ format: 'date-time' })),
    embed: Type.Enum(['tab', 'iframe'], { description: 'How the web UI opens it: in a new tab, or beside the notebook' }),
    notice: Nullable(
      Type.String({ description: 'What people should know before using it, such as why OpenCode has no managed model (docs/surfaces.md, "Managed AI")' }),
    ),
  },
  { $id: 'SessionSurface' },
);

const OpenedSurface = Type.Intersect(
  [
    SessionSurface,
    Type.Object({
      url: Nullable(
        Type.String({
          description: "Where the browser opens it once it runs: the surface's own host, with a one-use ticket good for a minute (docs/surfaces.md)",
        }),
      ),
    }),
  ],
  { $id: 'OpenedSurface' },
);

const SurfaceParams = Type.Intersect([SessionParams, Type.Object({ surface: Type.String({ minLength: 1, maxLength: 64 }) })]);

const refusals = {
  400: Failure('A path outside the workspace (SURFACE_OPEN_INVALID), or a driver that hosts no surfaces (SURFACE_UNSUPPORTED_PROVIDER)'),
  403: Failure('Only the editor holding this edit session opens its surfaces (SURFACE_FORBIDDEN)'),
  404: Failure('No such session, or the surface is not enabled here (SURFACE_NOT_ENABLED)'),
  409: Failure('The session is not running, or the name is the primary process (SURFACE_PRIMARY)'),
};

/** What the surface routes use. */
export interface SurfaceRouteServices {
  useCases: { surfaces: SurfaceUseCases };
  settings: Pick<HubSettings, 'publicUrl' | 'host' | 'port' | 'sessions'>;
}

/** VS Code and OpenCode in edit sessions (docs/surfaces.md): each route calls one surface use case. */
export function surfaceRoutes(app: HubApp, services: SurfaceRouteServices): void {
  const { surfaces } = services.useCases;

  app.get(
    '/api/v1/projects/:pid/sessions/:sid/surfaces',
    {
      schema: {
        tags: ['Sessions'],
        summary: "An edit session's surfaces and their states",
        params: SessionParams,
        response: { 200: Envelope(Type.Array(SessionSurface)), 403: refusals[403] },
      },
    },
    async (request) => {
      const { pid, sid } = request.params;
      return { success: true as const, data: await surfaces.list(principalOf(request), { projectId: pid, sessionId: sid }) };
    },
  );

  app.get(
    '/api/v1/projects/:pid/sessions/:sid/surfaces/:surface',
    {
      schema: {
        tags: ['Sessions'],
        summary: 'One surface of an edit session',
        params: SurfaceParams,
        response: { 200: Envelope(SessionSurface), ...refusals },
      },
    },
    async (request) => {
      const { pid, sid, surface } = request.params;
      return { success: true as const, data: await surfaces.read(principalOf(request), { projectId: pid, sessionId: sid, surface }) };
    },
  );

  app.post(
    '/api/v1/projects/:pid/sessions/:sid/surfaces/:surface',
    {
      preValidation: absentBodyIsEmpty,
      schema: {
        tags: ['Sessions'],
        summary: 'Open a surface: start it if needed; answers once it runs (or at once with wait=false)',
        description:
          'With wait=false the answer comes at once: state starting (detail shows progress) and url null until it runs; ask again to get the url. A path outside the workspace, or a path for OpenCode, answers 400 SURFACE_OPEN_INVALID. A surface that cannot run answers 503 SURFACE_UNAVAILABLE with the reason (its binary is missing from the sandbox, or it exited: with the end of its output); a sandbox driver that hosts no surfaces answers 400 SURFACE_UNSUPPORTED_PROVIDER.',
        params: SurfaceParams,
        body: Type.Object(
          {
            wait: Type.Optional(Type.Boolean({ description: 'Answer once it runs (default true)' })),
            path: Type.Optional(Type.String({ maxLength: 4096, description: 'A workspace file for VS Code to open, relative to the workspace' })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Envelope(OpenedSurface),
          ...refusals,
          503: Failure('The surface could not start (SURFACE_UNAVAILABLE)'),
        },
      },
    },
    async (request) => {
      const { pid, sid, surface } = request.params;
      const { wait, path } = request.body;
      const opened = await surfaces.open(principalOf(request), { projectId: pid, sessionId: sid, surface, wait, path });
      const origin = surfaceOrigin(
        { hubOrigin: hubOriginOf(request, services.settings), domain: surfaceDomainOf(services.settings.sessions.surfaceDomain) },
        opened.surface.id,
        sid,
      );
      return { success: true as const, data: { ...opened.surface, url: opened.ticket === null ? null : `${origin}${ENTER_PATH}?ticket=${opened.ticket}` } };
    },
  );

  app.delete(
    '/api/v1/projects/:pid/sessions/:sid/surfaces/:surface',
    {
      schema: {
        tags: ['Sessions'],
        summary: 'Stop a surface; the session keeps running',
        params: SurfaceParams,
        response: { 200: Envelope(SessionSurface), ...refusals },
      },
    },
    async (request) => {
      const { pid, sid, surface } = request.params;
      return { success: true as const, data: await surfaces.stop(principalOf(request), { projectId: pid, sessionId: sid, surface }) };
    },
  );
}
