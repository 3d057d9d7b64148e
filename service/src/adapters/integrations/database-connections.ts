import { connect as connectSocket, isIP, type Socket } from 'node:net';
import type { Client as PgClient, ClientConfig as PgClientConfig } from 'pg';
import type { Connection as MysqlConnection, ConnectionOptions as MysqlConnectionOptions } from 'mysql2/promise';
import { checkedAddress, commonProblem, ConnectionProblem, errorCode, unreachableMessage, type ConnectionContext } from './connection-context.js';
import { loadMysql, loadPg } from './driver-modules.js';

type SslMode = 'disable' | 'prefer' | 'require' | 'verify-full';

/** Where a `postgres` or `mysql` integration's server is, and who signs in. */
export interface DatabaseEndpoint {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  mode: SslMode;
  /** The address the host resolved to, checked by the outbound policy. */
  address: string;
}

/** The integration's server, its host resolved and checked now (throws {@link ConnectionProblem}). */
export async function endpointOf(
  context: ConnectionContext,
  config: Readonly<Record<string, string | number | boolean>>,
  secrets: Readonly<Record<string, string>>,
  scheme: 'postgres' | 'mysql',
): Promise<DatabaseEndpoint> {
  const host = String(config.host);
  const port = Number(config.port);
  return {
    host,
    port,
    database: String(config.database),
    user: String(config.user),
    password: secrets.password ?? '',
    mode: String(config.sslmode ?? 'prefer') as SslMode,
    address: await checkedAddress(context, host, port, scheme),
  };
}

/** Runs `attempt` with TLS as the mode says; `prefer` falls back to plain TCP when the server offers no TLS. */
async function withTls<T>(mode: SslMode, attempt: (tls: { verify: boolean } | null) => Promise<T>, noTls: (error: unknown) => boolean): Promise<T> {
  if (mode === 'disable') return attempt(null);
  try {
    return await attempt({ verify: mode === 'verify-full' });
  } catch (error) {
    if (mode === 'prefer' && noTls(error)) return attempt(null);
    throw error;
  }
}

const noTlsMessage = 'the server does not offer TLS: set TLS to prefer or disable, or turn TLS on at the server';

/** What a connection may add to the driver's own options (types, a name for the server's activity list). */
export type PostgresOptions = Omit<PgClientConfig, 'host' | 'port' | 'user' | 'password' | 'database' | 'ssl' | 'connectionTimeoutMillis'>;

/**
 * A signed-in `pg` client on the address the outbound policy checked (the host name kept for TLS
 * verification), TLS as the integration's `sslmode` says. Errors are the driver's: word them with
 * {@link postgresProblem}.
 */
