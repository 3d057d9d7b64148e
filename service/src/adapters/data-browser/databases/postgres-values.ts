import type { CustomTypesConfig } from 'pg';
import { parse as parseArray } from 'postgres-array';

/**
 * PostgreSQL's text values as JSON values (docs/data-browser.md, "Value encoding"): booleans and
 * numbers that JSON holds exactly as themselves; `bigint` as a number up to 2^53 and as text
 * beyond; `numeric` and `money` always as text (a JSON number would round them); non-finite
 * floats as text; `json`/`jsonb` as their values; `bytea` as base64; timestamps as ISO 8601 text
 * (the session's time zone is UTC, so `timestamptz` ends in `Z`); dates, times and intervals as
 * the server writes them; arrays of those as JSON arrays; every other type as its text.
 * The session sets `TimeZone`, `DateStyle` and `bytea_output` so that these forms are what arrive.
 */
type Parser = (text: string) => unknown;

const integer: Parser = (text) => Number(text);
const bigint: Parser = (text) => {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : text;
};
const float: Parser = (text) => {
  const value = Number(text);
  return Number.isFinite(value) ? value : text;
};
const boolean: Parser = (text) => text === 't';
const json: Parser = (text) => JSON.parse(text);
const asText: Parser = (text) => text;
const bytea: Parser = (text) =>
  text.startsWith('\\x') ? Buffer.from(text.slice(2), 'hex').toString('base64') : Buffer.from(text, 'latin1').toString('base64');

const TIMESTAMP = /^(\d{4,}-\d\d-\d\d) (\d\d:\d\d:\d\d(?:\.\d+)?)(?:([+-]\d\d)(?::?(\d\d))?(?::?(\d\d))?)?$/;

/** `2024-01-02 03:04:05.5+00` → `2024-01-02T03:04:05.5Z`; `infinity` and BC dates stay as written. */
const timestamp: Parser = (text) => {
  const match = TIMESTAMP.exec(text);
  if (!match) return text;
  const [, date, time, hours, minutes, seconds] = match;
  if (hours === undefined) return `${date}T${time}`;
  if (seconds !== undefined && seconds !== '00') return `${date}T${time}${hours}:${minutes ?? '00'}:${seconds}`;
  const offset = `${hours}:${minutes ?? '00'}`;
  return `${date}T${time}${offset === '+00:00' || offset === '-00:00' ? 'Z' : offset}`;
};

const SCALARS: Record<number, Parser> = {
  16: boolean,
  17: bytea,
  20: bigint,
  21: integer,
  23: integer,
  26: integer,
  114: json,
  700: float,
  701: float,
  1114: timestamp,
  1184: timestamp,
  3802: json,
};

/** Array types and the type of their elements (the others arrive as their text, `{...}`). */
const ARRAYS: Record<number, number> = {
  1000: 16,
  1001: 17,
  1005: 21,
  1007: 23,
  1016: 20,
  1021: 700,
  1022: 701,
  1028: 26,
  199: 114,
  3807: 3802,
  1115: 1114,
  1185: 1184,
  // Text-like elements, kept as text: text, varchar, bpchar, name, uuid, numeric, date, time, timetz, interval, inet, cidr, macaddr.
  1009: 25,
  1015: 25,
  1014: 25,
  1003: 25,
  2951: 25,
  1231: 25,
  1182: 25,
  1183: 25,
  1270: 25,
  1187: 25,
  1041: 25,
  651: 25,
  1040: 25,
};

function parserOf(oid: number): Parser {
  const scalar = SCALARS[oid];
  if (scalar) return scalar;
  const element = ARRAYS[oid];
  if (element === undefined) return asText;
  const parseElement = SCALARS[element] ?? asText;
  return (text) => parseArray(text, parseElement);
}

/** The parsers of every result: JSON-safe values, text for what is not known. */
export const JSON_SAFE_TYPES: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    format === 'binary' ? (value: Buffer) => value.toString('base64') : parserOf(oid)) as CustomTypesConfig['getTypeParser'],
};

/** Session settings the parsers above rely on (set LOCAL, inside the read-only transaction). */
export const SESSION_SETTINGS = ["TimeZone = 'UTC'", "DateStyle = 'ISO, YMD'", "IntervalStyle = 'postgres'", "bytea_output = 'hex'"];

/** Names of types whose OIDs are fixed (built in: below FirstNormalObjectId), shared by every database. */
const BUILT_IN_NAMES = new Map<number, string>();
const FIRST_NORMAL_OID = 16384;

/**
 * The type names (`format_type`) of result columns, from the built-in cache or looked up in
 * `pg_type` once per connection with `lookup`.
 */
export async function typeNames(
  oids: readonly number[],
  lookup: (missing: number[]) => Promise<{ oid: number; name: string }[]>,
): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  const missing = new Set<number>();
  for (const oid of oids) {
    const known = BUILT_IN_NAMES.get(oid);
    if (known === undefined) missing.add(oid);
    else names.set(oid, known);
  }
  if (missing.size > 0) {
    for (const { oid, name } of await lookup([...missing])) {
      names.set(oid, name);
      if (oid < FIRST_NORMAL_OID && BUILT_IN_NAMES.size < 4096) BUILT_IN_NAMES.set(oid, name);
    }
  }
  return names;
}
