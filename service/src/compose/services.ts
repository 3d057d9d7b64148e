import type { SurfaceLauncher } from '../core/ports/surface-launcher.js';
import { randomUUID } from 'node:crypto';
import type { HubSettings } from '../config/settings.js';
import { AuditLog } from '../core/audit/audit-log.js';
import { Catalog } from '../core/catalog/catalog.js';
import { AccessTokens } from '../core/identity/access-tokens.js';
import { Authenticator, type McpAccessTokens } from '../core/identity/authenticator.js';
import { FailedAuthentications } from '../core/identity/failed-authentications.js';
import { LoginSessions } from '../core/identity/login-sessions.js';
import { SignIns } from '../core/identity/sign-in.js';
import { UserDirectory } from '../core/identity/users.js';
import { AccessControl } from '../core/access/access-control.js';
import { isSuperAdmin, type EntitlementRules } from '../core/policy/entitlements.js';
import type { ProjectEventPublisher } from '../core/ports/project-events.js';
import { ProjectRecords } from '../core/projects/project-records.js';
import { ProjectService } from '../core/projects/project-service.js';
import { NotebookRecords } from '../core/notebooks/notebook-records.js';
import { NotebookService } from '../core/notebooks/notebook-service.js';
import { WorkspaceService } from '../core/workspace/workspace-service.js';
import { ZIP_ARCHIVE_WRITER } from '../adapters/zip/archive.js';
import { MARIMO_VERSION } from '@notebook-hub/sandbox-drivers/runtime/pins';
import { blankNotebook } from '../core/notebooks/marimo-source.js';
import { OutboundClients } from '../adapters/outbound/outbound-clients.js';
import type { LabelPolicy } from '../core/policy/security-labels.js';
import type { Logger } from '../core/ports/logger.js';
import { NO_METRICS, type Metrics } from '../core/ports/metrics.js';
import { NO_TRACING, type Tracer } from '../core/ports/tracing.js';
import { tracedStore, tracedUseCases } from '../core/tracing/traced.js';
import type { BackgroundRunner } from '../core/ports/background-runner.js';
import type { KernelHealth } from '../core/ports/kernel-health.js';
import type { NotebookRuntime } from '../core/ports/notebook-runtime.js';
import type { SandboxDriver } from '../core/ports/sandbox-driver.js';
import { EditorClaims } from '../core/sessions/editor-claims.js';
import { SessionManager } from '../core/sessions/session-manager.js';
import { KernelSupervisor } from '../core/sessions/kernel-supervisor.js';
import { SessionStore } from '../core/sessions/session-store.js';
import { SessionIndexRepair } from '../core/sessions/session-index-repair.js';
import { WarmPool } from '../core/sessions/warm-pool.js';
import { sweepSessions, type LifecycleConfig } from '../core/sessions/session-lifecycle.js';
import type { SaverDeps } from '../core/sessions/session-saver.js';
import { SessionReclaimer } from '../core/sessions/session-reclaim.js';
import { SessionMetrics } from '../core/sessions/session-metrics.js';
import { SnapshotMetrics } from '../core/sessions/snapshot-metrics.js';
import { RECLAIM_TIMEOUT_MS, TEARDOWN_GRACE_MS, type ReclaimTimings } from '../core/sessions/reclaim-rules.js';
import type { ObjectStore } from '../core/ports/object-store.js';
import { SessionExtensions } from '../core/sessions/session-extensions.js';
import { SessionSecretsRefresh } from '../core/sessions/session-secrets-refresh.js';
import { userMayUseIntegrations } from '../core/sandboxes/workload-rights.js';
import { WorkloadEnvironments } from '../core/sandboxes/workload-environment.js';
import { NotebookEnvironments } from '../core/sandboxes/notebook-environments.js';
import { NOTHING_OFFERED, type DeploymentOffer } from '../http/routes/capabilities.js';
import type { BaseServices, FeatureParts } from '../features/feature.js';
import { FEATURES, linkFeatures, type FeatureServices, type FeatureUseCases } from './features.js';
import type { SecretBox } from '../core/ports/secret-box.js';
import { createUseCases } from './use-cases.js';
import type { RemoteHubFactory } from '../features/remotes/index.js';

