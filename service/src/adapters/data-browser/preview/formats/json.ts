/**
 * JSON and NDJSON: the first records. A JSON array is read element by element with a streaming
 * parser, so only the bytes up to the last shown element are read; a top-level object is one
 * row. Nesting is checked on the text before any parser sees it: a file nested deeper than a
 * person reads (a hostile 100 000 levels) is refused as `malformed` without building it.
 */
import { JSONParser } from '@streamparser/json';
import { PreviewError, type Preview, type PreviewColumn, type PreviewFormat } from '../../../../core/ports/data-preview.js';
import type { ByteSource } from '../source.js';
import { byteStream, Utf8Text } from '../stream.js';
import { formatBytes, jsonSafe, jsonType, MAX_DEPTH, tooDeep, unifyTypes, uniqueNames } from '../values.js';

interface Collected {
  values: unknown[];
  /** The whole document (or every line) was read. */
  ended: boolean;
  /** The top level is an object: one row of its members. */
  object: boolean;
  stoppedBy: PreviewError | null;
}

export async function previewJson(source: ByteSource, format: PreviewFormat, gzip: boolean, rows: number): Promise<Preview> {
  const text = new Utf8Text();
  const collected = format === 'ndjson' ? await ndjsonValues(source, gzip, rows, text) : await jsonValues(source, gzip, rows, text);
  const notes: string[] = [];
  if (gzip) notes.push('gzip-compressed');
  if (text.invalid) notes.push('not valid UTF-8: invalid bytes are shown as �');
  if (collected.stoppedBy)
    notes.push(`showing ${Math.min(rows, collected.values.length)} rows: the next one does not fit in the preview's budget (${collected.stoppedBy.reason})`);
  return recordsTable(format, collected, rows, notes);
}

async function jsonValues(source: ByteSource, gzip: boolean, rows: number, text: Utf8Text): Promise<Collected> {
  const values: unknown[] = [];
  const members: Record<string, unknown> = {};
  let object = false;
  let ended = false;
  let failure: Error | null = null;
  let scalar = '';
  let top: string | null = null;
  const depth = new DepthGuard();
  const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
  parser.onValue = ({ value, key }) => {
    if (object) members[String(key)] = value;
    else values.push(value);
  };
  parser.onError = (error) => (failure ??= error);
  parser.onEnd = () => (ended = true);
  try {
    for await (const chunk of byteStream(source, { gzip, maxExpanded: source.maxBytes })) {
      const decoded = text.decode(chunk);
      top ??= decoded.trimStart()[0] ?? null;
      depth.feed(decoded);
      if (top !== null && top !== '[' && top !== '{') {
        scalar += decoded;
        continue;
      }
      object = top === '{';
      if (!ended) parser.write(decoded);
      if (failure) throw malformed(failure);
      if (ended || values.length > rows) break;
    }
  } catch (error) {
    if (!(error instanceof PreviewError) || (error.reason !== 'byte-budget' && error.reason !== 'expansion') || object || values.length === 0) {
      throw error instanceof PreviewError && error.reason === 'byte-budget'
        ? new PreviewError(
            'byte-budget',
            `The first ${object ? 'object' : 'record'} of this JSON file does not end within the preview's byte budget of ${formatBytes(source.maxBytes)}.`,
          )
        : error;
    }
    return { values, ended: false, object, stoppedBy: error };
  }
  if (top === null) throw new PreviewError('malformed', 'The file is empty: there is no JSON value in it.');
  if (scalar !== '') {
    try {
      return { values: [JSON.parse(scalar + text.decode(new Uint8Array(0), true))], ended: true, object: false, stoppedBy: null };
    } catch (error) {
      throw malformed(error as Error);
    }
  }
  if (!ended && values.length <= rows) throw new PreviewError('malformed', 'The JSON data ends before its last value is complete.');
  return object ? { values: [members], ended: true, object, stoppedBy: null } : { values, ended, object, stoppedBy: null };
}

