import { createHash, randomUUID } from 'node:crypto';
import type { HubSettings } from './config/settings.js';
import { AuditLog } from './core/audit/audit-log.js';
import { Catalog } from './core/catalog/catalog.js';
import { AccessTokens } from './core/identity/access-tokens.js';
import { Authenticator } from './core/identity/authenticator.js';
import { LoginSessions } from './core/identity/login-sessions.js';
import { UserDirectory } from './core/identity/users.js';
import { isSuperAdmin, type EntitlementRules } from './core/policy/entitlements.js';
import type { ProjectEventPublisher } from './core/ports/project-events.js';
import { ProjectRecords } from './core/projects/project-records.js';
import { ProjectService } from './core/projects/project-service.js';
import { NotebookRecords } from './core/notebooks/notebook-records.js';
import { NotebookService } from './core/notebooks/notebook-service.js';
import { WorkspaceService } from './core/workspace/workspace-service.js';
import { MARIMO_VERSION } from '../../sandbox-drivers/runtime/pins.js';
import { createAlertDestinations } from './alerts/compose.js';
import type { AlertDestinations } from './core/alerts/destinations.js';
import type { LabelPolicy } from './core/policy/security-labels.js';
import type { SandboxDriver } from './core/ports/sandbox-driver.js';
import type { ObjectStore } from './core/store/object-store.js';

/** The domain services of one hub process, built from its settings and store. */
export interface HubServices {
  settings: HubSettings;
  store: ObjectStore;
  catalog: Catalog;
  audit: AuditLog;
  users: UserDirectory;
  loginSessions: LoginSessions;
  tokens: AccessTokens;
  authenticator: Authenticator;
  projectRecords: ProjectRecords;
  projects: ProjectService;
  notebooks: NotebookService;
  /** Notebooks' workspace files. */
  workspace: WorkspaceService;
  alerts: AlertDestinations;
  entitlementRules: EntitlementRules;
  labelPolicy: LabelPolicy;
  sandboxes: SandboxDriver;
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
  | 'catalog'
  | 'audit'
  | 'users'
  | 'loginSessions'
  | 'tokens'
  | 'authenticator'
  | 'projectRecords'
  | 'projects'
  | 'notebooks'
  | 'alerts'
  | 'entitlementRules'
  | 'labelPolicy'
>;

export function createStoreServices(settings: HubSettings, store: ObjectStore, events: ProjectEventPublisher): StoreServices {
  const catalog = new Catalog(store);
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
  return {
    settings,
    store,
    catalog,
    audit,
    users,
    loginSessions,
    tokens,
    authenticator: new Authenticator(users, loginSessions, tokens, (user) => isSuperAdmin(user, entitlementRules)),
    projectRecords,
    projects: new ProjectService(projectRecords, users, audit, events, labelPolicy),
    notebooks: new NotebookService(new NotebookRecords(store, catalog), audit, events, {
      maxVersions: settings.limits.maxVersionsPerNotebook,
      marimoVersion: MARIMO_VERSION,
      computeProfiles: settings.sandboxes.computeProfiles.map((profile) => profile.name),
      sandboxImages: settings.sandboxes.images,
      labels: labelPolicy,
    }),
    alerts: createAlertDestinations(settings, store, audit),
    entitlementRules,
    labelPolicy,
  };
}

export function createServices(settings: HubSettings, store: ObjectStore, sandboxes: SandboxDriver, events: ProjectEventPublisher): HubServices {
  const storeServices = createStoreServices(settings, store, events);
  return {
    ...storeServices,
    workspace: new WorkspaceService(store, storeServices.audit, storeServices.notebooks),
    sandboxes,
    deploymentId: deploymentIdOf(store),
    startedAt: new Date(),
    instanceId: randomUUID(),
  };
}
