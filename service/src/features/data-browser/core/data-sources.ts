import type { AccessControl } from '../../../core/access/access-control.js';
import { HubError } from '../../../core/errors.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import type { DatabaseBrowser, DatabaseTarget } from '../../../core/ports/data-databases.js';
import type { ObjectSource, ObjectSources } from '../../../core/ports/data-objects.js';
import type { WorkspaceUseCases } from '../../../core/use-cases/workspace.js';
import { WorkspaceObjects } from './workspace-objects.js';

/** An integration as the data browser knows it: never a secret until it is opened. */
export interface BrowsableIntegration {
  id: string;
  /** Its current version: a new one at each change. */
  versionId: string;
  name: string;
  kind: string;
  envPrefix: string;
  config: Readonly<Record<string, string | number | boolean>>;
}

/** What the data browser reads of a project's integrations (the integrations feature provides it). */
export interface DataIntegrations {
  listForBrowsing(projectId: string): Promise<BrowsableIntegration[]>;
  /** Null when the project has no such integration; throws when one of its secrets cannot be read. */
  openForBrowsing(projectId: string, integrationId: string): Promise<(BrowsableIntegration & { secrets: Record<string, string> }) | null>;
}

/** A data source as the sources list shows it (docs/data-browser.md). */
export interface DataSourceView {
  id: string;
  type: 'objects' | 'database';
  kind: string;
  name: string;
  integration_id: string | null;
  notebook_id: string | null;
  /** Whether the caller may browse it; `reason` says why not. */
  usable: boolean;
  reason: string | null;
  bucket: string | null;
  database: string | null;
}

export const OBJECT_KINDS = ['s3'] as const;
export const DATABASE_KINDS = ['postgres', 'mysql'] as const;

/** A source opened for one request. */
export type OpenedSource =
  | { type: 'objects'; kind: string; source: ObjectSource; integration: BrowsableIntegration | null; notebookId: string | null }
  | { type: 'database'; kind: string; browser: DatabaseBrowser; target: DatabaseTarget; integration: BrowsableIntegration };

export interface DataSourceDeps {
  access: AccessControl;
  integrations: () => DataIntegrations | null;
  objects: ObjectSources;
  databases: readonly DatabaseBrowser[];
  workspace: WorkspaceUseCases;
  /** SERVICE_DATA_BROWSER=on. */
  enabled: boolean;
}

const INTEGRATION_ID = /^intg-[0-9a-z]{16}$/;

/** Whether a source id names an integration (else it names a notebook, for its workspace). */
export const isIntegrationId = (sourceId: string): boolean => INTEGRATION_ID.test(sourceId);

/**
 * Which data a project has and who may open it. A workspace is read with `project.read`; an
 * integration's data with `integration.use` (editors and above), because reading it uses the
 * integration's credentials. Someone who is not a member learns nothing (404).
 */
export class DataSources {
  constructor(private readonly deps: DataSourceDeps) {}

  async list(principal: Principal, projectId: string): Promise<DataSourceView[]> {
    this.ensureEnabled();
    const { project } = await this.deps.access.project(principal, projectId, 'project.read');
    const mayUse = this.deps.access.allows(principal, project, 'integration.use');
    const integrations = (await this.deps.integrations()?.listForBrowsing(projectId)) ?? [];
    return integrations
      .filter((integration) => this.browsable(integration.kind))
      .map((integration) => ({
        id: integration.id,
        type: (DATABASE_KINDS as readonly string[]).includes(integration.kind) ? 'database' : 'objects',
        kind: integration.kind,
        name: integration.name,
        integration_id: integration.id,
        notebook_id: null,
        usable: mayUse,
        reason: mayUse ? null : "browsing an integration's data takes the editor role or higher in this project",
        bucket: integration.kind === 's3' ? String(integration.config.bucket ?? '') : null,
        database: (DATABASE_KINDS as readonly string[]).includes(integration.kind) ? String(integration.config.database ?? '') : null,
      }));
  }

  /** Opens a source for the caller: an integration by id, or a notebook's workspace by the notebook's id. */
  async open(principal: Principal, projectId: string, sourceId: string): Promise<OpenedSource> {
    this.ensureEnabled();
    if (!isIntegrationId(sourceId)) {
      await this.deps.workspace.access(principal, { projectId, notebookId: sourceId });
      return {
        type: 'objects',
        kind: 'workspace',
        source: new WorkspaceObjects(this.deps.workspace, principal, { projectId, notebookId: sourceId }),
        integration: null,
        notebookId: sourceId,
      };
    }
    await this.deps.access.project(principal, projectId, 'integration.use');
    const integrations = this.deps.integrations();
    const opened = integrations ? await integrations.openForBrowsing(projectId, sourceId).catch(unreadableSecret) : null;
    if (!opened) throw new HubError('NOT_FOUND', `integration ${sourceId} not found in this project`);
    const { secrets, ...integration } = opened;
    const target = { kind: opened.kind, config: opened.config, secrets, integration: { id: opened.id, versionId: opened.versionId } };
    if (this.deps.objects.kinds.includes(opened.kind))
      return { type: 'objects', kind: opened.kind, source: this.deps.objects.open(target), integration, notebookId: null };
    const browser = this.deps.databases.find((candidate) => candidate.kinds.includes(opened.kind));
    if (browser) return { type: 'database', kind: opened.kind, browser, target, integration };
    throw new HubError('BAD_REQUEST', `a ${opened.kind} integration holds no data the browser can show (buckets and databases only)`);
  }

  private browsable(kind: string): boolean {
    return this.deps.objects.kinds.includes(kind) || this.deps.databases.some((browser) => browser.kinds.includes(kind));
  }

  private ensureEnabled(): void {
    if (!this.deps.enabled) throw new HubError('NOT_FOUND', 'the data browser is turned off in this deployment (SERVICE_DATA_BROWSER=off)');
  }
}

/** A secret reference that cannot be read now: the integration needs fixing, not the request. */
function unreadableSecret(error: unknown): never {
  if (error instanceof HubError) throw error;
  const message = error instanceof Error ? error.message : String(error);
  throw new HubError('SERVICE_UNAVAILABLE', `the integration's secrets cannot be read: ${message}`);
}
