/**
 * Data browser benchmark (docs/data-browser.md, "Performance"). Prints, in one run, each beside its
 * baseline measured alternately with it:
 *  1. The preview of the first 100 rows of a ~1 GB Parquet file (made here by DuckDB, kept in the
 *     test cache): the hub's previewer (its worker pool, reading the file through the counted
 *     `read(offset, length)` a preview is given) next to DuckDB's own
 *     `SELECT * FROM read_parquet(...) LIMIT 100` on the same file, in a fresh DuckDB and in a warm
 *     one. Goals: bytes read at most 2% of the file, time at most 1.5x DuckDB's.
 *     The same over S3 (SeaweedFS): the file uploaded once, previewed through the hub's
 *     `GET .../object/preview` (request to parsed answer), next to DuckDB reading the same object
 *     through its httpfs extension, and to DuckDB on the local file.
 *  2. `SELECT *` of a 10,000-row table of mixed types in PostgreSQL through the hub's
 *     `POST .../queries` (request to parsed answer) next to `psql -X -A -t -c` (spawn to exit,
 *     its output read through a pipe). Goal: at most 1.3x.
 * BENCH_RUNS sets the runs per side (default 7), BENCH_PARQUET_MB the file's size (default 1000),
 * BENCH_ROW_GROUP_ROWS its row groups (default 122,880, DuckDB's own); BENCH_QUICK=1
 * makes it 2 runs of a 50 MB file, for the smoke test. PostgreSQL and SeaweedFS are those the
 * test set-up gives (BENCH_POSTGRES, BENCH_SEAWEEDFS: their details as JSON, `0` for none), else
 * started here as the set-up starts them; the parts they serve are skipped without them.
 */
import './support/machine-load.js';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import pg from 'pg';
import { WorkerPreviewer } from '../../service/src/adapters/data-browser/preview/previewer.js';
import { readDataBrowserSettings } from '../../service/src/config/settings-data-browser.js';
import type { PreviewResult } from '../../service/src/core/ports/data-preview.js';
import { findPostgresBinDir, type PostgresInfo } from '../setup/postgres.js';
import type { SeaweedfsInfo } from '../setup/seaweedfs.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { benchPostgres, benchS3Client, benchSeaweedfs, uploadOnce } from './support/data-servers.js';
import { benchParquet, DUCKDB_VERSION, httpfsExtension, sqlText, withDuckdb, type BenchParquet } from './support/duckdb.js';
import { median } from './support/marimo-alone.js';

const quick = process.env.BENCH_QUICK === '1';
const RUNS = Number(process.env.BENCH_RUNS ?? (quick ? 2 : 7));
const PARQUET_MB = Number(process.env.BENCH_PARQUET_MB ?? (quick ? 50 : 1000));
/** DuckDB's default row group; its writer puts each column chunk in one page. */
const ROW_GROUP_ROWS = Number(process.env.BENCH_ROW_GROUP_ROWS ?? 122_880);
const PREVIEW_ROWS = 100;
const QUERY_ROWS = 10_000;
const GOALS = { previewBytesShare: 0.02, previewRatio: 1.5, queryRatio: 1.3 };

const ms = (value: number): string => `${value.toFixed(1).padStart(7)} ms`;
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
const ratio = (value: number, goal: number): string => `ratio ${value.toFixed(2)} (goal <= ${goal.toFixed(2)}: ${value <= goal ? 'met' : 'NOT met'})`;
const label = (text: string): string => `  ${text}`.padEnd(52);

/** Runs each side RUNS times, in turns whose order alternates, so neither always follows the other's after-effects. */
async function alternately(first: () => Promise<number>, second: () => Promise<number>): Promise<[number[], number[]]> {
  const times: [number[], number[]] = [[], []];
  for (let run = 0; run < RUNS; run++) {
    if (run % 2 === 1) times[1].push(await second());
    times[0].push(await first());
    if (run % 2 === 0) times[1].push(await second());
  }
  return times;
}

