/**
 * The database side of the data browser (docs/data-browser.md): schemas, tables and columns of
 * PostgreSQL and MySQL/MariaDB integrations, table previews and read-only queries under caps.
 * Implemented in adapters/data-browser/; every connection goes through the outbound-request policy.
 */

/** Which database, with what: an integration's kind, its configuration (defaults applied) and its secrets, resolved. */
export interface DatabaseTarget {
  kind: string;
  config: Readonly<Record<string, string | number | boolean>>;
  secrets: Readonly<Record<string, string>>;
}

export interface DatabaseTable {
  schema: string;
  name: string;
  type: 'table' | 'view';
  /** The server's estimate (PostgreSQL reltuples, MySQL TABLE_ROWS); null where it has none. */
  rowEstimate: number | null;
}

export interface DatabaseColumn {
  name: string;
  /** The server's type name (`integer`, `varchar(40)`, ...). */
  type: string;
  nullable: boolean;
}

/** A result column: its name and the server's type name. */
export interface ResultColumn {
  name: string;
  type: string;
}

/** What a query may take: the hub stops it at the first cap reached. */
export interface QueryCaps {
  maxRows: number;
  /** The result's size, counted as its JSON text. */
  maxBytes: number;
  /** Also set as the server's statement timeout. */
  timeoutMs: number;
}

export interface QueryResult {
  columns: ResultColumn[];
  /** JSON values: numbers beyond 2^53, decimals, dates and binary as text. */
  rows: unknown[][];
  /** Null when every row was read; otherwise the cap that stopped reading. */
  truncated: 'rows' | 'bytes' | null;
  /**
   * `rows` as one JSON array, where the adapter wrote it already (the byte cap counts the rows'
   * JSON text): an answer sends it as it is rather than writing 10,000 rows a second time.
   */
  rowsJson?: string;
}

/**
 * A failure a person can act on. `server` carries the database's own message (a syntax error,
 * "cannot execute DELETE in a read-only transaction") — never a secret: connection failures are
 * worded by the hub.
 */
export class DatabaseError extends Error {
  constructor(
    readonly reason: 'server' | 'timeout' | 'cancelled' | 'not-read-only' | 'unreachable' | 'denied' | 'refused-address' | 'not-found',
    message: string,
  ) {
    super(message);
    this.name = 'DatabaseError';
  }
}

/** One database of one kind. */
export interface DatabaseBrowser {
  readonly kinds: readonly string[];
  /** Schemas' tables and views (system schemas left out), by schema then name. */
  tables(target: DatabaseTarget, signal: AbortSignal): Promise<DatabaseTable[]>;
  /** Throws DatabaseError `not-found` when there is no such table or view. */
  columns(target: DatabaseTarget, table: { schema: string; name: string }, signal: AbortSignal): Promise<DatabaseColumn[]>;
  /** The first rows of a table or view (identifiers quoted by the adapter). */
  preview(target: DatabaseTarget, table: { schema: string; name: string }, caps: QueryCaps, signal: AbortSignal): Promise<QueryResult>;
  /**
   * One statement, run read-only (a read-only transaction on a read-only session) with the
   * server's statement timeout, rows streamed from the server and reading stopped at the caps.
   * Aborting `signal` cancels it at the server. Several statements are refused.
   */
  query(target: DatabaseTarget, sql: string, caps: QueryCaps, signal: AbortSignal): Promise<QueryResult>;
}
