import { readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, version as duckdbVersion, type DuckDBConnection } from '@duckdb/node-api';
import { testCacheDir } from '../../setup/cache-dir.js';
import { withCacheLock } from '../../setup/cache-lock.js';
import { ensurePythonVenv } from '../../setup/python-venv.js';

/**
 * DuckDB, the baseline of the data browser's Parquet previews: `@duckdb/node-api` in this process,
 * and its httpfs extension (for `s3://` reads) from the PyPI wheel that carries the signed
 * extension of the same DuckDB version, since DuckDB's own extension repository cannot be reached
 * from here. The two versions must match: DuckDB refuses an extension built for another.
 */
export const DUCKDB_VERSION = duckdbVersion();
const HTTPFS_WHEEL = 'duckdb-extension-httpfs==1.5.5';

/** What the benchmark's Parquet file holds: a few columns of mixed types, as a table export would. */
const PARQUET_SELECT = `
SELECT range AS id,
       hash(range) % 1000000 / 100.0 AS amount,
       md5(range::VARCHAR) AS token,
       'city-' || (range % 500) AS city,
       TIMESTAMP '2024-01-01' + to_seconds(range) AS placed_at,
       range % 3 = 0 AS flagged
  FROM range(?)`;
/** The bytes one row of PARQUET_SELECT takes once written (snappy), measured: how many rows make a size. */
const BYTES_PER_ROW = 48.35;
/** Bumped when PARQUET_SELECT or the writer's options change, so that a cached file is made again. */
const PARQUET_LAYOUT = 1;

export interface BenchParquet {
  file: string;
  size: number;
  rows: number;
  rowGroups: number;
  rowGroupRows: number;
}

/**
 * A Parquet file of about `megabytes` MB (10^6 bytes) with row groups of `rowGroupRows` rows, made
 * by DuckDB's writer the first time and kept in the test cache under a name that says what it
 * holds, so that later runs reuse it.
 */
export async function benchParquet(megabytes: number, rowGroupRows: number): Promise<BenchParquet> {
  const rows = Math.round((megabytes * 1e6) / BYTES_PER_ROW);
  const dir = testCacheDir('bench-data');
  const file = path.join(dir, `mixed-v${PARQUET_LAYOUT}-${rows}-rows-${rowGroupRows}-per-group.parquet`);
  const describe = (): BenchParquet => ({ file, size: statSync(file).size, rows, rowGroups: Math.ceil(rows / rowGroupRows), rowGroupRows });
  if (exists(file)) return describe();
  return withCacheLock(dir, 'parquet.lock', async () => {
    if (exists(file)) return describe();
    for (const stale of readdirSync(dir).filter((name) => name.endsWith('.parquet.partial'))) rmSync(path.join(dir, stale), { force: true });
    const partial = `${file}.partial`;
    const began = performance.now();
    process.stderr.write(`[bench] writing a ${megabytes} MB Parquet file with DuckDB (${rows} rows)...\n`);
    await withDuckdb(async (connection) => {
      const select = PARQUET_SELECT.replace('?', String(rows));
      await connection.run(`COPY (${select}) TO '${sqlText(partial)}' (FORMAT parquet, ROW_GROUP_SIZE ${rowGroupRows})`);
    });
    renameSync(partial, file);
    process.stderr.write(`[bench] Parquet file written in ${((performance.now() - began) / 1000).toFixed(1)} s\n`);
    return describe();
  });
}

/** The httpfs extension file of DuckDB's version (installed once into a cached venv). */
export async function httpfsExtension(): Promise<string> {
  const venv = await ensurePythonVenv('duckdb-httpfs', [HTTPFS_WHEEL]);
  const lib = path.join(venv.dir, 'lib');
  const python = readdirSync(lib).find((name) => name.startsWith('python'));
  const file = python && path.join(lib, python, 'site-packages/duckdb_extension_httpfs/extensions', DUCKDB_VERSION, 'httpfs.duckdb_extension');
  if (!file || !exists(file)) throw new Error(`${HTTPFS_WHEEL} has no httpfs extension for DuckDB ${DUCKDB_VERSION}`);
  return file;
}

/** Runs `work` on a connection of a fresh in-memory DuckDB, closed afterwards. */
export async function withDuckdb<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    return await work(connection);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** A string literal's text in SQL. */
export const sqlText = (value: string): string => value.replaceAll("'", "''");

function exists(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
