import type { FieldPacket } from 'mysql2';

/**
 * MySQL/MariaDB values as JSON values (docs/data-browser.md, "Value encoding"). The driver is
 * asked for big numbers as numbers only while exact (`BIGINT` beyond 2^53 as text) and for
 * `DECIMAL` always as text; dates arrive as the server writes them. Then per column: `DATETIME`
 * and `TIMESTAMP` as ISO 8601 text (the session's time zone is UTC, so `TIMESTAMP` ends in `Z`),
 * binary values (`BLOB`, `BINARY`, `BIT`) as base64, MariaDB's JSON columns (text with a `json`
 * format) as their values.
 */
export const DRIVER_OPTIONS = {
  supportBigNumbers: true,
  bigNumberStrings: false,
  decimalNumbers: false,
  dateStrings: true,
  jsonStrings: false,
} as const;

/** Column types (the protocol's numbers). */
const TYPE = {
  DECIMAL: 0,
  TINY: 1,
  SHORT: 2,
  LONG: 3,
  FLOAT: 4,
  DOUBLE: 5,
  NULL: 6,
  TIMESTAMP: 7,
  LONGLONG: 8,
  INT24: 9,
  DATE: 10,
  TIME: 11,
  DATETIME: 12,
  YEAR: 13,
  NEWDATE: 14,
  VARCHAR: 15,
  BIT: 16,
  JSON: 245,
  NEWDECIMAL: 246,
  ENUM: 247,
  SET: 248,
  TINY_BLOB: 249,
  MEDIUM_BLOB: 250,
  LONG_BLOB: 251,
  BLOB: 252,
  VAR_STRING: 253,
  STRING: 254,
  GEOMETRY: 255,
} as const;

const FLAG = { UNSIGNED: 32, BINARY: 128, ENUM: 256, SET: 2048 } as const;
const BINARY_CHARSET = 63;

const NAMES: Record<number, string> = {
  [TYPE.DECIMAL]: 'decimal',
  [TYPE.NEWDECIMAL]: 'decimal',
  [TYPE.TINY]: 'tinyint',
  [TYPE.SHORT]: 'smallint',
  [TYPE.LONG]: 'int',
  [TYPE.INT24]: 'mediumint',
  [TYPE.LONGLONG]: 'bigint',
  [TYPE.FLOAT]: 'float',
  [TYPE.DOUBLE]: 'double',
  [TYPE.NULL]: 'null',
  [TYPE.TIMESTAMP]: 'timestamp',
  [TYPE.DATE]: 'date',
  [TYPE.NEWDATE]: 'date',
  [TYPE.TIME]: 'time',
  [TYPE.DATETIME]: 'datetime',
  [TYPE.YEAR]: 'year',
  [TYPE.BIT]: 'bit',
  [TYPE.JSON]: 'json',
  [TYPE.ENUM]: 'enum',
  [TYPE.SET]: 'set',
  [TYPE.GEOMETRY]: 'geometry',
};

/** Types a sign applies to (the server sets the unsigned flag on others too: BIT, TIMESTAMP). */
const NUMERIC = new Set<number>([TYPE.TINY, TYPE.SHORT, TYPE.LONG, TYPE.INT24, TYPE.LONGLONG, TYPE.DECIMAL, TYPE.NEWDECIMAL, TYPE.FLOAT, TYPE.DOUBLE]);

const flagsOf = (field: FieldPacket) => (typeof field.flags === 'number' ? field.flags : 0);
const isBinary = (field: FieldPacket) => field.characterSet === BINARY_CHARSET;

/** The server's type name of a result column (`int unsigned`, `varchar`, `blob`, MariaDB's `uuid`). */
export function typeName(field: FieldPacket): string {
  if (field.extendedTypeName) return field.extendedTypeName;
  if (field.extendedFormat === 'json') return 'json';
  const type = field.columnType ?? field.type ?? -1;
  const flags = flagsOf(field);
  let name = NAMES[type];
  if (name === undefined) {
    if (type === TYPE.VARCHAR || type === TYPE.VAR_STRING) name = isBinary(field) ? 'varbinary' : 'varchar';
    else if (type === TYPE.STRING) name = flags & FLAG.ENUM ? 'enum' : flags & FLAG.SET ? 'set' : isBinary(field) ? 'binary' : 'char';
    else if (type >= TYPE.TINY_BLOB && type <= TYPE.BLOB) name = isBinary(field) ? 'blob' : 'text';
    else name = `type ${type}`;
  }
  return flags & FLAG.UNSIGNED && NUMERIC.has(type) ? `${name} unsigned` : name;
}

type Convert = (value: unknown) => unknown;

const DATE_TIME = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d(?:\.\d+)?)$/;
const isoDateTime =
  (zone: string): Convert =>
  (value) => {
    if (typeof value !== 'string') return value;
    const match = DATE_TIME.exec(value);
    return match ? `${match[1]}T${match[2]}${zone}` : value;
  };
const jsonText: Convert = (value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

/** The conversion of each result column, from the columns' metadata. */
export function converters(fields: readonly FieldPacket[]): Convert[] {
  return fields.map((field) => {
    const type = field.columnType ?? field.type;
    if (type === TYPE.DATETIME) return isoDateTime('');
    if (type === TYPE.TIMESTAMP) return isoDateTime('Z');
    if (field.extendedFormat === 'json') return jsonText;
    return (value) => value;
  });
}

/** A row of JSON values: the column's conversion, then whatever is still binary as base64. */
export function jsonRow(row: unknown[], convert: readonly Convert[]): unknown[] {
  return row.map((value, index) => {
    if (value === null || value === undefined) return null;
    if (Buffer.isBuffer(value)) return value.toString('base64');
    if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
    return convert[index]!(value);
  });
}
