import type { Client, FieldDef, QueryResult as PgResult } from 'pg';
import Cursor from 'pg-cursor';
import {
  DatabaseError,
  type DatabaseBrowser,
  type DatabaseColumn,
  type DatabaseTable,
  type DatabaseTarget,
  type QueryCaps,
  type QueryResult,
} from '../../../core/ports/data-databases.js';
import type { ConnectionContext } from '../../integrations/connection-context.js';
import { connectPostgres, endpointOf, postgresProblem, type DatabaseEndpoint } from '../../integrations/database-connections.js';
import { connectionError, reachable } from './database-errors.js';
import { JSON_SAFE_TYPES, SESSION_SETTINGS, typeNames } from './postgres-values.js';
import { bySchemaAndName, cancelledError, checkCaps, QueryWatch, quoteIdentifier, RowCollector, timeoutError } from './query-limits.js';
import { statementProblem } from './statement-check.js';

const APPLICATION = 'notebook-hub data browser';
/** Rows asked of the server at a time: few round trips, little held in memory beyond the caps. */
/** The first batch of a cursor read; later ones grow to what the byte cap holds, up to the most. */
const BATCH_ROWS = 500;
const MOST_BATCH_ROWS = 10_000;

const TABLES_SQL = `
SELECT n.nspname AS schema, c.relname AS name, c.relkind AS kind, c.reltuples AS estimate
  FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
 WHERE c.relkind IN ('r', 'p', 'f', 'v', 'm') AND NOT c.relispartition
   AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
   AND pg_catalog.has_schema_privilege(n.oid, 'USAGE') AND pg_catalog.has_table_privilege(c.oid, 'SELECT')
 ORDER BY n.nspname, c.relname`;

const RELATION_SQL = `
SELECT c.oid::int8 AS oid FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r', 'p', 'f', 'v', 'm')`;

const COLUMNS_SQL = `
SELECT a.attname AS name, pg_catalog.format_type(a.atttypid, a.atttypmod) AS type, NOT a.attnotnull AS nullable
  FROM pg_catalog.pg_attribute a
 WHERE a.attrelid = $1::oid AND a.attnum > 0 AND NOT a.attisdropped
 ORDER BY a.attnum`;

const TYPES_SQL = 'SELECT oid::int8 AS oid, pg_catalog.format_type(oid, NULL) AS name FROM pg_catalog.pg_type WHERE oid = ANY($1::oid[])';

/**
 * The data browser over PostgreSQL (docs/data-browser.md, "Databases"). Each call signs in on its
 * own connection (the address the outbound policy checked, TLS as the integration says), runs in
 * `BEGIN READ ONLY` with `SET LOCAL statement_timeout`, reads rows through a cursor until a cap,
 * and rolls back. The hub also cancels the statement (`pg_cancel_backend` from a second
 * connection) at the timeout or when the caller aborts.
 *
 * `context`: the `integrations` outbound client and policy, the resolver, and `timeoutMs`: how
 * long signing in and a catalog query (tables, columns) may take.
 */
export class PostgresBrowser implements DatabaseBrowser {
  readonly kinds = ['postgres'] as const;

  constructor(private readonly context: ConnectionContext) {}

  async tables(target: DatabaseTarget, signal: AbortSignal): Promise<DatabaseTable[]> {
    return this.session(target, this.context.timeoutMs, signal, async (client) => {
      const { rows } = await client.query<{ schema: string; name: string; kind: string; estimate: number }>(TABLES_SQL);
      const tables: DatabaseTable[] = rows.map((row) => ({
        schema: row.schema,
        name: row.name,
        type: row.kind === 'v' || row.kind === 'm' ? 'view' : 'table',
        // -1: never analysed (and partitioned tables); views have no estimate.
        rowEstimate: row.kind === 'v' || row.estimate < 0 ? null : Math.round(row.estimate),
      }));
      return tables.sort(bySchemaAndName);
    });
  }

  async columns(target: DatabaseTarget, table: { schema: string; name: string }, signal: AbortSignal): Promise<DatabaseColumn[]> {
    return this.session(target, this.context.timeoutMs, signal, async (client) => {
      const relation = (await client.query<{ oid: number }>(RELATION_SQL, [table.schema, table.name])).rows[0];
      if (!relation) throw notFound(table);
      const { rows } = await client.query<DatabaseColumn>(COLUMNS_SQL, [relation.oid]);
      return rows.map((row) => ({ name: row.name, type: row.type, nullable: row.nullable }));
    });
  }

  async preview(target: DatabaseTarget, table: { schema: string; name: string }, caps: QueryCaps, signal: AbortSignal): Promise<QueryResult> {
    checkCaps(caps);
    const sql = `SELECT * FROM ${quoteIdentifier(table.schema, '"')}.${quoteIdentifier(table.name, '"')} LIMIT ${caps.maxRows + 1}`;
    try {
      return await this.read(target, sql, caps, signal);
    } catch (error) {
      if (error instanceof ServerError && error.code === '42P01') throw notFound(table);
      throw error;
    }
  }

  async query(target: DatabaseTarget, sql: string, caps: QueryCaps, signal: AbortSignal): Promise<QueryResult> {
    checkCaps(caps);
    const problem = statementProblem(sql, 'postgres');
    if (problem) throw new DatabaseError('not-read-only', problem);
    return this.read(target, sql, caps, signal);
  }

