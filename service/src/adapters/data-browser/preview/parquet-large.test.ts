// A Parquet preview reads the footer and the start of the first pages, not the file: 100 rows of
// files with one large row group and no offset index cost at most 2% of their bytes — whether the
// chunks are cut in 64 KiB pages (hyparquet-writer) or each is one page (DuckDB: a page of a
// million rows, 36 MB of text, of which the preview reads and inflates only the start).
import { createHash } from 'node:crypto';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, expect, it } from 'vitest';
import { duckdbParquet } from '../../../../../test/support/parquet-fixtures.js';
import { previewRequest } from '../../../../../test/support/preview-fixtures.js';
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
  const ids = new BigInt64Array(rows);
  const values = new Float64Array(rows);
  const names: string[] = new Array<string>(rows);
  for (let index = 0; index < rows; index++) {
    ids[index] = BigInt(index);
    values[index] = index / 8;
    names[index] = `name-${index % 1000}-${index}`;
  }
  const file = new Uint8Array(
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
