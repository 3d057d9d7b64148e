import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IntegrationDatabaseBrowser } from '../../service/src/adapters/data-browser/databases/integration-databases.js';
import type { ConnectionContext } from '../../service/src/adapters/integrations/connection-context.js';
import type { OutboundPolicy } from '../../service/src/core/outbound/outbound-policy.js';
import { DatabaseError, type DatabaseTarget, type QueryCaps } from '../../service/src/core/ports/data-databases.js';
import type { NameResolver } from '../../service/src/core/ports/name-resolver.js';
import { prerequisite } from '../setup/prerequisites.js';
import { fakeDns, outboundClientForTests } from '../support/outbound.js';

const postgres = prerequisite('postgres');
const mariadb = prerequisite('mariadb');

const LOOPBACK: OutboundPolicy = { allowHttp: true, allowPrivateNetworks: false };

/** The connection context of the `integrations` feature, loopback opened (the test servers are on 127.0.0.1). */
function contextFor(policy: OutboundPolicy = LOOPBACK, resolve: NameResolver = fakeDns({})) {
  const outbound = outboundClientForTests({ feature: 'integrations', policy, resolve });
  const context: ConnectionContext = { outbound, policy, resolve, allowHttp: true, timeoutMs: 10_000 };
  return { context, logs: outbound.logger.lines };
}

const caps = (overrides: Partial<QueryCaps> = {}): QueryCaps => ({ maxRows: 1000, maxBytes: 1 << 20, timeoutMs: 20_000, ...overrides });
const signal = () => new AbortController().signal;

/** The DatabaseError a call fails with (or a failed expectation). */
async function failure(call: Promise<unknown>): Promise<DatabaseError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error, 'the call should have failed').toBeInstanceOf(DatabaseError);
  return error as DatabaseError;
}

/** One server of the tier, with what a test needs beside the browser: its own connection to set up and check. */
interface ServerCase {
  name: string;
  kind: 'postgres' | 'mysql';
  target: DatabaseTarget;
  password: string;
  /** Where the test's tables are: a schema of its own (PostgreSQL), the integration's database (MySQL). */
  schema: string;
  /** A prefix of the test's own table names. */
  prefix: string;
  /** Runs SQL as the owner of the test's tables (not through the browser). */
  admin(sql: string, values?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Whether a statement holding `marker` runs at the server now. */
  running(marker: string): Promise<boolean>;
  sleep(marker: string): string;
  close(): Promise<void>;
}

async function postgresCase(): Promise<ServerCase> {
  const info = postgres!;
  const owner = new pg.Client({ host: info.host, port: info.port, user: info.user, password: info.password, database: info.database });
  const admin = new pg.Client({ connectionString: info.adminUrl.replace(/\/postgres$/, `/${info.database}`) });
  await owner.connect();
  await admin.connect();
  const schema = `browser_${randomBytes(4).toString('hex')}`;
  return {
    name: 'PostgreSQL',
    kind: 'postgres',
    target: {
      kind: 'postgres',
      config: { host: info.host, port: info.port, database: info.database, user: info.user, sslmode: 'disable' },
      secrets: { password: info.password },
    },
    password: info.password,
    schema,
    prefix: '',
    admin: async (sql, values) => (await owner.query(sql, values)).rows,
    running: async (marker) =>
      (
        await admin.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE $1 AND pid <> pg_backend_pid()", [
          `%${marker}%`,
        ])
      ).rows[0].n > 0,
    sleep: (marker) => `SELECT pg_sleep(3600) AS ${marker}`,
    close: async () => {
      await owner.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
      await owner.end();
      await admin.end();
    },
  };
}

