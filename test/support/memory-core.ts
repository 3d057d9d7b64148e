import type { EntitlementRules } from '../../service/src/core/policy/entitlements.js';
import os from 'node:os';
import path from 'node:path';
import { MARIMO_VERSION } from '@notebook-hub/sandbox-drivers/runtime/pins';
import { MemoryObjectStore } from '../../service/src/adapters/store/memory-store.js';
import { readSettings, type HubSettings } from '../../service/src/config/settings.js';
import { AuditLog } from '../../service/src/core/audit/audit-log.js';
import { AuditQueries } from '../../service/src/core/audit/audit-queries.js';
import { Catalog } from '../../service/src/core/catalog/catalog.js';
import { OAuthClients } from '../../service/src/features/mcp/core/oauth/oauth-clients.js';
import { UserDirectory } from '../../service/src/core/identity/users.js';
import { NotebookRecords } from '../../service/src/core/notebooks/notebook-records.js';
import { NotebookService, type Actor } from '../../service/src/core/notebooks/notebook-service.js';
import type { Logger } from '../../service/src/core/ports/logger.js';
import type { ProjectEvent, ProjectEventPublisher } from '../../service/src/core/ports/project-events.js';
import type { LabelPolicy } from '../../service/src/core/policy/security-labels.js';
import { ProjectRecords } from '../../service/src/core/projects/project-records.js';
import { ProjectService } from '../../service/src/core/projects/project-service.js';

export interface LoggedLine {
  level: 'fatal' | 'error' | 'warn' | 'info' | 'debug';
  fields: Record<string, unknown>;
}

/** A logger that keeps its lines, so that a test can see which events were logged. */
export function keptLogger(lines: LoggedLine[] = []): Logger & { lines: LoggedLine[] } {
  const line = (level: LoggedLine['level']) => (fields: object) => void lines.push({ level, fields: fields as Record<string, unknown> });
  const logger: Logger & { lines: LoggedLine[] } = {
    lines,
    fatal: line('fatal'),
    error: line('error'),
    warn: line('warn'),
    info: line('info'),
    debug: line('debug'),
    child: () => logger,
  };
  return logger;
}

/** The services built on the store alone that core unit tests need, as compose/services.ts builds them. */
export interface StoreCore {
  settings: HubSettings;
  catalog: Catalog;
  audit: AuditLog;
  users: UserDirectory;
  projects: ProjectService;
  notebooks: NotebookService;
  oauth: { clients: OAuthClients };
  entitlementRules: EntitlementRules;
}

/**
 * Builds them from core alone, without the composition root: loading compose/ (every adapter and
 * use case of the hub) would cost a unit test file more time than all its tests.
 */
function storeCore(settings: HubSettings, store: MemoryObjectStore, events: ProjectEventPublisher): StoreCore {
  const catalog = new Catalog(store);
  const audit = new AuditLog(store);
  const users = new UserDirectory(store, catalog, audit);
  const labels: LabelPolicy = { classificationOrder: settings.security.classificationOrder, policyVersion: settings.security.policyVersion };
  return {
    settings,
    catalog,
    audit,
    users,
    projects: new ProjectService(new ProjectRecords(store, catalog), users, audit, events, labels),
    notebooks: new NotebookService(new NotebookRecords(store, catalog), audit, events, {
      maxVersions: settings.limits.maxVersionsPerNotebook,
      marimoVersion: MARIMO_VERSION,
      computeProfiles: settings.sandboxes.computeProfiles.map((profile) => profile.name),
      sandboxImages: settings.sandboxes.images,
      labels,
    }),
    oauth: { clients: new OAuthClients(store, audit) },
    entitlementRules: {
      superAdmins: settings.auth.superAdmins,
      projectCreators: settings.auth.projectCreators,
      defaultRole: settings.auth.defaultRole,
      localIdentityIsAdmin: settings.auth.kind === 'local',
    },
  };
}

export interface MemoryCore {
  store: MemoryObjectStore;
  /** The services built on the store alone (catalog, audit, users, projects, notebooks, OAuth clients). */
  services: StoreCore;
  /** The project events the services published, in order. */
  events: ProjectEvent[];
  /** The owner of `projectId`. */
  owner: Actor;
  projectId: string;
  projectName: string;
  /** A new notebook of the project holding `code` (a blank notebook when omitted). */
  notebook(title: string, code?: string): Promise<{ notebookId: string; versionId: string }>;
  /** The project's audit events of today (newest first; events of one millisecond in no particular order). */
  auditEvents(): Promise<string[]>;
}

/**
 * The hub's store services on an in-memory store, with one project: what a unit test of a core
 * use case builds its service on. No disk, no network, no child process; `env` adds settings.
 */
export async function startMemoryCore(env: Record<string, string> = {}): Promise<MemoryCore> {
  const store = new MemoryObjectStore();
  // The data directory is only named: nothing here writes to it.
  const settings = readSettings({ SERVICE_DATA_DIR: path.join(os.tmpdir(), 'notebook-hub-memory-core'), SERVICE_LOG_LEVEL: 'silent', ...env });
  const events: ProjectEvent[] = [];
  const services = storeCore(settings, store, { publish: (event) => void events.push(event) });
  await services.catalog.initialize();
  const user = await services.users.ensureByEmail('owner@example.com', { name: 'Owner', superAdmin: false }, 'test');
  const owner: Actor = { id: user.id, email: user.email };
  const projectName = 'Unit';
  const project = await services.projects.create({ name: projectName }, owner);
  return {
    store,
    services,
    events,
    owner,
    projectId: project.id,
    projectName,
    async notebook(title, code) {
      const created = await services.notebooks.create(project.id, projectName, { title, ...(code === undefined ? {} : { code }) }, owner);
      return { notebookId: created.notebook.id, versionId: created.version.version_id };
    },
    async auditEvents() {
      return (await new AuditQueries(store).projectDay(project.id)).map((entry) => entry.event);
    },
  };
}
