/**
 * Parquet files for preview tests, made by real writers: DuckDB (v1 data pages, one page per
 * column chunk, every codec it has) and hyparquet-writer (v2 data pages, several per chunk). The
 * layouts neither writes — v1 pages several to a chunk, rows of a list split across pages, page
 * headers that lie — come from `rewritePages`, which lays a file's pages out again.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { gzipSync } from 'fflate';
import { parquetMetadata, parquetSchema, snappyUncompress, type ColumnMetaData, type FileMetaData, type PageHeader } from 'hyparquet';
import { parquetHeader } from 'hyparquet/src/column.js';
import { DEFAULT_PARSERS } from 'hyparquet/src/convert.js';
import { readDataPageV2 } from 'hyparquet/src/datapage.js';
import { getMaxDefinitionLevel, getMaxRepetitionLevel, getTreePath } from 'hyparquet/src/schema.js';
import { ByteWriter } from 'hyparquet-writer';
import { writePageHeader } from 'hyparquet-writer/src/datapage.js';
import { writeRleBitPackedHybrid } from 'hyparquet-writer/src/encoding.js';
import { writeMetadata } from 'hyparquet-writer/src/metadata.js';
import { writePlain } from 'hyparquet-writer/src/plain.js';
import { snappyCompress } from 'hyparquet-writer/src/snappy.js';
import { cachedFixture } from './fixture-cache.js';
import { makeTempDir } from './temp-dir.js';

/**
 * The Parquet file DuckDB writes for `select` with the COPY options given (e.g. `COMPRESSION
 * zstd`), written once per query and DuckDB version (test/support/fixture-cache.ts).
 */
export function duckdbParquet(select: string, options = ''): Promise<Uint8Array> {
  return cachedFixture(`duckdb COPY (${select}) (${options})`, ['@duckdb/node-api'], () => writeDuckdbParquet(select, options));
}

async function writeDuckdbParquet(select: string, options: string): Promise<Uint8Array> {
  const { dir, cleanup } = await makeTempDir('duckdb-parquet');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const file = path.join(dir, 'data.parquet');
    await connection.run(`COPY (${select}) TO '${file}' (FORMAT parquet${options ? `, ${options}` : ''})`);
    return new Uint8Array(await readFile(file));
  } finally {
    connection.closeSync();
    instance.closeSync();
    await cleanup();
  }
}

export interface RewriteOptions {
  /** The codec of the rewritten pages (default: the file's). */
  codec?: 'UNCOMPRESSED' | 'SNAPPY' | 'GZIP';
  /**
   * Re-cut every data page into v1 pages of this many entries (levels), regardless of where rows
   * begin, values written PLAIN: the file's columns must be PLAIN-encoded (no dictionary).
   */
  entriesPerPage?: number;
  /** Changes each data page's header as it is written (a lying header). */
  alterHeader?: (header: PageHeader) => PageHeader;
}

const compressors = {
  UNCOMPRESSED: (bytes: Uint8Array) => bytes,
  SNAPPY: snappyCompress,
  GZIP: (bytes: Uint8Array) => gzipSync(bytes),
};

/**
 * The file with its v2 data pages (hyparquet-writer's) written again as v1 data pages: levels and
 * values kept as they are (or re-cut, `entriesPerPage`), compressed with `codec`; dictionary pages
 * copied. Page indexes and statistics are left out of the new footer.
 */
export function rewritePages(file: Uint8Array, options: RewriteOptions = {}): Uint8Array {
  const metadata: FileMetaData = parquetMetadata(file.slice().buffer);
  const schema = parquetSchema(metadata);
  const writer = new ByteWriter();
  writer.appendUint32(0x31524150);
  for (const group of metadata.row_groups) {
    for (const chunk of group.columns) {
      const meta = chunk.meta_data!;
      const schemaPath = getTreePath(schema, meta.path_in_schema);
      const codec = options.codec ?? (meta.codec as RewriteOptions['codec'] & string);
      const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
      const end = start + Number(meta.total_compressed_size);
      const written = writer.offset;
      let dictionaryOffset: bigint | undefined;
      let dataOffset: bigint | undefined;
      const levels = { repetition: [] as number[], definition: [] as number[], values: [] as unknown[] };
      for (let offset = start; offset < end;) {
        const reader = { view: new DataView(file.buffer, file.byteOffset, file.byteLength), offset };
        const header = parquetHeader(reader);
        const payload = file.subarray(reader.offset, reader.offset + header.compressed_page_size);
        offset = reader.offset + header.compressed_page_size;
        if (header.type === 'DICTIONARY_PAGE') {
          if (options.entriesPerPage) throw new Error('rewritePages re-cuts PLAIN-encoded columns only');
          dictionaryOffset = BigInt(writer.offset);
          writePage(writer, header, inflate(meta, payload, header.uncompressed_page_size), codec, options, false);
          continue;
        }
        const v2 = header.data_page_header_v2;
        if (!v2) throw new Error('rewritePages reads v2 data pages only');
        dataOffset ??= BigInt(writer.offset);
        const maxRepetition = getMaxRepetitionLevel(schemaPath);
        const maxDefinition = getMaxDefinitionLevel(schemaPath);
        if (options.entriesPerPage) {
          const decoder = {
            pathInSchema: meta.path_in_schema,
            type: meta.type,
            element: schemaPath.at(-1)!.element,
            schemaPath,
            codec: meta.codec,
            parsers: DEFAULT_PARSERS,
            compressors: { SNAPPY: snappy },
          };
          const page = readDataPageV2(payload, header, decoder);
          const count = v2.num_values;
          levels.repetition.push(...(maxRepetition ? (page.repetitionLevels as number[]) : new Array<number>(count).fill(0)));
          levels.definition.push(...(page.definitionLevels?.length ? page.definitionLevels : new Array<number>(count).fill(maxDefinition)));
          levels.values.push(...(Array.from(page.dataPage as ArrayLike<unknown>) as unknown[]));
          continue;
        }
        const repetition = payload.subarray(0, v2.repetition_levels_byte_length);
        const definition = payload.subarray(v2.repetition_levels_byte_length, v2.repetition_levels_byte_length + v2.definition_levels_byte_length);
        const valuesBytes = payload.subarray(v2.repetition_levels_byte_length + v2.definition_levels_byte_length);
        const valuesSize = header.uncompressed_page_size - repetition.length - definition.length;
        const values = v2.is_compressed === false ? valuesBytes : inflate(meta, valuesBytes, valuesSize);
        const body = concat([...(maxRepetition ? [prefixed(repetition)] : []), ...(maxDefinition ? [prefixed(definition)] : []), values]);
        writePage(writer, dataPageV1(header, v2.num_values, v2.encoding), body, codec, options, true);
      }
      if (options.entriesPerPage) {
        writeRecut(writer, levels, meta, schemaPath, codec, options);
      }
      meta.codec = codec;
      meta.dictionary_page_offset = dictionaryOffset;
      meta.data_page_offset = dataOffset!;
      meta.total_compressed_size = BigInt(writer.offset - written);
      meta.total_uncompressed_size = BigInt(writer.offset - written);
      meta.statistics = undefined;
      meta.encoding_stats = undefined;
      meta.size_statistics = undefined;
      if (options.entriesPerPage) meta.encodings = ['PLAIN', 'RLE'];
      chunk.file_offset = BigInt(written);
      chunk.offset_index_offset = chunk.offset_index_length = chunk.column_index_offset = chunk.column_index_length = undefined;
    }
    group.file_offset = undefined;
    group.total_compressed_size = undefined;
  }
  // hyparquet-writer has a hyparquet of its own: the same shapes, told apart by the type checker.
  writeMetadata(writer, metadata as unknown as Parameters<typeof writeMetadata>[1]);
  writer.appendUint32(0x31524150);
  return writer.getBytes().slice();
}

