import { describe, expect, it } from 'vitest';
import { JSON_SAFE_TYPES } from './postgres-values.js';

const parse = (oid: number, text: string) => (JSON_SAFE_TYPES.getTypeParser as (oid: number, format?: string) => (text: string) => unknown)(oid, 'text')(text);

describe('PostgreSQL values as JSON values', () => {
  it('keeps numbers exact: bigint beyond 2^53 and numeric as text, non-finite floats as text', () => {
    expect(parse(20, '9007199254740991')).toBe(9007199254740991);
    expect(parse(20, '9007199254740993')).toBe('9007199254740993');
    expect(parse(20, '-9223372036854775808')).toBe('-9223372036854775808');
    expect(parse(1700, '12.50')).toBe('12.50');
    expect(parse(701, '1.5')).toBe(1.5);
    expect(parse(701, 'Infinity')).toBe('Infinity');
    expect(parse(700, 'NaN')).toBe('NaN');
  });

  it('writes timestamps in ISO 8601, keeping every digit and the offset', () => {
    expect(parse(1114, '2024-01-02 03:04:05')).toBe('2024-01-02T03:04:05');
    expect(parse(1114, '2024-01-02 03:04:05.123456')).toBe('2024-01-02T03:04:05.123456');
    expect(parse(1184, '2024-01-02 03:04:05.5+00')).toBe('2024-01-02T03:04:05.5Z');
    expect(parse(1184, '2024-01-02 03:04:05+05:30')).toBe('2024-01-02T03:04:05+05:30');
    expect(parse(1184, '1850-01-01 00:00:00+00:53:28')).toBe('1850-01-01T00:00:00+00:53:28');
    expect(parse(1184, '12345-01-02 03:04:05+00')).toBe('12345-01-02T03:04:05Z');
    expect(parse(1184, 'infinity')).toBe('infinity');
    expect(parse(1114, '0044-03-15 12:00:00 BC')).toBe('0044-03-15 12:00:00 BC');
    expect(parse(1082, '2024-01-02')).toBe('2024-01-02');
  });

  it('gives bytea as base64, json as values, arrays as arrays, and anything else as its text', () => {
    expect(parse(17, '\\x0001ff')).toBe('AAH/');
    expect(parse(3802, '{"a": [1, 2]}')).toEqual({ a: [1, 2] });
    expect(parse(1016, '{1,9007199254740993,NULL}')).toEqual([1, '9007199254740993', null]);
    expect(parse(1007, '{{1,2},{3,4}}')).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(parse(1185, '{"2024-01-02 03:04:05+00"}')).toEqual(['2024-01-02T03:04:05Z']);
    expect(parse(1009, '{"a,b",c}')).toEqual(['a,b', 'c']);
    expect(parse(1186, '1 day 02:00:00')).toBe('1 day 02:00:00');
    expect(parse(2950, '6f1c6d8e-0000-4000-8000-000000000000')).toBe('6f1c6d8e-0000-4000-8000-000000000000');
    expect(parse(999_999, '{weird}')).toBe('{weird}');
  });
});
