import type { SurfaceLauncher } from '../core/ports/surface-launcher.js';
import { SessionSurfaces } from '../core/surfaces/session-surfaces.js';
import { ManagedAi } from '../core/surfaces/managed-ai.js';
import { OpenAiCompatibleProvider } from '../adapters/ai/openai-compatible-provider.js';
import { createHash, randomUUID } from 'node:crypto';
import type { HubSettings } from '../config/settings.js';
import { AuditLog } from '../core/audit/audit-log.js';
import { Catalog } from '../core/catalog/catalog.js';
import { AccessTokens } from '../core/identity/access-tokens.js';
import { OAuthAuthorizations } from '../core/identity/oauth/oauth-authorizations.js';
import { OAuthClients } from '../core/identity/oauth/oauth-clients.js';
import { OAuthGrants } from '../core/identity/oauth/oauth-grants.js';
import { Authenticator } from '../core/identity/authenticator.js';
import { FailedAuthentications } from '../core/identity/failed-authentications.js';
import { LoginSessions } from '../core/identity/login-sessions.js';
import { SignIns } from '../core/identity/sign-in.js';
import { UserDirectory } from '../core/identity/users.js';
import { AccessControl } from '../core/policy/access-control.js';
import { isSuperAdmin, type EntitlementRules } from '../core/policy/entitlements.js';
import type { ProjectEventPublisher } from '../core/ports/project-events.js';
import { ProjectRecords } from '../core/projects/project-records.js';
import { ProjectService } from '../core/projects/project-service.js';
import { NotebookRecords } from '../core/notebooks/notebook-records.js';
import { NotebookService } from '../core/notebooks/notebook-service.js';
import { WorkspaceService } from '../core/workspace/workspace-service.js';
import { NotebookImports, importLimitsFor } from '../core/imports/notebook-imports.js';
import { ZipFolderReader } from '../adapters/zip/zip-folder-reader.js';
import { ZIP_ARCHIVE_WRITER } from '../adapters/zip/archive.js';
import type { FolderArchiveWriter } from '../core/ports/folder-archive.js';
import { MARIMO_VERSION } from '@notebook-hub/sandbox-drivers/runtime/pins';
import { blankNotebook } from '../core/notebooks/marimo-source.js';
import { createAlertDestinations } from './alerts.js';
import { OutboundClients } from './outbound.js';
import type { AlertDestinations } from '../core/alerts/destinations.js';
import type { LabelPolicy } from '../core/policy/security-labels.js';
import type { Logger } from '../core/ports/logger.js';
import { NO_METRICS, type Metrics } from '../core/ports/metrics.js';
import type { BackgroundRunner } from '../core/ports/notebook-files.js';
import type { KernelHealth } from '../core/ports/kernel-health.js';
import type { NotebookRuntime } from '../core/ports/notebook-runtime.js';
import type { SandboxDriver } from '../core/ports/sandbox-driver.js';
import { EditorClaims } from '../core/sessions/editor-claims.js';
import { SessionManager } from '../core/sessions/session-manager.js';
import { KernelSupervisor } from '../core/sessions/kernel-supervisor.js';
import { SessionStore } from '../core/sessions/session-store.js';
import { SessionIndexRepair } from '../core/sessions/session-index-repair.js';
import { WarmPool } from '../core/sessions/warm-pool.js';
import { sweepSessions, type LifecycleConfig, type SweepOutcome } from '../core/sessions/session-lifecycle.js';
import type { SaverDeps } from '../core/sessions/session-saver.js';
import { SessionReclaimer } from '../core/sessions/session-reclaim.js';
import { SessionMetrics } from '../core/sessions/session-metrics.js';
import { RECLAIM_TIMEOUT_MS, TEARDOWN_GRACE_MS, type ReclaimTimings } from '../core/sessions/reclaim-rules.js';
import type { ObjectStore } from '../core/ports/object-store.js';
import type { SecretBox } from '../core/ports/secret-box.js';
import type { UseCases } from '../core/use-cases/index.js';
import { createUseCases } from './use-cases.js';
import { createJobServices } from './jobs.js';
import { createGitServices } from './git.js';
import type { Previews } from '../core/git/previews.js';
import type { GitSync } from '../core/git/git-sync.js';
import type { GitCredentialStore } from '../core/git/git-credentials.js';
import type { ChangeRequests } from '../core/git/change-requests.js';
import type { JobService } from '../core/jobs/job-service.js';
import type { JobScheduler } from '../core/jobs/job-scheduler.js';

