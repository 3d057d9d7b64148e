/**
 * Parquet over ranged reads: the footer (the last 256 KiB, more only when the metadata is larger),
 * parsed as far as the row groups that hold the rows shown (parquet-footer.ts), then the start of
 * each of their column chunks, only as far as the rows shown (parquet-rows.ts). The row count and
 * the declared types come from the metadata.
 */
import { parquetSchema } from 'hyparquet';
import { PreviewError, type Preview, type PreviewColumn, type PreviewColumnType } from '../../../../core/ports/data-preview.js';
import type { ByteSource } from '../source.js';
import { jsonSafe, uniqueNames } from '../values.js';
import { leadingMetadata, type LeadingMetadata } from './parquet-footer.js';
import { leadingRows } from './parquet-rows.js';

/** The footer's first read: the metadata of a file of a few hundred row groups, in one request. */
const FOOTER_READ = 256 * 1024;

type SchemaNode = ReturnType<typeof parquetSchema>;

export async function previewParquet(source: ByteSource, rows: number): Promise<Preview> {
  if (source.size < 12) throw new PreviewError('malformed', 'The file is too short to be Parquet (a footer alone takes 12 bytes).');
  let footer: Uint8Array;
  try {
    footer = await readFooter(source);
  } catch (error) {
    if (error instanceof PreviewError && error.reason === 'byte-budget') {
      throw source.budgetError("Reading this Parquet file's footer (its metadata)");
    }
    throw damaged(error);
  }
  let leading: LeadingMetadata;
  try {
    leading = leadingMetadata(footer, rows + 1);
  } catch (error) {
    throw damaged(error);
  }
  const { metadata, rowGroups } = leading;
  const totalRows = Number(metadata.num_rows);
  const rowEnd = Math.min(rows + 1, totalRows);
  const schema = parquetSchema(metadata);
  const names = uniqueNames(schema.children.map((child) => child.element.name));
  const columns: PreviewColumn[] = schema.children.map((child, index) => ({ name: names[index]!, type: columnType(child), sourceType: sourceType(child) }));
  let data: unknown[][] = [];
  if (rowEnd > 0) {
    try {
      data = await leadingRows(source, metadata, rowEnd);
    } catch (error) {
      if (error instanceof PreviewError) throw error;
      throw damaged(error);
    }
  }
  // A column chunk holding fewer rows than its row group says (a damaged file) leaves cells unset: show the rows every column has.
  const complete = data.findIndex((row) => row.some((cell) => cell === undefined));
  const usable = complete < 0 ? data : data.slice(0, complete);
  const shown = usable.slice(0, rows).map((row) => row.map((cell, index) => cellValue(cell, columns[index]?.type)));
  const notes = [`${rowGroups} row group${rowGroups === 1 ? '' : 's'}`];
  if (usable.length < Math.min(rows, totalRows)) notes.push(`showing the ${usable.length} rows every column holds`);
  return { kind: 'table', format: 'parquet', columns, rows: shown, totalRows, truncated: totalRows > shown.length, notes };
}

/** The file's last bytes from its metadata on: the last FOOTER_READ bytes, then the rest of the metadata when it is longer. */
async function readFooter(source: ByteSource): Promise<Uint8Array> {
  const first = Math.min(source.size, FOOTER_READ, Math.max(8, source.remaining));
  const tail = await source.read(source.size - first, first);
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  if (tail.length < 8 || view.getUint32(tail.length - 4, true) !== 0x31524150) throw new Error('parquet file invalid (footer != PAR1)');
  const length = view.getUint32(tail.length - 8, true);
  if (length > source.size - 8) throw new Error(`parquet metadata length ${length} exceeds available buffer ${source.size - 8}`);
  if (length + 8 <= tail.length) return tail.subarray(tail.length - length - 8);
  const rest = await source.read(source.size - length - 8, length + 8 - tail.length);
  const footer = new Uint8Array(length + 8);
  footer.set(rest);
  footer.set(tail, rest.length);
  return footer;
}

function damaged(error: unknown): PreviewError {
  return new PreviewError('malformed', `The Parquet file is damaged or truncated: ${(error as Error).message}.`);
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

export function cellValue(cell: unknown, type: PreviewColumnType | undefined): unknown {
  // hyparquet gives a DATE as a Date at midnight UTC: the day is what the file holds.
  if (type === 'date' && cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  return jsonSafe(cell);
}
