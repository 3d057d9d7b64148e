import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { aptInstall, findExecutable } from './apt.js';
import { testCacheDir } from './cache-dir.js';
import { withCacheLock } from './cache-lock.js';
import { freePort, runAs, serverDir, serviceAccount, spawnServer } from './server-process.js';

/** What the data suites get through `prerequisite('mariadb')`: a database its test user has all rights on. */
export interface MariadbInfo {
  host: string;
  port: number;
  database: string;
  /** A user with a password and every privilege on `database`, none elsewhere. */
  user: string;
  password: string;
  /** `mysql://user:password@host:port/database`, as an integration would be given it. */
  url: string;
  /** A user with every privilege, for set-up a test needs beyond its own database. */
  adminUrl: string;
  /** The server's version ("10.11.19-MariaDB-0+deb12u1"). */
  version: string;
  /** mariadbd's pid, which is also its process group. */
  pid: number;
}

const DATABASE = 'notebook_hub_test';
const USER = 'notebook_hub_test';
const ADMIN = 'notebook_hub_admin';
const STARTUP_TIMEOUT_MS = 60_000;

/** Small and without durability: a quick start, quick tests, and a data dir of 20 MB rather than 120. */
const INNODB_OPTIONS = [
  '--innodb-buffer-pool-size=16M',
  '--innodb-log-file-size=4M',
  '--innodb-flush-log-at-trx-commit=0',
  '--innodb-doublewrite=0',
  '--innodb-flush-method=nosync',
];

/**
 * A throw-away MariaDB server: Debian's `mariadb-server` (installed with apt-get when missing and
 * this is root on Debian; MARIADBD_PATH and MARIADB_INSTALL_DB_PATH name others), its data dir a
 * copy of one `mariadb-install-db` made once per server version (that takes seconds of SQL), run as
 * the `mysql` system user on 127.0.0.1 and a free port, with its socket in its own temporary
 * directory, skip-name-resolve, and password authentication for a test user and an admin.
 */
