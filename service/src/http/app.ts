import { randomFillSync } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type RouteOptions } from 'fastify';
import type { CatalogGate } from '../boot/catalog-gate.js';
import type { HubSettings } from '../config/settings.js';
import type { Metrics } from '../core/ports/metrics.js';
import type { Tracer } from '../core/ports/tracing.js';
import type { SecretBox } from '../core/ports/secret-box.js';
import type { ObjectStore } from '../core/ports/object-store.js';
import { registerAuthentication } from './auth/authenticate.js';
import { answeredOutsideBasePath, basePathRewriter } from './base-path.js';
import { registerCaching } from './caching.js';
import { errorEnvelope, handleError } from './envelope.js';
import { documentStatuses } from './documented-statuses.js';
import { clientErrorHandler, frameworkError, registerDrainRefusal } from './framework-errors.js';
import { registerIdempotency } from './idempotency.js';
import { registerLaunchSecret } from './launch-secret.js';
import { registerMethodGuard } from './method-guard.js';
import { registerOpenApi } from './openapi.js';
import { registerMatchedRoute } from './matched-route.js';
import { LazySchemas, lazySerializerFactory, partAwareValidatorCompiler } from './validation.js';
import { OneLinePerRequest, requestLoggers, type InfoLineWriter } from './request-log.js';
import { registerRequestMetrics } from './request-metrics.js';
import { registerRequestTracing } from './request-tracing.js';
import { auditRoutes } from './routes/audit.js';
import { authRoutes, type AuthRouteOptions } from './routes/auth.js';
import { registerSessionProxy } from './proxy/session-proxy.js';
import { meRoutes } from './routes/me.js';
import { sessionRoutes } from './routes/sessions.js';
import { notebookVersionRoutes } from './routes/notebook-versions.js';
import { notebookRoutes } from './routes/notebooks.js';
import { policyAnalyzerRoutes } from './routes/policy-analyzer.js';
import { projectMemberRoutes } from './routes/project-members.js';
import { projectRoutes } from './routes/projects.js';
import { sandboxDiagnosticRoutes } from './routes/sandbox-diagnostic.js';
import { adminRuntimeRoutes } from './routes/admin-runtime.js';
import { runtimeSetupRoutes } from './routes/runtime-setup.js';
import { systemRoutes } from './routes/system.js';
import { userRoutes } from './routes/users.js';
import { workspaceRoutes } from './routes/workspace.js';
import { NAMED_SCHEMAS } from './schemas.js';
import type { HubApp } from './types.js';
import { uiRoutes } from './ui.js';

/** The services of one route registration (its second parameter). */
type ServicesOf<Register extends (app: HubApp, services: never, ...more: never[]) => unknown> = Parameters<Register>[1];

/** What the app and every route registered here use; each route file declares its own part. */
export type HttpServices = { settings: HubSettings; metrics: Metrics; tracer: Tracer; store: ObjectStore; secrets: SecretBox } & ServicesOf<
  typeof systemRoutes
> &
  ServicesOf<typeof authRoutes> &
  ServicesOf<typeof meRoutes> &
  ServicesOf<typeof userRoutes> &
  ServicesOf<typeof projectRoutes> &
  ServicesOf<typeof projectMemberRoutes> &
  ServicesOf<typeof notebookRoutes> &
  ServicesOf<typeof notebookVersionRoutes> &
  ServicesOf<typeof workspaceRoutes> &
  ServicesOf<typeof sandboxDiagnosticRoutes> &
  ServicesOf<typeof adminRuntimeRoutes> &
  ServicesOf<typeof runtimeSetupRoutes> &
  ServicesOf<typeof sessionRoutes> &
  ServicesOf<typeof registerSessionProxy> &
  ServicesOf<typeof registerAuthentication> &
  ServicesOf<typeof auditRoutes> &
  ServicesOf<typeof policyAnalyzerRoutes>;

/**
 * Where a capability's routes stand among the hub's own: right after the routes of the signed-in
 * user (`account`), of a notebook's workspace (`notebooks`) or of sessions (`sessions`). The
 * OpenAPI document lists the routes in the order they are registered.
 */
