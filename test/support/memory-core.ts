import os from 'node:os';
import path from 'node:path';
import { MemoryObjectStore } from '../../service/src/adapters/store/memory-store.js';
import { createStoreServices, type StoreServices } from '../../service/src/compose/services.js';
import { readSettings } from '../../service/src/config/settings.js';
import { AuditQueries } from '../../service/src/core/audit/audit-queries.js';
import type { Actor } from '../../service/src/core/notebooks/notebook-service.js';
import type { Logger } from '../../service/src/core/ports/logger.js';
import type { ProjectEvent } from '../../service/src/core/ports/project-events.js';

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

export interface MemoryCore {
  store: MemoryObjectStore;
  /** The services built on the store alone (catalog, audit, users, projects, notebooks, OAuth...). */
  services: StoreServices;
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
  const services = createStoreServices(settings, store, { publish: (event) => void events.push(event) });
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