export async function startMariadb(): Promise<MariadbInfo & { stop: () => Promise<void> }> {
  const binaries = findMariadb() ?? installMariadb();
  const account = serviceAccount('mysql');
  const template = await initialDataDir(binaries, account);
  const dir = await serverDir('mariadb', account);
  const data = path.join(dir, 'data');
  copyTree(template, data);

  const password = randomBytes(18).toString('hex');
  const adminPassword = randomBytes(18).toString('hex');
  // Run at every start, before the server takes connections: the passwords of this instance. The
  // install leaves root without a password on the loopback addresses: only the socket's remains.
  const initFile = path.join(dir, 'init.sql');
  writeFileSync(
    initFile,
    [
      "DELETE FROM mysql.global_priv WHERE User = 'root' AND Host <> 'localhost';",
      'FLUSH PRIVILEGES;',
      `ALTER USER 'root'@'localhost' IDENTIFIED BY '${adminPassword}';`,
      `CREATE DATABASE ${DATABASE};`,
      `CREATE USER '${USER}'@'%' IDENTIFIED BY '${password}';`,
      `GRANT ALL PRIVILEGES ON ${DATABASE}.* TO '${USER}'@'%';`,
      `CREATE USER '${ADMIN}'@'%' IDENTIFIED BY '${adminPassword}';`,
      `GRANT ALL PRIVILEGES ON *.* TO '${ADMIN}'@'%' WITH GRANT OPTION;`,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  if (account) chownSync(initFile, account.uid, account.gid);

  const port = await freePort();
  const server = spawnServer({
    command: binaries.mariadbd,
    args: [
      '--no-defaults',
      `--datadir=${data}`,
      `--socket=${path.join(dir, 'mysqld.sock')}`,
      `--pid-file=${path.join(dir, 'mysqld.pid')}`,
      `--tmpdir=${dir}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      '--skip-name-resolve',
      '--max-connections=40',
      `--init-file=${initFile}`,
      ...INNODB_OPTIONS,
    ],
    dir,
    account,
    shutdownSignal: 'SIGTERM',
  });

  const host = '127.0.0.1';
  const connection = { host, port, user: USER, password, database: DATABASE };
  try {
    const version = await Promise.race([server.exited.then((failure) => Promise.reject(new Error(failure))), versionWhenReady(connection)]);
    return {
      ...connection,
      url: `mysql://${USER}:${password}@${host}:${port}/${DATABASE}`,
      adminUrl: `mysql://${ADMIN}:${adminPassword}@${host}:${port}/`,
      version,
      pid: server.pid,
      stop: server.stop,
    };
  } catch (error) {
    const tail = server.logTail();
    await server.stop();
    throw new Error(`MariaDB did not start: ${(error as Error).message}\n--- last lines of its log ---\n${tail}`, { cause: error });
  }
}

/** The server's version, once the test user can sign in. */
async function versionWhenReady(connection: mysql.ConnectionOptions): Promise<string> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    try {
      const client = await mysql.createConnection({ ...connection, connectTimeout: 5_000 });
      try {
        const [rows] = await client.query<mysql.RowDataPacket[]>('SELECT VERSION() AS version');
        return String(rows[0]!.version);
      } finally {
        await client.end();
      }
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`no connection after ${STARTUP_TIMEOUT_MS / 1000} s: ${(error as Error).message}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

interface MariadbBinaries {
  mariadbd: string;
  installDb: string;
}

/**
 * A freshly installed data dir (system tables, no users but root) made once per server version and
 * account, kept in the test cache and copied for every start.
 */
async function initialDataDir(binaries: MariadbBinaries, account: { uid: number; gid: number } | null): Promise<string> {
  const version = spawnSync(binaries.mariadbd, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const key = createHash('sha256')
    .update(JSON.stringify([version, account, INNODB_OPTIONS]))
    .digest('hex')
    .slice(0, 12);
  const cache = testCacheDir('mariadb');
  const template = path.join(cache, `data-${key}`);
  const done = path.join(cache, `data-${key}.done`);
  if (existsSync(done)) return template;
  return withCacheLock(cache, 'install.lock', async () => {
    if (existsSync(done)) return template;
    rmSync(template, { recursive: true, force: true });
    mkdirSync(template);
    if (account) chownSync(template, account.uid, account.gid);
    runAs(
      account,
      binaries.installDb,
      [
        '--no-defaults',
        `--datadir=${template}`,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        '--skip-name-resolve',
        ...(account ? ['--user=mysql'] : []),
        ...INNODB_OPTIONS,
      ],
      { cwd: cache },
    );
    writeFileSync(done, `${version}\n`);
    return template;
  });
}

/** `cp -a`: the copy keeps the template's owner (the server's account), which a copy by root would not. */
function copyTree(from: string, to: string): void {
  const result = spawnSync('cp', ['-a', from, to], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`cp -a ${from} ${to} failed: ${result.stderr}`);
}

function findMariadb(): MariadbBinaries | null {
  const mariadbd = findExecutable('MARIADBD_PATH', ['/usr/sbin/mariadbd', '/usr/local/sbin/mariadbd', '/usr/bin/mariadbd']);
  const installDb = findExecutable('MARIADB_INSTALL_DB_PATH', [
    '/usr/bin/mariadb-install-db',
    '/usr/local/bin/mariadb-install-db',
    '/usr/bin/mysql_install_db',
  ]);
  return mariadbd && installDb ? { mariadbd, installDb } : null;
}

function installMariadb(): MariadbBinaries {
  aptInstall(
    ['mariadb-server'],
    'MariaDB not installed (install Debian\'s "mariadb-server", set MARIADBD_PATH and MARIADB_INSTALL_DB_PATH, or run the tests as root on Debian)',
    { recommends: false },
  );
  const found = findMariadb();
  if (!found) throw new Error('apt-get installed mariadb-server, but no mariadbd and mariadb-install-db were found');
  return found;
}
