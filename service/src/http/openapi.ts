import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { SYNC_SCOPES } from '../core/identity/oauth-scopes.js';
import { withLinks } from './openapi-links.js';
import type { HubApp } from './types.js';
import { absentBodyIsEmpty } from './validation.js';

export const OPENAPI_TAGS = [
  'Auth',
  'Projects',
  'Alerts',
  'Notebooks',
  'Sessions',
  'Jobs',
  'Integrations',
  'Secrets',
  'Remotes',
  'Sync',
  'Users',
  'Audit',
  'System',
] as const;

/**
 * The OpenAPI 3.1 document is generated from the route schemas, so validation, serialization and
 * documentation cannot disagree. Each route's security requirement follows its config.
 *
 * The document is built on its first request and kept: at start-up only the routes are noted (as
 * @fastify/swagger would note them), and the plugin, with its YAML writer and reference resolver,
 * is loaded when the document is first asked for. It then runs on a stand-in for the app that
 * replays what the app told it: every route, every encapsulated scope (for their shared schemas),
 * and the app being ready.
 */
export function registerOpenApi(app: HubApp, serverUrl: string | null = null): void {
  const routes: RouteOptions[] = [];
  const scopes: FastifyInstance[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route as RouteOptions);
  });
  app.addHook('onRegister', (scope) => {
    scopes.push(scope as unknown as FastifyInstance);
  });
  let yaml: Promise<string> | null = null;
  documents.set(
    app,
    () =>
      (yaml ??= buildYaml(app as unknown as FastifyInstance, routes, scopes, serverUrl).catch((error: unknown) => {
        yaml = null;
        throw error;
      })),
  );
}

const documents = new WeakMap<object, () => Promise<string>>();

/** The document as YAML; built on the first call, the same text afterwards. */
export function renderOpenApiYaml(app: HubApp): Promise<string> {
  const document = documents.get(app);
  if (!document) throw new Error('the OpenAPI document is not registered on this app');
  return document();
}

type Hook = (...args: unknown[]) => unknown;
type SwaggerPlugin = (scope: object, options: SwaggerOptions, done: (error?: Error) => void) => void;

async function buildYaml(app: FastifyInstance, routes: readonly RouteOptions[], scopes: readonly FastifyInstance[], serverUrl: string | null): Promise<string> {
  const plugin = (await import('@fastify/swagger')).fastifySwagger as unknown as SwaggerPlugin;
  const hooks = new Map<string, Hook>();
  let swagger: ((options: { yaml: true }) => string) | null = null;
  const standIn = {
    addHook: (name: string, hook: Hook) => void hooks.set(name, hook),
    decorate: (_name: string, value: typeof swagger) => void (swagger = value),
    getSchemas: () => app.getSchemas(),
  };
  await new Promise<void>((resolve, reject) => plugin(standIn, optionsFor(serverUrl), (error) => (error ? reject(error) : resolve())));
  const onRoute = hooks.get('onRoute');
  const onRegister = hooks.get('onRegister');
  const onReady = hooks.get('onReady');
  if (!onRoute || !onRegister || !onReady || !swagger) throw new Error('@fastify/swagger did not declare what the document needs');
  for (const route of routes) onRoute(route);
  for (const scope of scopes) await onRegister(scope);
  await new Promise<void>((resolve) => onReady(resolve));
  return (swagger as (options: { yaml: true }) => string)({ yaml: true });
}

/**
 * The plugin's options. `serverUrl`: where the paths are rooted when that is not the document's own
 * origin (a hub under a path prefix, docs/deploy.md "Behind a reverse proxy"); null adds no `servers`.
 */
const optionsFor = (serverUrl: string | null): SwaggerOptions => ({
  openapi: {
    openapi: '3.1.0',
    ...(serverUrl ? { servers: [{ url: serverUrl, description: 'This hub' }] } : {}),
    info: {
      title: 'Notebook Hub API',
      version: '1.0.0',
      description:
        'Projects, marimo notebooks and the sandboxes that run them. JSON routes answer {success, data} or {success: false, error}; see docs/errors.md for the status of every error code.',
    },
    tags: OPENAPI_TAGS.map((name) => ({ name })),
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'svc_session', description: 'Browser session from the login flow' },
        personalAccessToken: { type: 'http', scheme: 'bearer', description: 'Personal access token (svc_pat_...)' },
        syncOAuth: {
          type: 'oauth2',
          description: "An access token of the hub's OAuth server for its sync API, <hub>/api/v1/sync (docs/remotes.md); taken by the sync routes only",
          flows: {
            authorizationCode: { authorizationUrl: '/oauth/authorize', tokenUrl: '/oauth/token', refreshUrl: '/oauth/token', scopes: { ...SYNC_SCOPES } },
          },
        },
      },
    },
  },
  transformObject: (document) => ('openapiObject' in document ? withLinks(withOptionalBodies(document.openapiObject as OpenApiPaths)) : document.swaggerObject),
  refResolver: { buildLocalReference: (json, _baseUri, _fragment, index) => (typeof json.$id === 'string' ? json.$id : `def-${index}`) },
  transform: ({ schema, url, route }) => {
    const config = (route.config ?? {}) as { public?: boolean; sessionOnly?: boolean };
    // A route that authenticates itself (the sync API's bearer tokens) declares what it takes.
    const declared = (schema as { security?: Record<string, string[]>[] } | undefined)?.security;
    const security: Record<string, string[]>[] =
      declared ?? (config.public ? [] : config.sessionOnly ? [{ sessionCookie: [] }] : [{ sessionCookie: [] }, { personalAccessToken: [] }]);
    // A route that takes a missing body as `{}` (every field has a default) says its body is optional.
    const optionalBody = [route.preValidation].flat().includes(absentBodyIsEmpty);
    return { schema: { ...schema, security, ...(optionalBody ? { [OPTIONAL_BODY]: true } : {}) }, url };
  },
});

/** The operation extension `transform` marks an optional body with; it never reaches the document. */
const OPTIONAL_BODY = 'x-optional-body';

type OpenApiPaths = { paths?: Record<string, Record<string, { requestBody?: { required?: boolean }; [OPTIONAL_BODY]?: boolean }>> };

/** The swagger plugin marks every request body required; a route with an optional one is told apart here. */
function withOptionalBodies<T extends OpenApiPaths>(document: T): T {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      if (typeof operation !== 'object' || operation === null || !(OPTIONAL_BODY in operation)) continue;
      if (operation.requestBody) operation.requestBody.required = false;
      delete operation[OPTIONAL_BODY];
    }
  }
  return document;
}
