import { Type } from 'typebox';
import { INSPECTED_RECLAIM_BLOCKS } from '../../core/sessions/reclaim-rules.js';
import type { UseCases } from '../../core/use-cases/index.js';
import type { HubSettings } from '../../config/settings.js';
import { principalOf } from '../auth/authenticate.js';
import { pageSize } from '../../core/use-cases/caller.js';
import { DateTime, Envelope, Nullable, Page, PageQuery, TraceId } from '../schemas.js';
import type { HubApp } from '../types.js';
import { absentBodyIsEmpty } from '../validation.js';
import { SessionParams } from './session-schemas.js';

export const RUNTIME_SESSIONS_PATH = '/api/v1/admin/runtime/sessions';

const ReclaimRequest = Type.Object(
  { save: Type.Optional(Type.Boolean({ default: true, description: 'Save the notebook from the sandbox as a new version first' })) },
  { additionalProperties: false, $id: 'ReclaimRequest' },
);
const ReclaimResult = Type.Object(
  {
    reclaimed: Type.Literal(true),
    saved: Type.Boolean({ description: 'False when nothing was saved: unchanged file, an app session, save=false, or already reclaimed' }),
  },
  { $id: 'ReclaimResult' },
);

const RuntimeSession = Type.Object(
  {
    id: Type.String(),
    project_id: Type.String(),
    notebook_id: Type.String(),
    mode: Type.Enum(['edit', 'app']),
    user_id: Type.String(),
    state: Type.Enum(['provisioning', 'running', 'stopping', 'stopped', 'failed']),
    stop_reason: Nullable(Type.String()),
    created_at: DateTime,
    stopped_at: Nullable(DateTime),
    sandbox_released: Type.Boolean(),
    trace_id: TraceId("the session's start"),
    reclaimable: Type.Optional(
      Type.Boolean({ description: 'Edit sessions only: a reclaim with the default body passes every check that needs no sandbox call' }),
    ),
    reclaim_blocked_reason: Type.Optional(
      Nullable(Type.Enum([...INSPECTED_RECLAIM_BLOCKS], { description: 'Edit sessions only: the cause when reclaimable is false' })),
    ),
  },
  { $id: 'RuntimeSession' },
);

/** What the runtime administration routes use. */
export interface AdminRuntimeRouteServices {
  useCases: Pick<UseCases, 'runtime'>;
  settings: Pick<HubSettings, 'limits'>;
}

/**
 * Runtime inspection and forced reclaim of sessions (docs/sessions.md) through `useCases.runtime`:
 * super admins only (action `admin.access`, decided for the deployment before the handler runs,
 * and again by the use case for callers without this hook).
 */
export function adminRuntimeRoutes(app: HubApp, services: AdminRuntimeRouteServices): void {
  app.get(
    RUNTIME_SESSIONS_PATH,
    {
      config: { action: 'admin.access', cache: 'no-store' },
      schema: {
        tags: ['Admin'],
        summary: 'Sessions that may still hold a sandbox, across every project, newest first',
        description:
          'Live sessions and sessions that are over but whose sandbox is not yet released. Edit rows say whether a reclaim would be refused for a cause that needs no sandbox call.',
        querystring: PageQuery,
        response: { 200: Envelope(Page(RuntimeSession)) },
      },
    },
    async (request) => {
      const page = await services.useCases.runtime.sessions(principalOf(request), {
        cursor: request.query.cursor ?? null,
        limit: pageSize(request.query.limit, services.settings.limits),
      });
      return { success: true as const, data: { items: page.items, next_cursor: page.nextCursor } };
    },
  );

  app.post(
    '/api/v1/admin/runtime/projects/:pid/sessions/:sid/reclaim',
    {
      config: { action: 'admin.access' },
      preValidation: absentBodyIsEmpty,
      schema: {
        tags: ['Admin'],
        summary: 'Reclaim a session that is over: save its notebook (unless save=false), destroy its sandbox, free its notebook',
        description:
          'Refused with 409 CONFLICT (not_terminal, provision_grace, teardown_grace, kernel_active, attachment_unsupported) or 503 SERVICE_UNAVAILABLE with Retry-After (attachment_failed, kernel_unreachable, destroy_failed, timeout); the message names the cause. A session already reclaimed answers saved=false.',
        params: SessionParams,
        body: ReclaimRequest,
        response: { 200: Envelope(ReclaimResult) },
      },
    },
    async (request) => {
      const { pid, sid } = request.params;
      const { saved } = await services.useCases.runtime.reclaim(principalOf(request), { projectId: pid, sessionId: sid, save: request.body.save });
      return { success: true as const, data: { reclaimed: true as const, saved } };
    },
  );
}
