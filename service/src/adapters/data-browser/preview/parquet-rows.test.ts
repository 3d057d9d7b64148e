// Parquet previews decode only the start of each column chunk: the rows they show must be the
// file's first rows, as hyparquet's full read of the same file gives them, whatever the layout —
// dictionary pages, v1 and v2 data pages, nulls, lists, structs and maps, every codec, several
// pages per chunk, rows of a list split across pages, several row groups — and a file whose pages
// lie is refused, not misread.
import { parquetMetadata, parquetRead, type PageHeader } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { parquetHeader as parquetHeaderOf } from 'hyparquet/src/column.js';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, describe, expect, it } from 'vitest';
import { PreviewError, type Preview, type PreviewColumnType } from '../../../core/ports/data-preview.js';
import { duckdbParquet, rewritePages } from '../../../../../test/support/parquet-fixtures.js';
import { previewRequest } from '../../../../../test/support/preview-fixtures.js';
import { cellValue } from './formats/parquet.js';
import { WorkerPreviewer } from './previewer.js';

const previewer = new WorkerPreviewer({ workers: 2, memoryMb: 256 });
afterAll(() => previewer.close());

type Table = Extract<Preview, { kind: 'table' }> & { bytesRead: number };

async function preview(file: Uint8Array, rows: number): Promise<Table> {
  const result = await previewer.preview(previewRequest(file, 'data.parquet', { rows }));
  expect(result.kind).toBe('table');
  return result as Table;
}

/** The first `rows` rows as hyparquet reads them, decoding the pages whole, shown as a preview shows values. */
async function firstRows(file: Uint8Array, rows: number, types: PreviewColumnType[]): Promise<unknown[][]> {
  let data: unknown[][] = [];
  await parquetRead({ file: file.slice().buffer, rowEnd: rows, utf8: false, compressors, onComplete: (result: unknown[][]) => (data = result) });
  return data.map((row) => row.map((cell, index) => cellValue(cell, types[index])));
}

/** Previews the file and compares its rows with hyparquet's; answers the preview. */
async function expectFirstRows(file: Uint8Array, rows = 100): Promise<Table> {
  const shown = await preview(file, rows);
  const total = Number(parquetMetadata(file.slice().buffer).num_rows);
  expect(shown.rows).toHaveLength(Math.min(rows, total));
  expect(shown.rows).toEqual(
    await firstRows(
      file,
      rows,
      shown.columns.map((column) => column.type),
    ),
  );
  return shown;
}

/** Data pages of every chunk, as [page type, encoding, values] (what the file's layout is). */
function pages(file: Uint8Array): string[] {
  const found = new Set<string>();
  const metadata = parquetMetadata(file.slice().buffer);
  for (const group of metadata.row_groups) {
    for (const chunk of group.columns) {
      const meta = chunk.meta_data!;
      const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
      const end = start + Number(meta.total_compressed_size);
      for (let offset = start; offset < end;) {
        const reader = { view: new DataView(file.buffer, file.byteOffset, file.byteLength), offset };
        const header = parquetHeaderOf(reader);
        found.add(`${header.type} ${(header.data_page_header ?? header.data_page_header_v2 ?? header.dictionary_page_header)?.encoding} ${meta.codec}`);
        offset = reader.offset + header.compressed_page_size;
      }
    }
  }
  return [...found].sort();
}

/** Pages per column chunk, most of any chunk in the file. */
function mostPagesPerChunk(file: Uint8Array): number {
  const metadata = parquetMetadata(file.slice().buffer);
  let most = 0;
  for (const chunk of metadata.row_groups[0]!.columns) {
    const meta = chunk.meta_data!;
    const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
    const end = start + Number(meta.total_compressed_size);
    let count = 0;
    for (let offset = start; offset < end; count++) {
      const reader = { view: new DataView(file.buffer, file.byteOffset, file.byteLength), offset };
      const header = parquetHeaderOf(reader);
      offset = reader.offset + header.compressed_page_size;
    }
    most = Math.max(most, count);
  }
  return most;
}

