import { randomUUID } from 'node:crypto';
import type { HubSettings } from './config/settings.js';
import { AuditLog } from './core/audit/audit-log.js';
import { Catalog } from './core/catalog/catalog.js';
import { AccessTokens } from './core/identity/access-tokens.js';
import { Authenticator } from './core/identity/authenticator.js';
import { LoginSessions } from './core/identity/login-sessions.js';
import { UserDirectory } from './core/identity/users.js';
import { isSuperAdmin, type EntitlementRules } from './core/policy/entitlements.js';
import { ProjectRecords } from './core/projects/project-records.js';
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
  projects: ProjectRecords;
  entitlementRules: EntitlementRules;
  startedAt: Date;
  /** Identifies this process among replicas (logs, leases). */
  instanceId: string;
}

export function createServices(settings: HubSettings, store: ObjectStore): HubServices {
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
  return {
    settings,
    store,
    catalog,
    audit,
    users,
    loginSessions,
    tokens,
    authenticator: new Authenticator(users, loginSessions, tokens, (user) => isSuperAdmin(user, entitlementRules)),
    projects: new ProjectRecords(store, catalog, audit),
    entitlementRules,
    startedAt: new Date(),
    instanceId: randomUUID(),
  };
}
