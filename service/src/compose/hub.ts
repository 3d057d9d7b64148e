import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { sandboxesInTempDir } from './temp-data-dir.js';
import { CatalogGate } from '../boot/catalog-gate.js';
import { loadOrCreateLocalLoginSecret } from '../boot/local-login.js';
import {
  infoLineOf,
  openIdentityProvider,
  openLogger,
  openNotebookRuntime,
  openObjectStore,
  openSandboxDriver,
  openTelemetry,
  type HubLogger,
  openSurfaceLauncher,
  tightenStoreModes,
} from './adapters.js';
import { openSecretBox, prepareSecrets, SecretsKeyError } from './secrets.js';
import type { HubSettings } from '../config/settings.js';
import type { Catalog } from '../core/catalog/catalog.js';
import type { ProjectEventPublisher } from '../core/ports/project-events.js';
import type { SandboxDriver } from '../core/ports/sandbox-driver.js';
import type { SurfaceLauncher } from '../core/ports/surface-launcher.js';
import type { ReclaimTimings } from '../core/sessions/reclaim-rules.js';
import type { ObjectStore } from '../core/ports/object-store.js';
import type { SecretBox } from '../core/ports/secret-box.js';
import { SecretsAtRest } from '../core/secrets/secrets-at-rest.js';
import { preflightStore } from '../core/store/preflight.js';
import { buildHttpApp, type HttpContributions } from '../http/app.js';
import { createOidcLogin } from '../http/auth/oidc.js';
import { LOCAL_LOGIN_PATH } from '../http/routes/auth.js';
import { maintenanceHealthRoutes } from '../http/routes/maintenance-health.js';
import type { HubApp } from '../http/types.js';
import { BackgroundWork } from '../lifecycle/background-work.js';
import { drain, type DrainOutcome } from '../lifecycle/shutdown.js';
import { createHubLoops, type HubLoops, type HubLoopsOptions } from '../loops/compose.js';
import { registerSessionLoops } from '../loops/session-loops.js';
import { runtimeUnderBasePath } from './runtime-under-base-path.js';
import { composeServices, type BuiltFeature, type HubServices } from './services.js';
import { OutboundClients } from '../adapters/outbound/outbound-clients.js';
import { systemResolver } from '../adapters/outbound/checked-addresses.js';
import { createHttpRemoteHub } from '../features/remotes/index.js';
import type { NameResolver } from '../core/ports/name-resolver.js';
import { createLoginFlows } from './use-cases.js';
import { defaultUiDir } from './ui-dir.js';
import type { RemoteHubFactory } from '../features/remotes/index.js';
import { locationDerivedOwnerOf, sandboxOwnerOf } from '../core/hub-identity.js';

/** The launch secret's cookie and header, for the desktop host that sets them (docs/desktop.md). */
export { LAUNCH_SECRET_COOKIE, LAUNCH_SECRET_HEADER } from '../http/launch-secret.js';

export interface CreateHubOptions {
  settings: HubSettings;
  logger?: HubLogger;
  /** Overrides the store chosen by `settings.storage` (embedding hosts and tests). */
  store?: ObjectStore;
  /** Overrides the sandbox driver chosen by `settings.sandboxes`. */
  sandboxes?: SandboxDriver;
  /** Overrides what starts VS Code and OpenCode in the sandboxes (chosen from the settings and the driver). */
  surfaceLauncher?: SurfaceLauncher | null;
  /**
   * The folder of the built web UI served at `/` (an embedding host passes its own; null serves
   * none). By default the `dist/` of the installed `@notebook-hub/renderer` package.
   */
  uiDir?: string | null;
  /** Registers more routes before the app starts (tests). */
  routes?: ((app: HubApp) => void)[];
  /** Loop runner knobs for tests (a short deadline floor); never read from settings. */
  loops?: HubLoopsOptions;
  /** Reclaim grace periods and bound for tests (short ones); never read from settings. */
  sessionReclaim?: Partial<ReclaimTimings>;
  /** The desktop host's per-launch secret: every request without it is refused (docs/desktop.md). */
  launchSecret?: string;
  /**
   * How outbound connections resolve host names (docs/outbound-requests.md): the system resolver
   * unless given. Tests give their own, so a name resolves where they say without real DNS.
   */
  resolver?: NameResolver;
  /** The client of team hubs remotes pull from and push to (docs/remotes.md); by default the HTTP one. */
  remoteHubs?: RemoteHubFactory;
}

export interface Hub {
  readonly app: HubApp;
  readonly store: ObjectStore;
  readonly catalog: Catalog;
  readonly services: HubServices;
  readonly logger: HubLogger;
  /** Local login only: the path (with its secret) that signs the browser in. */
  readonly localLoginPath: string | null;
  /** Work outside requests; shutdown waits for it. */
  readonly background: BackgroundWork;
  /** WebSocket connections handed off by the HTTP server, closed on shutdown. */
  readonly upgradedSockets: Set<Duplex>;
  /**
   * The background loops (docs/maintenance.md), where SERVICE_RUN_MAINTENANCE is true; null elsewhere.
   * Capabilities register their loops and housekeeping tasks here. Loops start with `listen()`.
   */
  readonly loops: HubLoops | null;
  /** Starts listening; resolves to the base URL. */
  listen(): Promise<string>;
  /**
   * Drains and stops (docs/maintenance.md) within `budgetMs` (default SERVICE_SHUTDOWN_TIMEOUT_SECONDS);
   * resolves 'timeout' after logging drain_timeout if the budget ran out.
   */
  close(budgetMs?: number): Promise<DrainOutcome>;
}