/** A table of mixed columns: nulls, low-cardinality text (dictionary pages), lists, structs, maps, dates, decimals, bytes. */
const MIXED = `
SELECT range AS id,
       CASE WHEN range % 7 = 0 THEN NULL ELSE (range * 3)::INTEGER END AS small,
       (range % 100000) / 100.0 AS amount,
       (range * 1.5)::DOUBLE AS ratio,
       CASE WHEN range % 5 = 0 THEN NULL ELSE range % 3 = 0 END AS flag,
       md5(range::VARCHAR) AS token,
       CASE WHEN range % 11 = 0 THEN NULL ELSE 'city-' || (range % 50) END AS city,
       DATE '2024-01-01' + (range % 1000)::INTEGER AS day,
       TIMESTAMP '2024-01-01' + to_seconds(range) AS placed_at,
       CASE WHEN range % 9 = 0 THEN NULL WHEN range % 4 = 0 THEN [] ELSE [range, NULL, range + 1] END AS tags,
       {'x': range / 2.0, 'y': CASE WHEN range % 6 = 0 THEN NULL ELSE 'y' || range END} AS point,
       MAP {'a': range::INTEGER, 'b': NULL} AS attrs,
       CASE WHEN range % 13 = 0 THEN NULL ELSE encode('b' || range) END AS raw,
       [{'k': range, 'v': [range::VARCHAR]}] AS deep
  FROM range(10000)`;

describe('files DuckDB writes (v1 data pages, a chunk in one page)', () => {
  for (const codec of ['uncompressed', 'snappy', 'zstd', 'gzip', 'brotli', 'lz4']) {
    for (const version of ['V1', 'V2']) {
      it(`${codec}, Parquet ${version}: the first rows are the file's`, async () => {
        const file = await duckdbParquet(MIXED, `COMPRESSION ${codec}, PARQUET_VERSION ${version}`);
        if (version === 'V2') expect(pages(file).some((page) => page.includes('DELTA'))).toBe(true);
        expect(pages(file).some((page) => page.startsWith('DICTIONARY_PAGE'))).toBe(true);
        const shown = await expectFirstRows(file);
        // The decoded rows are DuckDB's own.
        expect(shown.rows[7]!.slice(0, 5)).toEqual([7, null, 0.07, 10.5, false]);
        expect(shown.rows[9]![9]).toBeNull();
        expect(shown.rows[8]![9]).toEqual([]);
        expect(shown.rows[1]![9]).toEqual([1, null, 2]);
      });
    }
  }

  it('shows the most rows a preview may show, and a file shorter than that whole', async () => {
    const file = await duckdbParquet(MIXED, 'COMPRESSION zstd');
    await expectFirstRows(file, 1000);
    const short = await duckdbParquet(MIXED.replace('range(10000)', 'range(37)'), 'COMPRESSION snappy');
    expect((await expectFirstRows(short, 100)).truncated).toBe(false);
  });
});

