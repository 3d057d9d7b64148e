import type { HubSettings } from '../config/settings.js';
import type { OutboundClients } from '../adapters/outbound/outbound-clients.js';
import type { FailedAuthentications } from '../core/identity/failed-authentications.js';
import type { SecretBox } from '../core/ports/secret-box.js';
import type { AccessControl } from '../core/access/access-control.js';
import type { AuditLog } from '../core/audit/audit-log.js';
import type { Catalog } from '../core/catalog/catalog.js';
import type { AccessTokens } from '../core/identity/access-tokens.js';
import type { Authenticator, McpAccessTokens } from '../core/identity/authenticator.js';
import type { LoginSessions } from '../core/identity/login-sessions.js';
import type { SignIns } from '../core/identity/sign-in.js';
import type { UserDirectory } from '../core/identity/users.js';
import type { NotebookService } from '../core/notebooks/notebook-service.js';
import type { EntitlementRules } from '../core/policy/entitlements.js';
import type { LabelPolicy } from '../core/policy/security-labels.js';
import type { BackgroundRunner } from '../core/ports/background-runner.js';
import type { FolderArchiveWriter } from '../core/ports/folder-archive.js';
import type { Logger } from '../core/ports/logger.js';
import type { Metrics } from '../core/ports/metrics.js';
import type { Tracer } from '../core/ports/tracing.js';
import type { NotebookRuntime } from '../core/ports/notebook-runtime.js';
import type { ObjectStore } from '../core/ports/object-store.js';
import type { ProjectEventPublisher } from '../core/ports/project-events.js';
import type { SandboxDriver } from '../core/ports/sandbox-driver.js';
import type { SurfaceLauncher } from '../core/ports/surface-launcher.js';
import type { ProjectRecords } from '../core/projects/project-records.js';
import type { ProjectService } from '../core/projects/project-service.js';
import type { RecordCheck } from '../core/recovery/plan.js';
import type { SealedRecordKind } from '../core/secrets/sealed-records.js';
import type { KernelSupervisor } from '../core/sessions/kernel-supervisor.js';
import type { SessionExtension } from '../core/sessions/session-extensions.js';
import type { WorkloadEnvironments, WorkloadProvider } from '../core/sandboxes/workload-environment.js';
import type { InstallIndexes, LockedEnvironmentProvider, NotebookEnvironments } from '../core/sandboxes/notebook-environments.js';
import type { SweepOutcome } from '../core/sessions/session-lifecycle.js';
import type { SessionManager } from '../core/sessions/session-manager.js';
import type { SessionSecretsRefresh } from '../core/sessions/session-secrets-refresh.js';
import type { SessionReclaimer } from '../core/sessions/session-reclaim.js';
import type { SessionStore } from '../core/sessions/session-store.js';
import type { WarmPool } from '../core/sessions/warm-pool.js';
import type { UseCases } from '../core/use-cases/index.js';
import type { WorkspaceService } from '../core/workspace/workspace-service.js';
import type { AnchoredRoutes, OwnHosts } from '../http/app.js';
import type { LazyMcpToolSet } from '../http/mcp/lazy-tool-set.js';
import type { DeploymentOffer } from '../http/routes/capabilities.js';
import type { HubLoops } from '../loops/compose.js';
import type { HousekeepingTask } from '../loops/maintenance-loop.js';

/*
 * How a capability joins the hub (docs/architecture.md, "How to add a capability"). A capability
 * is a folder under features/ that exports one `Feature`; the composition root lists the features
 * (compose/features.ts, one line each), builds each on the base services, and wires what it
 * contributes. A feature reaches the base only through what `build` is given, and other features
 * only through what they export from their `index.ts`.
 */