async function ndjsonValues(source: ByteSource, gzip: boolean, rows: number, text: Utf8Text): Promise<Collected> {
  const values: unknown[] = [];
  let rest = '';
  let line = 0;
  const take = (raw: string) => {
    line++;
    const trimmed = raw.trim();
    if (trimmed === '') return;
    new DepthGuard().feed(trimmed);
    try {
      values.push(JSON.parse(trimmed));
    } catch (error) {
      throw new PreviewError('malformed', `Line ${line} is not JSON: ${(error as Error).message}`);
    }
  };
  try {
    for await (const chunk of byteStream(source, { gzip, maxExpanded: source.maxBytes })) {
      const lines = (rest + text.decode(chunk)).split('\n');
      rest = lines.pop() ?? '';
      for (const raw of lines) {
        take(raw);
        if (values.length > rows) return { values, ended: false, object: false, stoppedBy: null };
      }
    }
  } catch (error) {
    if (!(error instanceof PreviewError) || (error.reason !== 'byte-budget' && error.reason !== 'expansion')) throw error;
    if (values.length === 0) {
      throw error.reason === 'byte-budget'
        ? new PreviewError(
            'byte-budget',
            `The first line of this NDJSON file does not end within the preview's byte budget of ${formatBytes(source.maxBytes)}.`,
          )
        : error;
    }
    return { values, ended: false, object: false, stoppedBy: error };
  }
  take(rest + text.decode(new Uint8Array(0), true));
  return { values, ended: true, object: false, stoppedBy: null };
}

function malformed(error: Error): PreviewError {
  return new PreviewError('malformed', `The JSON data could not be parsed: ${error.message}`);
}

/**
 * Rows from JSON values: objects give a column per member (in the order first seen), arrays a
 * column per position, anything else one `value` column.
 */
function recordsTable(format: PreviewFormat, collected: Collected, rows: number, notes: string[]): Preview {
  const shown = collected.values.slice(0, rows).map((value) => jsonSafe(value));
  const records = shown.every((value) => value !== null && typeof value === 'object' && !Array.isArray(value));
  const arrays = shown.every((value) => Array.isArray(value));
  let names: string[];
  let cells: unknown[][];
  if (shown.length > 0 && records) {
    const keys = [...new Set(shown.flatMap((value) => Object.keys(value as object)))];
    names = keys;
    cells = shown.map((value) => keys.map((key) => (value as Record<string, unknown>)[key] ?? null));
  } else if (shown.length > 0 && arrays) {
    const width = Math.max(...shown.map((value) => (value as unknown[]).length));
    names = Array.from({ length: width }, (_, index) => `column_${index + 1}`);
    cells = shown.map((value) => names.map((_, index) => (value as unknown[])[index] ?? null));
  } else {
    names = ['value'];
    cells = shown.map((value) => [value]);
  }
  const columns: PreviewColumn[] = uniqueNames(names).map((name, index) => ({
    name,
    type: unifyTypes(
      cells.map((row) => jsonType(row[index])),
      'string',
    ),
    sourceType: null,
  }));
  const more = collected.values.length > rows || !collected.ended;
  return { kind: 'table', format, columns, rows: cells, totalRows: more ? null : collected.values.length, truncated: more, notes };
}

/** Counts nesting in JSON text as it streams by, outside strings; throws past {@link MAX_DEPTH}. */
class DepthGuard {
  private depth = 0;
  private inString = false;
  private escaped = false;

  feed(text: string): void {
    for (let index = 0; index < text.length; index++) {
      const char = text.charCodeAt(index);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (char === 0x5c) this.escaped = true;
        else if (char === 0x22) this.inString = false;
      } else if (char === 0x22) this.inString = true;
      else if (char === 0x5b || char === 0x7b) {
        // The top-level container does not count: its elements are the rows.
        if (++this.depth > MAX_DEPTH + 1) throw tooDeep();
      } else if (char === 0x5d || char === 0x7d) this.depth--;
    }
  }
}
