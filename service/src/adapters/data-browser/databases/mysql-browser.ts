import type { Connection as CoreConnection, FieldPacket, RowDataPacket } from 'mysql2';
import type { Connection } from 'mysql2/promise';
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
import { connectMysql, endpointOf, mysqlProblem, type DatabaseEndpoint } from '../../integrations/database-connections.js';
import { connectionError, reachable } from './database-errors.js';
import { converters, DRIVER_OPTIONS, jsonRow, typeName } from './mysql-values.js';
import { bySchemaAndName, cancelledError, checkCaps, QueryWatch, quoteIdentifier, RowCollector, timeoutError } from './query-limits.js';
import { statementProblem } from './statement-check.js';

const TABLES_SQL = `
SELECT TABLE_SCHEMA AS \`schema\`, TABLE_NAME AS name, TABLE_TYPE AS type, TABLE_ROWS AS estimate
  FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME`;

const TABLE_SQL = 'SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_SCHEMA = ? AND TABLE_NAME = ?';

const COLUMNS_SQL = `
SELECT COLUMN_NAME AS name, COLUMN_TYPE AS type, IS_NULLABLE AS nullable
  FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`;

/** Server error numbers read as the port's reasons. */
const READ_ONLY_REFUSED = 1792; // ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION
const STATEMENT_TIMEOUTS = new Set([1969, 3024]); // MariaDB max_statement_time, MySQL max_execution_time
const NO_SUCH_TABLE = 1146;

/**
 * The data browser over MySQL and MariaDB (docs/data-browser.md, "Databases"). Each call signs in
 * on its own connection (a socket the hub opens to the address the outbound policy checked),
 * makes the session read-only (`SET SESSION TRANSACTION READ ONLY`, then `START TRANSACTION READ
 * ONLY`) with the server's statement timeout (MariaDB `max_statement_time`, MySQL
 * `max_execution_time`), streams rows until a cap and rolls back. The hub also stops the statement
 * (`KILL QUERY` from a second connection) at the timeout or when the caller aborts.
 *
 * `context`: the `integrations` outbound client and policy, the resolver, and `timeoutMs`: how
 * long signing in and a catalog query (tables, columns) may take.
 */
export class MysqlBrowser implements DatabaseBrowser {
  readonly kinds = ['mysql'] as const;

  constructor(private readonly context: ConnectionContext) {}

  async tables(target: DatabaseTarget, signal: AbortSignal): Promise<DatabaseTable[]> {
    return this.session(target, this.context.timeoutMs, signal, async ({ connection }) => {
      const [rows] = await connection.query<RowDataPacket[]>(TABLES_SQL);
      const tables: DatabaseTable[] = rows.map((row) => ({
        schema: String(row.schema),
        name: String(row.name),
        type: /VIEW/.test(String(row.type)) ? 'view' : 'table',
        rowEstimate: row.estimate === null || row.estimate === undefined ? null : Number(row.estimate),
      }));
      return tables.sort(bySchemaAndName);
    });
  }

  async columns(target: DatabaseTarget, table: { schema: string; name: string }, signal: AbortSignal): Promise<DatabaseColumn[]> {
    return this.session(target, this.context.timeoutMs, signal, async ({ connection }) => {
      const [found] = await connection.query<RowDataPacket[]>(TABLE_SQL, [table.schema, table.name]);
      if (found.length === 0) throw notFound(table);
      const [rows] = await connection.query<RowDataPacket[]>(COLUMNS_SQL, [table.schema, table.name]);
      return rows.map((row) => ({ name: String(row.name), type: String(row.type), nullable: row.nullable === 'YES' }));
    });
  }

  async preview(target: DatabaseTarget, table: { schema: string; name: string }, caps: QueryCaps, signal: AbortSignal): Promise<QueryResult> {
    checkCaps(caps);
    const sql = `SELECT * FROM ${quoteIdentifier(table.schema, '`')}.${quoteIdentifier(table.name, '`')} LIMIT ${caps.maxRows + 1}`;
    try {
      return await this.read(target, sql, caps, signal);
    } catch (error) {
      if (error instanceof ServerError && error.errno === NO_SUCH_TABLE) throw notFound(table);
      throw error;
    }
  }

  async query(target: DatabaseTarget, sql: string, caps: QueryCaps, signal: AbortSignal): Promise<QueryResult> {
    checkCaps(caps);
    const problem = statementProblem(sql, 'mysql');
    if (problem) throw new DatabaseError('not-read-only', problem);
    return this.read(target, sql, caps, signal);
  }