async function mariadbCase(): Promise<ServerCase> {
  const info = mariadb!;
  const owner = await mysql.createConnection({ host: info.host, port: info.port, user: info.user, password: info.password, database: info.database });
  const admin = await mysql.createConnection({ uri: info.adminUrl });
  await owner.query("SET time_zone = '+00:00'");
  const prefix = `browser_${randomBytes(4).toString('hex')}_`;
  return {
    name: 'MariaDB',
    kind: 'mysql',
    target: {
      kind: 'mysql',
      config: { host: info.host, port: info.port, database: info.database, user: info.user, sslmode: 'disable' },
      secrets: { password: info.password },
    },
    password: info.password,
    schema: info.database,
    prefix,
    admin: async (sql, values) => {
      const [rows] = await owner.query(sql, values);
      return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
    },
    running: async (marker) => {
      const [rows] = await admin.query<mysql.RowDataPacket[]>(
        'SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE ? AND ID <> CONNECTION_ID()',
        [`%${marker}%`],
      );
      return Number(rows[0]!.n) > 0;
    },
    sleep: (marker) => `SELECT SLEEP(3600) AS ${marker}`,
    close: async () => {
      const [tables] = await owner.query<mysql.RowDataPacket[]>(
        'SELECT TABLE_NAME AS name, TABLE_TYPE AS type FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE ?',
        [`${prefix}%`],
      );
      for (const { name, type } of tables) {
        const what = String(type) === 'VIEW' ? 'VIEW' : String(type) === 'SEQUENCE' ? 'SEQUENCE' : 'TABLE';
        await owner.query(`DROP ${what} IF EXISTS \`${String(name).split('`').join('``')}\``);
      }
      await owner.end();
      await admin.end();
    },
  };
}

/** Tables of the test: `orders` (one row of every kind of value), `numbers` (1..5000), a view, and a name that needs quoting. */
async function createTables(server: ServerCase): Promise<void> {
  const { admin, prefix: p } = server;
  const numbers = Array.from({ length: 5000 }, (_, index) => index + 1);
  if (server.kind === 'postgres') {
    const s = server.schema;
    await admin(`CREATE SCHEMA ${s}`);
    await admin(
      `CREATE TABLE ${s}.orders (id int PRIMARY KEY, amount numeric(20,2) NOT NULL, big int8, note text, created timestamptz, day date, raw bytea, doc jsonb)`,
    );
    await admin(
      `INSERT INTO ${s}.orders VALUES (1, 12.50, 9007199254740993, 'first', '2024-01-02 03:04:05.123456+02', '2024-01-02', '\\x0001ff', '{"a":[1,2]}')`,
    );
    await admin(`CREATE TABLE ${s}.numbers (n int NOT NULL)`);
    await admin(`INSERT INTO ${s}.numbers SELECT generate_series(1, 5000)`);
    await admin(`ANALYZE ${s}.numbers`);
    await admin(`CREATE VIEW ${s}.big_orders AS SELECT * FROM ${s}.orders WHERE amount > 10`);
    await admin(`CREATE MATERIALIZED VIEW ${s}.order_totals AS SELECT count(*) AS n FROM ${s}.orders`);
    await admin(`CREATE TABLE ${s}.events (at date NOT NULL) PARTITION BY RANGE (at)`);
    await admin(`CREATE TABLE ${s}.events_2024 PARTITION OF ${s}.events FOR VALUES FROM ('2024-01-01') TO ('2025-01-01')`);
    await admin(`CREATE TABLE ${s}."odd ""name""" (v text)`);
    await admin(`INSERT INTO ${s}."odd ""name""" VALUES ('quoted')`);
    await admin(`CREATE SEQUENCE ${s}.counter`);
  } else {
    await admin(
      `CREATE TABLE ${p}orders (id INT PRIMARY KEY, amount DECIMAL(20,2) NOT NULL, big BIGINT, note VARCHAR(40), created TIMESTAMP(3) NULL, day DATE, raw BLOB, doc JSON)`,
    );
    await admin(`INSERT INTO ${p}orders VALUES (1, 12.50, 9007199254740993, 'first', '2024-01-02 01:04:05.123', '2024-01-02', X'0001ff', '{"a":[1,2]}')`);
    await admin(`CREATE TABLE ${p}numbers (n INT NOT NULL)`);
    await admin(`INSERT INTO ${p}numbers (n) VALUES ${numbers.map(() => '(?)').join(',')}`, numbers);
    await admin(`ANALYZE TABLE ${p}numbers`);
    await admin(`CREATE VIEW ${p}big_orders AS SELECT * FROM ${p}orders WHERE amount > 10`);
    await admin(`CREATE TABLE \`${p}odd \`\`name\`\`\` (v TEXT)`);
    await admin(`INSERT INTO \`${p}odd \`\`name\`\`\` VALUES ('quoted')`);
    await admin(`CREATE SEQUENCE ${p}counter`);
  }
}

function describeServer(available: boolean, make: () => Promise<ServerCase>) {
  describe.skipIf(!available)('the data browser over a database', () => {
    let server: ServerCase;
    const { context, logs } = contextFor();
    const browser = new IntegrationDatabaseBrowser(context);
    /** A table of the test, by its short name. */
    const table = (name: string) => ({ schema: server.schema, name: `${server.prefix}${name}` });
    const qualified = (name: string) => (server.kind === 'postgres' ? `${server.schema}.${name}` : `${server.prefix}${name}`);

    beforeAll(async () => {
      server = await make();
      await createTables(server);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('lists tables and views with row estimates, system schemas left out', async () => {
      const tables = await browser.tables(server.target, signal());
      const ours = tables.filter((entry) => entry.schema === server.schema && entry.name.startsWith(server.prefix));
      const byName = Object.fromEntries(ours.map((entry) => [entry.name.slice(server.prefix.length), entry]));
      expect(byName.orders).toMatchObject({ type: 'table' });
      expect(byName.big_orders).toMatchObject({ type: 'view', rowEstimate: null });
      expect(byName.numbers!.rowEstimate).toBeGreaterThan(4000);
      expect(byName.numbers!.rowEstimate).toBeLessThan(6000);
      expect(byName['odd "name"'] ?? byName['odd `name`']).toMatchObject({ type: 'table' });
      if (server.kind === 'postgres') {
        expect(byName.order_totals).toMatchObject({ type: 'view' });
        // The partitioned table is listed, its partitions are not.
        expect(byName.events).toMatchObject({ type: 'table', rowEstimate: null });
        expect(byName.events_2024).toBeUndefined();
        expect(tables.some((entry) => /^(pg_|information_schema$)/.test(entry.schema))).toBe(false);
        // Sequences are not tables.
        expect(byName.counter).toBeUndefined();
      } else {
        expect(tables.every((entry) => entry.schema === server.schema)).toBe(true);
      }
      const keys = tables.map((entry) => `${entry.schema}\u0000${entry.name}`);
      expect(keys).toEqual([...keys].sort());
    });

    it('describes columns with their types and nullability, and says when there is no such table', async () => {
      const columns = await browser.columns(server.target, table('orders'), signal());
      expect(columns.map((column) => column.name)).toEqual(['id', 'amount', 'big', 'note', 'created', 'day', 'raw', 'doc']);
      expect(columns[1]).toEqual({ name: 'amount', type: server.kind === 'postgres' ? 'numeric(20,2)' : 'decimal(20,2)', nullable: false });
      expect(columns[3]).toEqual({ name: 'note', type: server.kind === 'postgres' ? 'text' : 'varchar(40)', nullable: true });
      expect(columns[2]!.type).toMatch(/^bigint/);
      expect(await browser.columns(server.target, table('big_orders'), signal())).toHaveLength(8);
      const missing = await failure(browser.columns(server.target, table('absent'), signal()));
      expect(missing.reason).toBe('not-found');
      expect((await failure(browser.columns(server.target, { schema: 'elsewhere', name: `${server.prefix}orders` }, signal()))).reason).toBe('not-found');
    });

    it('previews the first rows of a table, with the row cap, quoting any name', async () => {
      const preview = await browser.preview(server.target, table('numbers'), caps({ maxRows: 10 }), signal());
      expect(preview.rows).toHaveLength(10);
      expect(preview.truncated).toBe('rows');
      expect(preview.columns).toEqual([{ name: 'n', type: server.kind === 'postgres' ? 'integer' : 'int' }]);
      const odd = server.kind === 'postgres' ? 'odd "name"' : 'odd `name`';
      const quoted = await browser.preview(server.target, table(odd), caps(), signal());
      expect(quoted).toMatchObject({ rows: [['quoted']], truncated: null });
      expect((await failure(browser.preview(server.target, table('absent'), caps(), signal()))).reason).toBe('not-found');
    });

    it('gives values JSON can carry: big numbers and decimals as text, ISO times, binary as base64, JSON as values', async () => {
      const result = await browser.query(server.target, `SELECT big, amount, created, day, raw, doc FROM ${qualified('orders')}`, caps(), signal());
      expect(result.rows).toEqual([
        ['9007199254740993', '12.50', '2024-01-02T01:04:05.123' + (server.kind === 'postgres' ? '456Z' : 'Z'), '2024-01-02', 'AAH/', { a: [1, 2] }],
      ]);
      expect(result.columns.map((column) => column.type)).toEqual(
        server.kind === 'postgres'
          ? ['bigint', 'numeric', 'timestamp with time zone', 'date', 'bytea', 'jsonb']
          : ['bigint', 'decimal', 'timestamp', 'date', 'blob', 'json'],
      );
      const literals =
        server.kind === 'postgres'
          ? "SELECT 42::int8 AS small, 'NaN'::float8 AS nan, 1.5::float8 AS ratio, '2024-01-02 03:04:05.5'::timestamp AS at, ARRAY[1,2] AS ints, ARRAY[9007199254740993] AS bigs, true AS flag, 'infinity'::timestamptz AS forever, NULL::text AS nothing"
          : "SELECT 42 AS small, CAST(1.5 AS DOUBLE) AS ratio, CAST('2024-01-02 03:04:05.5' AS DATETIME(1)) AS at, X'0001ff' AS raw, JSON_OBJECT('a', 1) AS doc, NULL AS nothing";
      const values = await browser.query(server.target, literals, caps(), signal());
      expect(values.rows[0]).toEqual(
        server.kind === 'postgres'
          ? [42, 'NaN', 1.5, '2024-01-02T03:04:05.5', [1, 2], ['9007199254740993'], true, 'infinity', null]
          : [42, 1.5, '2024-01-02T03:04:05.5', 'AAH/', { a: 1 }, null],
      );
      expect(JSON.parse(JSON.stringify(values.rows))).toEqual(values.rows);
    });

    it('stops at the row cap and at the byte cap, reading no further than it keeps', async () => {
      const exact = await browser.query(server.target, `SELECT n FROM ${qualified('numbers')} ORDER BY n LIMIT 100`, caps({ maxRows: 100 }), signal());
      expect(exact).toMatchObject({ truncated: null });
      expect(exact.rows).toHaveLength(100);
      const rows = await browser.query(server.target, `SELECT n FROM ${qualified('numbers')} ORDER BY n`, caps({ maxRows: 99 }), signal());
      expect(rows.truncated).toBe('rows');
      expect(rows.rows.map(([n]) => n)).toEqual(Array.from({ length: 99 }, (_, index) => index + 1));
      const padded = server.kind === 'postgres' ? "repeat('x', 100)" : "REPEAT('x', 100)";
      const bytes = await browser.query(
        server.target,
        `SELECT n, ${padded} AS pad FROM ${qualified('numbers')} ORDER BY n`,
        caps({ maxBytes: 10_000 }),
        signal(),
      );
      expect(bytes.truncated).toBe('bytes');
      expect(bytes.rows.length).toBeGreaterThan(50);
      expect(Buffer.byteLength(JSON.stringify(bytes.rows))).toBeLessThanOrEqual(10_000);
      // 25 million rows: only a streamed read stopped at the cap answers before the timeout.
      const huge = await browser.query(
        server.target,
        `SELECT a.n AS a, b.n AS b FROM ${qualified('numbers')} a CROSS JOIN ${qualified('numbers')} b`,
        caps({ maxRows: 10, timeoutMs: 30_000 }),
        signal(),
      );
      expect(huge).toMatchObject({ truncated: 'rows' });
      expect(huge.rows).toHaveLength(10);
    });

    it('refuses statements that write, and nothing changes', async () => {
      const before = await server.admin(`SELECT count(*) AS n FROM ${qualified('orders')}`);
      const statements = [
        `DELETE FROM ${qualified('orders')}`,
        `UPDATE ${qualified('orders')} SET note = 'changed'`,
        `INSERT INTO ${qualified('orders')} (id, amount) VALUES (2, 1)`,
        `DROP TABLE ${qualified('orders')}`,
        `CREATE TABLE ${qualified('created')} (id int)`,
        `  -- a comment first\n  delete /* inside */ FROM ${qualified('orders')}`,
        `WITH gone AS (SELECT 1) DELETE FROM ${qualified('orders')}`,
        `EXPLAIN ANALYZE DELETE FROM ${qualified('orders')}`,
      ];
      for (const sql of statements) {
        const refused = await failure(browser.query(server.target, sql, caps(), signal()));
        expect(refused.reason, sql).toBe('not-read-only');
        expect(refused.message).toMatch(/only statements that read are run here/);
      }
      expect(await server.admin(`SELECT count(*) AS n FROM ${qualified('orders')}`)).toEqual(before);
      expect((await server.admin(`SELECT note FROM ${qualified('orders')}`))[0]).toEqual({ note: 'first' });
      const tables = await browser.tables(server.target, signal());
      expect(tables.some((entry) => entry.name === `${server.prefix}orders`)).toBe(true);
      expect(tables.some((entry) => entry.name === `${server.prefix}created`)).toBe(false);
    });

    it('runs what gets past the statement check in a read-only transaction, which the server refuses to write in', async () => {
      // A sequence's next value is a write hidden in a SELECT; PostgreSQL also runs a data-modifying CTE.
      const writes =
        server.kind === 'postgres'
          ? [`SELECT nextval('${server.schema}.counter')`, `WITH gone AS (DELETE FROM ${qualified('orders')} RETURNING *) SELECT * FROM gone`]
          : [`SELECT NEXTVAL(${server.prefix}counter)`];
      for (const sql of writes) {
        const refused = await failure(browser.query(server.target, sql, caps(), signal()));
        expect(refused.reason, sql).toBe('not-read-only');
        expect(refused.message).toMatch(/read-only transaction|READ ONLY transaction/);
      }
      expect(await server.admin(`SELECT count(*) AS n FROM ${qualified('orders')}`)).toEqual([{ n: server.kind === 'postgres' ? '1' : 1 }]);
    });

    it('refuses several statements in one query, saying so', async () => {
      for (const sql of ['SELECT 1; SELECT 2', `SELECT 1; DELETE FROM ${qualified('orders')}`, 'SELECT 1;;\nSELECT 2;']) {
        const refused = await failure(browser.query(server.target, sql, caps(), signal()));
        expect(refused.reason).toBe('not-read-only');
        expect(refused.message).toMatch(/^one statement at a time/);
      }
      // One statement with a trailing semicolon, and a semicolon inside a string, are one statement.
      expect((await browser.query(server.target, "SELECT 'a;b' AS v;", caps(), signal())).rows).toEqual([['a;b']]);
    });

    it("shows the server's own message for a statement it refuses", async () => {
      const refused = await failure(browser.query(server.target, `SELECT * FROM ${qualified('absent')}`, caps(), signal()));
      expect(refused.reason).toBe('server');
      expect(refused.message).toMatch(server.kind === 'postgres' ? /relation ".*absent" does not exist/ : /Table '.*absent' doesn't exist/);
    });

    it('stops a query that would run for an hour at its timeout, at the server too', async () => {
      const marker = `sleep_${randomBytes(4).toString('hex')}`;
      const stopped = await failure(browser.query(server.target, server.sleep(marker), caps({ timeoutMs: 1_500 }), signal()));
      expect(stopped.reason).toBe('timeout');
      expect(stopped.message).toBe('the query ran longer than its timeout of 1.5 s and was stopped at the server');
      expect(await server.running(marker)).toBe(false);
    });

    it('cancels a running query when the caller aborts, at the server too', async () => {
      const marker = `cancel_${randomBytes(4).toString('hex')}`;
      const controller = new AbortController();
      const running = failure(browser.query(server.target, server.sleep(marker), caps({ timeoutMs: 600_000 }), controller.signal));
      await vi.waitFor(async () => expect(await server.running(marker)).toBe(true), { timeout: 20_000, interval: 100 });
      controller.abort();
      const cancelled = await running;
      expect(cancelled.reason).toBe('cancelled');
      expect(await server.running(marker)).toBe(false);
    });

    it('says the password is wrong without repeating it, here or in the log', async () => {
      const wrong = `${server.password}-wrong`;
      const denied = await failure(browser.tables({ ...server.target, secrets: { password: wrong } }, signal()));
      expect(denied.reason).toBe('denied');
      expect(denied.message).toBe(`the server refused the user name or password (user ${String(server.target.config.user)})`);
      expect(JSON.stringify(logs)).not.toContain(wrong);
      expect(JSON.stringify(logs)).not.toContain(server.password);
    });
  });
}

describe('PostgreSQL', () => describeServer(postgres !== null, postgresCase));
describe('MariaDB', () => describeServer(mariadb !== null, mariadbCase));

/**
 * The outbound-request policy: the browser connects only to an address the policy allows, checked
 * before connecting. A listener on 127.0.0.1 counts the connections that reach it.
 */
describe('the data browser under the outbound-request policy', () => {
  let listener: Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    listener = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => listener.close(resolve));
  });

  const dns = fakeDns({ 'db.test': ['127.0.0.1'], 'mixed.test': ['127.0.0.1', '169.254.169.254'] });
  const target = (kind: 'postgres' | 'mysql', host: string): DatabaseTarget => ({
    kind,
    config: { host, port, database: 'd', user: 'u', sslmode: 'disable' },
    secrets: { password: 'not-a-real-password' },
  });

  for (const kind of ['postgres', 'mysql'] as const) {
    it(`${kind}: refuses a host that resolves to a refused address, before connecting`, async () => {
      connections = 0;
      const closed = new IntegrationDatabaseBrowser(contextFor({ allowHttp: false, allowPrivateNetworks: false }, dns).context);
      for (const host of ['db.test', '127.0.0.1']) {
        const refused = await failure(closed.tables(target(kind, host), signal()));
        expect(refused.reason).toBe('refused-address');
        expect(refused.message).toContain(`the host ${host} is not one the hub may reach`);
      }
      // A name with one refused address among its answers is refused even where loopback is open.
      const open = new IntegrationDatabaseBrowser(contextFor(LOOPBACK, dns).context);
      expect((await failure(open.query(target(kind, 'mixed.test'), 'SELECT 1', caps(), signal()))).reason).toBe('refused-address');
      expect(connections).toBe(0);
      // Where the policy opens loopback, the same name reaches the listener (which is no database).
      expect((await failure(open.tables(target(kind, 'db.test'), signal()))).reason).toBe('unreachable');
      expect(connections).toBeGreaterThan(0);
    });
  }
});
