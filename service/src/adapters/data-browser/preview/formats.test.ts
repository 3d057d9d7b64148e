// Previews of each format, parsed in real worker threads from fixtures made here.
import { tableFromArrays, tableToIPC } from 'apache-arrow';
import { gzipSync, strToU8, zipSync } from 'fflate';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, describe, expect, it } from 'vitest';
import { PreviewError, type Preview, type PreviewResult } from '../../../core/ports/data-preview.js';
import { jpegHeader, pngHeader, previewRequest, xlsxWorkbook } from '../../../../../test/support/preview-fixtures.js';
import { WorkerPreviewer } from './previewer.js';

const previewer = new WorkerPreviewer({ workers: 2, memoryMb: 128 });
afterAll(() => previewer.close());

type Table = Extract<Preview, { kind: 'table' }> & { bytesRead: number };

async function table(...args: Parameters<typeof previewRequest>): Promise<Table> {
  const result: PreviewResult = await previewer.preview(previewRequest(...args));
  expect(result.kind).toBe('table');
  return result as Table;
}

async function failure(...args: Parameters<typeof previewRequest>): Promise<PreviewError> {
  const error = await previewer.preview(previewRequest(...args)).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PreviewError);
  return error as PreviewError;
}

describe('CSV and TSV', () => {
  const csv =
    'id,price,active,day,at,name\n1,2.5,true,2024-01-02,2024-01-02T03:04:05Z,alpha\n2,3,false,2024-02-03,2024-02-03 10:00,"beta, gamma"\n3,,TRUE,,,\n';

  it('shows the header, the rows and the types inferred from them', async () => {
    const preview = await table(csv, 'data/sales.csv');
    expect(preview.columns.map((column) => [column.name, column.type])).toEqual([
      ['id', 'integer'],
      ['price', 'float'],
      ['active', 'boolean'],
      ['day', 'date'],
      ['at', 'datetime'],
      ['name', 'string'],
    ]);
    expect(preview.rows).toEqual([
      [1, 2.5, true, '2024-01-02', '2024-01-02T03:04:05Z', 'alpha'],
      [2, 3, false, '2024-02-03', '2024-02-03 10:00', 'beta, gamma'],
      [3, null, true, null, null, ''],
    ]);
    expect(preview).toMatchObject({ format: 'csv', totalRows: 3, truncated: false, bytesRead: csv.length });
  });

  it('stops at the rows asked for and says more follow', async () => {
    const lines = ['n,square', ...Array.from({ length: 5000 }, (_, index) => `${index},${index * index}`)].join('\n');
    const preview = await table(lines, 'squares.csv', { rows: 10 });
    expect(preview.rows).toHaveLength(10);
    expect(preview.rows[9]).toEqual([9, 81]);
    expect(preview).toMatchObject({ truncated: true, totalRows: null });
  });

  it('reads TSV, semicolon CSV and gzip-compressed CSV', async () => {
    expect((await table('a\tb\n1\tx\n', 'data.tsv')).rows).toEqual([[1, 'x']]);
    expect((await table('a;b\n1,5;x\n', 'data.csv')).rows).toEqual([['1,5', 'x']]);
    const compressed = await table(gzipSync(strToU8(csv)), 'data.csv.gz');
    expect(compressed.rows).toHaveLength(3);
    expect(compressed.notes).toContain('gzip-compressed');
    // gzip told by its bytes, under a plain .csv name
    expect((await table(gzipSync(strToU8(csv)), 'data.csv')).rows).toHaveLength(3);
  });

  it('refuses a ZIP archive named .csv and a Parquet file named .csv', async () => {
    const zip = zipSync({ 'data.csv': strToU8(csv) });
    const archive = await failure(zip, 'data.csv');
    expect(archive.reason).toBe('unsupported');
    expect(archive.message).toMatch(/ZIP archive/);
    const parquet = parquetWriteBuffer({ columnData: [{ name: 'a', data: [1, 2], type: 'INT32' }] });
    const mismatch = await failure(new Uint8Array(parquet), 'data.csv');
    expect(mismatch.reason).toBe('malformed');
    expect(mismatch.message).toMatch(/named as CSV but its bytes are a Parquet file/);
  });
});

