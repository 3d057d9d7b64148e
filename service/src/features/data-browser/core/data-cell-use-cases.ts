import type { AccessControl } from '../../../core/access/access-control.js';
import type { AuditLog } from '../../../core/audit/audit-log.js';
import { HubError } from '../../../core/errors.js';
import type { SandboxDriver } from '../../../core/ports/sandbox-driver.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import { blankNotebook } from '../../../core/notebooks/marimo-source.js';
import type { NotebookService } from '../../../core/notebooks/notebook-service.js';
import type { NotebookUseCases } from '../../../core/use-cases/notebooks.js';
import type { VersionUseCases } from '../../../core/use-cases/versions.js';
import { cellsFor, cellSource, type CellData, type DataCells } from './data-cells.js';
import { isIntegrationId, type DataSources, type OpenedSource } from './data-sources.js';
import { definedNames, withCells } from './notebook-cells.js';

/** What to load: an object of a bucket or workspace, a table, or a statement. */
export interface CellRequest {
  projectId: string;
  sourceId: string;
  object?: { key: string };
  table?: { schema: string; name: string; rows?: number };
  sql?: string;
  target: { notebookId: string } | { newNotebook: { title: string } } | { sessionId: string };
}

export interface CellOutcome {
  notebookId: string;
  /** The version saved; null when the cells went into an edit session (saved with the session). */
  versionId: string | null;
  sessionId: string | null;
  /** The cells added, as marimo's file format writes them. */
  code: string;
  dependencies: string[];
  variable: string;
}

/** The cells a request would add, before anything is written. */
export type CellsPreview = Pick<CellOutcome, 'code' | 'dependencies' | 'variable'>;

export interface DataCellDeps {
  access: AccessControl;
  audit: AuditLog;
  /** The notebook file of a running edit session, where its editor (marimo, watching the file) picks up the cells. */
  sandboxFiles: Pick<SandboxDriver, 'readFile' | 'writeFile'>;
  sources: DataSources;
  notebooks: NotebookUseCases;
  notebookCode: Pick<NotebookService, 'code'>;
  versions: VersionUseCases;
  marimoVersion: string;
}

const TABLE_ROWS_DEFAULT = 100;

/**
 * "Open in notebook" (docs/data-browser.md, "Into the notebook"): cells that load what was
 * previewed go into the caller's open edit session (its notebook file, which the editor watches),
 * into a notebook as a new version, or make a new notebook. A version is the notebooks' own write
 * (its audit event, its conflicts: a notebook held by an edit session is changed through that
 * session instead); cells added to a session write `data.cell`.
 */
export class DataCellUseCases {
  constructor(private readonly deps: DataCellDeps) {}

  async add(principal: Principal, request: CellRequest): Promise<CellOutcome> {
    return (await this.plan(principal, request)).apply();
  }

  /** The cells `add` would write for this request, its checks made, nothing written. */
  async preview(principal: Principal, request: CellRequest): Promise<CellsPreview> {
    const { cells } = await this.plan(principal, request);
    return { code: codeOf(cells), dependencies: cells.dependencies, variable: cells.variable };
  }

  /** Checks the request and works out the cells against the target's current code; `apply` writes them. */
  private async plan(principal: Principal, request: CellRequest): Promise<CellPlan> {
    const { target } = request;
    // The write is authorized first, as every route that changes a notebook does; what is read
    // for it (an integration's settings) is authorized next.
    if ('sessionId' in target) return this.intoSession(principal, request, target.sessionId);
    if ('newNotebook' in target) {
      await this.deps.access.project(principal, request.projectId, 'notebook.write');
      const data = await this.dataOf(principal, request, null);
      const blank = blankNotebook(this.deps.marimoVersion);
      const cells = cellsFor(data, definedNames(blank));
      return {
        cells,
        apply: async () => {
          const code = withCells(blank, cells.cells, cells.dependencies);
          const created = await this.deps.notebooks.create(principal, { projectId: request.projectId, notebook: { title: target.newNotebook.title, code } });
          return outcome(created.notebook.id, created.version.version_id, cells);
        },
      };
    }
    const { notebookId } = target;
    const { notebook } = await this.deps.access.notebook(principal, request.projectId, notebookId, 'notebook.write');
    const data = await this.dataOf(principal, request, notebookId);
    const versionId = notebook.source.current_version_id;
    if (!versionId) throw new HubError('CONFLICT', 'this notebook has no version yet: open it in the editor first');
    // Writing a notebook reads its code: notebook.write is what this takes, as restoring a version does.
    const code = await this.deps.notebookCode.code(request.projectId, notebookId, versionId);
    const cells = cellsFor(data, definedNames(code));
    return {
      cells,
      apply: async () => {
        const saved = await this.deps.versions.save(principal, {
          projectId: request.projectId,
          notebookId,
          code: withCells(code, cells.cells, cells.dependencies),
          baseVersionId: versionId,
          message: `Added cells that load ${describe(request)}`,
        });
        return outcome(notebookId, saved.version_id, cells);
      },
    };
  }

