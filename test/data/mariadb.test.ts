import mysql from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { startMariadb } from '../setup/mariadb.js';
import { prerequisite } from '../setup/prerequisites.js';
import { isAlive, serverProcesses } from '../setup/server-process.js';

const mariadb = prerequisite('mariadb');

/** Runs `work` on a connection with `config`, and closes it. */
async function withConnection<T>(config: mysql.ConnectionOptions, work: (connection: mysql.Connection) => Promise<T>): Promise<T> {
  const connection = await mysql.createConnection(config);
  try {
    return await work(connection);
  } finally {
    await connection.end();
  }
}

/**
 * The MariaDB server integrations are tested against (test/setup/mariadb.ts): the test user signs
 * in with its password through `mysql2`, the driver the hub uses, has its database and nothing
 * more, and a stopped server leaves no process behind.
 */
describe.skipIf(mariadb === null)('the test MariaDB server', () => {
  const info = mariadb!;
  const credentials = { host: info.host, port: info.port, user: info.user, password: info.password, database: info.database };

  it('lets the test user in with its password, into its own database', async () => {
    const answer = await withConnection(credentials, async (connection) => {
      await connection.query('CREATE TABLE readings (id INT AUTO_INCREMENT PRIMARY KEY, value VARCHAR(40) NOT NULL)');
      await connection.execute('INSERT INTO readings (value) VALUES (?), (?)', ['first', 'second']);
      const [rows] = await connection.query<mysql.RowDataPacket[]>('SELECT CURRENT_USER() AS user, DATABASE() AS db, (SELECT COUNT(*) FROM readings) AS count');
      return { ...rows[0] };
    });
    expect(answer).toEqual({ user: `${info.user}@%`, db: info.database, count: 2 });
    // Its rights end at its database.
    await expect(withConnection(credentials, (connection) => connection.query('CREATE DATABASE elsewhere'))).rejects.toMatchObject({
      code: 'ER_DBACCESS_DENIED_ERROR',
    });
    const viaUrl = await withConnection(
      { uri: info.url },
      async (connection) => (await connection.query<mysql.RowDataPacket[]>('SELECT CURRENT_USER() AS user'))[0][0],
    );
    expect({ ...viaUrl }).toEqual({ user: `${info.user}@%` });
  });

  it('refuses a wrong password, and root from the network', async () => {
    await expect(withConnection({ ...credentials, password: `${info.password}x` }, async () => {})).rejects.toMatchObject({ code: 'ER_ACCESS_DENIED_ERROR' });
    await expect(withConnection({ ...credentials, password: '' }, async () => {})).rejects.toMatchObject({ code: 'ER_ACCESS_DENIED_ERROR' });
    // The install leaves a root without a password on the loopback addresses; the set-up removes it.
    await expect(withConnection({ host: info.host, port: info.port, user: 'root', password: '' }, async () => {})).rejects.toMatchObject({
      code: 'ER_ACCESS_DENIED_ERROR',
    });
    const listening = await withConnection({ uri: info.adminUrl }, async (connection) => {
      const [rows] = await connection.query<mysql.RowDataPacket[]>('SELECT @@bind_address AS bind, @@skip_name_resolve AS skipNameResolve');
      return { ...rows[0] };
    });
    expect(listening).toEqual({ bind: '127.0.0.1', skipNameResolve: 1 });
  });

  it('stops cleanly: the server shuts down and no process of it is left', async () => {
    const own = await startMariadb();
    const processes = serverProcesses(own.pid);
    expect(processes).toContain(own.pid);
    await own.stop();
    expect(processes.filter(isAlive)).toEqual([]);
    await expect(withConnection({ uri: own.url, connectTimeout: 2_000 }, async () => {})).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