describe('JSON and NDJSON', () => {
  it('shows an array of objects as rows, nested values as JSON', async () => {
    const preview = await table(
      JSON.stringify([
        { id: 1, tags: ['a'], info: { x: 1 } },
        { id: 2, extra: 'y' },
      ]),
      'items.json',
    );
    expect(preview.columns.map((column) => [column.name, column.type])).toEqual([
      ['id', 'integer'],
      ['tags', 'list'],
      ['info', 'struct'],
      ['extra', 'string'],
    ]);
    expect(preview.rows).toEqual([
      [1, ['a'], { x: 1 }, null],
      [2, null, null, 'y'],
    ]);
    expect(preview.totalRows).toBe(2);
  });

  it('shows a top-level object as one row, NDJSON line by line', async () => {
    expect((await table('{"a": 1, "b": "x"}', 'one.json')).rows).toEqual([[1, 'x']]);
    const ndjson = await table('{"a":1}\n\n{"a":2.5}\n{"a":3}\n', 'lines.ndjson', { rows: 2 });
    expect(ndjson.rows).toEqual([[1], [2.5]]);
    expect(ndjson.columns[0]!.type).toBe('float');
    expect(ndjson.truncated).toBe(true);
  });

  it('reads only the start of a long array', async () => {
    const long = JSON.stringify(Array.from({ length: 200_000 }, (_, index) => ({ index, label: `row ${index}` })));
    const preview = await table(long, 'long.json', { rows: 5 });
    expect(preview.rows).toHaveLength(5);
    expect(preview.truncated).toBe(true);
    expect(preview.bytesRead).toBeLessThan(long.length / 10);
  });

  it('answers malformed for broken JSON', async () => {
    expect((await failure('[{"a": 1}, {"a": ', 'broken.json')).reason).toBe('malformed');
    expect((await failure('{"a":1}\nnot json\n', 'broken.ndjson')).message).toMatch(/Line 2/);
  });
});

