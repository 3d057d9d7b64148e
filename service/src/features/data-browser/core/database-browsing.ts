import { createHash } from 'node:crypto';
import type { AuditLog } from '../../../core/audit/audit-log.js';
import { HubError } from '../../../core/errors.js';
import type { Principal } from '../../../core/identity/authenticator.js';
import { DatabaseError, type DatabaseColumn, type DatabaseTable, type QueryCaps, type QueryResult } from '../../../core/ports/data-databases.js';
import type { DataBrowserMetrics } from './data-metrics.js';
import type { DataSources, OpenedSource } from './data-sources.js';

export type ShownResult = QueryResult & { durationMs: number };

/** A result for an answer that writes its own JSON (an MCP tool's): without the rows' text written for the REST answer. */
export function withoutRowsJson(result: ShownResult): Omit<ShownResult, 'rowsJson'> {
  const { rowsJson, ...rest } = result;
  void rowsJson;
  return rest;
}

export interface DatabaseBrowsingDeps {
  sources: DataSources;
  caps: QueryCaps;
  metrics: DataBrowserMetrics;
  audit: AuditLog;
  /** How long listing tables or columns may take. */
  timeoutMs: number;
}

const MAX_SQL = 100_000;
const IDENTIFIER_MAX = 256;

type Database = Extract<OpenedSource, { type: 'database' }>;

/**
 * The database browser (docs/data-browser.md, "Databases"): tables and columns, table previews
 * and read-only queries under the deployment's caps. The hub connects with the integration's
 * credentials and never shows them; every query is audited (who, which integration, how long,
 * how many rows — never the result).
 */
export class DatabaseBrowsing {
  constructor(private readonly deps: DatabaseBrowsingDeps) {}

  async tables(principal: Principal, input: { projectId: string; sourceId: string }): Promise<DatabaseTable[]> {
    const database = await this.database(principal, input);
    return guarded(() => database.browser.tables(database.target, AbortSignal.timeout(this.deps.timeoutMs)));
  }

  async columns(principal: Principal, input: { projectId: string; sourceId: string; schema: string; table: string }): Promise<DatabaseColumn[]> {
    checkIdentifier(input.schema, 'schema');
    checkIdentifier(input.table, 'table');
    const database = await this.database(principal, input);
    return guarded(() => database.browser.columns(database.target, { schema: input.schema, name: input.table }, AbortSignal.timeout(this.deps.timeoutMs)));
  }

  async previewTable(
    principal: Principal,
    input: { projectId: string; sourceId: string; schema: string; table: string; rows: number },
    signal: AbortSignal,
  ): Promise<ShownResult> {
    checkIdentifier(input.schema, 'schema');
    checkIdentifier(input.table, 'table');
    const database = await this.database(principal, input);
    const caps = { ...this.deps.caps, maxRows: Math.min(input.rows, this.deps.caps.maxRows) };
    return this.run(
      principal,
      input.projectId,
      database,
      'preview',
      null,
      (deadline) => database.browser.preview(database.target, { schema: input.schema, name: input.table }, caps, deadline),
      signal,
    );
  }

  /** One read-only statement; `maxRows` lowers the deployment's cap, never raises it. */
  async query(principal: Principal, input: { projectId: string; sourceId: string; sql: string; maxRows?: number }, signal: AbortSignal): Promise<ShownResult> {
    const sql = input.sql.trim();
    if (sql === '' || sql.length > MAX_SQL)
      throw new HubError('VALIDATION_ERROR', `sql must be one statement of 1 to ${MAX_SQL} characters`, [{ field: 'sql', message: 'empty or too long' }]);
    const database = await this.database(principal, input);
    const caps = { ...this.deps.caps, maxRows: Math.min(input.maxRows ?? this.deps.caps.maxRows, this.deps.caps.maxRows) };
    return this.run(principal, input.projectId, database, 'query', sql, (deadline) => database.browser.query(database.target, sql, caps, deadline), signal);
  }

  private async run(
    principal: Principal,
    projectId: string,
    database: Database,
    operation: 'query' | 'preview',
    sql: string | null,
    work: (signal: AbortSignal) => Promise<QueryResult>,
    signal: AbortSignal,
  ): Promise<ShownResult> {
    const started = performance.now();
    let outcome = 'ok';
    let rows = 0;
    let truncated: string | null = null;
    try {
      const result = await work(signal);
      rows = result.rows.length;
      truncated = result.truncated;
      return { ...result, durationMs: Math.round(performance.now() - started) };
    } catch (error) {
      outcome = error instanceof DatabaseError ? error.reason : 'error';
      throw databaseError(error, this.deps.caps.timeoutMs);
    } finally {
      const durationMs = Math.round(performance.now() - started);
      this.deps.metrics.queries.add(1, { kind: database.kind, operation, outcome });
      if (operation === 'query')
        await this.deps.audit.append({
          event: 'data.query',
          actor: principal.user.id,
          projectId,
          metadata: {
            integration_id: database.integration.id,
            kind: database.kind,
            duration_ms: durationMs,
            rows,
            truncated,
            outcome,
            // The statement may hold literals worth keeping private: its digest tells runs apart.
            statement_sha256: createHash('sha256')
              .update(sql ?? '')
              .digest('hex'),
          },
        });
    }
  }

  private async database(principal: Principal, input: { projectId: string; sourceId: string }): Promise<Database> {
    const opened = await this.deps.sources.open(principal, input.projectId, input.sourceId);
    if (opened.type !== 'database') throw new HubError('BAD_REQUEST', `${input.sourceId} is not a database: browse its objects instead`);
    return opened;
  }
}

function checkIdentifier(value: string, field: string): void {
  if (value === '' || value.length > IDENTIFIER_MAX || value.includes('\u0000'))
    throw new HubError('VALIDATION_ERROR', `${field} must be a name of 1 to ${IDENTIFIER_MAX} characters`, [{ field, message: 'not a valid name' }]);
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw databaseError(error, null);
  }
}

/** A database's failure in the hub's words, with the server's own message where it is about the statement. */
export function databaseError(error: unknown, timeoutMs: number | null): unknown {
  if (!(error instanceof DatabaseError)) {
    if (error instanceof Error && error.name === 'TimeoutError') return new HubError('SERVICE_UNAVAILABLE', 'the database did not answer in time');
    return error;
  }
  switch (error.reason) {
    case 'server':
    case 'not-read-only':
      return new HubError('VALIDATION_ERROR', error.message, [{ field: 'sql', message: error.message }]);
    case 'timeout':
      return new HubError(
        'VALIDATION_ERROR',
        error.message || `the statement ran past its time limit${timeoutMs ? ` of ${timeoutMs / 1000} s` : ''} and was stopped`,
        [{ field: 'sql', message: 'timeout' }],
      );
    case 'cancelled':
      return new HubError('BAD_REQUEST', 'the query was cancelled');
    case 'not-found':
      return new HubError('NOT_FOUND', error.message);
    default:
      return new HubError('SERVICE_UNAVAILABLE', error.message);
  }
}