/** A misconfiguration that must stop start-up (the process exits non-zero). */
export class BootError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BootError';
  }
}

/**
 * The deployment key's box, checked against the store's secrets, and the one-time sealing of
 * plaintext older hubs left. A missing or wrong key stops the start; a store that does not answer
 * only postpones the check and the sealing to the next start.
 */
async function openSecrets(settings: HubSettings, store: ObjectStore, storeAnswers: boolean, logger: HubLogger): Promise<SecretBox> {
  try {
    const secrets = await openSecretBox(settings.secrets, storeAnswers ? await SecretsAtRest.readState(store) : 'unknown', logger);
    if (storeAnswers) {
      await prepareSecrets(settings.secrets, store, secrets, logger).catch((error: unknown) => {
        if (error instanceof SecretsKeyError) throw error;
        logger.error({ event: 'secrets_migration_failed', err: error }, 'sealing plaintext secrets failed; it is tried again at the next start');
      });
    }
    return secrets;
  } catch (error) {
    if (!(error instanceof SecretsKeyError)) throw error;
    await store.close();
    throw new BootError(error.message);
  }
}

/** Builds the whole service from a plain configuration. Both hosts (headless, desktop) call this. */
export async function createHub(options: CreateHubOptions): Promise<Hub> {
  const { settings } = options;
  const logger = options.logger ?? openLogger(settings.logLevel);
  const store = options.store ?? (await openObjectStore(settings.storage));

  const preflight = await preflightStore(store);
  if (preflight.outcome === 'ignores-conditional-writes') {
    await store.close();
    throw new BootError(
      `the object store at ${store.location} does not honour conditional writes (${preflight.detail}); sharing it would lose updates, so the hub will not start. Use a store with S3 conditional-write support.`,
    );
  }
  if (preflight.outcome === 'unreachable') {
    logger.error({ event: 'storage_preflight_failed', storage: store.kind, err: preflight.error }, 'storage_preflight_failed');
  }
  await tightenStoreModes(store, logger);
  const secrets = await openSecrets(settings, store, preflight.outcome === 'ok', logger);

  const instanceId = randomUUID();
  const telemetry = await openTelemetry(settings, instanceId, logger);
  const background = new BackgroundWork();
  const outbound = new OutboundClients(settings, options.resolver ?? systemResolver, logger, telemetry.tracer);
  // Features that receive project events (alert delivery) subscribe once they are built.
  const subscribers: ProjectEventPublisher[] = [];
  const events: ProjectEventPublisher = {
    publish: (event) => {
      logger.info({ event: 'project_event', ...event, event_kind: event.kind }, 'project_event');
      for (const subscriber of subscribers) subscriber.publish(event);
    },
  };
  const deploymentId = await sandboxOwnerOf(store).catch((error: unknown) => {
    // Sessions cannot start while the store is unreachable; the id only matters to what this process starts meanwhile.
    logger.warn({ event: 'sandbox_owner_unread', err: error }, 'sandbox_owner_unread');
    return locationDerivedOwnerOf(store);
  });
  const sandboxes = options.sandboxes ?? (await openSandboxDriver(settings, deploymentId));
  const opened = await openNotebookRuntime(sandboxes);
  const { runtime, kernels } = runtimeUnderBasePath(settings.basePath, opened.runtime, opened.kernels);
  const { services, features } = composeServices(settings, store, {
    secrets,
    sandboxes,
    runtime,
    kernels,
    events,
    logger,
    background,
    reclaimTimings: options.sessionReclaim,
    metrics: telemetry.metrics,
    tracer: telemetry.tracer,
    instanceId,
    deploymentId,
    surfaceLauncher: options.surfaceLauncher !== undefined ? options.surfaceLauncher : await openSurfaceLauncher(settings, sandboxes),
    outbound,
    // Tests may give a team hub client of their own; the hub's is the HTTP one.
    remoteHubs: options.remoteHubs ?? createHttpRemoteHub(outbound),
  });
  // Supervision is every replica's own: it watches the sessions this process starts.
  background.onStop(() => services.supervisor.stop());
  for (const { parts } of features) {
    if (parts.events) subscribers.push(parts.events);
    if (parts.stop) background.onStop(() => parts.stop?.());
  }
  const catalogGate = new CatalogGate(services.catalog, services.audit, logger);
  if (preflight.outcome === 'ok') {
    // Initialize eagerly so a fresh store is ready before the first request; failures are served
    // as NOT_INITIALIZED or SERVICE_UNAVAILABLE by the gate instead of stopping the process.
    await catalogGate.ensureReady().catch(() => {});
    for (const { name, parts } of features)
      await parts
        .migrate?.()
        .catch((error: unknown) =>
          logger.error({ event: 'feature_migration_failed', feature: name, err: error }, 'a migration of records failed; it is tried again at the next start'),
        );
  }

  if (sandboxesInTempDir(settings.sandboxes.driver, settings.dataDir)) {
    logger.warn(
      { event: 'data_dir_in_temp', data_dir: settings.dataDir },
      'SERVICE_DATA_DIR is inside the temporary directory: marimo treats notebooks there as scratch files and its editor will not save them; keep the data elsewhere',
    );
  }
  const localLoginSecret = settings.auth.kind === 'local' ? await loadOrCreateLocalLoginSecret(settings.dataDir) : null;
  let listenUrl: string | null = null;
  if (settings.auth.kind === 'oidc' && !settings.publicUrl && !['127.0.0.1', 'localhost', '::1'].includes(settings.host)) {
    // The provider redirects browsers to the callback URL: the listen address is wrong behind a proxy.
    logger.warn(
      { event: 'oidc_public_url_missing' },
      'SERVICE_PUBLIC_URL is not set: the OIDC redirect URI uses the listen address, which browsers may not reach',
    );
  }
  const oidcLogin =
    settings.auth.kind === 'oidc' && settings.auth.oidc
      ? createOidcLogin(services, createLoginFlows(services, await openIdentityProvider(settings.auth.oidc, outbound.client('oidc'))), {
          publicBaseUrl: () => (settings.publicUrl ? `${settings.publicUrl}${settings.basePath}` : listenUrl),
          logger,
        })
      : null;
  const loops = settings.runMaintenance
    ? createHubLoops(
        {
          store,
          catalog: services.catalog,
          logger,
          background,
          holder: services.instanceId,
          metrics: telemetry.metrics,
          tracer: telemetry.tracer,
          tasks: features.flatMap(({ parts }) => parts.housekeeping ?? []),
        },
        options.loops,
      )
    : null;
  if (loops) {
    registerSessionLoops(loops, services, settings);
    for (const { parts } of features) parts.loops?.(loops);
  }
  const routes = [
    ...(oidcLogin ? [oidcLogin.register] : []),
    (target: HubApp) => maintenanceHealthRoutes(target, loops?.runner ?? null),
    ...(options.routes ?? []),
  ];
  const upgradedSockets = new Set<Duplex>();
  const app = await buildHttpApp({
    logger,
    infoLine: infoLineOf(logger),
    services,
    contributions: httpContributionsOf(features),
    catalogGate,
    upgradedSockets,
    auth: { localLoginSecret, ...(oidcLogin ? { oidc: oidcLogin } : {}) },
    uiDir: options.uiDir !== undefined ? options.uiDir : defaultUiDir(),
    ...(routes.length > 0 ? { routes } : {}),
    launchSecret: options.launchSecret ?? null,
  });
  let closing: Promise<DrainOutcome> | null = null;
  return {
    app,
    store,
    catalog: services.catalog,
    services,
    logger,
    background,
    upgradedSockets,
    loops,
    localLoginPath: localLoginSecret ? `${settings.basePath}${LOCAL_LOGIN_PATH}?token=${encodeURIComponent(localLoginSecret)}` : null,
    async listen() {
      const address = await app.listen({ host: settings.host, port: settings.port });
      listenUrl = address;
      for (const { parts } of features) parts.start?.(address);
      logger.info({ event: 'server_started', address, version: settings.version, storage: store.kind, auth: settings.auth.kind }, 'server_started');
      // Loops start with serving, not with createHub: a hub built only to inject requests or run a
      // command never sweeps the store behind its caller's back.
      loops?.runner.start();
      services.supervisor.start();
      // Kernels outlive a hub restart: the sessions of the hub that ran before are watched too.
      background.run(() =>
        services.sessions
          .superviseRunning()
          .then((adopted) => adopted > 0 && logger.info({ event: 'session_supervision_adopted', sessions: adopted }, 'session_supervision_adopted'))
          .catch((error: unknown) => logger.warn({ event: 'session_supervision_adopt_failed', err: error }, 'session_supervision_adopt_failed')),
      );
      return address;
    },
    close(budgetMs = settings.shutdownTimeoutSeconds * 1000) {
      closing ??= drain(
        {
          closeListener: () => app.close(),
          server: app.server,
          upgradedSockets,
          background,
          dispose: async () => {
            await services.sandboxes.close();
            await outbound.close();
            await store.close();
          },
          telemetry,
          logger,
        },
        budgetMs,
      );
      return closing;
    },
  };
}

/** The features' routes, hosts of their own and frame sources, for the HTTP app. */
function httpContributionsOf(features: readonly BuiltFeature[]): HttpContributions {
  return {
    routes: features.flatMap(({ parts }) => parts.routes ?? []),
    ownHosts: features.flatMap(({ parts }) => (parts.ownHosts ? [parts.ownHosts] : [])),
    frameSources: features.flatMap(({ parts }) => parts.frameSources ?? []),
    browserReturns: features.flatMap(({ parts }) => parts.browserReturns ?? []),
  };
}