/**
 * The services of one hub process, built from its settings and store: the base, and what every
 * feature of compose/features.ts adds (its services, its use cases).
 */
export type HubServices = Omit<BaseServices, 'useCases'> &
  FeatureServices & {
    useCases: BaseServices['useCases'] & FeatureUseCases;
    /** What the deployment offers beyond its settings, from its features (the capabilities route). */
    offer(): DeploymentOffer;
  };

/** The services built on the store alone (what the command line needs too). */
export type StoreServices = Pick<
  BaseServices,
  | 'settings'
  | 'store'
  | 'secrets'
  | 'catalog'
  | 'audit'
  | 'users'
  | 'loginSessions'
  | 'tokens'
  | 'authenticator'
  | 'signIns'
  | 'projectRecords'
  | 'projects'
  | 'notebooks'
  | 'entitlementRules'
  | 'labelPolicy'
>;

/** `mcpAccessTokens` verifies MCP clients' access tokens (the MCP feature's); none: no such token authenticates. */
export function createStoreServices(
  settings: HubSettings,
  store: ObjectStore,
  secrets: SecretBox,
  events: ProjectEventPublisher,
  metrics: Metrics = NO_METRICS,
  mcpAccessTokens: McpAccessTokens | null = null,
): StoreServices {
  const catalog = new Catalog(store, { metrics });
  const audit = new AuditLog(store);
  const users = new UserDirectory(store, catalog, audit);
  const loginSessions = new LoginSessions(store, settings.auth.loginSessionHours * 3600_000);
  const tokens = new AccessTokens(store, audit);
  const entitlementRules: EntitlementRules = {
    superAdmins: settings.auth.superAdmins,
    projectCreators: settings.auth.projectCreators,
    defaultRole: settings.auth.defaultRole,
    localIdentityIsAdmin: settings.auth.kind === 'local',
  };
  const labelPolicy: LabelPolicy = { classificationOrder: settings.security.classificationOrder, policyVersion: settings.security.policyVersion };
  const projectRecords = new ProjectRecords(store, catalog);
  const authenticator = new Authenticator(users, loginSessions, tokens, (user) => isSuperAdmin(user, entitlementRules), undefined, undefined, mcpAccessTokens);
  return {
    settings,
    store,
    secrets,
    catalog,
    audit,
    users,
    loginSessions,
    tokens,
    authenticator,
    signIns: new SignIns({ users, loginSessions, audit, authenticator }),
    projectRecords,
    projects: new ProjectService(projectRecords, users, audit, events, labelPolicy),
    notebooks: new NotebookService(new NotebookRecords(store, catalog), audit, events, {
      maxVersions: settings.limits.maxVersionsPerNotebook,
      marimoVersion: MARIMO_VERSION,
      computeProfiles: settings.sandboxes.computeProfiles.map((profile) => profile.name),
      sandboxImages: settings.sandboxes.images,
      labels: labelPolicy,
    }),
    entitlementRules,
    labelPolicy,
  };
}

export interface RuntimeParts {
  /** The deployment's secret box (compose/secrets.ts). */
  secrets: SecretBox;
  sandboxes: SandboxDriver;
  runtime: NotebookRuntime;
  /** Probes whether a session's notebook server still answers (reclaim asks before saving). */
  kernels: KernelHealth;
  events: ProjectEventPublisher;
  logger: Logger;
  background: BackgroundRunner;
  /** Reclaim grace periods and bound; tests shorten them, deployments keep the defaults. */
  reclaimTimings?: Partial<ReclaimTimings>;
  metrics?: Metrics;
  /** Spans around requests' work, store calls, sessions' start-up phases (docs/telemetry.md, "Traces"). */
  tracer?: Tracer;
  /** This process's id among replicas (generated when not given). */
  instanceId?: string;
  /** The id this deployment's sandboxes are labelled with (core/hub-identity.ts, `sandboxOwnerOf`). */
  deploymentId: string;
  /** Starts VS Code and OpenCode in sandboxes (docs/surfaces.md); none: the driver hosts no surfaces. */
  surfaceLauncher?: SurfaceLauncher | null;
  /** What calls out to Git hosts, alert receivers and the AI provider (docs/outbound-requests.md). */
  outbound?: OutboundClients;
  /** The client of team hubs remotes pull from and push to (docs/remotes.md); none: remotes cannot reach them. */
  remoteHubs?: RemoteHubFactory;
}