describe('Parquet', () => {
  it('shows declared types, values and the row count from the metadata', async () => {
    const file = parquetWriteBuffer({
      columnData: [
        { name: 'id', data: [1n, 2n, 9007199254740993n], type: 'INT64' },
        { name: 'score', data: [1.5, null, 3], type: 'DOUBLE' },
        { name: 'name', data: ['a', 'b', 'c'], type: 'STRING' },
        { name: 'ok', data: [true, false, true], type: 'BOOLEAN' },
        { name: 'at', data: [new Date('2024-01-02T03:04:05Z'), new Date(0), null], type: 'TIMESTAMP' },
      ],
    });
    const preview = await table(new Uint8Array(file), 'data.parquet');
    expect(preview.columns).toEqual([
      { name: 'id', type: 'integer', sourceType: 'INT64' },
      { name: 'score', type: 'float', sourceType: 'DOUBLE' },
      { name: 'name', type: 'string', sourceType: 'BYTE_ARRAY (UTF8)' },
      { name: 'ok', type: 'boolean', sourceType: 'BOOLEAN' },
      { name: 'at', type: 'datetime', sourceType: expect.stringMatching(/^INT64 \(TIMESTAMP/) as string },
    ]);
    expect(preview.rows).toEqual([
      [1, 1.5, 'a', true, '2024-01-02T03:04:05.000Z'],
      [2, null, 'b', false, '1970-01-01T00:00:00.000Z'],
      ['9007199254740993', 3, 'c', true, null],
    ]);
    expect(preview).toMatchObject({ totalRows: 3, truncated: false });
  });

  it('answers malformed for a truncated footer', async () => {
    const file = new Uint8Array(parquetWriteBuffer({ columnData: [{ name: 'a', data: [1, 2, 3], type: 'INT32' }] }));
    const error = await failure(file.subarray(0, file.length - 10), 'cut.parquet');
    expect(error.reason).toBe('malformed');
    expect(error.message).toMatch(/Parquet/);
  });
});

describe('Arrow', () => {
  const arrowTable = tableFromArrays({ id: Int32Array.from([1, 2, 3]), name: ['a', 'b', 'c'], big: BigInt64Array.from([1n, 2n, 2n ** 60n]) });

  it('reads an IPC file and an IPC stream', async () => {
    for (const [kind, name] of [
      ['file', 'data.arrow'],
      ['stream', 'data.arrows'],
    ] as const) {
      const preview = await table(tableToIPC(arrowTable, kind), name, { rows: 2 });
      expect(preview.columns.map((column) => [column.name, column.type, column.sourceType])).toEqual([
        ['id', 'integer', 'Int32'],
        ['name', 'string', 'Dictionary<Int32, Utf8>'],
        ['big', 'integer', 'Int64'],
      ]);
      expect(preview.rows).toEqual([
        [1, 'a', 1],
        [2, 'b', 2],
      ]);
      expect(preview.truncated).toBe(true);
    }
  });
});

describe('Excel', () => {
  it('shows the first sheet with its header, dates and shared strings', async () => {
    const workbook = xlsxWorkbook([
      {
        name: 'Sales',
        rows: [
          ['region', 'units', 'price', 'day', 'ok'],
          ['north', 3, 2.5, new Date('2024-03-01T00:00:00Z'), true],
          ['south', 4, 1, new Date('2024-03-02T00:00:00Z'), false],
        ],
      },
      { name: 'Other', rows: [['x']] },
    ]);
    const preview = await table(workbook, 'book.xlsx');
    expect(preview.columns.map((column) => [column.name, column.type])).toEqual([
      ['region', 'string'],
      ['units', 'integer'],
      ['price', 'float'],
      ['day', 'date'],
      ['ok', 'boolean'],
    ]);
    expect(preview.rows).toEqual([
      ['north', 3, 2.5, '2024-03-01', true],
      ['south', 4, 1, '2024-03-02', false],
    ]);
    expect(preview.notes).toContain('the first sheet ("Sales") of 2');
    const first = await table(workbook, 'book.xlsx', { rows: 1 });
    expect(first.rows).toEqual([['north', 3, 2.5, '2024-03-01', true]]);
    expect(first).toMatchObject({ truncated: true, totalRows: null });
  });

  it('answers expansion for a sheet that inflates past the limit, and unsupported for another ZIP', async () => {
    const bomb = xlsxWorkbook([{ name: 'S', rows: [['a']] }], {
      'xl/worksheets/sheet1.xml': strToU8(
        `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${' '.repeat(8 * 1024 * 1024)}</t></is></c></row></sheetData></worksheet>`,
      ),
    });
    const error = await failure(bomb, 'bomb.xlsx', { budgets: { maxBytes: 1024 * 1024 } });
    expect(error.reason).toBe('expansion');
    const other = await failure(zipSync({ 'a.txt': strToU8('hello') }), 'archive.xlsx');
    expect(other.reason).toBe('unsupported');
  });
});

describe('images, text and Markdown', () => {
  it('tells an image by its bytes and reads its size from the header', async () => {
    expect(await previewer.preview(previewRequest(pngHeader(640, 480), 'a.png'))).toMatchObject({
      kind: 'image',
      contentType: 'image/png',
      width: 640,
      height: 480,
    });
    expect(await previewer.preview(previewRequest(jpegHeader(300, 200), 'photo.png'))).toMatchObject({ contentType: 'image/jpeg', width: 300, height: 200 });
    expect(await previewer.preview(previewRequest('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"></svg>', 'icon.svg'))).toMatchObject({
      contentType: 'image/svg+xml',
      width: 20,
      height: 10,
    });
  });

  it('shows the start of a text, flags invalid UTF-8', async () => {
    const text = await previewer.preview(previewRequest('# Title\n\nSome *text*.', 'README.md'));
    expect(text).toMatchObject({ kind: 'text', format: 'markdown', text: '# Title\n\nSome *text*.', truncated: false, invalidUtf8: false });
    const invalid = await previewer.preview(previewRequest(Buffer.from([0x68, 0x69, 0xff, 0xfe, 0x21]), 'notes.txt'));
    expect(invalid).toMatchObject({ kind: 'text', text: 'hi\uFFFD\uFFFD!', invalidUtf8: true });
    const long = await previewer.preview(previewRequest('é'.repeat(100_000), 'long.txt'));
    expect(long).toMatchObject({ truncated: true, invalidUtf8: false });
    expect((long as { text: string }).text).toBe('é'.repeat(32 * 1024));
  });
});
