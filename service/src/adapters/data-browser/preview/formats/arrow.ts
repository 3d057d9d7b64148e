/**
 * Arrow IPC, file (Feather v2) and stream: apache-arrow reads through a file handle whose reads
 * are the object's ranged reads. A file is read from its footer (schema, where each record batch
 * lies), a stream from its start; either way only the record batches that hold the rows shown
 * are read. A record batch is read whole (its buffers hold all its rows), so a first batch larger
 * than the byte budget fails with `byte-budget`.
 */
import { DataType, RecordBatchReader, type Field, type RecordBatch } from 'apache-arrow';
import { PreviewError, type Preview, type PreviewColumn, type PreviewColumnType } from '../../../../core/ports/data-preview.js';
import type { ByteSource } from '../source.js';
import { jsonSafe, uniqueNames } from '../values.js';

export async function previewArrow(source: ByteSource, rows: number): Promise<Preview> {
  // What apache-arrow asks of a Node file handle (its isFileHandle check and AsyncRandomAccessFile).
  const handle = {
    fd: -1,
    stat: async () => ({ size: source.size }),
    read: async (buffer: Uint8Array, offset: number, length: number, position: number) => {
      const bytes = await source.read(position, length);
      buffer.set(bytes, offset);
      return { bytesRead: bytes.length, buffer };
    },
    close: async () => {},
  };
  const shown: unknown[][] = [];
  let more = false;
  let batches = 0;
  let columns: PreviewColumn[];
  let fileBatches: number | null;
  try {
    const reader = await RecordBatchReader.from(handle as unknown as Parameters<typeof RecordBatchReader.from>[0]);
    await reader.open();
    const fields = reader.schema.fields;
    const names = uniqueNames(fields.map((field) => field.name));
    columns = fields.map((field, index) => ({ name: names[index]!, type: columnType(field.type), sourceType: String(field.type) }));
    fileBatches = reader.isFile() ? reader.numRecordBatches : null;
    let rowsRead = 0;
    for await (const batch of reader) {
      batches++;
      rowsRead += batch.numRows;
      appendRows(shown, batch, fields, rows);
      if (shown.length >= rows) {
        // Rows left in this batch, or batches left (a stream does not say whether it has any).
        more = rowsRead > shown.length || fileBatches === null || batches < fileBatches;
        break;
      }
    }
  } catch (error) {
    if (error instanceof PreviewError) {
      if (error.reason === 'byte-budget') throw source.budgetError('Reading the first record batch of this Arrow file');
      throw error;
    }
    throw new PreviewError('malformed', `The Arrow data could not be read: ${(error as Error).message}.`);
  }
  const notes = fileBatches === null ? ['Arrow IPC stream'] : [`Arrow IPC file, ${fileBatches} record batch${fileBatches === 1 ? '' : 'es'}`];
  return { kind: 'table', format: 'arrow', columns, rows: shown, totalRows: more ? null : shown.length, truncated: more, notes };
}

function appendRows(shown: unknown[][], batch: RecordBatch, fields: Field[], rows: number): void {
  const vectors = fields.map((_, index) => batch.getChildAt(index));
  for (let row = 0; row < batch.numRows && shown.length < rows; row++) {
    shown.push(fields.map((field, index) => cellValue(field.type, vectors[index]?.get(row))));
  }
}

function cellValue(type: DataType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  // Dates and timestamps come as milliseconds since the epoch.
  if (DataType.isDate(type) && typeof value === 'number') return new Date(value).toISOString().slice(0, 10);
  if (DataType.isTimestamp(type) && (typeof value === 'number' || typeof value === 'bigint')) return new Date(Number(value)).toISOString();
  if (DataType.isDecimal(type)) return String(value);
  return jsonSafe(value);
}

function columnType(type: DataType): PreviewColumnType {
  if (DataType.isDictionary(type)) return columnType(type.dictionary);
  if (DataType.isNull(type)) return 'null';
  if (DataType.isInt(type)) return 'integer';
  if (DataType.isFloat(type) || DataType.isDecimal(type)) return 'float';
  if (DataType.isBool(type)) return 'boolean';
  if (DataType.isDate(type)) return 'date';
  if (DataType.isTimestamp(type)) return 'datetime';
  if (DataType.isUtf8(type) || DataType.isLargeUtf8(type) || DataType.isUtf8View(type)) return 'string';
  if (DataType.isBinary(type) || DataType.isLargeBinary(type) || DataType.isFixedSizeBinary(type) || DataType.isBinaryView(type)) return 'binary';
  if (DataType.isList(type) || DataType.isLargeList(type) || DataType.isFixedSizeList(type)) return 'list';
  if (DataType.isStruct(type) || DataType.isMap(type) || DataType.isUnion(type)) return 'struct';
  return 'string';
}