export async function connectPostgres(context: ConnectionContext, endpoint: DatabaseEndpoint, options: PostgresOptions): Promise<PgClient> {
  const { default: pg } = await loadPg();
  const noTls = (error: unknown) => error instanceof Error && /does not support SSL/.test(error.message);
  return withTls(
    endpoint.mode,
    async (tls) => {
      const client = new pg.Client({
        ...options,
        host: endpoint.address,
        port: endpoint.port,
        user: endpoint.user,
        password: endpoint.password,
        database: endpoint.database,
        // The certificate is checked against the name the integration gives, not the address connected to.
        ssl:
          tls === null ? false : { rejectUnauthorized: tls.verify, host: endpoint.host, ...(isIP(endpoint.host) === 0 ? { servername: endpoint.host } : {}) },
        connectionTimeoutMillis: context.timeoutMs,
      });
      // A server that goes away later fails the query in progress; without a listener it would crash the hub.
      client.on('error', () => {});
      try {
        await client.connect();
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
      return client;
    },
    noTls,
  );
}

/** What a failed PostgreSQL connection (signing in) reads as: the credentials, the database, TLS, the network; null when unknown. */
export function postgresProblem(error: unknown, endpoint: DatabaseEndpoint): ConnectionProblem | null {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : '';
  if (code === '28P01' || code === '28000') return new ConnectionProblem('denied', `the server refused the user name or password (user ${endpoint.user})`);
  if (code === '3D000') return new ConnectionProblem('invalid', `the database ${endpoint.database} does not exist on the server`);
  if (code === '42501') return new ConnectionProblem('denied', `the user ${endpoint.user} may not connect to the database ${endpoint.database}`);
  if (/does not support SSL/.test(message)) return new ConnectionProblem('invalid', noTlsMessage);
  const what = `the PostgreSQL server at ${endpoint.host}:${endpoint.port}`;
  if (/timeout|terminated unexpectedly/i.test(message)) return new ConnectionProblem('unreachable', unreachableMessage(what));
  return commonProblem(error, endpoint.host, what);
}

/** What a connection may add to the driver's own options (how values are typed). */
export type MysqlOptions = Omit<
  MysqlConnectionOptions,
  'host' | 'port' | 'user' | 'password' | 'database' | 'ssl' | 'stream' | 'connectTimeout' | 'uri' | 'multipleStatements'
>;

/**
 * A signed-in `mysql2` connection (MySQL or MariaDB) whose socket the hub opened to the address
 * the outbound policy checked (the host name kept for TLS), TLS as the integration's `sslmode`
 * says, and never several statements in one query. Errors are the driver's: word them with
 * {@link mysqlProblem}.
 */
export async function connectMysql(
  context: ConnectionContext,
  endpoint: DatabaseEndpoint,
  options: MysqlOptions,
  /** A socket already opened to the endpoint's address ({@link openedSocket}), for the first attempt. */
  opened?: OpenedSocket,
): Promise<MysqlConnection> {
  const mysql = await loadMysql();
  // Connected, and handed to the driver with nothing in between that could let an error of the socket's go unheard.
  let first = await opened?.connected();
  const socket = () => {
    const given = first ?? connectSocket({ host: endpoint.address, port: endpoint.port, noDelay: true });
    first = undefined;
    return given;
  };
  const noTls = (error: unknown) => errorCode(error) === 'HANDSHAKE_NO_SSL_SUPPORT';
  return withTls(
    endpoint.mode,
    async (tls) => {
      const connection = await mysql.createConnection({
        ...options,
        host: endpoint.host,
        port: endpoint.port,
        user: endpoint.user,
        password: endpoint.password,
        database: endpoint.database,
        connectTimeout: context.timeoutMs,
        multipleStatements: false,
        // The socket goes to the checked address, never to whatever the name resolves to later; with
        // Nagle's algorithm off, as mysql2 sets it on the sockets it opens itself.
        stream: socket,
        ...(tls === null ? {} : { ssl: { rejectUnauthorized: tls.verify, verifyIdentity: tls.verify } }),
      });
      // A server that goes away later fails the query in progress; without a listener it would crash the hub.
      connection.on('error', () => {});
      return connection;
    },
    noTls,
  );
}

/** A socket opened before the caller has all it needs to sign in (the password still sealed). */
export interface OpenedSocket {
  /** The socket once connected, or the error it met (which no listener of the driver's was there to hear). */
  connected(): Promise<Socket>;
  destroy(): void;
}

/** A socket to the endpoint's checked address, opened now: the server's greeting is on its way while the caller prepares. */
export function openedSocket(endpoint: Pick<DatabaseEndpoint, 'address' | 'port'>): OpenedSocket {
  const socket = connectSocket({ host: endpoint.address, port: endpoint.port, noDelay: true });
  const connected = new Promise<Socket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
  // Whoever asks hears of a failure; nobody asking (the secrets could not be opened) is no unhandled rejection.
  connected.catch(() => {});
  return { connected: () => connected, destroy: () => socket.destroy() };
}

/** What a failed MySQL/MariaDB connection (signing in) reads as; null when unknown. */
export function mysqlProblem(error: unknown, endpoint: DatabaseEndpoint): ConnectionProblem | null {
  const code = errorCode(error);
  if (code === 'ER_ACCESS_DENIED_ERROR' || code === 'ER_NOT_SUPPORTED_AUTH_MODE')
    return new ConnectionProblem('denied', `the server refused the user name or password (user ${endpoint.user})`);
  if (code === 'ER_BAD_DB_ERROR') return new ConnectionProblem('invalid', `the database ${endpoint.database} does not exist on the server`);
  if (code === 'ER_DBACCESS_DENIED_ERROR') return new ConnectionProblem('denied', `the user ${endpoint.user} may not use the database ${endpoint.database}`);
  if (code === 'HANDSHAKE_NO_SSL_SUPPORT') return new ConnectionProblem('invalid', noTlsMessage);
  return commonProblem(error, endpoint.host, `the MySQL server at ${endpoint.host}:${endpoint.port}`);
}
