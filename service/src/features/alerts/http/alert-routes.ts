import { Type } from 'typebox';
import { ALERT_KINDS } from '../../../core/ports/alert-kinds.js';
import { destinationView } from '../core/destination-records.js';
import { KIND_MAX_LENGTH, KINDS_MAX, NAME_MAX, SECRET_MAX, SECRET_MIN } from '../core/destination-validation.js';
import type { AlertUseCases } from '../core/alert-use-cases.js';
import type { HubSettings } from '../../../config/settings.js';
import { principalOf } from '../../../http/auth/authenticate.js';
import { pageSize } from '../../../core/use-cases/caller.js';
import { DateTime, Envelope, Failure, Nullable, Page, PageQuery, SuccessResponse } from '../../../http/schemas.js';
import type { HubApp } from '../../../http/types.js';
import { ProjectIdParams } from '../../../http/routes/project-schemas.js';

const AlertIdParams = Type.Intersect([ProjectIdParams, Type.Object({ alert_id: Type.String({ pattern: '^alert-[0-9a-z]{16}$' }) })]);

const common = {
  id: Type.String({ pattern: '^alert-[0-9a-z]{16}$' }),
  name: Type.String(),
  kinds: Type.Array(Type.Enum([...ALERT_KINDS, 'unknown']), { description: 'Subscribed kinds; a kind this hub does not know reads as unknown' }),
  enabled: Type.Boolean(),
  verified_at: Nullable(DateTime),
  endpoint_host: Type.String({ description: 'Host (and port) of the destination URL; the URL itself is never returned' }),
  created_by: Type.String(),
  created_at: DateTime,
  updated_at: DateTime,
};

export const AlertDestination = Type.Union(
  [
    Type.Object({ ...common, type: Type.Literal('slack'), webhook_url_set: Type.Literal(true) }),
    Type.Object({ ...common, type: Type.Literal('webhook'), url_set: Type.Literal(true), signing_secret_set: Type.Literal(true) }),
  ],
  { $id: 'AlertDestination' },
);

const url = (description: string) => Type.String({ minLength: 1, maxLength: 2048, description: `${description} Write-only.` });
const fields = {
  name: Type.String({ minLength: 1, maxLength: NAME_MAX }),
  kinds: Type.Array(Type.String({ minLength: 1, maxLength: KIND_MAX_LENGTH }), {
    minItems: 1,
    maxItems: KINDS_MAX,
    description: 'Alert kinds to deliver (capabilities.project_alerts.selectable_kinds); values this hub does not know are kept and read back as unknown',
  }),
  enabled: Type.Boolean({ description: 'Default true; a disabled destination receives nothing' }),
  webhook_url: url('slack: the incoming-webhook URL (https).'),
  url: url('webhook: the receiver URL (https).'),
  signing_secret: Type.String({ minLength: SECRET_MIN, maxLength: SECRET_MAX, description: 'webhook: the key of the X-Hub-Signature HMAC. Write-only.' }),
};

const AlertDestinationCreate = Type.Object(
  {
    type: Type.Enum(['slack', 'webhook']),
    name: fields.name,
    kinds: fields.kinds,
    enabled: Type.Optional(fields.enabled),
    webhook_url: Type.Optional(fields.webhook_url),
    url: Type.Optional(fields.url),
    signing_secret: Type.Optional(fields.signing_secret),
  },
  { additionalProperties: false, description: 'slack needs webhook_url; webhook needs url and signing_secret' },
);

const AlertDestinationPatch = Type.Object(
  {
    name: Type.Optional(fields.name),
    kinds: Type.Optional(fields.kinds),
    enabled: Type.Optional(fields.enabled),
    webhook_url: Type.Optional(fields.webhook_url),
    url: Type.Optional(fields.url),
    signing_secret: Type.Optional(fields.signing_secret),
  },
  { additionalProperties: false, minProperties: 1, description: 'A new URL or signing secret clears verified_at; the type cannot change' },
);