/** The hub's services: the base, and on it every feature of compose/features.ts. */
export function createServices(settings: HubSettings, store: ObjectStore, parts: RuntimeParts): HubServices {
  return composeServices(settings, store, parts).services;
}

/** A feature as built: what it contributes, and the feature it came from. */
export interface BuiltFeature {
  name: string;
  parts: FeatureParts;
}

/**
 * Builds the base, then each feature on it, and joins what the features add to the base's
 * services, use cases and sessions. The hub wires the rest of what they contribute (routes, loops,
 * hooks; compose/hub.ts).
 */
export function composeServices(settings: HubSettings, untracedStore: ObjectStore, parts: RuntimeParts): { services: HubServices; features: BuiltFeature[] } {
  const store = tracedStore(untracedStore, parts.tracer ?? NO_TRACING);
  const extensions = new SessionExtensions();
  const workloads = new WorkloadEnvironments();
  const environments = new NotebookEnvironments(parts.runtime);
  const mcpAccessTokens: McpAccessTokens[] = [];
  // The authenticator listens before the features that end connections are built.
  const endedListeners: ((grantId: string) => void)[] = [];
  const base = createBaseServices(settings, store, parts, {
    sessions: extensions,
    workloads,
    environments,
    mcpAccessTokens: {
      async verifyAccess(token) {
        for (const verifier of mcpAccessTokens) {
          const access = await verifier.verifyAccess(token);
          if (access) return access;
        }
        return null;
      },
      whenEnded: (listener) => void endedListeners.push(listener),
    },
  });
  const built: BuiltFeature[] = [];
  const context = { mcpTools: () => built.flatMap((feature) => feature.parts.mcpTools ?? []) };
  for (const feature of FEATURES) {
    const featureParts: FeatureParts = feature.build(base, context);
    built.push({ name: feature.name, parts: featureParts });
    if (featureParts.sessions) extensions.add(featureParts.sessions);
    if (featureParts.workload) workloads.add(featureParts.workload);
    if (featureParts.environments) environments.use(featureParts.environments);
    if (featureParts.installIndexes) environments.useIndexes(featureParts.installIndexes);
    if (featureParts.mcpAccessTokens) {
      mcpAccessTokens.push(featureParts.mcpAccessTokens);
      featureParts.mcpAccessTokens.whenEnded((grantId) => endedListeners.forEach((listener) => listener(grantId)));
    }
  }
  const contributed = built.map((feature) => feature.parts);
  const services: HubServices = {
    ...base,
    ...Object.assign({}, ...contributed.map((parts) => parts.services ?? {})),
    useCases: Object.assign({}, base.useCases, ...contributed.map((parts) => tracedUseCases(parts.useCases ?? {}, base.tracer))),
    offer: () => Object.assign({ ...NOTHING_OFFERED }, ...contributed.map((parts) => parts.offer?.() ?? {})),
  };
  linkFeatures(services);
  if (parts.remoteHubs) services.remoteHubs.use(parts.remoteHubs);
  return { services, features: built };
}

/** Where the base meets what the features add (they are built after it). */
interface BaseExtensions {
  sessions: SessionExtensions;
  workloads: WorkloadEnvironments;
  environments: NotebookEnvironments;
  mcpAccessTokens: McpAccessTokens;
}