  /** Streams the rows of one statement, keeping them until a cap; then stops the statement at the server. */
  private read(target: DatabaseTarget, sql: string, caps: QueryCaps, signal: AbortSignal): Promise<QueryResult> {
    return this.session(target, caps.timeoutMs, signal, async ({ connection, endpoint, watch }) => {
      const core = (connection as unknown as { connection: CoreConnection }).connection;
      const collector = new RowCollector(caps);
      let fields: FieldPacket[] = [];
      let convert: ReturnType<typeof converters> = [];
      let killing: Promise<void> | null = null;
      await new Promise<void>((resolve, reject) => {
        let settled = false;
        const settle = (error?: unknown) => {
          if (settled) return;
          settled = true;
          if (error === undefined) resolve();
          else reject(error);
        };
        const query = core.query({ sql, rowsAsArray: true });
        query.on('fields', (received: FieldPacket[] | undefined) => {
          fields = received ?? [];
          convert = converters(fields);
        });
        query.on('result', (row: unknown) => {
          if (killing !== null || !Array.isArray(row)) return;
          if (collector.add(jsonRow(row, convert))) return;
          // A cap: stop reading, stop the statement at the server, then read what is left in flight.
          // Should the server not take the kill, the connection goes: every row needed is here.
          core.pause();
          killing = this.kill(endpoint, core.threadId).then(
            () => core.resume(),
            () => {
              dropConnection(connection);
              settle();
            },
          );
        });
        query.on('error', (error: unknown) => settle(killing !== null && isInterrupted(error) ? undefined : error));
        query.on('end', () => settle());
      });
      // The statement may have ended on its own before the kill came: the kill must be over before the next one.
      if (killing !== null) await killing;
      const stopped = watch.error();
      if (stopped) throw stopped;
      return {
        columns: fields.map((field) => ({ name: field.name, type: typeName(field) })),
        rows: collector.rows,
        rowsJson: collector.json,
        truncated: collector.truncated,
      };
    });
  }

  /**
   * One connection made read-only with the server's statement timeout, one read-only
   * transaction, `work`, a rollback. Errors become the port's: the watch's (timeout, cancelled)
   * first, then the server's message.
   */
  private async session<T>(
    target: DatabaseTarget,
    timeoutMs: number,
    signal: AbortSignal,
    work: (session: { connection: Connection; endpoint: DatabaseEndpoint; watch: QueryWatch }) => Promise<T>,
  ): Promise<T> {
    if (signal.aborted) throw cancelledError();
    const endpoint = await reachable(() => endpointOf(this.context, target.config, target.secrets, 'mysql'));
    let connection: Connection;
    try {
      connection = await connectMysql(this.context, endpoint, DRIVER_OPTIONS);
    } catch (error) {
      throw connectionError(this.context, 'mysql', endpoint, error, target.secrets, mysqlProblem);
    }
    const threadId = connection.threadId;
    const watch = new QueryWatch(
      timeoutMs,
      signal,
      () => this.kill(endpoint, threadId),
      () => dropConnection(connection),
    );
    // The driver does not end what is in progress on a connection closed under it: the hub does.
    const dropped = new Promise<never>((_, reject) =>
      watch.whenDropped(() => reject(watch.error() ?? new DatabaseError('unreachable', 'the connection to the server was lost'))),
    );
    dropped.catch(() => {});
    const run = async () => {
      const [[version]] = await connection.query<RowDataPacket[]>('SELECT VERSION() AS version');
      const mariadb = /mariadb/i.test(String(version?.version));
      await connection.query('SET SESSION TRANSACTION READ ONLY');
      // MariaDB's limit is in seconds (a fraction allowed), MySQL's in milliseconds (SELECT only, which is all that runs).
      const limit = mariadb ? `max_statement_time = ${timeoutMs / 1000}` : `max_execution_time = ${timeoutMs}`;
      await connection.query(`SET SESSION time_zone = '+00:00', SESSION ${limit}`);
      await connection.query('START TRANSACTION READ ONLY');
      const result = await work({ connection, endpoint, watch });
      const stopped = watch.error();
      if (stopped) throw stopped;
      await connection.query('ROLLBACK').catch(() => {});
      return result;
    };
    try {
      return await Promise.race([run(), dropped]);
    } catch (error) {
      throw watch.error() ?? this.failure(error, endpoint, timeoutMs, target.secrets);
    } finally {
      watch.end();
      await connection.end().catch(() => connection.destroy());
    }
  }

  /** Stops what the connection `threadId` runs, from a connection of its own (`KILL QUERY`). */
  private async kill(endpoint: DatabaseEndpoint, threadId: number): Promise<void> {
    const killer = await connectMysql(this.context, endpoint, {});
    try {
      await killer.query(`KILL QUERY ${Number(threadId)}`);
    } finally {
      await killer.end().catch(() => killer.destroy());
    }
  }

  private failure(error: unknown, endpoint: DatabaseEndpoint, timeoutMs: number, secrets: Readonly<Record<string, string>>): unknown {
    // The port's own errors, and the hub's bugs, are not the server's.
    if (error instanceof DatabaseError || error instanceof TypeError || error instanceof RangeError) return error;
    const server = error as { errno?: unknown; sqlMessage?: unknown; fatal?: unknown };
    if (typeof server.errno === 'number' && typeof server.sqlMessage === 'string' && server.fatal !== true) {
      if (STATEMENT_TIMEOUTS.has(server.errno)) return timeoutError(timeoutMs);
      return new ServerError(server.errno, server.sqlMessage);
    }
    return connectionError(this.context, 'mysql', endpoint, error, secrets, mysqlProblem);
  }
}

/** The server's refusal, with its error number; its message is what a person reads. */
class ServerError extends DatabaseError {
  constructor(
    readonly errno: number,
    message: string,
  ) {
    super(errno === READ_ONLY_REFUSED ? 'not-read-only' : 'server', message);
  }
}

/** Closes the socket now: the driver's own `destroy` only half-closes it, and leaves what was in progress waiting. */
function dropConnection(connection: Connection): void {
  connection.destroy();
  (connection as unknown as { connection: { stream?: { destroy(): void } } }).connection.stream?.destroy();
}

const isInterrupted = (error: unknown) => (error as { errno?: unknown }).errno === 1317;

function notFound(table: { schema: string; name: string }): DatabaseError {
  return new DatabaseError('not-found', `there is no table or view ${table.schema}.${table.name} in the integration's database (or the user may not see it)`);
}