describe('files hyparquet-writer writes (v2 data pages, several to a chunk)', () => {
  const rows = 3000;
  const ids = Array.from({ length: rows }, (_, index) => BigInt(index) * 1_000_003n);
  const columnData = [
    { name: 'id', data: ids, type: 'INT64' as const, encoding: 'DELTA_BINARY_PACKED' as const },
    { name: 'value', data: ids.map((id) => Number(id) / 7), type: 'DOUBLE' as const, encoding: 'BYTE_STREAM_SPLIT' as const },
    { name: 'name', data: ids.map((id, index) => (index % 5 === 0 ? null : `name-${id}`)), type: 'STRING' as const, encoding: 'DELTA_BYTE_ARRAY' as const },
    { name: 'label', data: ids.map((id) => `label-${Number(id) % 977}-${id}`), type: 'STRING' as const, encoding: 'DELTA_LENGTH_BYTE_ARRAY' as const },
    { name: 'city', data: ids.map((_, index) => (index % 3 === 0 ? null : `city-${index % 40}`)), type: 'STRING' as const },
    { name: 'count', data: ids.map((_, index) => (index % 4 === 0 ? null : index)), type: 'INT32' as const, encoding: 'PLAIN' as const },
    { name: 'flag', data: ids.map((_, index) => index % 3 === 0), type: 'BOOLEAN' as const, encoding: 'RLE' as const },
  ];
  const tags = Array.from({ length: rows }, (_, index) =>
    index % 6 === 0 ? null : Array.from({ length: index % 4 }, (_, item) => (item === 1 ? null : index + item)),
  );
  const listSchema = [
    { name: 'root', num_children: 2 },
    { name: 'id', type: 'INT64' as const, repetition_type: 'REQUIRED' as const },
    { name: 'tags', repetition_type: 'OPTIONAL' as const, num_children: 1, converted_type: 'LIST' as const },
    { name: 'list', repetition_type: 'REPEATED' as const, num_children: 1 },
    { name: 'element', type: 'INT32' as const, repetition_type: 'OPTIONAL' as const },
  ];
  const list = (options: { pageSize: number; rowGroupSize?: number; codec?: 'SNAPPY' | 'UNCOMPRESSED' }) =>
    new Uint8Array(
      parquetWriteBuffer({
        columnData: [
          { name: 'id', data: ids, encoding: 'PLAIN' },
          { name: 'tags', data: tags, encoding: 'PLAIN' },
        ],
        schema: listSchema,
        ...options,
      }),
    );

  it('reads many small pages of each encoding, with dictionary pages and nulls', async () => {
    const file = new Uint8Array(parquetWriteBuffer({ columnData, pageSize: 1024, rowGroupSize: rows }));
    expect(mostPagesPerChunk(file)).toBeGreaterThan(10);
    expect(pages(file)).toEqual(
      expect.arrayContaining([
        'DATA_PAGE_V2 DELTA_BINARY_PACKED SNAPPY',
        'DATA_PAGE_V2 BYTE_STREAM_SPLIT SNAPPY',
        'DATA_PAGE_V2 DELTA_BYTE_ARRAY SNAPPY',
        'DATA_PAGE_V2 DELTA_LENGTH_BYTE_ARRAY SNAPPY',
        'DATA_PAGE_V2 RLE_DICTIONARY SNAPPY',
        'DATA_PAGE_V2 RLE SNAPPY',
        'DICTIONARY_PAGE PLAIN SNAPPY',
      ]),
    );
    for (const shown of [3, 100, 1000]) await expectFirstRows(file, shown);
  });

  it('reads large pages from their start only', async () => {
    const file = new Uint8Array(parquetWriteBuffer({ columnData, pageSize: 1 << 20, rowGroupSize: rows, codec: 'UNCOMPRESSED' }));
    expect(mostPagesPerChunk(file)).toBeLessThanOrEqual(2);
    await expectFirstRows(file, 100);
  });

  it('reads rows from several row groups', async () => {
    const file = new Uint8Array(parquetWriteBuffer({ columnData, pageSize: 512, rowGroupSize: 70 }));
    expect(parquetMetadata(file.slice().buffer).row_groups.length).toBe(43);
    for (const shown of [70, 71, 1000]) expect((await expectFirstRows(file, shown)).notes).toContain('43 row groups');
  });

  it('reads list columns across page boundaries', async () => {
    for (const file of [list({ pageSize: 256 }), list({ pageSize: 1 << 20, codec: 'UNCOMPRESSED' }), list({ pageSize: 300, rowGroupSize: 90 })]) {
      const shown = await expectFirstRows(file, 1000);
      expect(shown.rows[0]).toEqual([0, null]);
      expect(shown.rows[3]).toEqual([3_000_009, [3, null, 5]]);
    }
  });

  describe('the same files with v1 data pages', () => {
    it('each page rewritten as a v1 page: dictionary, delta, byte stream split, RLE', async () => {
      const source = new Uint8Array(parquetWriteBuffer({ columnData, pageSize: 1024, rowGroupSize: 1000 }));
      for (const codec of ['SNAPPY', 'GZIP', 'UNCOMPRESSED'] as const) {
        const file = rewritePages(source, { codec });
        expect(pages(file)).toEqual(
          expect.arrayContaining([`DATA_PAGE DELTA_BYTE_ARRAY ${codec}`, `DATA_PAGE RLE_DICTIONARY ${codec}`, `DICTIONARY_PAGE PLAIN ${codec}`]),
        );
        for (const shown of [1, 100, 1000]) await expectFirstRows(file, shown);
      }
    });

    it('rows of a list split across pages (a v1 writer may split them)', async () => {
      const source = list({ pageSize: 1 << 20, codec: 'UNCOMPRESSED' });
      for (const entriesPerPage of [1, 5, 64]) {
        const file = rewritePages(source, { entriesPerPage, codec: 'SNAPPY' });
        expect(mostPagesPerChunk(file)).toBeGreaterThan(15);
        for (const shown of [1, 7, 100, 1000]) await expectFirstRows(file, shown);
      }
    });
  });
});