/** The base of the hub: the services every feature may build on. A feature's `build` names the ones it takes. */
export interface BaseServices {
  settings: HubSettings;
  store: ObjectStore;
  /** Seals the secrets the hub stores and must read back (docs/secrets-at-rest.md). */
  secrets: SecretBox;
  catalog: Catalog;
  audit: AuditLog;
  users: UserDirectory;
  loginSessions: LoginSessions;
  tokens: AccessTokens;
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
  /** Writes workspace folders as zip archives for download. */
  archives: FolderArchiveWriter;
  entitlementRules: EntitlementRules;
  labelPolicy: LabelPolicy;
  sandboxes: SandboxDriver;
  runtime: NotebookRuntime;
  /** Starts VS Code and OpenCode in sandboxes (docs/surfaces.md); null: the driver hosts no surfaces. */
  surfaceLauncher: SurfaceLauncher | null;
  sessionStore: SessionStore;
  sessions: SessionManager;
  /** Watches the notebook servers of running sessions; the hub starts it when it starts serving. */
  supervisor: KernelSupervisor;
  /** Every authorization of every surface: loads what the policy weighs and decides. */
  access: AccessControl;
  /** The base's use cases, authorized for a signed-in principal. */
  useCases: UseCases;
  /** Where services report project events (a feature may also receive them: `events`). */
  events: ProjectEventPublisher;
  logger: Logger;
  /** Work that outlives its request (shutdown waits for it, and refuses new work). */
  background: BackgroundRunner;
  /** Pre-started edit sandboxes (its loop refills it where SERVICE_WARM_POOL_SIZE > 0). */
  warmPool: WarmPool;
  /** What sandboxes receive of what their notebook may use, from the features that provide it (docs/project-secrets.md). */
  workloads: Pick<WorkloadEnvironments, 'environmentFor' | 'refreshFor'>;
  /** The packages a kernel starts with: a locked environment where a feature provides them, else the runtime's install (docs/environments.md). */
  environments: Pick<NotebookEnvironments, 'prepare'>;
  /** Writes expiring secret files (workload identity tokens) into running sessions' sandboxes anew; a loop of the feature that issues them drives it. */
  sessionSecretsRefresh: Pick<SessionSecretsRefresh, 'pass'>;
  /** One pass of the session lifecycle loop, and the reconciliation behind the session cleanup metrics. */
  sweepSessions(signal: AbortSignal, at?: Date): Promise<SweepOutcome>;
  /** Where the hub records its metrics (docs/telemetry.md); a no-op where telemetry is off. */
  metrics: Metrics;
  /** Where the hub opens spans (docs/telemetry.md, "Traces"); a no-op where tracing is off. */
  tracer: Tracer;
  /** What calls out to URLs people or administrators gave, one client per use (docs/outbound-requests.md). */
  outbound: OutboundClients;
  /** Forced reclaim of sessions that are over but hold a sandbox (docs/sessions.md). */
  reclaimer: SessionReclaimer;
  /** Identifies the deployment (everything sharing this store): it owns the sandboxes it creates. */
  deploymentId: string;
  startedAt: Date;
  /** Identifies this process among replicas (logs, leases). */
  instanceId: string;
}

/** What the other features contribute, for a feature that serves them (the MCP server serves every feature's tools). */
export interface FeatureContext {
  /** Every feature's MCP tools; read when a request needs them, after every feature is built. */
  mcpTools(): readonly LazyMcpToolSet[];
}

/** What a built feature contributes. Every part is optional; the composition root wires each one. */
export interface FeatureParts {
  /** Its services, part of `hub.services` for the hosts and tests. */
  services?: object;
  /** Its use cases, part of `hub.services.useCases` (what the CLI and tests call). */
  useCases?: object;
  /** Its REST routes, each group at its place among the hub's (the OpenAPI document's order). */
  routes?: readonly AnchoredRoutes[];
  /** Requests for hosts of its own, taken before the hub's routes (a surface's origin). */
  ownHosts?: OwnHosts;
  /** Frame sources the UI's Content-Security-Policy must allow for it. */
  frameSources?: readonly string[];
  /** GET paths a browser returns to from another site (an OAuth redirect), open on a desktop hub without its launch secret. */
  browserReturns?: readonly RegExp[];
  /** What the capabilities route reports of it beyond the settings; asked on every request. */
  offer?(): Partial<DeploymentOffer>;
  /** Its MCP tools and resources, loaded by the first MCP request (`lazyToolSet`). */
  mcpTools?: readonly LazyMcpToolSet[];
  /** Registers its loops, and maintenance tasks that run after the garbage collectors; only where SERVICE_RUN_MAINTENANCE=true. */
  loops?(loops: HubLoops): void;
  /** Its housekeeping tasks, run by the maintenance loop before the garbage collectors. */
  housekeeping?: readonly HousekeepingTask[];
  /** What it adds to sessions (ports, eager starts, preview sessions, sandboxes of its own). */
  sessions?: SessionExtension;
  /** What it gives the sandboxes of sessions and job runs (secrets, integrations; docs/project-secrets.md). */
  workload?: WorkloadProvider;
  /** The locked environments sessions and job runs start in (docs/environments.md); one feature at most. */
  environments?: LockedEnvironmentProvider;
  /** Where the installs at each start (no locked environment) find a project's private packages; one feature at most. */
  installIndexes?: InstallIndexes;
  /** Receives every project event (alert delivery). */
  events?: ProjectEventPublisher;
  /** Verifies the access tokens it issues to MCP clients. */
  mcpAccessTokens?: McpAccessTokens;
  /**
   * Brings records older hubs left up to date, at every start once every feature is built and
   * linked, before the hub serves (where the store answers). A failure is logged and the hub
   * starts; it is tried again at the next start, so it must be idempotent.
   */
  migrate?(): Promise<void>;
  /** Called once the hub listens, with its address (base path not included). */
  start?(address: string): void;
  /** Called once when the hub drains; it must not wait (the drain waits for the background work it leaves). */
  stop?(): void;
}

/** A capability: its name, how it is built, and what the offline recovery checks of its records. */
export interface Feature<Parts extends FeatureParts = FeatureParts> {
  /** Lower case, unique among the features. */
  readonly name: string;
  /** Builds the feature on the base; `build`'s parameter type names what it takes of it. */
  build(base: BaseServices, context: FeatureContext): Parts;
  /** Checks of the records it keeps outside the catalog, run by `notebook-hub recover` (docs/recovery.md). */
  readonly recoveryChecks?: readonly RecordCheck[];
  /** Its records that hold secrets: sealed by the migration and re-sealed by key rotation (docs/secrets-at-rest.md). */
  readonly sealedRecords?: readonly SealedRecordKind[];
}