/** The domain services of one hub process, built from its settings and store. */
export interface HubServices {
  settings: HubSettings;
  store: ObjectStore;
  /** Seals the secrets the hub stores and must read back (docs/secrets-at-rest.md). */
  secrets: SecretBox;
  catalog: Catalog;
  audit: AuditLog;
  users: UserDirectory;
  loginSessions: LoginSessions;
  tokens: AccessTokens;
  /** MCP clients connected with OAuth (docs/mcp.md). */
  oauth: { clients: OAuthClients; authorizations: OAuthAuthorizations; grants: OAuthGrants };
  authenticator: Authenticator;
  /** Turns a verified identity into a browser session, and ends one (local and OIDC logins). */
  signIns: SignIns;
  /** Failed authentications per client address: throttles guessing at credentials (docs/security.md). */
  failedAuthentications: FailedAuthentications;
  projectRecords: ProjectRecords;
  projects: ProjectService;
  notebooks: NotebookService;
  /** Notebooks' workspace files; edit sessions report through its activeEditSession option. */
  workspace: WorkspaceService;
  /** Folders of notebooks uploaded as zips, and the notebooks created from them. */
  imports: NotebookImports;
  /** Writes workspace folders as zip archives for download. */
  archives: FolderArchiveWriter;
  alerts: AlertDestinations;
  entitlementRules: EntitlementRules;
  labelPolicy: LabelPolicy;
  sandboxes: SandboxDriver;
  runtime: NotebookRuntime;
  sessionStore: SessionStore;
  sessions: SessionManager;
  /** VS Code and OpenCode in edit sessions. */
  surfaces: SessionSurfaces;
  /** OpenCode's managed model: the hub's endpoint in front of the deployment's AI provider. */
  managedAi: ManagedAi;
  /** Watches the notebook servers of running sessions; the hub starts it when it starts serving. */
  supervisor: KernelSupervisor;
  /** Every authorization of every surface: loads what the policy weighs and decides. */
  access: AccessControl;
  /** Every use case, authorized for a signed-in principal: what routes, CLI commands and MCP tools call. */
  useCases: UseCases;
  /** Work that outlives its request (shutdown waits for it, and refuses new work). */
  background: BackgroundRunner;
  /** Job definitions and runs (docs/jobs.md). */
  jobs: JobService;
  /** Fires schedules and executes runs (the job_scheduler loop, where SERVICE_JOBS=on). */
  jobScheduler: JobScheduler;
  /** Git-synced notebooks (docs/git.md). */
  gitSync: GitSync;
  gitCredentials: GitCredentialStore;
  /** Pull and merge requests from Git notebooks (docs/git.md, "Change requests"). */
  changeRequests: ChangeRequests;
  /** Previews of Git notebooks' branches, commits and change requests (docs/git.md, "Previews"). */
  previews: Previews;
  /** Pre-started edit sandboxes (its loop refills it where SERVICE_WARM_POOL_SIZE > 0). */
  warmPool: WarmPool;
  /** One pass of the session lifecycle loop, and the reconciliation behind the session cleanup metrics. */
  sweepSessions(signal: AbortSignal, at?: Date): Promise<SweepOutcome>;
  /** Where the hub records its metrics (docs/telemetry.md); a no-op where telemetry is off. */
  metrics: Metrics;
  /** Forced reclaim of sessions that are over but hold a sandbox (docs/sessions.md). */
  reclaimer: SessionReclaimer;
  /** Identifies the deployment (everything sharing this store): it owns the sandboxes it creates. */
  deploymentId: string;
  startedAt: Date;
  /** Identifies this process among replicas (logs, leases). */
  instanceId: string;
}