/** The values of a chunk, cut again into pages of `entriesPerPage` levels each, values PLAIN. */
function writeRecut(
  writer: ByteWriter,
  levels: { repetition: number[]; definition: number[]; values: unknown[] },
  meta: ColumnMetaData,
  schemaPath: ReturnType<typeof getTreePath>,
  codec: NonNullable<RewriteOptions['codec']>,
  options: RewriteOptions,
): void {
  const maxRepetition = getMaxRepetitionLevel(schemaPath);
  const maxDefinition = getMaxDefinitionLevel(schemaPath);
  let valueIndex = 0;
  for (let first = 0; first < levels.definition.length; first += options.entriesPerPage!) {
    const last = Math.min(levels.definition.length, first + options.entriesPerPage!);
    const definition = levels.definition.slice(first, last);
    const present = definition.filter((level) => level === maxDefinition).length;
    const values = levels.values.slice(valueIndex, valueIndex + present);
    valueIndex += present;
    const parts: Uint8Array[] = [];
    if (maxRepetition) parts.push(prefixed(hybrid(levels.repetition.slice(first, last), maxRepetition)));
    if (maxDefinition) parts.push(prefixed(hybrid(definition, maxDefinition)));
    const plain = new ByteWriter();
    writePlain(plain, values as never, meta.type, schemaPath.at(-1)!.element.type_length);
    parts.push(plain.getBytes());
    const header: PageHeader = { type: 'DATA_PAGE', uncompressed_page_size: 0, compressed_page_size: 0 };
    writePage(writer, dataPageV1(header, last - first, 'PLAIN'), concat(parts), codec, options, true);
  }
}

function dataPageV1(header: PageHeader, values: number, encoding: NonNullable<PageHeader['data_page_header']>['encoding']): PageHeader {
  return {
    type: 'DATA_PAGE',
    uncompressed_page_size: header.uncompressed_page_size,
    compressed_page_size: header.compressed_page_size,
    data_page_header: { num_values: values, encoding, definition_level_encoding: 'RLE', repetition_level_encoding: 'RLE' },
  };
}

function writePage(
  writer: ByteWriter,
  header: PageHeader,
  body: Uint8Array,
  codec: NonNullable<RewriteOptions['codec']>,
  options: RewriteOptions,
  data: boolean,
): void {
  const compressed = compressors[codec](body);
  const sized = { ...header, uncompressed_page_size: body.length, compressed_page_size: compressed.length };
  writePageHeader(writer, (data && options.alterHeader ? options.alterHeader(sized) : sized) as unknown as Parameters<typeof writePageHeader>[1]);
  writer.appendBytes(compressed);
}

function inflate(meta: ColumnMetaData, bytes: Uint8Array, size: number): Uint8Array {
  if (meta.codec === 'UNCOMPRESSED') return bytes;
  if (meta.codec !== 'SNAPPY') throw new Error(`rewritePages reads snappy or uncompressed pages, not ${meta.codec}`);
  return snappy(bytes, size);
}

function snappy(bytes: Uint8Array, size: number): Uint8Array {
  const output = new Uint8Array(size);
  snappyUncompress(bytes, output);
  return output;
}

/** Hybrid-encoded levels (their width from the largest level). */
function hybrid(levels: number[], max: number): Uint8Array {
  const writer = new ByteWriter();
  writeRleBitPackedHybrid(writer, levels, Math.ceil(Math.log2(max + 1)));
  return writer.getBytes().slice();
}

/** Levels as a v1 page holds them: their byte length first. */
function prefixed(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + bytes.length);
  new DataView(out.buffer).setUint32(0, bytes.length, true);
  out.set(bytes, 4);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
