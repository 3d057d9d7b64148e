/**
 * CSV and TSV: the header and the first rows, reading from the start in growing chunks until the
 * rows are there (a small file costs one read). Types are inferred from the shown values. A row
 * that does not end within the byte budget stops the preview with `byte-budget`; rows already
 * complete are still shown.
 */
import { parse, type Parser } from 'csv-parse';
import { PreviewError, type Preview, type PreviewColumn, type PreviewFormat } from '../../../../core/ports/data-preview.js';
import type { ByteSource } from '../source.js';
import { byteStream, Utf8Text } from '../stream.js';
import { fieldType, fieldValue, formatBytes, uniqueNames, unifyTypes } from '../values.js';

export async function previewCsv(source: ByteSource, format: PreviewFormat, gzip: boolean, rows: number): Promise<Preview> {
  const records: string[][] = [];
  let failure: Error | null = null;
  let parser: Parser | null = null;
  const text = new Utf8Text();
  // The header, the rows shown and one more, to know whether more follow.
  const wanted = rows + 2;
  let ended = false;
  let stoppedBy: PreviewError | null = null;
  try {
    for await (const chunk of byteStream(source, { gzip, maxExpanded: source.maxBytes })) {
      const decoded = text.decode(chunk);
      parser ??= startParser(format === 'tsv' ? '\t' : delimiterOf(decoded), records, (error) => (failure = error));
      parser.write(decoded);
      await settled();
      if (failure) throw malformed(failure);
      if (records.length >= wanted) break;
    }
    if (records.length < wanted) {
      parser ??= startParser(',', records, (error) => (failure = error));
      parser.end(text.decode(new Uint8Array(0), true));
      await settled();
      if (failure) throw malformed(failure);
      ended = true;
    }
  } catch (error) {
    if (!(error instanceof PreviewError) || (error.reason !== 'byte-budget' && error.reason !== 'expansion')) throw error;
    // Rows are shown up to the one that does not fit; with none, the preview fails and says why.
    if (records.length < 2) {
      throw new PreviewError(
        error.reason,
        error.reason === 'byte-budget'
          ? `The first row of this ${format.toUpperCase()} file does not end within the preview's byte budget of ${formatBytes(source.maxBytes)}: a line longer than that cannot be shown.`
          : error.message,
      );
    }
    stoppedBy = error;
  } finally {
    parser?.destroy();
  }
  return table(format, records, rows, { gzip, ended, stoppedBy, invalidUtf8: text.invalid });
}

function startParser(delimiter: string, records: string[][], onError: (error: Error) => void): Parser {
  const parser = parse({ delimiter, bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
  parser.on('data', (record: string[]) => records.push(record));
  parser.on('error', onError);
  return parser;
}

/** Lets the parser's events run (it emits records as it writes them, errors on the next tick). */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

function malformed(error: Error): PreviewError {
  return new PreviewError('malformed', `The CSV data could not be parsed: ${error.message}`);
}

/** `;` when the first line has more semicolons than commas (spreadsheets in many locales write those). */
function delimiterOf(start: string): string {
  const firstLine = start.slice(0, start.search(/\r?\n/) >>> 0);
  const count = (char: string) => firstLine.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

interface Ending {
  gzip: boolean;
  ended: boolean;
  stoppedBy: PreviewError | null;
  invalidUtf8: boolean;
}

function table(format: PreviewFormat, records: string[][], rows: number, ending: Ending): Preview {
  const [header = [], ...body] = records;
  const shown = body.slice(0, rows);
  const width = Math.max(header.length, ...shown.map((record) => record.length));
  const names = uniqueNames(Array.from({ length: width }, (_, index) => header[index] ?? ''));
  const columns: PreviewColumn[] = names.map((name, index) => ({
    name,
    type: unifyTypes(shown.map((record) => ((record[index] ?? '') === '' ? 'null' : fieldType(record[index]!)))),
    sourceType: null,
  }));
  const values = shown.map((record) => columns.map((column, index) => (index < record.length ? fieldValue(record[index]!, column.type) : null)));
  const notes: string[] = [];
  if (ending.gzip) notes.push('gzip-compressed');
  if (ending.invalidUtf8) notes.push('not valid UTF-8: invalid bytes are shown as �');
  if (ending.stoppedBy) notes.push(`showing ${shown.length} rows: the next one does not fit in the preview's budget (${ending.stoppedBy.reason})`);
  return {
    kind: 'table',
    format,
    columns,
    rows: values,
    totalRows: ending.ended && body.length <= rows ? body.length : null,
    truncated: body.length > rows || !ending.ended,
    notes,
  };
}
