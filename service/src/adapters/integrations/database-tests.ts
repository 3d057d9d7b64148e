import type { RowDataPacket } from 'mysql2';
import { UnreadableSecretError, type ConnectionTestOutcome, type ConnectionTestRequest } from '../../core/ports/connection-tester.js';
import { ConnectionProblem, targetUrl } from './connection-context.js';
import { connectMysql, connectPostgres, endpointOf, mysqlProblem, openedSocket, postgresProblem, type DatabaseEndpoint } from './database-connections.js';
import { failed, logged, passed, type TestContext } from './test-context.js';

/** The endpoint of the request (its password not yet opened), or the outcome of a host the policy refuses or that has no address. */
async function endpointFor(
  context: TestContext,
  request: ConnectionTestRequest,
  scheme: 'postgres' | 'mysql',
): Promise<DatabaseEndpoint | ConnectionTestOutcome> {
  try {
    return await endpointOf(context, request.config, {}, scheme);
  } catch (error) {
    if (error instanceof ConnectionProblem) return failed(error.message);
    throw error;
  }
}

/**
 * Signs in to PostgreSQL with `pg`, on the address the outbound policy checked (the host name
 * kept for TLS), and runs `SHOW server_version`.
 */
export async function testPostgres(context: TestContext, request: ConnectionTestRequest): Promise<ConnectionTestOutcome> {
  const endpoint = await endpointFor(context, request, 'postgres');
  if ('ok' in endpoint) return endpoint;
  const secrets = await request.secrets();
  const target = { ...endpoint, password: secrets.password ?? '' };
  try {
    const client = await connectPostgres(context, target, { query_timeout: context.timeoutMs, application_name: 'notebook-hub connection test' });
    const abort = () => void client.end().catch(() => {});
    request.signal.addEventListener('abort', abort, { once: true });
    let version: string;
    try {
      version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? 'unknown';
    } finally {
      request.signal.removeEventListener('abort', abort);
      await client.end().catch(() => {});
    }
    return passed(`signed in to PostgreSQL ${version} as ${target.user}, database ${target.database}`);
  } catch (error) {
    const problem = postgresProblem(error, target);
    return logged(
      context,
      targetUrl('postgres', target.host, target.port),
      error,
      secrets,
      failed(problem?.message ?? 'the server refused the connection: see the hub log for details'),
    );
  }
}

/**
 * Signs in to MySQL or MariaDB with `mysql2`, on the address the outbound policy checked (its
 * socket opened by the hub; the host name kept for TLS), and asks the server's version.
 */
export async function testMysql(context: TestContext, request: ConnectionTestRequest): Promise<ConnectionTestOutcome> {
  const endpoint = await endpointFor(context, request, 'mysql');
  if ('ok' in endpoint) return endpoint;
  // The socket first: the server's greeting is on its way while the sealed password is opened.
  const socket = openedSocket(endpoint);
  let secrets: Readonly<Record<string, string>> = {};
  let target = endpoint;
  try {
    secrets = await request.secrets();
    target = { ...endpoint, password: secrets.password ?? '' };
    const connection = await connectMysql(context, target, {}, socket);
    const abort = () => connection.destroy();
    request.signal.addEventListener('abort', abort, { once: true });
    let version: string;
    try {
      const [rows] = await connection.query<RowDataPacket[]>('SELECT VERSION() AS version');
      version = String(rows[0]?.version ?? 'unknown');
    } finally {
      request.signal.removeEventListener('abort', abort);
      await connection.end().catch(() => connection.destroy());
    }
    return passed(`signed in to ${/mariadb/i.test(version) ? 'MariaDB' : 'MySQL'} ${version} as ${target.user}, database ${target.database}`);
  } catch (error) {
    socket.destroy();
    if (error instanceof UnreadableSecretError) throw error;
    const problem = mysqlProblem(error, target);
    return logged(
      context,
      targetUrl('mysql', target.host, target.port),
      error,
      secrets,
      failed(problem?.message ?? 'the server refused the connection: see the hub log for details'),
    );
  }
}