export type RouteAnchor = 'account' | 'notebooks' | 'sessions';

export interface AnchoredRoutes {
  after: RouteAnchor;
  register(app: HubApp): void | Promise<void>;
}

/**
 * Requests for hosts of a capability's own (a surface's origin, docs/surfaces.md): taken before
 * anything else the app does, and their WebSocket upgrades (`upgrade` answers true when it took one).
 */
export interface OwnHosts {
  register(app: HubApp, sockets: Set<Duplex>): { upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean };
}

/** What the capabilities add to the app. */
export interface HttpContributions {
  routes: readonly AnchoredRoutes[];
  ownHosts: readonly OwnHosts[];
  /** Sources of the frames the UI's Content-Security-Policy allows (a surface shown beside a notebook). */
  frameSources: readonly string[];
  /**
   * GET paths (below the base path) a browser comes back to from another site, such as an OAuth
   * redirect: a desktop hub takes them without its launch secret, since the system browser has
   * none. Each guards itself with a one-time state of its own.
   */
  browserReturns: readonly RegExp[];
}

export const NO_CONTRIBUTIONS: HttpContributions = { routes: [], ownHosts: [], frameSources: [], browserReturns: [] };

export interface HttpAppDeps {
  logger: FastifyBaseLogger;
  /** The logger's shortcut for the request line, where it has one. */
  infoLine?: InfoLineWriter;
  services: HttpServices;
  catalogGate: CatalogGate;
  auth: AuthRouteOptions;
  /** WebSocket connections handed off by the HTTP server (closed at shutdown). */
  upgradedSockets: Set<Duplex>;
  /**
   * The folder of the built web UI (`index.html` and `assets/`), served at `/`; null serves no UI.
   * A plain path, so an embedding host (the desktop app) can pass its own.
   */
  uiDir?: string | null;
  /** The capabilities' routes and hosts (compose/features.ts). */
  contributions?: HttpContributions;
  /** Registers more routes after all the others (the OIDC login, maintenance health, tests). */
  routes?: ((app: HubApp) => void)[];
  /** A desktop hub's per-launch secret: requests without it are refused (docs/desktop.md). */
  launchSecret?: string | null;
}