function createBaseServices(settings: HubSettings, store: ObjectStore, parts: RuntimeParts, extensions: BaseExtensions): BaseServices {
  const metrics = parts.metrics ?? NO_METRICS;
  const tracer = parts.tracer ?? NO_TRACING;
  const { sandboxes, runtime, events, logger, background } = parts;
  const outbound = parts.outbound ?? new OutboundClients(settings, OutboundClients.quiet(settings).resolve, logger);
  const storeServices = createStoreServices(settings, store, parts.secrets, events, metrics, extensions.mcpAccessTokens);
  const sessionStore = new SessionStore(store, storeServices.catalog, parts.secrets);
  const now = () => new Date();
  const sessionMetrics = new SessionMetrics(metrics);
  const snapshotMetrics = new SnapshotMetrics(metrics);
  const claims = new EditorClaims(store, now, sessionMetrics);
  // While an edit session holds a notebook, its sandbox has the live copy of the workspace.
  const workspace = new WorkspaceService(store, storeServices.audit, storeServices.notebooks, {
    activeEditSession: async (projectId, notebookId) => (await claims.get(projectId, notebookId)) !== null,
  });
  const defaultProfile = settings.sandboxes.computeProfiles[0]!;
  const warmPool = new WarmPool({
    // Read when the pool starts a sandbox, after the features that add ports are built.
    get surfacePorts() {
      return extensions.sessions.ports('edit');
    },
    store,
    secrets: parts.secrets,
    driver: sandboxes,
    runtime,
    logger,
    placeholderNotebook: blankNotebook(MARIMO_VERSION),
    environments: extensions.environments,
    config: {
      size: settings.sessions.warmPoolSize,
      maxAgeMs: settings.sessions.warmPoolMaxAgeSeconds * 1000,
      environments: settings.sessions.warmPoolEnvironments,
      environmentSandboxes: settings.sessions.warmPoolEnvironmentSandboxes,
      computeProfile: defaultProfile.name,
      compute: defaultProfile,
      readyTimeoutMs: settings.sandboxes.startupTimeoutSeconds * 1000,
    },
    now,
  });
  const supervisor = new KernelSupervisor({
    kernels: parts.kernels,
    background,
    logger,
    config: { probeIntervalMs: settings.sessions.kernelProbeIntervalMs, failuresBeforeLost: settings.sessions.kernelProbeFailures },
    lost: (record, cause) => sessions.kernelLost(record, cause),
  });
  const sessions: SessionManager = new SessionManager({
    sessions: sessionStore,
    claims,
    kernels: parts.kernels,
    supervisor,
    projectNameOf: async (projectId) => (await storeServices.projects.get(projectId))?.name ?? projectId,
    warmPool,
    notebooks: storeServices.notebooks,
    driver: sandboxes,
    runtime,
    files: workspace,
    logger,
    audit: storeServices.audit,
    events,
    background,
    snapshots: settings.sessions.automaticThumbnails,
    snapshotMetrics,
    maxWorkspaceFileBytes: settings.limits.maxRequestBytes,
    startupTimeoutMs: settings.sandboxes.startupTimeoutSeconds * 1000,
    computeOf: (name) => settings.sandboxes.computeProfiles.find((profile) => profile.name === name) ?? settings.sandboxes.computeProfiles[0]!,
    now,
    tracer,
    surfacePorts: (mode) => extensions.sessions.ports(mode),
    onRunning: (record) => extensions.sessions.running(record),
    onSandboxReady: (record) => extensions.sessions.sandboxReady(record),
    workloads: extensions.workloads,
    environments: extensions.environments,
    // Read when a preview session starts, after the features are built.
    get previewFiles() {
      return extensions.sessions.previews;
    },
    config: {
      idleTimeoutMs: settings.sessions.idleTimeoutSeconds * 1000,
      lifetimeMs: settings.sessions.lifetimeSeconds * 1000,
      connectionAware: settings.sessions.connectionAware,
      sharing: settings.sandboxes.editorSandboxSharing,
      defaultComputeProfile: settings.sandboxes.computeProfiles[0]!.name,
      maxSessionsPerUser: settings.limits.maxConcurrentSessionsPerUser,
      maxAppsPerProject: settings.limits.maxAppsPerProject,
      presenceMs: Math.max(60_000, 2 * settings.sessions.sweepIntervalSeconds * 1000),
    },
  });
  const lifecycle: LifecycleConfig = {
    idleTimeoutMs: settings.sessions.idleTimeoutSeconds * 1000,
    appIdleTimeoutMs: settings.sessions.appIdleTimeoutSeconds * 1000,
    autosaveMs: settings.sessions.autosaveSeconds * 1000,
    startupTimeoutMs: settings.sandboxes.startupTimeoutSeconds * 1000,
    connectionAware: settings.sessions.connectionAware,
    presenceMs: Math.max(60_000, 2 * settings.sessions.sweepIntervalSeconds * 1000),
    reapGraceMs: 2 * 60_000,
  };
  const saver: SaverDeps = {
    sessions: sessionStore,
    notebooks: storeServices.notebooks,
    driver: sandboxes,
    runtime,
    background,
    logger,
    snapshots: settings.sessions.automaticThumbnails,
    snapshotMetrics,
    tracer,
    files: workspace,
    maxWorkspaceFileBytes: settings.limits.maxRequestBytes,
  };
  const reclaimer = new SessionReclaimer(
    {
      sessions: sessionStore,
      manager: sessions,
      claims,
      saver,
      driver: sandboxes,
      kernels: parts.kernels,
      audit: storeServices.audit,
      logger,
      now,
      background,
    },
    // A start that failed may still be running on its replica for up to the start-up timeout.
    { provisionGraceMs: lifecycle.startupTimeoutMs, teardownGraceMs: TEARDOWN_GRACE_MS, timeoutMs: RECLAIM_TIMEOUT_MS, ...parts.reclaimTimings },
  );
  const index = new SessionIndexRepair({ store, catalog: storeServices.catalog, sessions: sessionStore, claims, logger });
  const access = new AccessControl({
    records: {
      project: (projectId) => storeServices.projects.get(projectId),
      notebook: (projectId, notebookId) => storeServices.notebooks.get(projectId, notebookId),
      session: (projectId, sessionId) => sessionStore.get(projectId, sessionId),
    },
    entitlementRules: storeServices.entitlementRules,
    labelPolicy: storeServices.labelPolicy,
    viewerMode: settings.sandboxes.viewerMode,
  });
  const services: Omit<BaseServices, 'useCases'> = {
    ...storeServices,
    workspace,
    archives: ZIP_ARCHIVE_WRITER,
    sandboxes,
    runtime,
    surfaceLauncher: parts.surfaceLauncher ?? null,
    sessionStore,
    sessions,
    supervisor,
    access,
    events,
    logger,
    background,
    warmPool,
    workloads: extensions.workloads,
    environments: extensions.environments,
    sessionSecretsRefresh: new SessionSecretsRefresh({
      sessions: sessionStore,
      driver: sandboxes,
      workloads: extensions.workloads,
      mayUse: (userId, projectId) =>
        userMayUseIntegrations(
          { user: (id) => storeServices.users.get(id), project: (id) => storeServices.projects.get(id), entitlementRules: storeServices.entitlementRules },
          userId,
          projectId,
        ),
      logger,
      now,
    }),
    // `at` lets a test look at the sessions from a later moment instead of waiting for it.
    async sweepSessions(signal, at) {
      const clock = at ? () => at : now;
      const outcome = await sweepSessions(
        {
          manager: sessions,
          sessions: sessionStore,
          driver: sandboxes,
          saver,
          reclaimer,
          index,
          logger,
          config: lifecycle,
          now: clock,
          // Sandboxes a feature owns (a job run's) are theirs too: the sweep leaves them alone.
          ownedSandboxIds: async () => new Set([...(await warmPool.sandboxIds()), ...(await extensions.sessions.ownedSandboxIds())]),
        },
        signal,
      );
      sessionMetrics.orphansReaped(outcome.reaped, sandboxes.kind);
      // A sweep cut short has not reconciled everything: the gauges keep what they showed.
      if (!signal.aborted) {
        await sessionMetrics
          .reconcile(sessionStore, clock().getTime(), signal)
          .catch((error: unknown) => logger.warn({ event: 'session_cleanup_reconcile_failed', err: error }, 'session_cleanup_reconcile_failed'));
      }
      return outcome;
    },
    metrics,
    tracer,
    reclaimer,
    outbound,
    failedAuthentications: new FailedAuthentications({
      maxFailures: settings.limits.authFailuresPerAddress,
      windowSeconds: settings.limits.authFailureWindowSeconds,
    }),
    deploymentId: parts.deploymentId,
    startedAt: new Date(),
    instanceId: parts.instanceId ?? randomUUID(),
  };
  return { ...services, useCases: tracedUseCases(createUseCases(services, extensions.sessions), tracer) };
}