  /** Runs one statement through a cursor, keeping rows until a cap. */
  private read(target: DatabaseTarget, sql: string, caps: QueryCaps, signal: AbortSignal): Promise<QueryResult> {
    return this.session(target, caps.timeoutMs, signal, async (client, watch) => {
      const collector = new RowCollector(caps);
      // The extended protocol: the server refuses several statements in one.
      const cursor = client.query(new Cursor<unknown[]>(sql, undefined, { rowMode: 'array', types: JSON_SAFE_TYPES }));
      let fields: FieldDef[] = [];
      for (;;) {
        if (watch.stopped) break;
        const batch = await readBatch(cursor, collector.nextBatch(BATCH_ROWS, MOST_BATCH_ROWS));
        fields = batch.fields ?? fields;
        if (batch.rows.length === 0 || !batch.rows.every((row) => collector.add(row))) break;
      }
      // The rest of the result stays unread: closing the portal ends the statement. (After an
      // error there is nothing to close, and the session drops the connection.)
      await cursor.close();
      const stopped = watch.error();
      if (stopped) throw stopped;
      const names = await typeNames(
        fields.map((field) => field.dataTypeID),
        async (missing) => (await client.query<{ oid: number; name: string }>(TYPES_SQL, [missing])).rows,
      );
      return {
        columns: fields.map((field) => ({ name: field.name, type: names.get(field.dataTypeID) ?? `oid ${field.dataTypeID}` })),
        rows: collector.rows,
        rowsJson: collector.json,
        truncated: collector.truncated,
      };
    });
  }

  /**
   * One connection, one read-only transaction with the statement timeout, `work`, a rollback.
   * Errors become the port's: the watch's (timeout, cancelled) first, then the server's message.
   */
  private async session<T>(
    target: DatabaseTarget,
    timeoutMs: number,
    signal: AbortSignal,
    work: (client: Client, watch: QueryWatch) => Promise<T>,
  ): Promise<T> {
    if (signal.aborted) throw cancelledError();
    const endpoint = await reachable(() => endpointOf(this.context, target.config, target.secrets, 'postgres'));
    let client: Client;
    try {
      client = await connectPostgres(this.context, endpoint, { types: JSON_SAFE_TYPES, application_name: APPLICATION });
    } catch (error) {
      throw connectionError(this.context, 'postgres', endpoint, error, target.secrets, postgresProblem);
    }
    const pid = (client as unknown as { processID: number }).processID;
    const watch = new QueryWatch(
      timeoutMs,
      signal,
      () => this.cancel(endpoint, pid),
      () => void client.end().catch(() => {}),
    );
    try {
      const settings = [`statement_timeout = ${timeoutMs}`, ...SESSION_SETTINGS].map((setting) => `SET LOCAL ${setting}`);
      await client.query(['BEGIN READ ONLY', ...settings].join('; '));
      const result = await work(client, watch);
      const stopped = watch.error();
      if (stopped) throw stopped;
      await client.query('ROLLBACK');
      return result;
    } catch (error) {
      throw watch.error() ?? this.failure(error, endpoint, timeoutMs, target.secrets);
    } finally {
      watch.end();
      await client.end().catch(() => {});
    }
  }

  /** Asks the server to stop what the session `pid` runs, from a connection of its own. */
  private async cancel(endpoint: DatabaseEndpoint, pid: number): Promise<void> {
    const canceller = await connectPostgres(this.context, endpoint, { application_name: `${APPLICATION} (cancel)`, query_timeout: this.context.timeoutMs });
    try {
      const { rows } = await canceller.query<{ cancelled: boolean }>('SELECT pg_catalog.pg_cancel_backend($1) AS cancelled', [pid]);
      if (rows[0]?.cancelled !== true) throw new Error('the server did not cancel the statement');
    } finally {
      await canceller.end().catch(() => {});
    }
  }

  private failure(error: unknown, endpoint: DatabaseEndpoint, timeoutMs: number, secrets: Readonly<Record<string, string>>): unknown {
    // The port's own errors, and the hub's bugs, are not the server's.
    if (error instanceof DatabaseError || error instanceof TypeError || error instanceof RangeError) return error;
    const server = error as { code?: unknown; severity?: unknown; message?: unknown; position?: unknown };
    if (typeof server.severity === 'string' && typeof server.code === 'string') {
      if (server.code === '57014') return timeoutError(timeoutMs);
      const position = typeof server.position === 'string' && server.position !== '' ? ` (at character ${server.position})` : '';
      return new ServerError(server.code, `${String(server.message)}${position}`);
    }
    return connectionError(this.context, 'postgres', endpoint, error, secrets, postgresProblem);
  }
}

/**
 * The server's refusal, with its SQLSTATE: its message is what a person reads. A read-only
 * transaction's refusal (25006) says the query would have written.
 */
class ServerError extends DatabaseError {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(code === '25006' ? 'not-read-only' : 'server', message);
  }
}

function notFound(table: { schema: string; name: string }): DatabaseError {
  return new DatabaseError('not-found', `there is no table or view ${table.schema}.${table.name} (or the user may not see it)`);
}

/** The next rows of the cursor, with the result's columns (null once the cursor is done: it says no more). */
function readBatch(cursor: Cursor<unknown[]>, rows: number): Promise<{ rows: unknown[][]; fields: FieldDef[] | null }> {
  return new Promise((resolve, reject) => {
    cursor.read(rows, (error, read, result: PgResult | undefined) => {
      if (error) reject(error);
      else resolve({ rows: read, fields: result?.fields ?? null });
    });
  });
}
