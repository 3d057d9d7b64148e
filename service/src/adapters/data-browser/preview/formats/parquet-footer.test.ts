// The footer parsed only as far as the first row groups gives what hyparquet's whole parse gives
// for them: the same schema, row count, key-value metadata and row groups, and the count of all.
import { parquetMetadata } from 'hyparquet';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { duckdbParquet } from '../../../../../../test/support/parquet-fixtures.js';
import { leadingMetadata } from './parquet-footer.js';

function footerOf(file: Uint8Array): Uint8Array {
  const length = new DataView(file.buffer, file.byteOffset, file.byteLength).getUint32(file.length - 8, true);
  return file.subarray(file.length - 8 - length);
}

function expectLeading(file: Uint8Array, rowEnd: number): number {
  const whole = parquetMetadata(file.slice().buffer);
  const { metadata, rowGroups } = leadingMetadata(footerOf(file), rowEnd);
  let kept = 0;
  for (let rows = 0; kept < whole.row_groups.length && rows < rowEnd; kept++) rows += Number(whole.row_groups[kept]!.num_rows);
  expect(rowGroups).toBe(whole.row_groups.length);
  expect(metadata.row_groups).toEqual(whole.row_groups.slice(0, kept));
  const { row_groups: _all, metadata_length: _length, ...rest } = whole;
  const { row_groups: _first, metadata_length: _shorter, ...leadingRest } = metadata;
  expect(leadingRest).toEqual(rest);
  return kept;
}

describe('the footer up to the first row groups', () => {
  it("hyparquet-writer's footer: statistics, key-value metadata, 43 row groups", () => {
    const rows = 3000;
    const file = new Uint8Array(
      parquetWriteBuffer({
        columnData: [
          { name: 'id', data: Array.from({ length: rows }, (_, index) => BigInt(index)), type: 'INT64' },
          { name: 'name', data: Array.from({ length: rows }, (_, index) => (index % 3 ? `name-${index}` : null)), type: 'STRING', columnIndex: true },
        ],
        rowGroupSize: 70,
        kvMetadata: [{ key: 'origin', value: 'test' }],
      }),
    );
    expect(expectLeading(file, 1)).toBe(1);
    expect(expectLeading(file, 70)).toBe(1);
    expect(expectLeading(file, 71)).toBe(2);
    // More than 15 row groups kept: the list's size is written in its long form.
    expect(expectLeading(file, 1001)).toBe(15);
    expect(expectLeading(file, 1051)).toBe(16);
    expect(expectLeading(file, rows + 1)).toBe(43);
  });

  it("DuckDB's footer: column orders, encoding statistics, nested columns", async () => {
    const file = await duckdbParquet(
      `SELECT range AS id, [range, range + 1] AS pair, {'a': range::VARCHAR} AS s FROM range(30000)`,
      'ROW_GROUP_SIZE 2048, COMPRESSION zstd',
    );
    expect(parquetMetadata(file.slice().buffer).row_groups.length).toBeGreaterThan(5);
    expect(expectLeading(file, 101)).toBe(1);
    expect(expectLeading(file, 5000)).toBeGreaterThan(1);
  });

  it('a footer that is not Thrift is refused in the words of the whole parse', () => {
    const file = new Uint8Array(parquetWriteBuffer({ columnData: [{ name: 'a', data: [1, 2, 3], type: 'INT32' }], rowGroupSize: 1 }));
    const footer = footerOf(file).slice();
    footer.fill(0xff, 0, footer.length - 8);
    expect(() => leadingMetadata(footer, 1)).toThrow();
  });
});
