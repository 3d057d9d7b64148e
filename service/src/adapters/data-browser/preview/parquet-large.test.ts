// A Parquet preview reads the footer and the leading pages, not the file: 100 rows of a file with
// one 2 000 000-row group and no offset index (the hardest case: hyparquet alone would read whole
// column chunks) cost at most 2% of its bytes.
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, expect, it } from 'vitest';
import { previewRequest } from '../../../../../test/support/preview-fixtures.js';
import { WorkerPreviewer } from './previewer.js';

const previewer = new WorkerPreviewer({ workers: 1, memoryMb: 128 });
afterAll(() => previewer.close());

it('previews 100 rows of a large single-row-group Parquet file reading at most 2% of it', async () => {
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
  const request = previewRequest(file, 'large.parquet', { rows: 100 });
  const preview = await previewer.preview(request);
  expect(preview).toMatchObject({ kind: 'table', totalRows: rows, truncated: true });
  const shown = (preview as { rows: unknown[][] }).rows;
  expect(shown).toHaveLength(100);
  expect(shown[99]).toEqual([99, 99 / 8, 'name-99-99']);
  expect(request.served()).toBeLessThanOrEqual(file.length * 0.02);
  expect((preview as { bytesRead: number }).bytesRead).toBe(request.served());
});
