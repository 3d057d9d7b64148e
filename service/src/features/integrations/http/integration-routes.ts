import { Type } from 'typebox';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import type { HubSettings } from '../../../config/settings.js';
import { HubError } from '../../../core/errors.js';
import { pageSize } from '../../../core/use-cases/caller.js';
import { principalOf } from '../../../http/auth/authenticate.js';
import { ProjectIdParams } from '../../../http/routes/project-schemas.js';
import { Envelope, Failure, Page, PageQuery, SuccessResponse } from '../../../http/schemas.js';
import type { HubApp } from '../../../http/types.js';
import type { IntegrationReplacement } from '../core/integration-input.js';
import type { IntegrationScope } from '../core/integration-records.js';
import type { IntegrationUseCases, ShownIntegration } from '../core/integration-use-cases.js';
import type { SecretSource } from '../core/secret-sources.js';
import {
  ConnectionTestResult,
  Integration,
  IntegrationCreate,
  IntegrationKind,
  IntegrationReplace,
  IntegrationVersion,
  kindView,
  OrgIntegrationParams,
  ProjectIntegrationCreate,
  ProjectIntegrationParams,
} from './integration-schemas.js';

/** What the integration routes use. */
export interface IntegrationRouteServices {
  useCases: { integrations: IntegrationUseCases };
  settings: Pick<HubSettings, 'limits'>;
}

const TAGS = ['Integrations'];
const One = Envelope(Integration);
const WRITE_FAILURES = {
  409: Failure('The scope has an integration with this name or variable prefix (CONFLICT)'),
  429: Failure('The scope has SERVICE_INTEGRATIONS_MAX_PER_SCOPE integrations (RESOURCE_EXHAUSTED)'),
};
const ETAG = { etag: { type: 'string', description: 'Send it as If-Match to change or delete this integration' } };

/** The If-Match header: null when absent. */
function ifMatchOf(request: FastifyRequest): string | null {
  const header = request.headers['if-match'];
  return typeof header === 'string' && header.trim() !== '' ? header.trim() : null;
}

function send(reply: FastifyReply, shown: ShownIntegration, status = 200) {
  return reply
    .code(status)
    .header('etag', shown.etag)
    .send({ success: true as const, data: shown.integration });
}

/**
 * Integrations (docs/integrations.md) through `useCases.integrations`: the kinds, and the
 * integrations of a project (`integration.read` to read, `integration.manage` to change and test)
 * and of the organization (read by anyone signed in, changed with `org-integration.manage`).
 */
