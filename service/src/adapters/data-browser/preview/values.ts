/**
 * Values in a preview are plain JSON: they cross to the main thread by structured clone and leave
 * the hub as JSON. Big integers become text (a JSON number would lose digits), dates ISO text,
 * bytes base64, nested values JSON values, cut at a depth a person would still read.
 */
import { PreviewError, type PreviewColumnType } from '../../../core/ports/data-preview.js';

export { formatBytes } from '../../../core/data/byte-size.js';

/** Deeper nesting is no data a preview shows; past it a file is taken for hostile. */
export const MAX_DEPTH = 64;

export function tooDeep(): PreviewError {
  return new PreviewError('malformed', `The data is nested more than ${MAX_DEPTH} levels deep; a preview does not show it.`);
}

/** A value made JSON-safe (see the module comment). Throws `malformed` past {@link MAX_DEPTH}. */
export function jsonSafe(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'bigint':
      return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
    case 'object':
      break;
    default:
      return String(value);
  }
  if (depth >= MAX_DEPTH) throw tooDeep();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<unknown>, (item) => jsonSafe(item, depth + 1));
  if (Array.isArray(value)) return value.map((item) => jsonSafe(item, depth + 1));
  if (value instanceof Map) return Object.fromEntries([...value].map(([key, item]) => [String(key), jsonSafe(item, depth + 1)]));
  const toJSON = (value as { toJSON?: () => unknown }).toJSON;
  if (typeof toJSON === 'function') return jsonSafe(toJSON.call(value), depth + 1);
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) result[key] = jsonSafe(item, depth + 1);
  return result;
}

/** The type a JSON value shows (JSON and NDJSON columns). */
export function jsonType(value: unknown): PreviewColumnType {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'float';
  if (typeof value === 'string') return textType(value) ?? 'string';
  if (Array.isArray(value)) return 'list';
  return 'struct';
}

const INTEGER = /^[+-]?\d+$/;
const FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const BOOLEAN = /^(?:true|false)$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** What a text looks like, or null for plain text (dates and times only: JSON text that looks numeric stays text). */
function textType(text: string): PreviewColumnType | null {
  if (DATE.test(text) && !Number.isNaN(Date.parse(text))) return 'date';
  if (DATETIME.test(text) && !Number.isNaN(Date.parse(text.replace(' ', 'T')))) return 'datetime';
  return null;
}

/** The type a text field looks like (CSV, Excel text cells). */
export function fieldType(text: string): PreviewColumnType {
  if (INTEGER.test(text)) return 'integer';
  if (FLOAT.test(text)) return 'float';
  if (BOOLEAN.test(text)) return 'boolean';
  return textType(text) ?? 'string';
}

/**
 * One type for a column from the types of its shown values: nulls do not count, integers with
 * floats make floats, dates with datetimes make datetimes, anything else mixed is text.
 */
export function unifyTypes(types: Iterable<PreviewColumnType>, mixed: PreviewColumnType = 'string'): PreviewColumnType {
  let result: PreviewColumnType = 'null';
  for (const type of types) {
    if (type === 'null' || type === result) continue;
    if (result === 'null') result = type;
    else if ((result === 'integer' && type === 'float') || (result === 'float' && type === 'integer')) result = 'float';
    else if ((result === 'date' && type === 'datetime') || (result === 'datetime' && type === 'date')) result = 'datetime';
    else return mixed;
  }
  return result;
}

/** A text field as the JSON value of its column's type (text that a type cannot hold stays text). */
export function fieldValue(text: string, type: PreviewColumnType): unknown {
  if (text === '') return type === 'string' ? '' : null;
  switch (type) {
    case 'integer': {
      const number = Number(text);
      return Number.isSafeInteger(number) ? number : text;
    }
    case 'float':
      return Number(text);
    case 'boolean':
      return text.toLowerCase() === 'true';
    default:
      return text;
  }
}

/** Column names a person can tell apart: empty ones get a position, repeated ones a suffix. */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((raw, index) => {
    const base = raw.trim() === '' ? `column_${index + 1}` : raw;
    let name = base;
    for (let suffix = 2; seen.has(name); suffix++) name = `${base}_${suffix}`;
    seen.add(name);
    return name;
  });
}
