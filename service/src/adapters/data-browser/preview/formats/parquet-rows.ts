/**
 * The first rows of a Parquet file, read column chunk by column chunk from the first row groups.
 * Each chunk is walked page by page from its start (parquet-pages.ts); of each data page only the
 * start is read and inflated (parquet-inflate.ts) and only the entries of the rows shown are
 * decoded (parquet-page-decode.ts); the walk stops once the rows shown are complete. The columns
 * are then assembled into rows by hyparquet (structs, lists, maps), as its own reader does.
 *
 * How much of a page is needed is not known before decoding it (text lengths, runs of levels), so
 * a page is decoded from a guess of its start, and again from four times as much while a decoder
 * runs past the bytes it was given, up to the whole page: a failure then is the file's.
 */
import type { ColumnChunk, DecodedArray, FileMetaData, PageHeader, RowGroup } from 'hyparquet';
import { assembleLists } from 'hyparquet/src/assemble.js';
import { DEFAULT_PARSERS } from 'hyparquet/src/convert.js';
import { parquetSchema } from 'hyparquet/src/metadata.js';
import { assembleAsync, asyncGroupToRows } from 'hyparquet/src/rowgroup.js';
import { getMaxDefinitionLevel, getMaxRepetitionLevel, getTreePath } from 'hyparquet/src/schema.js';
import { flatten } from 'hyparquet/src/utils.js';
import { PreviewError } from '../../../../core/ports/data-preview.js';
import type { ByteSource } from '../source.js';
import { checkPageSize, inflate, inflatesPartly } from './parquet-inflate.js';
import { decodePageRows, Dictionary, WholePageNeeded, type ColumnDecoder, type PageRows, type PageShape, type V2Levels } from './parquet-page-decode.js';
import { ChunkBytes } from './parquet-pages.js';

/** The least of a page tried first: a few KiB hold the first hundred values of most columns. */
const FIRST_GUESS = 4 * 1024;

/** The first `rowEnd` rows of the file, each an array of its top-level columns' values. */
export async function leadingRows(source: ByteSource, metadata: FileMetaData, rowEnd: number): Promise<unknown[][]> {
  const schema = parquetSchema(metadata);
  const groups: { group: RowGroup; groupStart: number; wanted: number }[] = [];
  let groupStart = 0;
  for (const group of metadata.row_groups) {
    if (groupStart >= rowEnd) break;
    const groupRows = Number(group.num_rows);
    if (groupRows > 0) groups.push({ group, groupStart, wanted: Math.min(groupRows, rowEnd - groupStart) });
    groupStart += groupRows;
  }
  // Every chunk is read at once: their reads overlap instead of queueing.
  const chunks = groups.reduce((sum, { group }) => sum + group.columns.length, 0);
  const assembled = groups.map(({ group, groupStart, wanted }) =>
    assembleAsync(
      {
        groupStart,
        groupRows: Number(group.num_rows),
        selectStart: 0,
        selectEnd: wanted,
        asyncColumns: group.columns.map((chunk) => {
          const decoder = columnDecoder(schema, chunk);
          const { start, end } = ChunkBytes.range(chunk);
          const data = leadingColumn(new ChunkBytes(source, start, end, chunks), decoder, wanted);
          return { pathInSchema: decoder.pathInSchema, data: data.then((values) => ({ data: [values], skipped: 0 })) };
        }),
      },
      schema,
    ),
  );
  // Settled first, so a second failure is not left unhandled.
  const settled = await Promise.allSettled(assembled.flatMap((group) => group.asyncColumns.map((column) => column.data)));
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  const rows: unknown[][] = [];
  for (const [index, group] of assembled.entries()) rows.push(...(await asyncGroupToRows(group, 0, groups[index]!.wanted, undefined, 'array')));
  return rows;
}

function columnDecoder(schema: ReturnType<typeof parquetSchema>, chunk: ColumnChunk): ColumnDecoder {
  const meta = chunk.meta_data;
  if (!meta) throw new Error('parquet column metadata is undefined');
  const schemaPath = getTreePath(schema, meta.path_in_schema);
  return {
    pathInSchema: meta.path_in_schema,
    type: meta.type,
    element: schemaPath[schemaPath.length - 1]!.element,
    schemaPath,
    codec: meta.codec,
    parsers: DEFAULT_PARSERS,
    // Bytes without a text annotation are bytes (shown base64), as the declared type says.
    utf8: false,
  };
}

