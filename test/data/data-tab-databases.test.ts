import { randomBytes } from 'node:crypto';
import pg from 'pg';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAudit } from '../support/alert-fixtures.js';
import { prerequisite } from '../setup/prerequisites.js';
import { startDataBrowserWorld, stored, type DataBrowserWorld } from '../support/data-browser-world.js';
import { startFakeAiProvider, type FakeAiProvider } from '../support/fake-ai-provider.js';

const postgres = prerequisite('postgres');
const mariadb = prerequisite('mariadb');

/** A value only the table's rows hold: it must never reach the AI provider unless the user opts in. */
const ROW_ONLY = `row-only-${randomBytes(4).toString('hex')}`;

/**
 * The database browser over real PostgreSQL and MariaDB through the hub (docs/data-browser.md):
 * tables, columns, previews, read-only queries with their timeout, caps and cancel, the audit of
 * each query, questions in words, and who may do what.
 */
describe('the data browser over databases', () => {
  let w: DataBrowserWorld;
  let ai: FakeAiProvider;
  const schema = `browser_${randomBytes(3).toString('hex')}`;
  let pgSource: string;
  let mysqlSource: string;

  beforeAll(async () => {
    w = await startDataBrowserWorld({ SERVICE_DATA_QUERY_TIMEOUT_SECONDS: '2', SERVICE_DATA_QUERY_MAX_ROWS: '500' });
    ai = await startFakeAiProvider('SELECT city, count(*) FROM orders GROUP BY city');
    await w.integration({
      kind: 'openai',
      name: 'Assistant',
      config: { base_url: ai.baseUrl, model: 'fake-sql' },
      secrets: { api_key: stored('ai-key-3f9a') },
    });
    if (postgres) {
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      await client.query(`CREATE SCHEMA ${schema}`);
      await client.query(`CREATE TABLE ${schema}.orders (id integer PRIMARY KEY, city text, amount numeric(10,2), placed date, big bigint, raw bytea)`);
      await client.query(
        `INSERT INTO ${schema}.orders SELECT i, CASE WHEN i = 1 THEN '${ROW_ONLY}' ELSE 'city-' || (i % 5) END, i * 1.5, DATE '2024-01-01' + i, 9007199254740993, '\\x00ff' FROM generate_series(1, 1200) AS i`,
      );
      await client.query(`CREATE VIEW ${schema}.big_orders AS SELECT * FROM ${schema}.orders WHERE amount > 100`);
      await client.query(`ANALYZE ${schema}.orders`);
      await client.end();
      pgSource = await w.integration({
        kind: 'postgres',
        name: 'Warehouse',
        config: { host: postgres.host, port: postgres.port, database: postgres.database, user: postgres.user, sslmode: 'disable' },
        secrets: { password: stored(postgres.password) },
      });
    }
    if (mariadb) {
      const connection = await mysql.createConnection(mariadb.url);
      await connection.query(`CREATE TABLE ${schema}_orders (id INT PRIMARY KEY, city VARCHAR(40))`);
      await connection.query(`INSERT INTO ${schema}_orders VALUES (1, 'north'), (2, 'south'), (3, 'east')`);
      await connection.end();
      mysqlSource = await w.integration({
        kind: 'mysql',
        name: 'Shop',
        config: { host: mariadb.host, port: mariadb.port, database: mariadb.database, user: mariadb.user, sslmode: 'disable' },
        secrets: { password: stored(mariadb.password) },
      });
    }
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    await ai?.close();
  });

  const query = (source: string, sql: string, options: { token?: string; signal?: AbortSignal } = {}) =>
    w.call(`${w.data}/sources/${source}/queries`, {
      method: 'POST',
      token: options.token ?? w.p.tokens.editor,
      body: { sql },
      ...(options.signal ? { signal: options.signal } : {}),
    });

  describe.skipIf(postgres === null)('PostgreSQL', () => {
    it('lists tables and views with estimates, columns with types, and previews a table', async () => {
      const tables = await w.call(`${w.data}/sources/${pgSource}/tables`, { token: w.p.tokens.editor });
      expect(tables.status, tables.text).toBe(200);
      const mine = tables.json.data.tables.filter((table: { schema: string }) => table.schema === schema);
      expect(mine).toEqual([
        { schema, name: 'big_orders', type: 'view', row_estimate: null },
        { schema, name: 'orders', type: 'table', row_estimate: 1200 },
      ]);
      const columns = await w.call(`${w.data}/sources/${pgSource}/tables/${schema}/orders`, { token: w.p.tokens.editor });
      expect(columns.json.data.columns.map((column: { name: string; type: string }) => `${column.name} ${column.type}`)).toEqual([
        'id integer',
        'city text',
        'amount numeric(10,2)',
        'placed date',
        'big bigint',
        'raw bytea',
      ]);
      const preview = await w.call(`${w.data}/sources/${pgSource}/tables/${schema}/orders/preview?rows=2`, { token: w.p.tokens.editor });
      expect(preview.json.data).toMatchObject({ row_count: 2, truncated: 'rows' });
      expect(preview.json.data.rows[1]).toEqual([2, 'city-2', '3.00', '2024-01-03', '9007199254740993', 'AP8=']);
      expect((await w.call(`${w.data}/sources/${pgSource}/tables/${schema}/absent`, { token: w.p.tokens.editor })).status).toBe(404);
    });

    it('runs a read-only query under the row cap and audits it without its result', async () => {
      const result = await query(pgSource, `SELECT id, city FROM ${schema}.orders ORDER BY id`);
      expect(result.status, result.text).toBe(200);
      expect(result.json.data).toMatchObject({ row_count: 500, truncated: 'rows', columns: [{ name: 'id' }, { name: 'city' }] });
      const events = (await projectAudit(w.t, w.p.id)).filter((entry) => entry.event === 'data.query');
      expect(events.at(-1)!.metadata).toMatchObject({
        integration_id: pgSource,
        kind: 'postgres',
        rows: 500,
        truncated: 'rows',
        outcome: 'ok',
        statement_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(events.at(-1)!.raw).not.toContain(ROW_ONLY);
    });

    it('refuses writes at the server and leaves the data as it was', async () => {
      for (const sql of [
        `DELETE FROM ${schema}.orders`,
        `UPDATE ${schema}.orders SET city = 'x'`,
        `DROP TABLE ${schema}.orders`,
        `CREATE TABLE ${schema}.more (id int)`,
      ]) {
        const refused = await query(pgSource, sql);
        expect(refused.status, sql).toBe(422);
        expect(refused.json.error.code).toBe('VALIDATION_ERROR');
      }
      const two = await query(pgSource, `SELECT 1; DELETE FROM ${schema}.orders`);
      expect(two.status).toBe(422);
      const count = await query(pgSource, `SELECT count(*) AS n FROM ${schema}.orders`);
      expect(count.json.data.rows).toEqual([[1200]]);
    });

    it('stops a statement that would run for an hour at its timeout', async () => {
      const slow = await query(pgSource, 'SELECT pg_sleep(3600)');
      expect(slow.status).toBe(422);
      expect(slow.json.error.details[0].message).toBe('timeout');
      const stray = await query(pgSource, "SELECT count(*) AS n FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(3600)' AND state = 'active'");
      expect(stray.json.data.rows).toEqual([[0]]);
    });

    it('cancels the statement at the server when the request is closed', async () => {
      const controller = new AbortController();
      const running = query(pgSource, 'SELECT pg_sleep(1.5), 42 AS cancelled_query', { signal: controller.signal }).catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 500));
      controller.abort();
      await running;
      await new Promise((resolve) => setTimeout(resolve, 300));
      const stray = await query(
        pgSource,
        "SELECT count(*) AS n FROM pg_stat_activity WHERE query LIKE '%cancelled_query%' AND state = 'active' AND pid <> pg_backend_pid()",
      );
      expect(stray.json.data.rows).toEqual([[0]]);
      const events = (await projectAudit(w.t, w.p.id)).filter((entry) => entry.event === 'data.query');
      expect(events.map((entry) => entry.metadata.outcome)).toContain('cancelled');
    });

    it('turns a question into SQL from table and column names only, unless rows are asked for', async () => {
      const asked = await w.call(`${w.data}/sources/${pgSource}/ai-query`, {
        method: 'POST',
        token: w.p.tokens.editor,
        body: { question: 'How many orders per city?', tables: [{ schema, name: 'orders' }] },
      });
      expect(asked.status, asked.text).toBe(200);
      expect(asked.json.data).toEqual({
        sql: 'SELECT city, count(*) FROM orders GROUP BY city',
        model: 'fake-sql',
        provider_id: expect.any(String),
        sent_sample_rows: false,
      });
      const sent = ai.requests.at(-1)!;
      expect(sent).toContain('orders(id integer, city text');
      expect(sent).not.toContain(ROW_ONLY);
      expect(ai.authorizations.at(-1)).toBe('Bearer ai-key-3f9a');
      await w.call(`${w.data}/sources/${pgSource}/ai-query`, {
        method: 'POST',
        token: w.p.tokens.editor,
        body: { question: 'How many orders per city?', tables: [{ schema, name: 'orders' }], include_sample_rows: true },
      });
      expect(ai.requests.at(-1)).toContain(ROW_ONLY);
    });

    it('lets viewers see the source but not its data', async () => {
      expect((await query(pgSource, 'SELECT 1', { token: w.p.tokens.viewer })).status).toBe(403);
      expect((await w.call(`${w.data}/sources/${pgSource}/tables`, { token: w.p.tokens.outsider })).status).toBe(404);
    });
  });

  describe.skipIf(mariadb === null)('MariaDB', () => {
    it('lists, previews and queries; refuses writes, DDL and several statements', async () => {
      const tables = await w.call(`${w.data}/sources/${mysqlSource}/tables`, { token: w.p.tokens.editor });
      expect(tables.json.data.tables).toContainEqual(expect.objectContaining({ schema: mariadb!.database, name: `${schema}_orders`, type: 'table' }));
      const preview = await w.call(`${w.data}/sources/${mysqlSource}/tables/${mariadb!.database}/${schema}_orders/preview`, { token: w.p.tokens.editor });
      expect(preview.json.data.rows).toEqual([
        [1, 'north'],
        [2, 'south'],
        [3, 'east'],
      ]);
      for (const sql of [
        `DELETE FROM ${schema}_orders`,
        `DROP TABLE ${schema}_orders`,
        `CREATE TABLE ${schema}_more (id INT)`,
        `SELECT 1; DELETE FROM ${schema}_orders`,
      ]) {
        const refused = await query(mysqlSource, sql);
        expect(refused.status, `${sql}: ${refused.text}`).toBe(422);
      }
      const count = await query(mysqlSource, `SELECT count(*) AS n FROM ${schema}_orders`);
      expect(count.json.data.rows).toEqual([[3]]);
      const slow = await query(mysqlSource, 'SELECT SLEEP(3600)');
      expect(slow.status).toBe(422);
      expect(slow.json.error.details[0].message).toBe('timeout');
    });
  });

  it('never shows a database password or the AI key', () => {
    const secrets = [postgres?.password, mariadb?.password, 'ai-key-3f9a'].filter((value): value is string => typeof value === 'string');
    expect(w.seen.filter((text) => secrets.some((secret) => text.includes(secret)))).toEqual([]);
  });
});