describe('pages that lie', () => {
  const source = new Uint8Array(
    parquetWriteBuffer({
      columnData: [
        { name: 'id', data: Array.from({ length: 5000 }, (_, index) => BigInt(index)), type: 'INT64', encoding: 'PLAIN' },
        { name: 'name', data: Array.from({ length: 5000 }, (_, index) => `name-${index}`), type: 'STRING', encoding: 'PLAIN' },
      ],
      pageSize: 4096,
    }),
  );

  async function failure(file: Uint8Array, rows = 100): Promise<PreviewError> {
    const error = await previewer.preview(previewRequest(file, 'lying.parquet', { rows })).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PreviewError);
    return error as PreviewError;
  }

  it('a page that says it inflates to 1 GiB: expansion, before anything is inflated', async () => {
    const error = await failure(rewritePages(source, { alterHeader: (header) => ({ ...header, uncompressed_page_size: 2 ** 30 }) }));
    expect(error.reason).toBe('expansion');
    expect(error.message).toMatch(/inflates to 1 GiB/);
  });

  it('a page longer than its column chunk, or one holding fewer values than it says: malformed', async () => {
    const past = await failure(
      rewritePages(source, { alterHeader: (header) => ({ ...header, compressed_page_size: header.compressed_page_size + 10_000_000 }) }),
    );
    expect(past.reason).toBe('malformed');
    expect(past.message).toMatch(/runs past the end of its column chunk/);
    const counted = (header: PageHeader): PageHeader => ({
      ...header,
      data_page_header: { ...header.data_page_header!, num_values: header.data_page_header!.num_values * 50 },
    });
    // Past the values the first page really holds.
    const short = await failure(rewritePages(source, { codec: 'UNCOMPRESSED', alterHeader: counted }), 1000);
    expect(short.reason).toBe('malformed');
  });

  it('bytes changed anywhere in the pages: rows or malformed, never a crash or a hang', async () => {
    const file = rewritePages(source, { codec: 'SNAPPY' });
    const footer = file.length - 8 - new DataView(file.buffer, file.byteOffset).getUint32(file.length - 8, true);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const outcomes = new Set<string>();
    for (let round = 0; round < 40; round++) {
      const damaged = file.slice();
      for (let flip = 0; flip < 3; flip++) damaged[4 + Math.floor(random() * (footer - 4))] = Math.floor(random() * 256);
      const result = await previewer.preview(previewRequest(damaged, 'damaged.parquet')).then(
        (answer) => answer.kind,
        (error: unknown) => (error instanceof PreviewError ? error.reason : `unexpected: ${String(error)}`),
      );
      outcomes.add(result);
    }
    expect([...outcomes].every((outcome) => outcome === 'table' || outcome === 'malformed' || outcome === 'expansion')).toBe(true);
    await expectFirstRows(file);
  });
});
