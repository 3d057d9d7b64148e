import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { prerequisite } from '../setup/prerequisites.js';
import { startPostgres } from '../setup/postgres.js';
import { isAlive, serverProcesses } from '../setup/server-process.js';

const postgres = prerequisite('postgres');

/** Runs `work` on a connection with `config`, and closes it. */
async function withClient<T>(config: pg.ClientConfig, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(config);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The PostgreSQL server integrations are tested against (test/setup/postgres.ts): the test role
 * signs in with its password through `pg`, the driver the hub uses, owns its database and nothing
 * more, and a stopped server leaves no process behind.
 */
describe.skipIf(postgres === null)('the test PostgreSQL server', () => {
  const info = postgres!;
  const credentials = { host: info.host, port: info.port, user: info.user, password: info.password, database: info.database };

  it('lets the test role in with its password, into a database it owns', async () => {
    const answer = await withClient(credentials, async (client) => {
      await client.query('CREATE TABLE readings (id serial PRIMARY KEY, value text NOT NULL)');
      await client.query('INSERT INTO readings (value) VALUES ($1), ($2)', ['first', 'second']);
      const { rows } = await client.query<{ user: string; database: string; count: string; superuser: boolean }>(
        `SELECT current_user AS user, current_database() AS database, (SELECT count(*) FROM readings) AS count,
                (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser`,
      );
      return rows[0];
    });
    expect(answer).toEqual({ user: info.user, database: info.database, count: '2', superuser: false });
    // The connection URL says the same.
    const viaUrl = await withClient(
      { connectionString: info.url },
      async (client) => (await client.query<{ user: string }>('SELECT current_user AS user')).rows[0],
    );
    expect(viaUrl).toEqual({ user: info.user });
  });

  it('refuses a wrong password, and a password is all it accepts (SCRAM)', async () => {
    await expect(withClient({ ...credentials, password: `${info.password}x` }, async () => {})).rejects.toMatchObject({ code: '28P01' });
    await expect(withClient({ ...credentials, password: '' }, async () => {})).rejects.toThrow();
    const rules = await withClient({ connectionString: info.adminUrl }, async (client) => {
      const { rows } = await client.query<{ type: string; auth_method: string }>('SELECT DISTINCT type, auth_method FROM pg_hba_file_rules');
      const stored = await client.query<{ scram: boolean }>("SELECT rolpassword LIKE 'SCRAM-SHA-256$%' AS scram FROM pg_authid WHERE rolname = $1", [
        info.user,
      ]);
      const listening = await client.query<{ listen_addresses: string }>('SHOW listen_addresses');
      return { methods: [...new Set(rows.map((row) => row.auth_method))], scram: stored.rows[0]!.scram, listening: listening.rows[0]!.listen_addresses };
    });
    expect(rules).toEqual({ methods: ['scram-sha-256'], scram: true, listening: '127.0.0.1' });
  });

  it('stops cleanly: the server shuts down and no process of it is left', async () => {
    const own = await startPostgres();
    const processes = serverProcesses(own.pid);
    // The postmaster and its workers (checkpointer, writers, launchers).
    expect(processes.length).toBeGreaterThan(1);
    await own.stop();
    expect(processes.filter(isAlive)).toEqual([]);
    await expect(withClient({ connectionString: own.url, connectionTimeoutMillis: 2_000 }, async () => {})).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