/** The first `wanted` rows of one column chunk (fewer only when the chunk holds fewer). */
async function leadingColumn(bytes: ChunkBytes, decoder: ColumnDecoder, wanted: number): Promise<DecodedArray> {
  const { start, end } = bytes;
  const shape: PageShape = { maxRepetition: getMaxRepetitionLevel(decoder.schemaPath), maxDefinition: getMaxDefinitionLevel(decoder.schemaPath) };
  const pages: DecodedArray[] = [];
  let last: DecodedArray | undefined;
  let dictionary: Dictionary | undefined;
  let begun = 0;
  let offset = start;
  while (offset < end) {
    const { header, headerLength } = await bytes.pageHeader(offset);
    const payload = offset + headerLength;
    if (header.compressed_page_size < 0 || header.uncompressed_page_size < 0 || payload + header.compressed_page_size > end) {
      throw new PreviewError('malformed', 'A Parquet page runs past the end of its column chunk.');
    }
    offset = payload + header.compressed_page_size;
    if (header.type === 'DICTIONARY_PAGE') {
      checkPageSize(header.uncompressed_page_size, decoder.codec);
      const compressed = await bytes.read(payload, header.compressed_page_size);
      const page = inflate(decoder.codec, compressed, header.uncompressed_page_size, header.uncompressed_page_size, true);
      dictionary = new Dictionary(page, header.dictionary_page_header?.num_values ?? 0, decoder);
      continue;
    }
    if (header.type !== 'DATA_PAGE' && header.type !== 'DATA_PAGE_V2') continue;
    const rows = await pageRows(bytes, payload, header, decoder, dictionary, shape, wanted - begun);
    // A list's row may go on from the previous page: hyparquet assembles it onto that page's output.
    const assembled = assembleLists(Array.isArray(last) ? last : [], rows.definitionLevels, rows.repetitionLevels, rows.values, decoder.schemaPath);
    if (assembled !== last && assembled.length) pages.push((last = assembled));
    begun += rows.starts;
    // A flat column's rows end with their entries; a list's once the next row starts.
    if (begun >= wanted && (!shape.maxRepetition || rows.sawNextRow)) break;
  }
  const values = flatten(pages);
  return values.length > wanted ? values.slice(0, wanted) : values;
}

/** The entries of the first `wanted` rows a data page begins, from as little of the page as they need. */
async function pageRows(
  bytes: ChunkBytes,
  payload: number,
  header: PageHeader,
  decoder: ColumnDecoder,
  dictionary: Dictionary | undefined,
  shape: PageShape,
  wanted: number,
): Promise<PageRows> {
  const { codec } = decoder;
  const compressedSize = header.compressed_page_size;
  const v2 = header.data_page_header_v2;
  const repetitionLength = v2?.repetition_levels_byte_length ?? 0;
  const levelsLength = repetitionLength + (v2?.definition_levels_byte_length ?? 0);
  if (levelsLength < 0 || repetitionLength < 0 || levelsLength > compressedSize)
    throw new PreviewError('malformed', "A Parquet v2 page's levels run past the page.");
  // A v2 page's values may be stored uncompressed; a v1 page is compressed with its levels.
  const valuesCodec = v2 && v2.is_compressed === false ? 'UNCOMPRESSED' : codec;
  const valuesSize = v2 && v2.is_compressed === false ? compressedSize - levelsLength : header.uncompressed_page_size - levelsLength;
  if (valuesSize < 0) throw new PreviewError('malformed', "A Parquet page's levels are longer than the page.");
  checkPageSize(valuesSize, codec);
  const pageValues = (v2 ?? header.data_page_header)?.num_values ?? 0;
  const everything = Math.max(compressedSize, valuesSize);
  let size = inflatesPartly(valuesCodec) ? guess(valuesSize, pageValues, wanted) : everything;
  let whole = false;
  for (;;) {
    const last = size >= everything;
    const input = await bytes.read(payload, Math.min(compressedSize, levelsLength + size));
    try {
      const levels: V2Levels | null = v2 ? { repetition: input.slice(0, repetitionLength), definition: input.slice(repetitionLength, levelsLength) } : null;
      // A page with no values may have no compressed bytes, which is no valid stream.
      const body = valuesSize === 0 ? new Uint8Array(0) : inflate(valuesCodec, input.subarray(levelsLength), valuesSize, Math.min(size, valuesSize), last);
      return decodePageRows(body, levels, header, decoder, dictionary, shape, wanted, whole);
    } catch (error) {
      if (error instanceof WholePageNeeded) whole = true;
      else if (last || error instanceof PreviewError) throw error;
    }
    if (!last) size = Math.min(size * 4, everything);
  }
}

/** A first guess at how much of a page holds the entries of `wanted` rows: their share of it, doubled. */
function guess(size: number, values: number, wanted: number): number {
  const share = values > 0 ? Math.ceil((size * Math.min(values, wanted + 1)) / values) : size;
  return Math.max(FIRST_GUESS, 2 * share + 1024);
}
