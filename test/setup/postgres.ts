import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { aptInstall } from './apt.js';
import { freePort, runAs, serverDir, serviceAccount, spawnServer } from './server-process.js';

/** What the data suites get through `prerequisite('postgres')`: a database its test role owns. */
export interface PostgresInfo {
  host: string;
  port: number;
  database: string;
  /** A login role with a password (SCRAM), owner of `database` and nothing more. */
  user: string;
  password: string;
  /** `postgres://user:password@host:port/database`, as an integration would be given it. */
  url: string;
  /** The cluster's superuser, for set-up a test needs beyond its own database. */
  adminUrl: string;
  /** The server's major version ("15"). */
  version: string;
  /** The postmaster's pid, which is also its process group. */
  pid: number;
}

const DATABASE = 'notebook_hub_test';
const USER = 'notebook_hub_test';
const ADMIN = 'notebook_hub_admin';
const STARTUP_TIMEOUT_MS = 60_000;

/**
 * A throw-away PostgreSQL cluster: Debian's `postgresql` (installed with apt-get when missing and
 * this is root on Debian; POSTGRES_BIN_DIR names another installation's bin/), initialised into a
 * fresh temporary directory and run as the `postgres` system user (postgres refuses root), on
 * 127.0.0.1 and a free port, with password (SCRAM) authentication only. Durability is traded for
 * a quick start and quick tests: no fsync, a small shared buffer.
 */
export async function startPostgres(): Promise<PostgresInfo & { stop: () => Promise<void> }> {
  const bin = findPostgresBinDir() ?? installPostgres();
  const account = serviceAccount('postgres');
  const dir = await serverDir('postgres', account);
  const adminPassword = randomBytes(18).toString('hex');
  const passwordFile = path.join(dir, 'admin-password');
  writeFileSync(passwordFile, adminPassword, { mode: 0o600 });
  if (account) chownSync(passwordFile, account.uid, account.gid);
  const data = path.join(dir, 'data');
  runAs(
    account,
    path.join(bin, 'initdb'),
    [
      `--pgdata=${data}`,
      `--username=${ADMIN}`,
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--no-locale',
      '--no-sync',
      '--no-instructions',
    ],
    { cwd: dir },
  );

  const port = await freePort();
  const server = spawnServer({
    command: path.join(bin, 'postgres'),
    args: [
      `-D${data}`,
      '-clisten_addresses=127.0.0.1',
      `-cport=${port}`,
      `-cunix_socket_directories=${dir}`,
      '-cfsync=off',
      '-csynchronous_commit=off',
      '-cfull_page_writes=off',
      '-cshared_buffers=16MB',
      '-cmax_connections=40',
      '-cmax_wal_senders=0',
      '-cwal_level=minimal',
    ],
    dir,
    account,
    shutdownSignal: 'SIGINT',
  });

  const host = '127.0.0.1';
  const password = randomBytes(18).toString('hex');
  const adminUrl = `postgres://${ADMIN}:${adminPassword}@${host}:${port}/postgres`;
  try {
    const version = await Promise.race([server.exited.then((failure) => Promise.reject(new Error(failure))), createTestDatabase(adminUrl, password)]);
    const url = `postgres://${USER}:${password}@${host}:${port}/${DATABASE}`;
    return { host, port, database: DATABASE, user: USER, password, url, adminUrl, version, pid: server.pid, stop: server.stop };
  } catch (error) {
    const tail = server.logTail();
    await server.stop();
    throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n--- last lines of its log ---\n${tail}`, { cause: error });
  }
}

/** Once the server accepts the superuser: the test role and its database; returns the server's major version. */
async function createTestDatabase(adminUrl: string, password: string): Promise<string> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
    try {
      await admin.connect();
    } catch (error) {
      await admin.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`no connection after ${STARTUP_TIMEOUT_MS / 1000} s: ${(error as Error).message}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      // A password literal cannot be a bind parameter in CREATE ROLE; it is hex, so quoting is safe.
      await admin.query(`CREATE ROLE ${USER} LOGIN PASSWORD '${password}'`);
      await admin.query(`CREATE DATABASE ${DATABASE} OWNER ${USER}`);
      const { rows } = await admin.query<{ server_version: string }>('SHOW server_version');
      return rows[0]!.server_version.split('.')[0]!;
    } finally {
      await admin.end();
    }
  }
}

/** POSTGRES_BIN_DIR, else the newest of Debian's /usr/lib/postgresql/<major>/bin, else null. */
export function findPostgresBinDir(): string | null {
  const explicit = process.env.POSTGRES_BIN_DIR;
  if (explicit) {
    if (!existsSync(path.join(explicit, 'initdb'))) throw new Error(`POSTGRES_BIN_DIR=${explicit} has no initdb`);
    return explicit;
  }
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name) && existsSync(path.join(root, name, 'bin', 'initdb'))) : [];
  const newest = majors.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(root, newest, 'bin') : null;
}

function installPostgres(): string {
  aptInstall(['postgresql'], 'PostgreSQL not installed (install Debian\'s "postgresql", set POSTGRES_BIN_DIR, or run the tests as root on Debian)', {
    recommends: false,
  });
  const found = findPostgresBinDir();
  if (!found) throw new Error('apt-get installed postgresql, but no /usr/lib/postgresql/<major>/bin/initdb was found');
  return found;
}
