/**
 * A Parquet v1 data page that says it holds fewer values than it does. hyparquet decodes every
 * value a page header counts, and a writer may put a whole column chunk (120,000 rows and more)
 * in one page: for a preview of 100 rows, the header's `num_values` is rewritten to the rows
 * shown, so the decoder stops there. Levels and values are read front to back in every encoding,
 * so the first values decode as before; the rest of the page is left unread.
 *
 * The header is Thrift's compact protocol: PageHeader fields 1 to 4 are i32 varints, field 5 the
 * DataPageHeader struct whose field 1 is `num_values`. Anything else (a v2 page, a dictionary
 * page, an unexpected layout) answers null and the page is used as it is.
 */

const I32 = 5;
const STRUCT = 12;

interface Cursor {
  bytes: Uint8Array;
  at: number;
}

function varint(cursor: Cursor): number | null {
  let value = 0;
  for (let shift = 0; shift < 35; shift += 7) {
    if (cursor.at >= cursor.bytes.length) return null;
    const byte = cursor.bytes[cursor.at++]!;
    value |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return value >>> 0;
  }
  return null;
}

function zigzag(value: number): number[] {
  let encoded = ((value << 1) ^ (value >> 31)) >>> 0;
  const out: number[] = [];
  while (encoded >= 0x80) {
    out.push((encoded & 0x7f) | 0x80);
    encoded >>>= 7;
  }
  out.push(encoded);
  return out;
}

/** A field header: its id (from the previous one's) and type; null at the struct's end or when not plain. */
function field(cursor: Cursor, previous: number): { id: number; type: number } | null {
  if (cursor.at >= cursor.bytes.length) return null;
  const byte = cursor.bytes[cursor.at++]!;
  if (byte === 0) return null;
  const delta = byte >> 4;
  // A long-form field id is never written for these small ids; treat it as unexpected.
  if (delta === 0) return null;
  return { id: previous + delta, type: byte & 0x0f };
}

/** The page (header and data) with its header counting `values` values, or null when it cannot be rewritten. */
export function withFewerValues(page: Uint8Array, headerLength: number, values: number): Uint8Array | null {
  const cursor: Cursor = { bytes: page.subarray(0, headerLength), at: 0 };
  let id = 0;
  for (;;) {
    const next = field(cursor, id);
    if (!next) return null;
    id = next.id;
    if (id === 5 && next.type === STRUCT) break;
    if (next.type !== I32 || id > 4 || varint(cursor) === null) return null;
  }
  const inner = field(cursor, 0);
  if (!inner || inner.id !== 1 || inner.type !== I32) return null;
  const start = cursor.at;
  const old = varint(cursor);
  if (old === null) return null;
  const count = (old >>> 1) ^ -(old & 1);
  if (values >= count) return null;
  const encoded = zigzag(values);
  const rewritten = new Uint8Array(page.length - (cursor.at - start) + encoded.length);
  rewritten.set(page.subarray(0, start), 0);
  rewritten.set(encoded, start);
  rewritten.set(page.subarray(cursor.at), start + encoded.length);
  return rewritten;
}