export function integrationRoutes(app: HubApp, services: IntegrationRouteServices): void {
  const { integrations } = services.useCases;
  const limit = (requested: number | undefined) => pageSize(requested, services.settings.limits);

  app.get(
    '/api/v1/integration-kinds',
    {
      schema: {
        tags: TAGS,
        summary: 'The kinds of integration this hub knows, with their fields and the secret sources they accept here',
        response: { 200: Envelope(Type.Array(IntegrationKind)) },
      },
    },
    async () => ({ success: true as const, data: integrations.kinds().map(kindView) }),
  );

  const scopes: {
    base: string;
    params: typeof ProjectIdParams | null;
    one: typeof ProjectIntegrationParams | typeof OrgIntegrationParams;
    scopeOf: (params: { pid?: string }) => IntegrationScope;
    name: string;
  }[] = [
    {
      base: '/api/v1/projects/:pid/integrations',
      params: ProjectIdParams,
      one: ProjectIntegrationParams,
      scopeOf: (params) => ({ kind: 'project', projectId: params.pid! }),
      name: 'a project',
    },
    { base: '/api/v1/integrations', params: null, one: OrgIntegrationParams, scopeOf: () => ({ kind: 'organization' }), name: 'the organization' },
  ];

  for (const { base, params, one, scopeOf, name } of scopes) {
    const organization = params === null;
    const config: FastifyContextConfig = organization ? { action: 'org-integration.manage' } : {};

    app.get(
      base,
      {
        schema: {
          tags: TAGS,
          summary: `Integrations of ${name}, newest first`,
          ...(params ? { params } : {}),
          querystring: PageQuery,
          response: { 200: Envelope(Page(Integration)) },
        },
      },
      async (request) => {
        const page = await integrations.list(principalOf(request), {
          scope: scopeOf(request.params as { pid?: string }),
          cursor: request.query.cursor ?? null,
          limit: limit(request.query.limit),
        });
        return { success: true as const, data: { items: page.items, next_cursor: page.nextCursor } };
      },
    );

    app.post(
      base,
      {
        config: { idempotent: true, ...config },
        schema: {
          tags: TAGS,
          summary: organization ? 'Add an organization integration' : "Add an integration to a project, or copy an organization's into it",
          description:
            'Secret fields are given in `secrets`, each with its source; a reference (environment, file, kubernetes_secret) is read now and refused with a message saying what is missing. Answers the integration with its ETag.',
          ...(params ? { params } : {}),
          body: organization ? IntegrationCreate : ProjectIntegrationCreate,
          response: { 201: { ...One, headers: ETAG }, ...WRITE_FAILURES },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const scope = scopeOf(request.params as { pid?: string });
        const body = request.body as typeof request.body & { copy_from?: string };
        if (body.copy_from !== undefined && scope.kind === 'project') {
          const extra = (['kind', 'description', 'config', 'secrets'] as const).filter((field) => body[field] !== undefined);
          if (extra.length > 0)
            throw new HubError(
              'VALIDATION_ERROR',
              'a copy takes its kind, description, configuration and secrets from the organization integration',
              extra.map((field) => ({ field, message: 'does not go with copy_from' })),
            );
          const copied = await integrations.copy(principal, {
            projectId: scope.projectId,
            from: body.copy_from,
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.env_prefix !== undefined ? { env_prefix: body.env_prefix } : {}),
          });
          return send(reply, copied, 201);
        }
        if (body.kind === undefined || body.name === undefined) {
          const missing = (['kind', 'name'] as const).filter((field) => body[field] === undefined);
          throw new HubError(
            'VALIDATION_ERROR',
            `the integration needs ${missing.join(' and ')} (or copy_from)`,
            missing.map((field) => ({ field, message: 'is required' })),
          );
        }
        const created = await integrations.create(principal, {
          scope,
          integration: {
            kind: body.kind,
            name: body.name,
            ...(body.env_prefix !== undefined ? { env_prefix: body.env_prefix } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(body.config !== undefined ? { config: body.config } : {}),
            ...(body.secrets !== undefined ? { secrets: body.secrets as Record<string, SecretSource> } : {}),
          },
        });
        return send(reply, created, 201);
      },
    );

    app.get(
      `${base}/:iid`,
      { schema: { tags: TAGS, summary: `An integration of ${name}, with its ETag`, params: one, response: { 200: { ...One, headers: ETAG } } } },
      async (request, reply) => {
        const { iid, ...rest } = request.params as { iid: string; pid?: string };
        return send(reply, await integrations.get(principalOf(request), { scope: scopeOf(rest), id: iid }));
      },
    );

    app.put(
      `${base}/:iid`,
      {
        config,
        schema: {
          tags: TAGS,
          summary: `Replace the configuration of an integration of ${name}`,
          description:
            'If-Match must carry the ETag the integration was read with: without it the answer is 428 PRECONDITION_REQUIRED, with another 412 PRECONDITION_FAILED (someone else saved since: read it again and re-apply). A secret field left out of `secrets` keeps its source; null removes it. Each change is a new version.',
          params: one,
          body: IntegrationReplace,
          response: {
            200: { ...One, headers: ETAG },
            412: Failure('If-Match is not the current ETag (PRECONDITION_FAILED)'),
            428: Failure('If-Match is missing (PRECONDITION_REQUIRED)'),
            ...WRITE_FAILURES,
          },
        },
      },
      async (request, reply) => {
        const { iid, ...rest } = request.params as { iid: string; pid?: string };
        const scope = scopeOf(rest);
        const principal = principalOf(request);
        const ifMatch = ifMatchOf(request);
        // `*` asks for whatever is current: the ETag just read.
        const etag = ifMatch === '*' ? (await integrations.get(principal, { scope, id: iid })).etag : ifMatch;
        const replaced = await integrations.replace(principal, { scope, id: iid, ifMatch: etag, integration: request.body as IntegrationReplacement });
        return send(reply, replaced);
      },
    );

    app.delete(
      `${base}/:iid`,
      {
        config,
        schema: {
          tags: TAGS,
          summary: `Delete an integration of ${name} and its versions`,
          description: 'With If-Match, only when the integration is still the one read (412 PRECONDITION_FAILED otherwise).',
          params: one,
          response: { 200: SuccessResponse, 412: Failure('If-Match is not the current ETag (PRECONDITION_FAILED)') },
        },
      },
      async (request) => {
        const { iid, ...rest } = request.params as { iid: string; pid?: string };
        const ifMatch = ifMatchOf(request);
        await integrations.delete(principalOf(request), { scope: scopeOf(rest), id: iid, ifMatch: ifMatch === '*' ? null : ifMatch });
        return { success: true as const };
      },
    );

    app.get(
      `${base}/:iid/versions`,
      {
        schema: {
          tags: TAGS,
          summary: `The versions of an integration of ${name}, newest first`,
          params: one,
          querystring: PageQuery,
          response: { 200: Envelope(Page(IntegrationVersion)) },
        },
      },
      async (request) => {
        const { iid, ...rest } = request.params as { iid: string; pid?: string };
        const page = await integrations.versions(principalOf(request), {
          scope: scopeOf(rest),
          id: iid,
          cursor: request.query.cursor ?? null,
          limit: limit(request.query.limit),
        });
        return { success: true as const, data: { items: page.items, next_cursor: page.nextCursor } };
      },
    );

    app.post(
      `${base}/:iid/test`,
      {
        config,
        schema: {
          tags: TAGS,
          summary: `Try the connection of an integration of ${name}`,
          description:
            'One attempt with the saved configuration, within SERVICE_INTEGRATIONS_TEST_TIMEOUT_SECONDS, under the outbound-request policy (docs/outbound-requests.md). A failed connection is an answer too (ok: false), its message saying what failed without any secret.',
          params: one,
          response: { 200: Envelope(ConnectionTestResult) },
        },
      },
      async (request) => {
        const { iid, ...rest } = request.params as { iid: string; pid?: string };
        return { success: true as const, data: await integrations.test(principalOf(request), { scope: scopeOf(rest), id: iid }) };
      },
    );
  }
}