/** Hubs that share a store are one deployment; hubs with different stores never touch each other's sandboxes. */
export function deploymentIdOf(store: ObjectStore): string {
  return `hub-${createHash('sha256').update(`${store.kind}:${store.location}`).digest('hex').slice(0, 12)}`;
}

/** The services built on the store alone (what the command line needs too). */
export type StoreServices = Pick<
  HubServices,
  | 'settings'
  | 'store'
  | 'secrets'
  | 'catalog'
  | 'audit'
  | 'users'
  | 'loginSessions'
  | 'tokens'
  | 'oauth'
  | 'authenticator'
  | 'signIns'
  | 'projectRecords'
  | 'projects'
  | 'notebooks'
  | 'alerts'
  | 'entitlementRules'
  | 'labelPolicy'
>;

export function createStoreServices(
  settings: HubSettings,
  store: ObjectStore,
  secrets: SecretBox,
  events: ProjectEventPublisher,
  metrics: Metrics = NO_METRICS,
  outbound: OutboundClients = OutboundClients.quiet(settings),
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
  const oauthClients = new OAuthClients(store, audit);
  const oauth = {
    clients: oauthClients,
    authorizations: new OAuthAuthorizations(store, oauthClients),
    grants: new OAuthGrants(store, audit, async (userId) => !(await users.get(userId))?.suspended_at),
  };
  const authenticator = new Authenticator(users, loginSessions, tokens, (user) => isSuperAdmin(user, entitlementRules), undefined, undefined, oauth.grants);
  return {
    settings,
    store,
    secrets,
    catalog,
    audit,
    users,
    loginSessions,
    tokens,
    oauth,
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
    alerts: createAlertDestinations(settings, store, secrets, audit, outbound),
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
  /** This process's id among replicas (generated when not given). */
  instanceId?: string;
  /** Starts VS Code and OpenCode in sandboxes (docs/surfaces.md); none: the driver hosts no surfaces. */
  surfaceLauncher?: SurfaceLauncher | null;
  /** What calls out to Git hosts, alert receivers and the AI provider (docs/outbound-requests.md). */
  outbound?: OutboundClients;
}

export function createServices(settings: HubSettings, store: ObjectStore, parts: RuntimeParts): HubServices {
  const metrics = parts.metrics ?? NO_METRICS;
  const { sandboxes, runtime, events, logger, background } = parts;
  const outbound = parts.outbound ?? new OutboundClients(settings, OutboundClients.quiet(settings).resolve, logger);
  const storeServices = createStoreServices(settings, store, parts.secrets, events, metrics, outbound);
  const sessionStore = new SessionStore(store, storeServices.catalog, parts.secrets);
  const now = () => new Date();
  const sessionMetrics = new SessionMetrics(metrics);
  const claims = new EditorClaims(store, now, sessionMetrics);
  // While an edit session holds a notebook, its sandbox has the live copy of the workspace.
  const workspace = new WorkspaceService(store, storeServices.audit, storeServices.notebooks, {
    activeEditSession: async (projectId, notebookId) => (await claims.get(projectId, notebookId)) !== null,
  });
  const managedAiSettings = settings.sessions.managedAi;
  const managedAi = new ManagedAi({
    settings: managedAiSettings,
    provider: managedAiSettings ? new OpenAiCompatibleProvider(managedAiSettings, outbound.client('ai')) : null,
    sessions: sessionStore,
    audit: storeServices.audit,
    sandboxesOnThisMachine: settings.sandboxes.driver === 'local',
  });
  const surfaces = new SessionSurfaces({
    sessions: sessionStore,
    managedAi,
    launcher: parts.surfaceLauncher ?? null,
    surfaces: settings.sessions.surfaces,
    readyTimeoutMs: settings.sandboxes.startupTimeoutSeconds * 1000,
    background,
    logger,
    now,
  });
  const defaultProfile = settings.sandboxes.computeProfiles[0]!;
  const warmPool = new WarmPool({
    surfacePorts: surfaces.portsFor('edit'),
    store,
    secrets: parts.secrets,
    driver: sandboxes,
    runtime,
    logger,
    placeholderNotebook: blankNotebook(MARIMO_VERSION),
    config: {
      size: settings.sessions.warmPoolSize,
      maxAgeMs: settings.sessions.warmPoolMaxAgeSeconds * 1000,
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
  const { gitSync, gitCredentials, changeRequests, previews } = createGitServices(settings, {
    store,
    secrets: parts.secrets,
    catalog: storeServices.catalog,
    notebooks: storeServices.notebooks,
    workspace,
    audit: storeServices.audit,
    events,
    projectNameOf: async (projectId) => (await storeServices.projects.get(projectId))?.name ?? projectId,
    sessions: sessionStore,
    driver: sandboxes,
    outbound,
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
    maxWorkspaceFileBytes: settings.limits.maxRequestBytes,
    startupTimeoutMs: settings.sandboxes.startupTimeoutSeconds * 1000,
    computeOf: (name) => settings.sandboxes.computeProfiles.find((profile) => profile.name === name) ?? settings.sandboxes.computeProfiles[0]!,
    now,
    surfacePorts: (mode) => surfaces.portsFor(mode),
    onRunning: (record) => surfaces.startEager(record),
    onSandboxReady: (record) => surfaces.startEager(record),
    previewFiles: { previews, readBlob: (blob) => workspace.readBlob(blob) },
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
  const { jobs, jobScheduler } = createJobServices(settings, {
    store,
    notebooks: storeServices.notebooks,
    files: workspace,
    audit: storeServices.audit,
    events,
    driver: sandboxes,
    runtime,
    background,
    logger,
    metrics,
    projectNameOf: async (projectId) => (await storeServices.projects.get(projectId))?.name ?? projectId,
    projectExists: async (projectId) => ((await storeServices.projects.get(projectId))?.status ?? 'deleted') !== 'deleted',
    owners: {
      user: (userId) => storeServices.users.get(userId),
      project: (projectId) => storeServices.projects.get(projectId),
      entitlementRules: storeServices.entitlementRules,
    },
  });
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
  const services: Omit<HubServices, 'useCases'> = {
    ...storeServices,
    workspace,
    imports: new NotebookImports({
      store,
      audit: storeServices.audit,
      notebooks: storeServices.notebooks,
      workspace,
      reader: new ZipFolderReader(),
      limits: importLimitsFor(settings.limits.maxRequestBytes),
    }),
    archives: ZIP_ARCHIVE_WRITER,
    sandboxes,
    runtime,
    sessionStore,
    sessions,
    surfaces,
    managedAi,
    supervisor,
    access,
    background,
    jobs,
    jobScheduler,
    gitSync,
    gitCredentials,
    changeRequests,
    previews,
    warmPool,
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
          // Sandboxes of job runs are theirs too: the sweep leaves them alone.
          ownedSandboxIds: async () => new Set([...(await warmPool.sandboxIds()), ...(await jobScheduler.sandboxesInUse())]),
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
    reclaimer,
    failedAuthentications: new FailedAuthentications({
      maxFailures: settings.limits.authFailuresPerAddress,
      windowSeconds: settings.limits.authFailureWindowSeconds,
    }),
    deploymentId: deploymentIdOf(store),
    startedAt: new Date(),
    instanceId: parts.instanceId ?? randomUUID(),
  };
  return { ...services, useCases: createUseCases(services) };
}
