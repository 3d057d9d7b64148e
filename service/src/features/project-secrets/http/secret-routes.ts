import { Type } from 'typebox';
import { principalOf } from '../../../http/auth/authenticate.js';
import { entityTagHeader, ifMatchOf, requiredIfMatch } from '../../../http/conditional-requests.js';
import { ProjectIdParams } from '../../../http/routes/project-schemas.js';
import { Envelope, Failure, SuccessResponse } from '../../../http/schemas.js';
import type { HubApp } from '../../../http/types.js';
import type { SecretReplacement, SecretSourceInput } from '../core/secrets/project-secrets.js';
import type { SecretUseCases } from '../core/secrets/secret-use-cases.js';
import { secretViewOf } from '../core/secrets/secret-view.js';
import { IfMatchHeaders, ProjectSecret, SecretCheck, SecretCreate, SecretParams, SecretReplace } from './secret-schemas.js';

/** What the secret routes use. */
export interface SecretRouteServices {
  useCases: { secrets: SecretUseCases };
}

const PATH = '/api/v1/projects/:pid/secrets';
const ONE = `${PATH}/:name`;
const TAGS = ['Secrets'];
/** Secrets are credentials: their answers are never cached, even without a value in them. */
const config = { cache: 'no-store' as const };

/**
 * A project's secrets (docs/project-secrets.md) through `useCases.secrets`: reading names and
 * sources is integration.read, everything else integration.manage. Values go in and never out.
 */
export function secretRoutes(app: HubApp, services: SecretRouteServices): void {
  const { secrets } = services.useCases;
  const One = Envelope(ProjectSecret);

  app.get(
    PATH,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'The project’s secrets, by name (a plain array; a project has at most 200)',
        params: ProjectIdParams,
        response: { 200: Envelope(Type.Array(ProjectSecret)) },
      },
    },
    async (request) => {
      const list = await secrets.list(principalOf(request), { projectId: request.params.pid });
      return { success: true as const, data: list.map(({ record }) => secretViewOf(record)) };
    },
  );

  app.post(
    PATH,
    {
      config: { ...config, idempotent: true },
      schema: {
        tags: TAGS,
        summary: 'Add a secret: a value the hub stores sealed, or a reference to where the hub reads it',
        description:
          'Answers the secret with its ETag. A name the project has already is CONFLICT; more than 200 secrets RESOURCE_EXHAUSTED. Writes secret.create.',
        params: ProjectIdParams,
        body: SecretCreate,
        response: { 201: One, 429: Failure('The project has 200 secrets (RESOURCE_EXHAUSTED)') },
      },
    },
    async (request, reply) => {
      const created = await secrets.create(principalOf(request), {
        projectId: request.params.pid,
        secret: request.body as SecretSourceInput & { name: string; description?: string },
      });
      return reply
        .code(201)
        .header('etag', entityTagHeader(created.etag))
        .send({ success: true as const, data: secretViewOf(created.record) });
    },
  );

  app.get(
    ONE,
    { config, schema: { tags: TAGS, summary: 'A secret, with its ETag (send it as If-Match to change it)', params: SecretParams, response: { 200: One } } },
    async (request, reply) => {
      const { pid, name } = request.params;
      const found = await secrets.get(principalOf(request), { projectId: pid, name });
      return reply.header('etag', entityTagHeader(found.etag)).send({ success: true as const, data: secretViewOf(found.record) });
    },
  );

  app.put(
    ONE,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Replace a secret’s source (and description), based on the version read',
        description:
          'If-Match is required: without it 428 PRECONDITION_REQUIRED; when the secret changed since it was read 412 PRECONDITION_FAILED (read it again and retry). Writes secret.update.',
        params: SecretParams,
        headers: IfMatchHeaders(true),
        body: SecretReplace,
        response: { 200: One, 412: Failure('The secret changed since it was read'), 428: Failure('No If-Match') },
      },
    },
    async (request, reply) => {
      const { pid, name } = request.params;
      const ifMatch = requiredIfMatch(request.headers['if-match'], `the secret ${name}`);
      const updated = await secrets.replace(principalOf(request), { projectId: pid, name, secret: request.body as SecretReplacement, ifMatch });
      return reply.header('etag', entityTagHeader(updated.etag)).send({ success: true as const, data: secretViewOf(updated.record) });
    },
  );

  app.delete(
    ONE,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Delete a secret',
        description: 'With If-Match, only the version read (412 PRECONDITION_FAILED otherwise). Writes secret.delete.',
        params: SecretParams,
        headers: IfMatchHeaders(false),
        response: { 200: SuccessResponse, 412: Failure('The secret changed since it was read') },
      },
    },
    async (request) => {
      const { pid, name } = request.params;
      await secrets.delete(principalOf(request), { projectId: pid, name, ifMatch: ifMatchOf(request.headers['if-match']) });
      return { success: true as const };
    },
  );

  app.post(
    `${ONE}/test`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Check that the hub can read the secret now',
        description:
          'A stored value must open with the hub’s key; a reference must resolve (the variable is set, the file readable, the Secret has the key). The message says what failed, never the value.',
        params: SecretParams,
        response: { 200: Envelope(SecretCheck) },
      },
    },
    async (request) => {
      const { pid, name } = request.params;
      return { success: true as const, data: await secrets.test(principalOf(request), { projectId: pid, name }) };
    },
  );
}
