import { connect as connectSocket, isIP } from 'node:net';
import type { RowDataPacket } from 'mysql2';
import type { ConnectionTestOutcome, ConnectionTestRequest } from '../../core/ports/connection-tester.js';
import {
  checkedAddress,
  commonFailure,
  errorCode,
  failed,
  logged,
  passed,
  targetUrl,
  TestFailed,
  unreachableMessage,
  type TestContext,
} from './test-context.js';

type SslMode = 'disable' | 'prefer' | 'require' | 'verify-full';

interface DatabaseTarget {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  mode: SslMode;
  /** The address the host resolved to, checked by the outbound policy. */
  address: string;
}

async function targetOf(context: TestContext, request: ConnectionTestRequest, scheme: string): Promise<DatabaseTarget> {
  const host = String(request.config.host);
  const port = Number(request.config.port);
  return {
    host,
    port,
    database: String(request.config.database),
    user: String(request.config.user),
    password: request.secrets.password ?? '',
    mode: String(request.config.sslmode ?? 'prefer') as SslMode,
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

/**
 * Signs in to PostgreSQL with `pg`, on the address the outbound policy checked (the host name
 * kept for TLS), and runs `SELECT version()`.
 */
export async function testPostgres(context: TestContext, request: ConnectionTestRequest): Promise<ConnectionTestOutcome> {
  const { default: pg } = await import('pg');
  let target: DatabaseTarget;
  try {
    target = await targetOf(context, request, 'postgres');
  } catch (error) {
    if (error instanceof TestFailed) return error.outcome;
    throw error;
  }
  const noTls = (error: unknown) => error instanceof Error && /does not support SSL/.test(error.message);
  try {
    const version = await withTls(
      target.mode,
      async (tls) => {
        const client = new pg.Client({
          host: target.address,
          port: target.port,
          user: target.user,
          password: target.password,
          database: target.database,
          // The certificate is checked against the name the integration gives, not the address connected to.
          ssl: tls === null ? false : { rejectUnauthorized: tls.verify, host: target.host, ...(isIP(target.host) === 0 ? { servername: target.host } : {}) },
          connectionTimeoutMillis: context.timeoutMs,
          query_timeout: context.timeoutMs,
          application_name: 'notebook-hub connection test',
        });
        const abort = () => void client.end().catch(() => {});
        request.signal.addEventListener('abort', abort, { once: true });
        client.on('error', () => {});
        try {
          await client.connect();
          return (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? 'unknown';
        } finally {
          request.signal.removeEventListener('abort', abort);
          await client.end().catch(() => {});
        }
      },
      noTls,
    );
    return passed(`signed in to PostgreSQL ${version} as ${target.user}, database ${target.database}`);
  } catch (error) {
    const outcome = postgresFailure(error, target) ?? commonFailure(error, target.host, `the PostgreSQL server at ${target.host}:${target.port}`);
    return logged(
      context,
      targetUrl('postgres', target.host, target.port),
      error,
      request.secrets,
      outcome ?? failed('the server refused the connection: see the hub log for details'),
    );
  }
}

function postgresFailure(error: unknown, target: DatabaseTarget): ConnectionTestOutcome | null {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : '';
  if (code === '28P01' || code === '28000') return failed(`the server refused the user name or password (user ${target.user})`);
  if (code === '3D000') return failed(`the database ${target.database} does not exist on the server`);
  if (code === '42501') return failed(`the user ${target.user} may not connect to the database ${target.database}`);
  if (/does not support SSL/.test(message)) return failed(noTlsMessage);
  if (/timeout|terminated unexpectedly/i.test(message)) return failed(unreachableMessage(`the PostgreSQL server at ${target.host}:${target.port}`));
  return null;
}

/**
 * Signs in to MySQL or MariaDB with `mysql2`, on the address the outbound policy checked (its
 * socket opened by the hub; the host name kept for TLS), and asks the server's version.
 */
export async function testMysql(context: TestContext, request: ConnectionTestRequest): Promise<ConnectionTestOutcome> {
  const mysql = await import('mysql2/promise');
  let target: DatabaseTarget;
  try {
    target = await targetOf(context, request, 'mysql');
  } catch (error) {
    if (error instanceof TestFailed) return error.outcome;
    throw error;
  }
  const noTls = (error: unknown) => errorCode(error) === 'HANDSHAKE_NO_SSL_SUPPORT';
  try {
    const version = await withTls(
      target.mode,
      async (tls) => {
        const connection = await mysql.createConnection({
          host: target.host,
          port: target.port,
          user: target.user,
          password: target.password,
          database: target.database,
          connectTimeout: context.timeoutMs,
          // The socket goes to the checked address, never to whatever the name resolves to later.
          stream: () => connectSocket({ host: target.address, port: target.port }),
          ...(tls === null ? {} : { ssl: { rejectUnauthorized: tls.verify, verifyIdentity: tls.verify } }),
        });
        const abort = () => connection.destroy();
        request.signal.addEventListener('abort', abort, { once: true });
        try {
          const [rows] = await connection.query<RowDataPacket[]>('SELECT VERSION() AS version');
          return String(rows[0]?.version ?? 'unknown');
        } finally {
          request.signal.removeEventListener('abort', abort);
          await connection.end().catch(() => connection.destroy());
        }
      },
      noTls,
    );
    return passed(`signed in to ${/mariadb/i.test(version) ? 'MariaDB' : 'MySQL'} ${version} as ${target.user}, database ${target.database}`);
  } catch (error) {
    const outcome = mysqlFailure(error, target) ?? commonFailure(error, target.host, `the MySQL server at ${target.host}:${target.port}`);
    return logged(
      context,
      targetUrl('mysql', target.host, target.port),
      error,
      request.secrets,
      outcome ?? failed('the server refused the connection: see the hub log for details'),
    );
  }
}

function mysqlFailure(error: unknown, target: DatabaseTarget): ConnectionTestOutcome | null {
  const code = errorCode(error);
  if (code === 'ER_ACCESS_DENIED_ERROR' || code === 'ER_NOT_SUPPORTED_AUTH_MODE')
    return failed(`the server refused the user name or password (user ${target.user})`);
  if (code === 'ER_BAD_DB_ERROR') return failed(`the database ${target.database} does not exist on the server`);
  if (code === 'ER_DBACCESS_DENIED_ERROR') return failed(`the user ${target.user} may not use the database ${target.database}`);
  if (code === 'HANDSHAKE_NO_SSL_SUPPORT') return failed(noTlsMessage);
  return null;
}
