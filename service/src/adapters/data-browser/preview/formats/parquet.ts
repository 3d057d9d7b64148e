/**
 * Parquet with hyparquet over ranged reads: the footer (the last 64 KiB, more only when the
 * metadata is larger), then the column chunks of the first row group(s) that hold the rows shown;
 * with an offset index only the pages needed, and for a large chunk without one only its leading
 * pages (parquet-pages.ts). The row count and the declared types come from the metadata.
 */
import { parquetMetadataAsync, parquetRead, parquetSchema, snappyUncompress, type Compressors, type FileMetaData } from 'hyparquet';
import { compressors as codecs } from 'hyparquet-compressors';
import { PreviewError, type Preview, type PreviewColumn, type PreviewColumnType } from '../../../../core/ports/data-preview.js';
import type { ByteSource } from '../source.js';
import { formatBytes, jsonSafe, uniqueNames } from '../values.js';
import { largeChunks, parquetFile, type ChunkPlan } from './parquet-pages.js';

const FOOTER_READ = 64 * 1024;
/** A page that says it inflates past this is taken for a bomb, before its buffer is allocated. */
export const LARGEST_PAGE = 64 * 1024 * 1024;

type SchemaNode = ReturnType<typeof parquetSchema>;

export async function previewParquet(source: ByteSource, rows: number): Promise<Preview> {
  if (source.size < 12) throw new PreviewError('malformed', 'The file is too short to be Parquet (a footer alone takes 12 bytes).');
  let chunks = new Map<string, ChunkPlan>();
  const file = parquetFile(source, () => chunks);
  let metadata: FileMetaData;
  try {
    metadata = await parquetMetadataAsync(file, { initialFetchSize: Math.min(FOOTER_READ, source.remaining) });
  } catch (error) {
    if (error instanceof PreviewError && error.reason === 'byte-budget') {
      throw source.budgetError("Reading this Parquet file's footer (its metadata)");
    }
    throw damaged(error);
  }
  const totalRows = Number(metadata.num_rows);
  const rowEnd = Math.min(rows + 1, totalRows);
  chunks = largeChunks(metadata, rowEnd);
  const schema = parquetSchema(metadata);
  const names = uniqueNames(schema.children.map((child) => child.element.name));
  const columns: PreviewColumn[] = schema.children.map((child, index) => ({ name: names[index]!, type: columnType(child), sourceType: sourceType(child) }));
  let data: unknown[][] = [];
  if (rowEnd > 0) {
    try {
      await parquetRead({
        file,
        metadata,
        rowStart: 0,
        rowEnd,
        useOffsetIndex: true,
        // Bytes without a text annotation are bytes (shown base64), as the declared type says.
        utf8: false,
        compressors: CAPPED_CODECS,
        onComplete: (result: unknown[][]) => (data = result),
      });
    } catch (error) {
      if (error instanceof PreviewError) throw error;
      throw damaged(error);
    }
  }
  // A list column read from its leading pages may hold fewer rows than asked (parquet-pages.ts): show the rows every column has.
  const complete = data.findIndex((row) => row.some((cell) => cell === undefined));
  const usable = complete < 0 ? data : data.slice(0, complete);
  const shown = usable.slice(0, rows).map((row) => row.map((cell, index) => cellValue(cell, columns[index]?.type)));
  const notes = [`${metadata.row_groups.length} row group${metadata.row_groups.length === 1 ? '' : 's'}`];
  if (usable.length < Math.min(rows, totalRows)) notes.push(`showing the ${usable.length} rows read within the first pages`);
  return { kind: 'table', format: 'parquet', columns, rows: shown, totalRows, truncated: totalRows > shown.length, notes };
}

function damaged(error: unknown): PreviewError {
  return new PreviewError('malformed', `The Parquet file is damaged or truncated: ${(error as Error).message}.`);
}

/** Every codec behind a size check, so a page header that claims gigabytes is refused before the buffer is made. */
const CAPPED_CODECS: Compressors = Object.fromEntries(
  Object.entries({ ...codecs, SNAPPY: snappy }).map(([codec, decompress]) => [
    codec,
    (input: Uint8Array, length: number) => {
      if (length > LARGEST_PAGE) {
        throw new PreviewError(
          'expansion',
          `A ${codec}-compressed Parquet page says it inflates to ${formatBytes(length)}, past the preview's limit of ${formatBytes(LARGEST_PAGE)} per page.`,
        );
      }
      return decompress(input, length);
    },
  ]),
);

/** hyparquet's built-in snappy (no WebAssembly to load) in the compressor's shape. */
function snappy(input: Uint8Array, length: number): Uint8Array {
  const output = new Uint8Array(length);
  snappyUncompress(input, output);
  return output;
}

/** The file's own type name: the physical type, with the logical one in parentheses. */
function sourceType(node: SchemaNode): string {
  const { element } = node;
  const logical = element.logical_type?.type ?? element.converted_type;
  if (node.children.length > 0) return logical ?? 'GROUP';
  return logical ? `${element.type ?? 'UNKNOWN'} (${logical})` : (element.type ?? 'UNKNOWN');
}

function columnType(node: SchemaNode): PreviewColumnType {
  const { element } = node;
  const logical = element.logical_type?.type ?? element.converted_type;
  if (node.children.length > 0 || element.repetition_type === 'REPEATED')
    return logical === 'LIST' || element.repetition_type === 'REPEATED' ? 'list' : 'struct';
  switch (logical) {
    case 'DATE':
      return 'date';
    case 'TIMESTAMP':
    case 'TIMESTAMP_MILLIS':
    case 'TIMESTAMP_MICROS':
      return 'datetime';
    case 'DECIMAL':
    case 'FLOAT16':
      return 'float';
    case 'STRING':
    case 'UTF8':
    case 'ENUM':
    case 'JSON':
    case 'UUID':
    case 'TIME':
    case 'TIME_MILLIS':
    case 'TIME_MICROS':
      return 'string';
    case 'MAP':
    case 'LIST':
      return 'struct';
  }
  switch (element.type) {
    case 'BOOLEAN':
      return 'boolean';
    case 'INT32':
    case 'INT64':
      return 'integer';
    case 'INT96':
      return 'datetime';
    case 'FLOAT':
    case 'DOUBLE':
      return 'float';
    default:
      return 'binary';
  }
}

function cellValue(cell: unknown, type: PreviewColumnType | undefined): unknown {
  // hyparquet gives a DATE as a Date at midnight UTC: the day is what the file holds.
  if (type === 'date' && cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  return jsonSafe(cell);
}