/** What the alert destination routes use. */
export interface AlertRouteServices {
  useCases: { alerts: AlertUseCases };
  settings: Pick<HubSettings, 'limits'>;
}

/** Alert destinations of a project (docs/alerts.md) through `useCases.alerts`; all of it needs project.alerts.manage. */
export function alertRoutes(app: HubApp, services: AlertRouteServices): void {
  const { alerts } = services.useCases;
  const One = Envelope(AlertDestination);

  app.get(
    '/api/v1/projects/:pid/alerts',
    {
      schema: {
        tags: ['Alerts'],
        summary: 'Alert destinations of a project, newest first',
        params: ProjectIdParams,
        querystring: PageQuery,
        response: { 200: Envelope(Page(AlertDestination)) },
      },
    },
    async (request) => {
      const page = await alerts.list(principalOf(request), {
        projectId: request.params.pid,
        cursor: request.query.cursor ?? null,
        limit: pageSize(request.query.limit, services.settings.limits),
      });
      return { success: true as const, data: { items: page.items.map(destinationView), next_cursor: page.nextCursor } };
    },
  );

  app.post(
    '/api/v1/projects/:pid/alerts',
    {
      config: { idempotent: true },
      schema: {
        tags: ['Alerts'],
        summary: 'Add an alert destination',
        description:
          'At most capabilities.project_alerts.max_destinations per project (RESOURCE_EXHAUSTED beyond). See docs/alerts.md for payloads and signatures.',
        params: ProjectIdParams,
        body: AlertDestinationCreate,
        response: { 201: One, 429: Failure('The project has capabilities.project_alerts.max_destinations destinations (RESOURCE_EXHAUSTED)') },
      },
    },
    async (request, reply) => {
      const created = await alerts.create(principalOf(request), { projectId: request.params.pid, destination: request.body });
      return reply.code(201).send({ success: true as const, data: destinationView(created) });
    },
  );

  app.get(
    '/api/v1/projects/:pid/alerts/:alert_id',
    { schema: { tags: ['Alerts'], summary: 'An alert destination', params: AlertIdParams, response: { 200: One } } },
    async (request) => {
      const { pid, alert_id } = request.params;
      return { success: true as const, data: destinationView(await alerts.get(principalOf(request), { projectId: pid, alertId: alert_id })) };
    },
  );

  app.patch(
    '/api/v1/projects/:pid/alerts/:alert_id',
    { schema: { tags: ['Alerts'], summary: 'Change an alert destination', params: AlertIdParams, body: AlertDestinationPatch, response: { 200: One } } },
    async (request) => {
      const { pid, alert_id } = request.params;
      const updated = await alerts.update(principalOf(request), { projectId: pid, alertId: alert_id, patch: request.body });
      return { success: true as const, data: destinationView(updated) };
    },
  );

  app.delete(
    '/api/v1/projects/:pid/alerts/:alert_id',
    { schema: { tags: ['Alerts'], summary: 'Delete an alert destination', params: AlertIdParams, response: { 200: SuccessResponse } } },
    async (request) => {
      const { pid, alert_id } = request.params;
      await alerts.delete(principalOf(request), { projectId: pid, alertId: alert_id });
      return { success: true as const };
    },
  );

  app.post(
    '/api/v1/projects/:pid/alerts/:alert_id/verify',
    {
      schema: {
        tags: ['Alerts'],
        summary: 'Send a test delivery and, when the destination accepts it, set verified_at',
        description:
          'Waits for the answer (one attempt, no retries). A destination that refuses the test (4xx, redirect, forbidden address) answers BAD_REQUEST; one that cannot be reached, times out or fails (5xx, 408, 429) answers SERVICE_UNAVAILABLE. verified_at is unchanged on failure.',
        params: AlertIdParams,
        response: { 200: One },
      },
    },
    async (request) => {
      const { pid, alert_id } = request.params;
      const verified = await alerts.verify(principalOf(request), { projectId: pid, alertId: alert_id });
      return { success: true as const, data: destinationView(verified) };
    },
  );
}