/** The fastify application: the hub's own routes, with the capabilities' at their anchors. */
export async function buildHttpApp(deps: HttpAppDeps): Promise<HubApp> {
  const { services } = deps;
  const contributions = deps.contributions ?? NO_CONTRIBUTIONS;
  const routesAfter = async (anchor: RouteAnchor) => {
    for (const routes of contributions.routes) if (routes.after === anchor) await routes.register(app);
  };
  const schemas = new LazySchemas();
  const nextRequestId = requestIds();
  const app = Fastify({
    loggerInstance: deps.logger,
    logController: new OneLinePerRequest(deps.infoLine),
    childLoggerFactory: requestLoggers,
    trustProxy: false,
    bodyLimit: services.settings.limits.maxRequestBytes,
    genReqId: nextRequestId,
    // Above the longest path parameter a route accepts once percent-encoded (a member's e-mail,
    // 320 characters); longer segments are 414 (docs/errors.md).
    routerOptions: { maxParamLength: 4096 },
    frameworkErrors: frameworkError,
    clientErrorHandler: clientErrorHandler(nextRequestId),
    return503OnClosing: false,
    // Under a path prefix, routes are matched without it (docs/deploy.md, "Behind a reverse proxy").
    rewriteUrl: basePathRewriter(services.settings.basePath),
    // Response serializers are compiled on first use, like the validators below.
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory(schemas) as never } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  lazySchemasOf.set(app, schemas);
  app.setValidatorCompiler(partAwareValidatorCompiler(schemas));
  registerMatchedRoute(app);
  registerDrainRefusal(app);
  registerRequestMetrics(app, services.metrics);
  registerRequestTracing(app, services.tracer);

  for (const schema of NAMED_SCHEMAS) app.addSchema(schema);
  // Every route documents the failure envelope for its error statuses.
  app.addHook('onRoute', (route) => documentStatuses(route as RouteOptions));
  const { publicUrl, basePath } = services.settings;
  // Under a path prefix the document's paths are rooted at the base (its `servers`).
  registerOpenApi(app, basePath === '' ? null : `${publicUrl ?? ''}${basePath}`);
  // Cookies are parsed by the hook below rather than by the plugin's own, which gives every
  // request a fresh object and Map even when it carries no cookie (API clients send tokens).
  await app.register(cookie, { hook: false });
  registerCaching(app);
  // Before everything else: a surface's own host is not the hub (docs/surfaces.md, "Own origins").
  const ownHosts = contributions.ownHosts.map((hosts) => hosts.register(app, deps.upgradedSockets));

  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    const cookies = request.headers.cookie;
    request.cookies = cookies ? app.parseCookie(cookies) : NO_COOKIES;
    if (answeredOutsideBasePath(request, reply, services.settings.basePath)) return;
    // The whole API depends on the catalog; health stays up so operators can see the process.
    // Once the catalog is ready (nearly always) this costs no promise.
    if (deps.catalogGate.isReady || !request.url.startsWith('/api/v1/')) return done();
    deps.catalogGate.ensureReady().then(() => done(), done);
  });
  if (deps.launchSecret) registerLaunchSecret(app, deps.launchSecret, { basePath, browserReturns: contributions.browserReturns });
  registerAuthentication(app, services);
  registerMethodGuard(app);
  registerIdempotency(app, services.store, services.secrets);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send(errorEnvelope('NOT_FOUND', `no route for ${request.method} ${request.url.split('?')[0]}`, request.id));
  });

  systemRoutes(app, services);
  authRoutes(app, services, deps.auth);
  meRoutes(app, services);
  await routesAfter('account');
  userRoutes(app, services);
  projectRoutes(app, services);
  projectMemberRoutes(app, services);
  notebookRoutes(app, services);
  notebookVersionRoutes(app, services);
  workspaceRoutes(app, services);
  await routesAfter('notebooks');
  sandboxDiagnosticRoutes(app, services);
  adminRuntimeRoutes(app, services);
  runtimeSetupRoutes(app, services);
  sessionRoutes(app, services);
  await routesAfter('sessions');
  await registerSessionProxy(app, services, deps.upgradedSockets, (request, socket, head) => ownHosts.some((hosts) => hosts.upgrade(request, socket, head)));
  auditRoutes(app, services);
  policyAnalyzerRoutes(app, services);
  for (const register of deps.routes ?? []) register(app);
  if (deps.uiDir) uiRoutes(app, deps.uiDir, basePath, contributions.frameSources);
  return app;
}

const lazySchemasOf = new WeakMap<object, LazySchemas>();

/**
 * Compiles every request validator and response serializer not compiled yet (they are compiled
 * on first use); returns how many there were. Tests call it so that a schema that fails to compile
 * fails a test, not a request.
 */
export function compileAllSchemas(app: HubApp): number {
  return lazySchemasOf.get(app)?.compileAll() ?? 0;
}

/** The schemas of the app's request validators (tests check them against the meta-schema). */
export function validatorSchemasOf(app: HubApp): readonly object[] {
  return lazySchemasOf.get(app)?.validatorSchemas ?? [];
}

// Frozen: one object serves every request without cookies.
const NO_COOKIES: Record<string, string | undefined> = Object.freeze({});

/**
 * `req_` and 128 random bits in hex (the length of a UUID without its dashes), cut from a pool
 * of random bytes refilled every 256 ids rather than drawn for each request.
 */
function requestIds(): () => string {
  const ID_BYTES = 16;
  const pool = Buffer.alloc(ID_BYTES * 256);
  let offset = pool.length;
  return () => {
    if (offset === pool.length) {
      randomFillSync(pool);
      offset = 0;
    }
    const id = `req_${pool.toString('hex', offset, offset + ID_BYTES)}`;
    offset += ID_BYTES;
    return id;
  };
}
