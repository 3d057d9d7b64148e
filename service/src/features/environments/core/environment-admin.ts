import type { AccessControl } from '../../../core/access/access-control.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import type { NotebookService } from '../../../core/notebooks/notebook-service.js';
import type { EnvironmentCache } from '../../../core/ports/environment-cache.js';
import type { ObjectStore } from '../../../core/ports/object-store.js';
import type { SandboxDriver } from '../../../core/ports/sandbox-driver.js';
import { layout } from '../../../core/storage-layout.js';
import type { EnvironmentRecords } from './environment-records.js';

/** The version lock records an overview reads at most (each is one object of the store). */
export const MAX_SCANNED_VERSIONS = 5000;

export interface EnvironmentNotebookView {
  project_id: string;
  notebook_id: string;
  title: string;
  /** Its versions locked to the environment. */
  versions: number;
}

export interface CachedEnvironmentView {
  id: string;
  bytes: number;
  built_at: string;
  last_used_at: string;
  /** Running sandboxes that started in it (warm ones waiting in it included): it is not evicted while there are any. */
  running_sandboxes: number;
  notebooks: EnvironmentNotebookView[];
}

/** The cache of built environments as super admins see it (docs/environments.md, "The admin view"). */
export interface EnvironmentCacheOverview {
  /** Whether this deployment's sandboxes start in locked environments at all. */
  enabled: boolean;
  bytes: number;
  max_bytes: number;
  /** Since this hub process started: starts that found their environment built, that built it, that waited for a build under way. */
  starts: { hits: number; builds: number; waits: number };
  /** hits and waits over every start in an environment since this process started; null before the first. */
  hit_rate: number | null;
  since: string;
  /** Newest use first. */
  environments: CachedEnvironmentView[];
  /** False when there were more version locks than an overview reads: notebooks may be missing. */
  notebooks_complete: boolean;
}

export interface EnvironmentAdminDeps {
  access: AccessControl;
  store: ObjectStore;
  notebooks: NotebookService;
  records: EnvironmentRecords;
  /** Null where locked environments are not served (off, or a driver they do not serve). */
  locked: { cache: EnvironmentCache; stats(): { hits: number; builds: number; waits: number }; driver: SandboxDriver; maxBytes: number } | null;
  startedAt: string;
}

/** What the built environments hold, how often starts find them, and which notebooks are locked to them: `admin.access`. */
export class EnvironmentAdmin {
  constructor(private readonly deps: EnvironmentAdminDeps) {}

  async overview(principal: Principal): Promise<EnvironmentCacheOverview> {
    this.deps.access.deployment(principal, 'admin.access');
    const { locked } = this.deps;
    if (!locked) {
      const starts = { hits: 0, builds: 0, waits: 0 };
      return { enabled: false, bytes: 0, max_bytes: 0, starts, hit_rate: null, since: this.deps.startedAt, environments: [], notebooks_complete: true };
    }
    const cached = await locked.cache.list();
    const running = new Set((await locked.driver.list()).filter((sandbox) => sandbox.state === 'running').map((sandbox) => sandbox.id));
    const { notebooks, complete } = await this.notebooksByEnvironment(new Set(cached.map((environment) => environment.id)));
    const starts = locked.stats();
    const total = starts.hits + starts.builds + starts.waits;
    return {
      enabled: true,
      bytes: cached.reduce((sum, environment) => sum + environment.bytes, 0),
      max_bytes: locked.maxBytes,
      starts,
      hit_rate: total === 0 ? null : (starts.hits + starts.waits) / total,
      since: this.deps.startedAt,
      environments: cached.reverse().map((environment) => ({
        id: environment.id,
        bytes: environment.bytes,
        built_at: environment.builtAt,
        last_used_at: environment.lastUsedAt,
        running_sandboxes: environment.users.filter((user) => running.has(user)).length,
        notebooks: notebooks.get(environment.id) ?? [],
      })),
      notebooks_complete: complete,
    };
  }

  /** The notebooks whose versions are locked to each of `ids`, from the version lock records. */
  private async notebooksByEnvironment(ids: Set<string>): Promise<{ notebooks: Map<string, EnvironmentNotebookView[]>; complete: boolean }> {
    const counts = new Map<string, Map<string, number>>();
    let scanned = 0;
    let cursor: string | null = null;
    do {
      const page = await this.deps.store.list(`${layout.environmentsPrefix}versions/`, { cursor });
      for (const item of page.items) {
        if (scanned++ >= MAX_SCANNED_VERSIONS) return { notebooks: await this.named(counts), complete: false };
        const [projectId, notebookId, versionId] = item.key.split('/').slice(2);
        if (!projectId || !notebookId || !versionId) continue;
        const record = await this.deps.records.version(projectId, notebookId, versionId);
        if (!record?.environment_id || !ids.has(record.environment_id)) continue;
        const byNotebook = counts.get(record.environment_id) ?? new Map<string, number>();
        const key = `${projectId}/${notebookId}`;
        byNotebook.set(key, (byNotebook.get(key) ?? 0) + 1);
        counts.set(record.environment_id, byNotebook);
      }
      cursor = page.nextCursor;
    } while (cursor);
    return { notebooks: await this.named(counts), complete: true };
  }

  /** The counted notebooks with their titles; deleted notebooks are left out. */
  private async named(counts: Map<string, Map<string, number>>): Promise<Map<string, EnvironmentNotebookView[]>> {
    const named = new Map<string, EnvironmentNotebookView[]>();
    for (const [id, byNotebook] of counts) {
      const views: EnvironmentNotebookView[] = [];
      for (const [key, versions] of byNotebook) {
        const [projectId, notebookId] = key.split('/') as [string, string];
        const notebook = await this.deps.notebooks.get(projectId, notebookId);
        if (notebook) views.push({ project_id: projectId, notebook_id: notebookId, title: notebook.title, versions });
      }
      named.set(id, views);
    }
    return named;
  }
}