  /**
   * What the cells load. A workspace file is read from its own notebook's folder, so it can go
   * into that notebook only, and the cell reads nothing now; an integration is opened (its
   * settings name the variables), which takes `integration.use`.
   */
  private async dataOf(principal: Principal, request: CellRequest, notebookId: string | null): Promise<CellData> {
    if (!isIntegrationId(request.sourceId)) {
      if (request.sourceId !== notebookId)
        throw new HubError('VALIDATION_ERROR', "a workspace file is read from its own notebook's folder: add the cell to that notebook", [
          { field: 'target', message: 'workspace files load in their own notebook only' },
        ]);
      if (!request.object || request.table || request.sql !== undefined)
        throw new HubError('VALIDATION_ERROR', 'a workspace holds files: give object.key only', [{ field: 'object', message: 'required' }]);
      return { type: 'object', source: 'workspace', key: request.object.key };
    }
    return integrationData(await this.deps.sources.open(principal, request.projectId, request.sourceId), request);
  }

  /** Cells for the notebook file of the caller's running edit session; marimo reloads it when they are written. */
  private async intoSession(principal: Principal, request: CellRequest, sessionId: string): Promise<CellPlan> {
    const { project, record } = await this.deps.access.session(principal, request.projectId, sessionId, 'session.attach');
    await this.deps.access.also(principal, project, ['notebook.write']);
    const sandbox = record.sandbox;
    if (record.mode !== 'edit' || record.state !== 'running' || !sandbox)
      throw new HubError('CONFLICT', `session ${sessionId} is not a running edit session: open the notebook in the editor first, or choose a notebook`);
    const data = await this.dataOf(principal, request, record.notebook_id);
    const code = (await this.deps.sandboxFiles.readFile(sandbox.id, record.entry_file)).toString('utf8');
    const cells = cellsFor(data, definedNames(code));
    return {
      cells,
      apply: async () => {
        await this.deps.sandboxFiles.writeFile(sandbox.id, record.entry_file, withCells(code, cells.cells, cells.dependencies));
        await this.deps.audit.append({
          event: 'data.cell',
          actor: principal.user.id,
          projectId: request.projectId,
          metadata: { session_id: sessionId, notebook_id: record.notebook_id, source_id: request.sourceId, variable: cells.variable },
        });
        return { ...outcome(record.notebook_id, null, cells), sessionId };
      },
    };
  }
}

interface CellPlan {
  cells: DataCells;
  apply(): Promise<CellOutcome>;
}

function codeOf(cells: DataCells): string {
  return cells.cells.map(cellSource).join('\n\n');
}

function outcome(notebookId: string, versionId: string | null, cells: DataCells): CellOutcome {
  return { notebookId, versionId, sessionId: null, code: codeOf(cells), dependencies: cells.dependencies, variable: cells.variable };
}

function describe(request: CellRequest): string {
  if (request.object) return request.object.key;
  if (request.table) return `${request.table.schema}.${request.table.name}`;
  return 'a query';
}

/** What the cells load from an integration's bucket or database. */
function integrationData(opened: OpenedSource, request: CellRequest): CellData {
  const given = [request.object, request.table, request.sql].filter((part) => part !== undefined).length;
  if (given !== 1)
    throw new HubError('VALIDATION_ERROR', 'give exactly one of object, table and sql', [{ field: 'object', message: 'exactly one of object, table, sql' }]);
  if (opened.type === 'objects') {
    if (!request.object) throw new HubError('VALIDATION_ERROR', 'this source holds objects: give object.key', [{ field: 'object', message: 'required' }]);
    const { integration } = opened;
    return {
      type: 'object',
      source: 's3',
      key: request.object.key,
      bucket: String(integration!.config.bucket ?? ''),
      envPrefix: integration!.envPrefix,
      endpoint: String(integration!.config.endpoint_url ?? '') !== '',
      pathStyle: integration!.config.path_style === true,
    };
  }
  const kind = opened.kind === 'mysql' ? 'mysql' : 'postgres';
  if (request.object) throw new HubError('VALIDATION_ERROR', 'this source is a database: give table or sql', [{ field: 'object', message: 'not a bucket' }]);
  const sql = request.table ? tableQuery(kind, request.table) : request.sql!.trim();
  if (sql === '') throw new HubError('VALIDATION_ERROR', 'sql must not be empty', [{ field: 'sql', message: 'empty' }]);
  return { type: 'sql', kind, envPrefix: opened.integration.envPrefix, integrationName: opened.integration.name, sql, name: request.table?.name ?? 'result' };
}

/** The first rows of a table, as its preview showed them. */
export function tableQuery(kind: 'postgres' | 'mysql', table: { schema: string; name: string; rows?: number }): string {
  const quote = kind === 'mysql' ? (name: string) => `\`${name.replace(/`/g, '``')}\`` : (name: string) => `"${name.replace(/"/g, '""')}"`;
  const rows = Math.min(Math.max(Math.trunc(table.rows ?? TABLE_ROWS_DEFAULT), 1), 1_000_000);
  return `SELECT * FROM ${quote(table.schema)}.${quote(table.name)} LIMIT ${rows}`;
}
