// A Parquet preview reads the footer and the start of the first pages, not the file: 100 rows of
// files with one large row group and no offset index cost at most 2% of their bytes — whether the
// chunks are cut in 64 KiB pages (hyparquet-writer) or each is one page (DuckDB: a page of a
// million rows, 36 MB of text, of which the preview reads and inflates only the start).
import { createHash } from 'node:crypto';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, expect, it } from 'vitest';
import { cachedFixture } from '../../../../../test/support/fixture-cache.js';
import { duckdbParquet } from '../../../../../test/support/parquet-fixtures.js';
import { DEFAULT_BUDGETS, previewRequest } from '../../../../../test/support/preview-fixtures.js';
import { WorkerPreviewer } from './previewer.js';

const previewer = new WorkerPreviewer({ workers: 1, memoryMb: 128 });
afterAll(() => previewer.close());

async function previewFirst100(file: Uint8Array, totalRows: number): Promise<unknown[][]> {
  const request = previewRequest(file, 'large.parquet', { rows: 100 });
  const preview = await previewer.preview(request);
  expect(preview).toMatchObject({ kind: 'table', totalRows, truncated: true });
  expect(request.served()).toBeLessThanOrEqual(file.length * 0.02);
  expect((preview as { bytesRead: number }).bytesRead).toBe(request.served());
  const shown = (preview as { rows: unknown[][] }).rows;
  expect(shown).toHaveLength(100);
  return shown;
}

it('previews 100 rows of a large single-row-group Parquet file in 64 KiB pages reading at most 2% of it', async () => {
  const rows = 2_000_000;
  // Seconds of writing, the same every run: kept between runs (test/support/fixture-cache.ts).
  const file = await cachedFixture(`${rows} rows in 64 KiB pages`, ['hyparquet-writer'], () => {
    const ids = new BigInt64Array(rows);
    const values = new Float64Array(rows);
    const names: string[] = new Array<string>(rows);
    for (let index = 0; index < rows; index++) {
      ids[index] = BigInt(index);
      values[index] = index / 8;
      names[index] = `name-${index % 1000}-${index}`;
    }
    return new Uint8Array(
      parquetWriteBuffer({
        columnData: [
          { name: 'id', data: ids, type: 'INT64', offsetIndex: false },
          { name: 'value', data: values, type: 'DOUBLE', offsetIndex: false },
          { name: 'name', data: names, type: 'STRING', offsetIndex: false },
        ],
        rowGroupSize: rows,
        pageSize: 64 * 1024,
      }),
    );
  });
  const shown = await previewFirst100(file, rows);
  expect(shown[99]).toEqual([99, 99 / 8, 'name-99-99']);
});

it('previews 100 rows of a DuckDB file whose chunks are one page of a million rows reading at most 2% of it', async () => {
  const rows = 1_000_000;
  const file = await duckdbParquet(
    `SELECT range AS id, md5(range::VARCHAR) AS token, range % 3 = 0 AS flagged FROM range(${rows})`,
    `ROW_GROUP_SIZE ${rows}, COMPRESSION snappy`,
  );
  expect(file.length).toBeGreaterThan(20_000_000);
  const shown = await previewFirst100(file, rows);
  expect(shown[99]).toEqual([99, createHash('md5').update('99').digest('hex'), true]);
  expect(shown[98]).toEqual([98, createHash('md5').update('98').digest('hex'), false]);
});

it('previews a file of 300 columns within the byte budget, the columns sharing what they read ahead', async () => {
  const rows = 10_000;
  const columns = 300;
  const value = (row: number, column: number) => Math.sin(row * columns + column + 1);
  const file = await cachedFixture(
    `${columns} columns of ${rows} rows`,
    ['hyparquet-writer'],
    () =>
      new Uint8Array(
        parquetWriteBuffer({
          columnData: Array.from({ length: columns }, (_, column) => ({
            name: `c${column}`,
            data: Float64Array.from({ length: rows }, (_, row) => value(row, column)),
            type: 'DOUBLE' as const,
            offsetIndex: false,
          })),
          rowGroupSize: rows,
        }),
      ),
  );
  // Each chunk is larger than a chunk's own read ahead: read ahead in full, they would pass the budget.
  expect(file.length).toBeGreaterThan(columns * 64 * 1024);
  const request = previewRequest(file, 'wide.parquet', { rows: 100 });
  const preview = (await previewer.preview(request)) as { rows: unknown[][]; columns: unknown[] };
  expect(preview.columns).toHaveLength(columns);
  expect(preview.rows[99]![299]).toBe(value(99, 299));
  expect(preview.rows[0]![0]).toBe(value(0, 0));
  expect(request.served()).toBeLessThan(DEFAULT_BUDGETS.maxBytes);
});