/** DuckDB's median time for `query` on a connection that has already run it once. */
async function warmMedian(connection: DuckDBConnection, query: string): Promise<number> {
  await connection.runAndReadAll(query);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) times.push(await timedRows(connection, query));
  return median(times);
}

/** The time DuckDB takes to answer `query` with its rows as JavaScript values. */
const timedRows = (connection: DuckDBConnection, query: string): Promise<number> =>
  timed(async () => checkRows((await connection.runAndReadAll(query)).getRows()));

async function timed(work: () => Promise<unknown>): Promise<number> {
  const began = performance.now();
  await work();
  return performance.now() - began;
}

/** Bytes this process has read through read(2)/pread(2) so far (what DuckDB reads from a local file). */
const bytesReadByProcess = (): number => Number(/^rchar: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))![1]);

const parquet = await benchParquet(PARQUET_MB, ROW_GROUP_ROWS);
console.log(
  `# data browser benchmark (${os.availableParallelism()} cores, DuckDB ${DUCKDB_VERSION}, node ${process.version}), median of ${RUNS} runs per side`,
);
console.log(
  `Parquet file: ${mb(parquet.size)}, ${parquet.rows.toLocaleString('en')} rows in ${parquet.rowGroups} row groups of up to ${parquet.rowGroupRows.toLocaleString('en')} (DuckDB's writer, snappy)`,
);

const budgets = readDataBrowserSettings({}).preview;
const previewer = new WorkerPreviewer({ memoryMb: budgets.memoryMb });
const [postgres, seaweedfs] = await Promise.all([benchPostgres(), benchSeaweedfs()]);
let hub: TestHub | null = null;
try {
  const localDuckdb = await parquetLocally(parquet);
  if (seaweedfs.info) await parquetOverS3(parquet, seaweedfs.info, localDuckdb, (hub ??= await dataHub()));
  else console.log(`Parquet over S3: skipped (${seaweedfs.skipped})`);
  if (postgres.info) await postgresQuery(postgres.info, (hub ??= await dataHub()));
  else console.log(`PostgreSQL query: skipped (${postgres.skipped})`);
} finally {
  await hub?.close();
  await previewer.close();
  if ('stop' in postgres) await postgres.stop();
  if ('stop' in seaweedfs) await seaweedfs.stop();
}

/** Part 1 on the local file; answers DuckDB's median time on a fresh instance, the baseline the S3 part is also held to. */
async function parquetLocally(file: BenchParquet): Promise<number> {
  const handle = await open(file.file, 'r');
  try {
    let served = 0;
    const previewOnce = async (): Promise<PreviewResult> => {
      served = 0;
      const preview = await previewer.preview({
        name: path.basename(file.file),
        size: file.size,
        contentType: null,
        rows: PREVIEW_ROWS,
        budgets,
        read: async (offset, length) => {
          const bytes = Buffer.alloc(length);
          const { bytesRead } = await handle.read(bytes, 0, length, offset);
          served += bytesRead;
          return bytes.subarray(0, bytesRead);
        },
        signal: AbortSignal.timeout(budgets.timeoutMs * 2),
      });
      checkPreview(preview, file);
      if (preview.bytesRead !== served) throw new Error(`the previewer counted ${preview.bytesRead} bytes, the file served ${served}`);
      return preview;
    };
    const query = `SELECT * FROM read_parquet('${sqlText(file.file)}') LIMIT ${PREVIEW_ROWS}`;
    let duckdbBytes = 0;
    const duckdbFresh = () =>
      withDuckdb(async (connection) => {
        const before = bytesReadByProcess();
        const elapsed = await timedRows(connection, query);
        duckdbBytes = bytesReadByProcess() - before;
        return elapsed;
      });
    // Each side's first run starts what it keeps warm (the preview workers, DuckDB's code paths): not counted.
    const first = await previewOnce();
    await duckdbFresh();
    const [previews, fresh] = await alternately(() => timed(previewOnce), duckdbFresh);
    const warm = await withDuckdb((connection) => warmMedian(connection, query));
    const preview = median(previews);
    const baseline = median(fresh);
    console.log(`Parquet preview, first ${PREVIEW_ROWS} rows, local file:`);
    console.log(`${label('DuckDB read_parquet LIMIT 100, fresh instance:')}${ms(baseline)}  (read ${mb(duckdbBytes)})`);
    console.log(`${label('DuckDB read_parquet LIMIT 100, warm connection:')}${ms(warm)}`);
    console.log(`${label('hub previewer (worker pool), to rows:')}${ms(preview)}`);
    console.log(`${label('  / DuckDB fresh:')}${ratio(preview / baseline, GOALS.previewRatio)}`);
    console.log(`${label('  / DuckDB warm:')}${ratio(preview / warm, GOALS.previewRatio)}`);
    const share = first.bytesRead / file.size;
    console.log(
      `${label('bytes read by the preview:')}${mb(first.bytesRead)} of ${mb(file.size)} = ${(share * 100).toFixed(2)}% (goal <= ${GOALS.previewBytesShare * 100}%: ${share <= GOALS.previewBytesShare ? 'met' : 'NOT met'})`,
    );
    return baseline;
  } finally {
    await handle.close();
  }
}

/** Part 1 over S3: the hub's preview route and DuckDB's httpfs on the same object, and the hub to DuckDB on the local file. */
async function parquetOverS3(file: BenchParquet, s3: SeaweedfsInfo, localDuckdb: number, t: TestHub): Promise<void> {
  const key = `bench/${path.basename(file.file)}`;
  const client = benchS3Client(s3);
  try {
    const began = performance.now();
    const uploaded = await uploadOnce(client, s3.bucket, key, file.file, file.size);
    if (uploaded) console.error(`[bench] uploaded ${mb(file.size)} to SeaweedFS in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  } finally {
    client.destroy();
  }
  const { token, pid } = await benchProject(t);
  const sid = await integration(t, token, pid, {
    kind: 's3',
    name: 'Lake',
    config: { endpoint_url: s3.endpoint, bucket: s3.bucket, path_style: true },
    secrets: { access_key_id: stored(s3.accessKeyId), secret_access_key: stored(s3.secretAccessKey) },
  });
  let bytesRead = 0;
  const inHub: number[] = [];
  const previewRoute = `${t.url}/api/v1/projects/${pid}/data/sources/${sid}/object/preview?key=${encodeURIComponent(key)}&rows=${PREVIEW_ROWS}`;
  const hubPreview = () =>
    timed(async () => {
      const response = await fetch(previewRoute, { headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as { data: PreviewResult & { bytes_read: number; total_rows: number; duration_ms: number } };
      if (!response.ok) throw new Error(`preview: ${response.status} ${JSON.stringify(body)}`);
      checkPreview({ ...body.data, totalRows: body.data.total_rows }, file);
      bytesRead = body.data.bytes_read;
      inHub.push(body.data.duration_ms);
    });
  const extension = await httpfsExtension();
  const endpoint = new URL(s3.endpoint);
  const secret = `CREATE SECRET bench (TYPE s3, KEY_ID '${sqlText(s3.accessKeyId)}', SECRET '${sqlText(s3.secretAccessKey)}', REGION 'us-east-1',
    ENDPOINT '${sqlText(endpoint.host)}', URL_STYLE 'path', USE_SSL ${endpoint.protocol === 'https:'})`;
  const query = `SELECT * FROM read_parquet('s3://${sqlText(s3.bucket)}/${sqlText(key)}') LIMIT ${PREVIEW_ROWS}`;
  const withHttpfs = <T>(work: (connection: DuckDBConnection) => Promise<T>) =>
    withDuckdb(async (connection) => {
      await connection.run(`LOAD '${sqlText(extension)}'`);
      await connection.run(secret);
      return work(connection);
    });
  const duckdbFresh = () => withHttpfs((connection) => timedRows(connection, query));
  await hubPreview();
  await duckdbFresh();
  inHub.length = 0;
  const [previews, fresh] = await alternately(hubPreview, duckdbFresh);
  const warm = await withHttpfs((connection) => warmMedian(connection, query));
  // A warm DuckDB keeps the object's bytes it read (its external file cache) and reads them again
  // from memory; the hub keeps no bucket data between requests. This one rereads, as the hub does.
  const warmRereading = await withHttpfs(async (connection) => {
    await connection.run('SET enable_external_file_cache = false');
    return warmMedian(connection, query);
  });
  const preview = median(previews);
  const baseline = median(fresh);
  console.log(`Parquet preview, first ${PREVIEW_ROWS} rows, over S3 (SeaweedFS on this machine):`);
  console.log(`${label('DuckDB httpfs LIMIT 100, fresh instance:')}${ms(baseline)}`);
  console.log(`${label('DuckDB httpfs LIMIT 100, warm connection:')}${ms(warm)}`);
  console.log(`${label('  the same, rereading (no file cache):')}${ms(warmRereading)}`);
  console.log(`${label('hub GET .../object/preview, to parsed answer:')}${ms(preview)}`);
  console.log(`${label('  of which the preview in the hub (duration_ms):')}${ms(median(inHub))}`);
  console.log(`${label('  / DuckDB httpfs fresh:')}${ratio(preview / baseline, GOALS.previewRatio)}`);
  console.log(`${label('  / DuckDB httpfs warm, rereading:')}${ratio(preview / warmRereading, GOALS.previewRatio)}`);
  console.log(`${label('  / DuckDB httpfs warm, bytes cached:')}${ratio(preview / warm, GOALS.previewRatio)}`);
  console.log(`${label('  / DuckDB on the local file, fresh:')}${ratio(preview / localDuckdb, GOALS.previewRatio)}`);
  const share = bytesRead / file.size;
  console.log(
    `${label('bytes_read in the answer:')}${mb(bytesRead)} of ${mb(file.size)} = ${(share * 100).toFixed(2)}% (goal <= ${GOALS.previewBytesShare * 100}%: ${share <= GOALS.previewBytesShare ? 'met' : 'NOT met'})`,
  );
}

/** Part 2: a 10,000-row result through the hub's query route and through psql. */
async function postgresQuery(server: PostgresInfo, t: TestHub): Promise<void> {
  const table = 'bench_data.orders';
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    await client.query('CREATE SCHEMA IF NOT EXISTS bench_data');
    await client.query(`DROP TABLE IF EXISTS ${table}`);
    await client.query(
      `CREATE TABLE ${table} AS
       SELECT i AS id, 'customer-' || (i % 997) AS customer, round((i * 7.31)::numeric % 10000, 2) AS amount,
              TIMESTAMPTZ '2024-01-01 00:00:00+00' + i * INTERVAL '7 minutes' AS placed_at, i % 4 = 0 AS shipped,
              CASE WHEN i % 10 = 0 THEN NULL ELSE md5(i::text) END AS note
         FROM generate_series(1, ${QUERY_ROWS}) AS i`,
    );
    await client.query(`ANALYZE ${table}`);
  } finally {
    await client.end();
  }
  const { token, pid } = await benchProject(t);
  const sid = await integration(t, token, pid, {
    kind: 'postgres',
    name: 'Warehouse',
    config: { host: server.host, port: server.port, database: server.database, user: server.user, sslmode: 'disable' },
    secrets: { password: stored(server.password) },
  });
  const sql = `SELECT * FROM ${table}`;
  const inHub: number[] = [];
  const hubQuery = () =>
    timed(async () => {
      const response = await fetch(`${t.url}/api/v1/projects/${pid}/data/sources/${sid}/queries`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ sql }),
      });
      const body = (await response.json()) as { data: { rows: unknown[][]; truncated: boolean; duration_ms: number } };
      if (!response.ok) throw new Error(`query: ${response.status} ${JSON.stringify(body)}`);
      if (body.data.rows.length !== QUERY_ROWS || body.data.truncated) throw new Error(`the hub answered ${body.data.rows.length} rows`);
      inHub.push(body.data.duration_ms);
    });
  const psqlBin = path.join(findPostgresBinDir() ?? '/usr/bin', 'psql');
  const psql = () =>
    new Promise<number>((resolve, reject) => {
      const began = performance.now();
      const child = spawn(psqlBin, ['-X', '-A', '-t', '-c', sql, server.url], { stdio: ['ignore', 'pipe', 'pipe'] });
      let lines = 0;
      let errors = '';
      child.stdout.on('data', (chunk: Buffer) => {
        for (const byte of chunk) if (byte === 0x0a) lines++;
      });
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      child.once('error', reject);
      child.once('close', (code) => {
        const elapsed = performance.now() - began;
        if (code !== 0 || lines !== QUERY_ROWS) reject(new Error(`psql exited ${code} after ${lines} rows: ${errors}`));
        else resolve(elapsed);
      });
    });
  await hubQuery();
  await psql();
  inHub.length = 0;
  const [hubTimes, psqlTimes] = await alternately(hubQuery, psql);
  const hubMedian = median(hubTimes);
  const psqlMedian = median(psqlTimes);
  console.log(`PostgreSQL ${server.version}, SELECT * of ${QUERY_ROWS.toLocaleString('en')} rows (6 columns of mixed types):`);
  console.log(`${label('psql -X -A -t -c, spawn to exit:')}${ms(psqlMedian)}`);
  console.log(`${label('hub POST .../queries, to parsed answer:')}${ms(hubMedian)}  ${ratio(hubMedian / psqlMedian, GOALS.queryRatio)}`);
  console.log(`${label('  of which the statement in the hub (duration_ms):')}${ms(median(inHub))}`);
}

/** A hub that may reach this machine's data servers, as the data suites start it; queries may return the whole table. */
async function dataHub(): Promise<TestHub> {
  return startTestHub({
    env: {
      SERVICE_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.1',
      SERVICE_INTEGRATIONS_ALLOW_HTTP: 'true',
      SERVICE_DATA_QUERY_MAX_ROWS: String(QUERY_ROWS),
    },
  });
}

async function benchProject(t: TestHub): Promise<{ token: string; pid: string }> {
  const token = await t.tokenFor('bench@example.com');
  const created = await t.call('/api/v1/projects', { method: 'POST', token, body: { name: 'Data bench' } });
  if (created.status !== 201) throw new Error(`project: ${created.status} ${created.text}`);
  return { token, pid: created.json.data.id as string };
}

async function integration(t: TestHub, token: string, pid: string, body: Record<string, unknown>): Promise<string> {
  const created = await t.call(`/api/v1/projects/${pid}/integrations`, { method: 'POST', token, body });
  if (created.status !== 201) throw new Error(`integration: ${created.status} ${created.text}`);
  return created.json.data.id as string;
}

function stored(value: string) {
  return { source: 'stored', value };
}

function checkPreview(preview: { kind: string; rows?: unknown[][]; totalRows?: number | null; truncated?: boolean }, file: BenchParquet): void {
  if (preview.kind !== 'table' || preview.rows?.length !== PREVIEW_ROWS || preview.totalRows !== file.rows || preview.truncated !== true)
    throw new Error(`unexpected preview: ${JSON.stringify({ ...preview, rows: preview.rows?.length })}`);
}

function checkRows(rows: unknown[]): void {
  if (rows.length !== PREVIEW_ROWS) throw new Error(`DuckDB answered ${rows.length} rows`);
}
